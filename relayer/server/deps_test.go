package server_test

import (
	"testing"

	"pred.dev/proto/deptest"
)

var relayerPackages = []string{"pred.dev/relayer/..."}

// support are the relayer's packages that drive it from outside, through
// its client: apitest and figures (the measurement `make bench` shares
// with TestFigures). They link what they support, so the rules of the
// relayer itself leave them out.
var support = []string{"pred.dev/relayer/apitest", "pred.dev/relayer/figures"}

// services are the other services, which the relayer reaches only through
// NATS (and the chain).
var services = []string{"pred.dev/engine/...", "pred.dev/gateway-...", "pred.dev/settler/...", "pred.dev/scripts/..."}

var rules = []deptest.Rule{
	{Why: "the relayer talks to the engine, the gateways and the settler only through NATS and the chain",
		Packages: relayerPackages, Skip: support, Forbid: services},
	{Why: "of the client module, the relayer links its own API types only, no client of any API",
		Packages: relayerPackages, Skip: support, Forbid: []string{"pred.dev/proto/client/..."}, Allow: []string{"pred.dev/proto/client/relayerapi"},
		Need: []string{"pred.dev/proto/client/relayerapi"}},
	{Why: "test support is for the relayer's tests",
		Packages: relayerPackages, Skip: support,
		Forbid: []string{"pred.dev/proto/runtime/natstest", "pred.dev/proto/runtime/apitest", "pred.dev/relayer/apitest", "pred.dev/relayer/figures"}},
	{Why: "the relayer's tests, too, reach the other services only through NATS and the chain",
		Packages: relayerPackages, Tests: true, Forbid: services},
	// The Go client reads a deployment from Gamma's /public-info types
	// (relayer.ChainFromPublicInfo), plain data, and waits out 429s with
	// the SDKs' one policy (ratelimit) on their one transport (internal/rest).
	{Why: "the relayer's tests drive it through its Go client (pred.dev/proto/client/relayer), on the embedded NATS server's test harness",
		Packages: relayerPackages, Tests: true, Forbid: []string{"pred.dev/proto/client/..."},
		Allow: []string{"pred.dev/proto/client/relayerapi", "pred.dev/proto/client/relayer", "pred.dev/proto/client/gammaapi", "pred.dev/proto/client/ratelimit",
			"pred.dev/proto/client/internal/rest"},
		Need: []string{"pred.dev/proto/client/relayer", "pred.dev/relayer/apitest", "pred.dev/proto/runtime/natstest"}},
	{Why: "package apitest (it imports testing) is test support: no package of the relayer may link it outside its tests",
		Packages: relayerPackages, Skip: []string{"pred.dev/relayer/apitest"}, Forbid: []string{"pred.dev/relayer/apitest"}},
}

func TestDependencies(t *testing.T) { deptest.Check(t, rules) }
