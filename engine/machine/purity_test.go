package machine

import (
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// pureImports is everything the engine's core may import. The list is an
// allow list on purpose: an I/O package, a clock, randomness or a
// third-party library (NATS, Pebble, protobuf, which reads the environment)
// would each let the same log produce different states, and none can slip
// in unnoticed. fmt is allowed for building error messages only.
var pureImports = map[string]bool{
	"crypto/sha256":        true,
	"encoding/binary":      true,
	"errors":               true,
	"fmt":                  true,
	"math/bits":            true,
	"slices":               true,
	"pred.dev/engine/book": true,
	// A cache hint: it reads nothing the core sees and changes nothing.
	"pred.dev/engine/prefetch": true,
	// The shared limits: constants only, and a package that imports
	// nothing (the contract's dependency test keeps it so).
	"pred.dev/proto/rules": true,
}

// TestCoreIsPure fails if the core packages import anything outside
// pureImports, start a goroutine or use channels.
func TestCoreIsPure(t *testing.T) {
	for _, dir := range []string{".", "../book"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		checked := 0
		for _, path := range files {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			checkPure(t, path)
			checked++
		}
		if checked == 0 {
			t.Fatalf("no source files in %s", dir)
		}
	}
}

func checkPure(t *testing.T, path string) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		if !pureImports[p] {
			t.Errorf("%s imports %q: the engine core may not do I/O, read the clock or draw randomness", path, p)
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.GoStmt:
			t.Errorf("%s: a go statement at %s: the core runs on the caller's goroutine only", path, fset.Position(n.Pos()))
		case *ast.ChanType, *ast.SelectStmt, *ast.SendStmt:
			t.Errorf("%s: channels at %s: the core does not communicate or wait", path, fset.Position(n.Pos()))
		}
		return true
	})
}

// TestCoreRangesOverNoMap fails if the core packages range over a map. Go
// randomizes map iteration order, so a loop whose effect depends on the
// order would let two engines applying the same log diverge; the core
// iterates over slices and its own indexes instead. The packages are
// type-checked, so a map is caught whatever the expression's form.
func TestCoreRangesOverNoMap(t *testing.T) {
	imp := exportImporter(t)
	for _, dir := range []string{".", "../book"} {
		fset := token.NewFileSet()
		files := parseSources(t, fset, dir)
		info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
		conf := types.Config{Importer: imp}
		if _, err := conf.Check(files[0].Name.Name, fset, files, info); err != nil {
			t.Fatalf("type-check %s: %v", dir, err)
		}
		ranges := 0
		for _, f := range files {
			ast.Inspect(f, func(n ast.Node) bool {
				rs, ok := n.(*ast.RangeStmt)
				if !ok {
					return true
				}
				ranges++
				if _, isMap := info.TypeOf(rs.X).Underlying().(*types.Map); isMap {
					t.Errorf("%s: range over a map (%s): its order is random; iterate over a slice or an index",
						fset.Position(rs.Pos()), types.ExprString(rs.X))
				}
				return true
			})
		}
		if ranges == 0 {
			t.Fatalf("no range statements found in %s: the check looks at nothing", dir)
		}
	}
}

// parseSources parses the non-test Go files of the package in dir that a
// default build compiles (invariants_off.go, not invariants_on.go).
func parseSources(t *testing.T, fset *token.FileSet, dir string) []*ast.File {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, path := range paths {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		if ok, err := build.Default.MatchFile(dir, filepath.Base(path)); err != nil || !ok {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		t.Fatalf("no source files in %s", dir)
	}
	return files
}

// exportImporter imports the core's dependencies from the compiler's
// export data, which go list -export builds and locates.
func exportImporter(t *testing.T) types.Importer {
	t.Helper()
	out, err := exec.Command("go", "list", "-export", "-deps", "-f", "{{.ImportPath}} {{.Export}}", ".", "../book").Output()
	if err != nil {
		t.Fatalf("go list -export: %v", err)
	}
	exports := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if path, file, ok := strings.Cut(line, " "); ok && file != "" {
			exports[path] = file
		}
	}
	return importer.ForCompiler(token.NewFileSet(), "gc", func(path string) (io.ReadCloser, error) {
		return os.Open(exports[path])
	})
}
