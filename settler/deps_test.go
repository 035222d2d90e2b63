package settler_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestImports: the settler talks to the engine, the gateways and the relayer
// only through NATS (and the chain), so of ours it may link the contract,
// the runtime, the chain's bindings and the API types beside the client
// (pred.dev/proto/client/...), but no other service and not the SDK.
func TestImports(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-test", "pred.dev/settler/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	banned := []string{"pred.dev/engine", "pred.dev/gateway-", "pred.dev/relayer", "pred.dev/scripts"}
	for _, p := range strings.Fields(string(out)) {
		for _, b := range banned {
			if strings.HasPrefix(p, b) {
				t.Errorf("the settler depends on %s", p)
			}
		}
		if p == "pred.dev/proto/client/clob" {
			t.Errorf("the settler depends on the SDK %s", p)
		}
	}
}
