// The engine's dependency rules, as a test. The core's own rules (no I/O,
// no map ranging) are engine/machine's purity test.
package engine_test

import (
	"testing"

	"pred.dev/proto/deptest"
)

var engine = []string{"pred.dev/engine/..."}

var rules = []deptest.Rule{
	{Why: "the engine talks to the gateways and the other services only through NATS, so of ours it links only the contract and the runtime; " +
		"the embedded NATS server's test harness (and testing) are for its tests only: the in-process engine (inproc) runs in the devnet",
		Packages: engine,
		Forbid: []string{"pred.dev/proto/client/...", "pred.dev/proto/chain/...", "pred.dev/gateway-...", "pred.dev/relayer/...",
			"pred.dev/settler/...", "pred.dev/scripts/...", "pred.dev/proto/runtime/natstest/...", "testing/..."},
		Need: []string{"pred.dev/proto/journal"}},
	{Why: "of ours, the engine's tests link only the engine, the contract and the runtime",
		Packages: engine, Tests: true, Forbid: []string{"pred.dev/..."}, Allow: []string{"pred.dev/engine/...", "pred.dev/proto/..."},
		Need: []string{"pred.dev/proto/runtime/natstest"}},
}

func TestDependencies(t *testing.T) { deptest.Check(t, rules) }
