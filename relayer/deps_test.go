package relayer_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestImports: the relayer talks to the engine, the gateways and the settler
// only through NATS (and the chain), so of ours it may link the contract,
// the runtime, the chain's bindings and the API types beside the client
// (pred.dev/proto/client/...), but no other service and not the SDK.
func TestImports(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-test", "pred.dev/relayer/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	banned := []string{"pred.dev/engine", "pred.dev/gateway-", "pred.dev/settler", "pred.dev/scripts"}
	for _, p := range strings.Fields(string(out)) {
		for _, b := range banned {
			if strings.HasPrefix(p, b) {
				t.Errorf("the relayer depends on %s", p)
			}
		}
		if p == "pred.dev/proto/client" {
			t.Errorf("the relayer depends on the SDK %s", p)
		}
	}
}
