package server_test

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// goListDeps lists the packages the relayer's packages depend on, with
// their tests' dependencies when withTests is set. Without tests, the test
// support package pred.dev/relayer/apitest is left out (it is a package of
// the module, and links what it supports).
func goListDeps(t *testing.T, withTests bool) []string {
	t.Helper()
	args := []string{"list", "-deps"}
	if withTests {
		args = append(args, "-test", "pred.dev/relayer/...")
	} else {
		args = append(args, nonTestPackages(t)...)
	}
	out, err := exec.Command("go", args...).CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	pkgs := strings.Fields(string(out))
	if len(pkgs) < 50 {
		t.Fatalf("go list returned only %d packages", len(pkgs))
	}
	return pkgs
}

// nonTestPackages lists the relayer's packages but its support from
// outside: apitest and figures (the measurement `make bench` shares with
// TestFigures), which drive it through its client.
func nonTestPackages(t *testing.T) []string {
	t.Helper()
	out, err := exec.Command("go", "list", "pred.dev/relayer/...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	return slices.DeleteFunc(strings.Fields(string(out)), func(p string) bool {
		return p == "pred.dev/relayer/apitest" || p == "pred.dev/relayer/figures"
	})
}

// TestImports: the relayer talks to the engine, the gateways and the
// settler only through NATS (and the chain), so of ours it may link the
// contract, the runtime, the chain's bindings and its own API types
// (pred.dev/proto/client/relayerapi); no other service, and not a client
// of any API: its tests alone drive it through its Go client
// (pred.dev/proto/client/relayer), on the embedded NATS server's test
// harness and the OpenAPI validator.
func TestImports(t *testing.T) {
	banned := []string{"pred.dev/engine", "pred.dev/gateway-", "pred.dev/settler", "pred.dev/scripts"}
	allowedClient := func(p string) bool { return p == "pred.dev/proto/client/relayerapi" }
	testOnly := []string{"pred.dev/proto/client/relayer", "pred.dev/proto/runtime/natstest", "pred.dev/proto/runtime/apitest",
		"pred.dev/relayer/apitest", "pred.dev/relayer/figures"}
	for _, p := range goListDeps(t, false) {
		for _, b := range banned {
			if strings.HasPrefix(p, b) {
				t.Errorf("the relayer depends on %s", p)
			}
		}
		if strings.HasPrefix(p, "pred.dev/proto/client") && !allowedClient(p) {
			t.Errorf("the relayer depends on the client package %s outside its tests", p)
		}
		if slices.Contains(testOnly, p) {
			t.Errorf("the relayer depends on the test support %s outside its tests", p)
		}
	}
	testDeps := goListDeps(t, true)
	for _, p := range testDeps {
		for _, b := range banned {
			if strings.HasPrefix(p, b) {
				t.Errorf("the relayer's tests depend on %s", p)
			}
		}
		// The Go client reads a deployment from Gamma's /public-info types
		// (relayer.ChainFromPublicInfo), plain data, and waits out 429s
		// with the SDKs' one policy (ratelimit).
		if strings.HasPrefix(p, "pred.dev/proto/client") && !allowedClient(p) && p != "pred.dev/proto/client/relayer" &&
			p != "pred.dev/proto/client/gammaapi" && p != "pred.dev/proto/client/ratelimit" {
			t.Errorf("the relayer's tests depend on the client package %s", p)
		}
	}
	for _, want := range []string{"pred.dev/proto/client/relayer", "pred.dev/relayer/apitest", "pred.dev/proto/runtime/natstest"} {
		if !slices.Contains(testDeps, want) {
			t.Errorf("no test uses %s", want)
		}
	}
}

// TestAPITestIsForTests: package apitest (it imports testing) is test
// support; no package of the relayer may link it outside its tests.
func TestAPITestIsForTests(t *testing.T) {
	const apitest = "pred.dev/relayer/apitest"
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Deps \" \"}}", "pred.dev/relayer/...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	found := false
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
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
}
