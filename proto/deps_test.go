// The contract's dependency rules, as a test: what crosses a process
// boundary is declared here and depends on nothing that runs a service.
package proto_test

import (
	"encoding/json"
	"io"
	"os/exec"
	"strings"
	"testing"
)

// contractModules are the third-party modules the contract may import
// directly: the protobuf runtime, go-ethereum's types and crypto (EIP-712,
// addresses), uint256, the NATS client (for the names and headers of its
// messages) and JWT.
var contractModules = []string{
	"google.golang.org/protobuf/",
	"github.com/ethereum/go-ethereum/",
	"github.com/holiman/uint256",
	"github.com/nats-io/nats.go",
	"github.com/golang-jwt/jwt/v5",
}

// bannedDeps may not be linked by any contract package, directly or not:
// servers, loggers, metrics and storage belong to the runtime and the
// services, and a client of the contract must not inherit them.
var bannedDeps = []string{
	"github.com/nats-io/nats-server/",
	"go.uber.org/zap",
	"github.com/prometheus/",
	"github.com/labstack/echo/",
	"github.com/cockroachdb/pebble",
	"pred.dev/proto/runtime",
	"pred.dev/proto/client",
	"pred.dev/proto/chain",
	"pred.dev/engine",
	"pred.dev/gateway-",
	"pred.dev/relayer",
	"pred.dev/settler",
	"pred.dev/scripts",
	"testing",
}

type listedPackage struct {
	ImportPath string
	Imports    []string
	Deps       []string
	Module     *struct{ Path string }
}

// listPackages runs go list on patterns (without their tests).
func listPackages(t *testing.T, patterns ...string) []listedPackage {
	t.Helper()
	out, err := exec.Command("go", append([]string{"list", "-json"}, patterns...)...).Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var pkgs []listedPackage
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p listedPackage
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

func hasPrefix(p string, prefixes []string) bool {
	for _, pre := range prefixes {
		if p == strings.TrimSuffix(pre, "/") || strings.HasPrefix(p, pre) {
			return true
		}
	}
	return false
}

func isStd(p string) bool { return !strings.Contains(strings.SplitN(p, "/", 2)[0], ".") }

// TestContractImports: every contract package imports only the standard
// library, the allowed modules and other contract packages, and links
// none of bannedDeps.
func TestContractImports(t *testing.T) {
	var pkgs []listedPackage
	for _, p := range listPackages(t, "pred.dev/proto/...") {
		// The pattern also matches the nested modules' packages.
		if p.Module != nil && p.Module.Path == "pred.dev/proto" {
			pkgs = append(pkgs, p)
		}
	}
	if len(pkgs) < 8 {
		t.Fatalf("go list found only %d contract packages", len(pkgs))
	}
	for _, p := range pkgs {
		for _, imp := range p.Imports {
			ours := strings.HasPrefix(imp, "pred.dev/proto/") && !hasPrefix(imp, bannedDeps)
			if !isStd(imp) && !ours && !hasPrefix(imp, contractModules) {
				t.Errorf("%s imports %s: the contract imports only the standard library, %v and itself", p.ImportPath, imp, contractModules)
			}
		}
		if p.ImportPath == "pred.dev/proto/rules" && len(p.Imports) > 0 {
			t.Errorf("pred.dev/proto/rules imports %v: the engine's pure core uses it, so it imports nothing", p.Imports)
		}
		for _, dep := range p.Deps {
			if hasPrefix(dep, bannedDeps) {
				t.Errorf("%s depends on %s, which the contract may not link", p.ImportPath, dep)
			}
		}
	}
}
