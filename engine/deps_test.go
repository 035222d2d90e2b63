// The engine's dependency rules, as a test. The core's own rules (no I/O,
// no map ranging) are engine/machine's purity test.
package engine_test

import (
	"os/exec"
	"strings"
	"testing"
)

// goListDeps lists the engine's packages and everything they link, with
// their tests' dependencies when withTests is set.
func goListDeps(t *testing.T, withTests bool) []string {
	t.Helper()
	args := []string{"list", "-deps"}
	if withTests {
		args = append(args, "-test")
	}
	out, err := exec.Command("go", append(args, "pred.dev/engine/...")...).Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	pkgs := strings.Fields(string(out))
	if len(pkgs) < 50 {
		t.Fatalf("go list returned only %d packages", len(pkgs))
	}
	return pkgs
}

// TestEngineImports: the engine talks to the gateways and the other
// services only through NATS, so of ours it links only the contract and
// the runtime; not the SDK, the chain's bindings, another service or the
// scripts. The test harness of the embedded NATS server (and testing) is
// for its tests only: the in-process engine (inproc) runs in the devnet.
func TestEngineImports(t *testing.T) {
	banned := []string{"pred.dev/proto/client", "pred.dev/proto/chain", "pred.dev/gateway-", "pred.dev/relayer",
		"pred.dev/settler", "pred.dev/scripts", "pred.dev/proto/runtime/natstest", "testing"}
	for _, p := range goListDeps(t, false) {
		for _, b := range banned {
			if within(p, b) {
				t.Errorf("the engine depends on %s", p)
			}
		}
	}
	for _, p := range goListDeps(t, true) {
		if strings.HasPrefix(p, "pred.dev/") && !strings.HasPrefix(p, "pred.dev/engine") && !strings.HasPrefix(p, "pred.dev/proto/") {
			t.Errorf("the engine's tests depend on %s", p)
		}
	}
}

// within says whether package p is b or below it; a b ending in "-" is a
// prefix of module names ("pred.dev/gateway-").
func within(p, b string) bool {
	return p == b || strings.HasPrefix(p, b+"/") || strings.HasSuffix(b, "-") && strings.HasPrefix(p, b)
}
