package machine

import (
	"go/ast"
	"go/parser"
	"go/token"
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
