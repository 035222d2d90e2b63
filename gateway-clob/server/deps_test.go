package server_test

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// goListDeps lists the packages the gateway's packages depend on, with
// their tests' dependencies when withTests is set.
func goListDeps(t *testing.T, withTests bool) []string {
	t.Helper()
	args := []string{"list", "-deps"}
	if withTests {
		args = append(args, "-test")
	}
	out, err := exec.Command("go", append(args, "pred.dev/gateway-clob/...")...).CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	pkgs := strings.Fields(string(out))
	if len(pkgs) < 50 {
		t.Fatalf("go list returned only %d packages", len(pkgs))
	}
	return pkgs
}

// TestOnlyProtoIsImported: the gateway talks to the engine and the other
// services only through NATS, so it imports no module of ours but proto.
// Its tests may also run the real engine (pred.dev/engine), and nothing
// else of ours.
func TestOnlyProtoIsImported(t *testing.T) {
	ours := func(p string) bool {
		return strings.HasPrefix(p, "pred.dev/") && !strings.HasPrefix(p, "pred.dev/proto/") &&
			!strings.HasPrefix(p, "pred.dev/gateway-clob")
	}
	for _, p := range goListDeps(t, false) {
		if ours(p) {
			t.Errorf("gateway-clob depends on %s", p)
		}
	}
	testDeps := goListDeps(t, true)
	for _, p := range testDeps {
		if ours(p) && !strings.HasPrefix(p, "pred.dev/engine/") {
			t.Errorf("gateway-clob's tests depend on %s", p)
		}
	}
	if !slices.Contains(testDeps, "pred.dev/engine/service") {
		t.Error("the HTTP tests no longer run the real engine (pred.dev/engine/service)")
	}
}
