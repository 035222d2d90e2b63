package server_test

import (
	"testing"

	"pred.dev/proto/deptest"
)

var gatewayPackages = []string{"pred.dev/gateway-clob/..."}

const apitestPkg = "pred.dev/gateway-clob/apitest"

var rules = []deptest.Rule{
	{Why: "the gateway talks to the engine and the other services only through NATS, so it imports no module of ours but proto",
		Packages: gatewayPackages, Forbid: []string{"pred.dev/..."}, Allow: []string{"pred.dev/proto/...", "pred.dev/gateway-clob/..."}},
	{Why: "the gateway's tests may also run the real engine (pred.dev/engine), and nothing else of ours",
		Packages: gatewayPackages, Tests: true, Forbid: []string{"pred.dev/..."},
		Allow: []string{"pred.dev/proto/...", "pred.dev/gateway-clob/...", "pred.dev/engine/..."},
		Need:  []string{"pred.dev/engine/inproc", apitestPkg}},
	{Why: "the gateway encodes its answers with the API's JSON types (pred.dev/proto/client/clobapi) and never links an SDK, " +
		"an HTTP client of its own API; only its tests use the SDK",
		Packages: gatewayPackages, Forbid: []string{"pred.dev/proto/client/..."}, Allow: []string{"pred.dev/proto/client/clobapi"},
		Need: []string{"pred.dev/proto/client/clobapi"}},
	{Why: "the embedded NATS server's test harness is for the gateway's tests",
		Packages: gatewayPackages, Forbid: []string{"pred.dev/proto/runtime/natstest"}},
	{Why: "package apitest (it imports testing) is test support: no package of the gateway may link it outside its tests",
		Packages: gatewayPackages, Skip: []string{apitestPkg}, Forbid: []string{apitestPkg}},
}

func TestDependencies(t *testing.T) { deptest.Check(t, rules) }
