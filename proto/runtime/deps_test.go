// The runtime's dependency rules, as a test.
package runtime_test

import (
	"encoding/json"
	"io"
	"os/exec"
	"strings"
	"testing"
)

// runtimeModules are the third-party modules the runtime may import.
var runtimeModules = []string{
	"github.com/nats-io/nats.go",
	"github.com/nats-io/nats-server/v2/",
	"go.uber.org/zap",
	"github.com/prometheus/client_golang/",
	"google.golang.org/protobuf/",
	"github.com/getkin/kin-openapi/",
	"github.com/chromedp/",
	"github.com/labstack/echo/v4",
	"github.com/google/uuid",
	"golang.org/x/time/",
	"golang.org/x/net/http/httpguts",
	"go.yaml.in/yaml/v3",
}

// notOurs are the modules of ours the runtime may not depend on: it serves
// the services, so it knows none of them, nor the client or the chain.
var notOurs = []string{
	"pred.dev/proto/client",
	"pred.dev/proto/chain",
	"pred.dev/engine",
	"pred.dev/gateway-",
	"pred.dev/relayer",
	"pred.dev/settler",
	"pred.dev/scripts",
}

// only lists dependencies that just some packages may link: the NATS
// server (only the embedded server and its test harness; a service that
// publishes, queries or follows does not link a server), the OpenAPI
// validator, the browser driver and testing (only the test harnesses, which only tests
// import), and Echo (only the HTTP middleware and the gateway kit, so the
// engine and the settler, which serve no API, link no HTTP framework).
var only = map[string][]string{
	"github.com/nats-io/nats-server/":   {"pred.dev/proto/runtime/natsembed", "pred.dev/proto/runtime/natstest"},
	"github.com/getkin/kin-openapi/":    {"pred.dev/proto/runtime/apitest"},
	"github.com/chromedp/":              {"pred.dev/proto/runtime/apitest"},
	"github.com/labstack/echo/":         {"pred.dev/proto/runtime/httpmw", "pred.dev/proto/runtime/gateway"},
	"testing":                           {"pred.dev/proto/runtime/natstest", "pred.dev/proto/runtime/apitest", "pred.dev/proto/runtime/eventually"},
	"pred.dev/proto/runtime/natstest":   {},
	"pred.dev/proto/runtime/apitest":    {},
	"pred.dev/proto/runtime/eventually": {},
}

type listedPackage struct {
	ImportPath string
	Imports    []string
	Deps       []string
	Module     *struct{ Path string }
}

func listPackages(t *testing.T, pattern string) []listedPackage {
	t.Helper()
	out, err := exec.Command("go", "list", "-json", pattern).Output()
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

// TestRuntimeImports: the runtime imports the standard library, the
// contract, itself and runtimeModules; it links nothing of notOurs, and
// the server and testing only where only allows them.
func TestRuntimeImports(t *testing.T) {
	pkgs := listPackages(t, "pred.dev/proto/runtime/...")
	if len(pkgs) < 8 {
		t.Fatalf("go list found only %d runtime packages", len(pkgs))
	}
	for _, p := range pkgs {
		for _, imp := range p.Imports {
			ours := strings.HasPrefix(imp, "pred.dev/proto/") && !hasPrefix(imp, notOurs)
			if !isStd(imp) && !ours && !hasPrefix(imp, runtimeModules) {
				t.Errorf("%s imports %s: the runtime imports only the standard library, the contract, itself and %v", p.ImportPath, imp, runtimeModules)
			}
		}
		for _, dep := range append(p.Deps, p.Imports...) {
			if hasPrefix(dep, notOurs) {
				t.Errorf("%s depends on %s", p.ImportPath, dep)
			}
			for banned, allowed := range only {
				if (dep == banned || strings.HasPrefix(dep, banned)) && !hasPrefix(p.ImportPath, allowed) {
					t.Errorf("%s depends on %s; only %v may", p.ImportPath, dep, allowed)
				}
			}
		}
	}
}
