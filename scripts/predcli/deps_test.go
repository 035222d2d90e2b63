package predcli_test

import (
	"testing"

	"pred.dev/proto/deptest"
)

var rules = []deptest.Rule{
	{Why: "pred reaches the exchange through its HTTP API only, so its binary links the SDK and none of the exchange itself (engine, gateway, NATS server)",
		Packages: []string{"pred.dev/scripts/cmd/pred"},
		Forbid:   []string{"pred.dev/engine/...", "pred.dev/gateway-...", "pred.dev/relayer/...", "pred.dev/settler/...", "pred.dev/scripts/devnet/...", "github.com/nats-io/nats-server/..."},
		Need:     []string{"pred.dev/proto/client/..."}},
}

func TestDependencies(t *testing.T) { deptest.Check(t, rules) }
