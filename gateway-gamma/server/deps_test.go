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
	out, err := exec.Command("go", append(args, "pred.dev/gateway-gamma/...")...).CombinedOutput()
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
	t.Parallel()
	ours := func(p string) bool {
		return strings.HasPrefix(p, "pred.dev/") && !strings.HasPrefix(p, "pred.dev/proto/") &&
			!strings.HasPrefix(p, "pred.dev/gateway-gamma")
	}
	for _, p := range goListDeps(t, false) {
		if ours(p) {
			t.Errorf("gateway-gamma depends on %s", p)
		}
	}
	testDeps := goListDeps(t, true)
	for _, p := range testDeps {
		if ours(p) && !strings.HasPrefix(p, "pred.dev/engine/") {
			t.Errorf("gateway-gamma's tests depend on %s", p)
		}
	}
	if !slices.Contains(testDeps, "pred.dev/engine/inproc") {
		t.Error("the HTTP tests no longer run the real engine (pred.dev/engine/inproc)")
	}
}

// TestNoSDKInTheServer: the gateway encodes its answers with the API's
// JSON types (pred.dev/proto/client/gammaapi) and never links the SDK
// itself, an HTTP client of its own API; only its tests use the SDK.
// Nor does it link the embedded NATS server's test harness.
func TestNoSDKInTheServer(t *testing.T) {
	t.Parallel()
	for _, p := range goListDeps(t, false) {
		if p == "pred.dev/proto/client/clob" || p == "pred.dev/proto/runtime/natstest" {
			t.Errorf("gateway-gamma depends on %s outside its tests", p)
		}
	}
	if !slices.Contains(goListDeps(t, false), "pred.dev/proto/client/gammaapi") {
		t.Error("the gateway no longer uses the API's JSON types (pred.dev/proto/client/gammaapi)")
	}
}

// TestAPITestIsForTests: package apitest (it imports testing) is test
// support; no package of the gateway may link it outside its tests.
func TestAPITestIsForTests(t *testing.T) {
	t.Parallel()
	const apitest = "pred.dev/gateway-gamma/apitest"
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Deps \" \"}}", "pred.dev/gateway-gamma/...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) < 5 {
		t.Fatalf("go list returned only %d packages", len(lines))
	}
	found := false
	for _, line := range lines {
		pkg, deps, _ := strings.Cut(line, " ")
		if pkg == apitest {
			found = true
			continue
		}
		if slices.Contains(strings.Fields(deps), apitest) {
			t.Errorf("%s depends on %s outside its tests", pkg, apitest)
		}
	}
	if !found {
		t.Errorf("go list did not list %s", apitest)
	}
	if !slices.Contains(goListDeps(t, true), apitest) {
		t.Errorf("no test uses %s", apitest)
	}
}
