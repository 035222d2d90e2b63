package predcli_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestCLIIsLight: pred reaches the exchange through its HTTP API only, so
// its binary links the SDK and none of the exchange itself (engine,
// gateway, NATS server).
func TestCLIIsLight(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "pred.dev/scripts/cmd/pred").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	pkgs := strings.Fields(string(out))
	for _, p := range pkgs {
		for _, banned := range []string{"pred.dev/engine", "pred.dev/gateway-clob", "pred.dev/scripts/devnet", "github.com/nats-io/nats-server"} {
			if strings.HasPrefix(p, banned) {
				t.Errorf("pred depends on %s", p)
			}
		}
	}
	if len(pkgs) < 50 || !strings.Contains(string(out), "pred.dev/proto/client/clob") {
		t.Fatalf("go list returned %d packages without the SDK", len(pkgs))
	}
}
