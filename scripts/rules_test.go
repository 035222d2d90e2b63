// Checks across the exchange's modules that no single module can make.
package scripts_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const rulesPkg = "pred.dev/proto/rules"

// sourceFiles lists the non-test Go files of the packages matching
// patterns.
func sourceFiles(t *testing.T, patterns ...string) []string {
	t.Helper()
	args := append([]string{"list", "-f", `{{$d := .Dir}}{{range .GoFiles}}{{$d}}/{{.}}{{"\n"}}{{end}}`}, patterns...)
	out, err := exec.Command("go", args...).Output()
	if err != nil {
		t.Fatalf("go list %v: %v", patterns, err)
	}
	files := strings.Fields(string(out))
	if len(files) == 0 {
		t.Fatalf("no Go files in %v", patterns)
	}
	return files
}

// ruleRefs returns the names of package rules that files refer to.
func ruleRefs(t *testing.T, files []string) map[string]bool {
	t.Helper()
	refs := map[string]bool{}
	fset := token.NewFileSet()
	for _, path := range files {
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		name := ""
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == rulesPkg {
				name = filepath.Base(rulesPkg)
				if imp.Name != nil {
					name = imp.Name.Name
				}
			}
		}
		if name == "" {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if x, ok := sel.X.(*ast.Ident); ok && x.Name == name {
					refs[sel.Sel.Name] = true
				}
			}
			return true
		})
	}
	return refs
}

// declaredRules lists the exported constants of package rules.
func declaredRules(t *testing.T) []string {
	t.Helper()
	fset := token.NewFileSet()
	var names []string
	for _, path := range sourceFiles(t, rulesPkg) {
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.CONST {
				for _, s := range g.Specs {
					for _, n := range s.(*ast.ValueSpec).Names {
						if n.IsExported() {
							names = append(names, n.Name)
						}
					}
				}
			}
		}
	}
	if len(names) < 5 {
		t.Fatalf("only %d rules declared", len(names))
	}
	return names
}

// TestEngineAndGatewayShareTheRules: every limit in pred.dev/proto/rules is
// read by the engine and by the CLOB gateway (directly, or through the
// contract's fixed-point package, which the gateway validates with), so a
// rule cannot be changed on one side only, and none is declared for
// nobody.
//
// The rules of the settler's commands (settlerRules) are shared by the
// engine and the settler instead: the gateway never sends those commands.
func TestEngineAndGatewayShareTheRules(t *testing.T) {
	engine := ruleRefs(t, sourceFiles(t, "pred.dev/engine/..."))
	gateway := ruleRefs(t, sourceFiles(t, "pred.dev/gateway-clob/...", "pred.dev/proto/fixed"))
	settler := ruleRefs(t, sourceFiles(t, "pred.dev/settler/..."))
	for _, r := range declaredRules(t) {
		if !engine[r] {
			t.Errorf("the engine does not use rules.%s", r)
		}
		switch {
		case settlerRules[r]:
			if !settler[r] {
				t.Errorf("the settler does not use rules.%s", r)
			}
		case !gateway[r]:
			t.Errorf("the CLOB gateway does not use rules.%s", r)
		}
	}
}

// settlerRules are the rules of commands only the settler sends.
var settlerRules = map[string]bool{"TradeStatusTradesMax": true, "AllowanceMaxUnits": true}
