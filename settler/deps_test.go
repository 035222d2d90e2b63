package settler_test

import (
	"testing"

	"pred.dev/proto/deptest"
)

var rules = []deptest.Rule{
	{Why: "the settler talks to the engine, the gateways and the relayer only through NATS (and the chain): of ours it may link " +
		"the contract, the runtime, the chain's bindings and the API types beside the client, but no other service and not the SDK",
		Packages: []string{"pred.dev/settler/..."}, Tests: true,
		Forbid: []string{"pred.dev/engine/...", "pred.dev/gateway-...", "pred.dev/relayer/...", "pred.dev/scripts/...",
			"pred.dev/proto/client/clob"},
		Need: []string{"pred.dev/proto/client/relayerapi"}},
}

func TestDependencies(t *testing.T) { deptest.Check(t, rules) }
