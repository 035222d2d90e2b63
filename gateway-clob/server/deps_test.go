package server_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestOnlyProtoIsImported: the gateway talks to the engine and the other
// services only through NATS, so it imports no module of ours but proto.
func TestOnlyProtoIsImported(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-test", "pred.dev/gateway-clob/...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	pkgs := strings.Fields(string(out))
	for _, p := range pkgs {
		if strings.HasPrefix(p, "pred.dev/") && !strings.HasPrefix(p, "pred.dev/proto/") &&
			!strings.HasPrefix(p, "pred.dev/gateway-clob") {
			t.Errorf("gateway-clob depends on %s", p)
		}
	}
	if len(pkgs) < 50 {
		t.Fatalf("go list returned only %d packages", len(pkgs))
	}
}
