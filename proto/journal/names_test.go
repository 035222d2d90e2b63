package journal

import (
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// ordinaryWords are declared values that are also plain words, so a
// literal equal to one usually means something else; the uses of the
// constants themselves are the compiler's to check. Each says where else
// the word occurs.
var ordinaryWords = map[string]string{
	"engine": "QueryQueue; also the engine process's name, its data directory and a health check",
	"leader": "LeaseKey; also the engine's -mode",
	"worker": "RelayerLeaseKey; also the relayer's campaign and logger names",
	"settle": "SettlerLeaseKey; also a bench figure and an adjudication phase",
}

// TestNamesLiveHere fails when a Go file anywhere in the repository
// outside this package spells one of the names declared here as a string
// literal: a second spelling of a name several processes share is how two
// of them end up disagreeing.
func TestNamesLiveHere(t *testing.T) {
	names := declaredNames(t)
	for word := range ordinaryWords {
		if _, ok := names[word]; !ok {
			t.Errorf("ordinaryWords lists %q, which is no longer a declared name", word)
		}
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.work")); err != nil {
		t.Fatalf("the workspace root is not %s: %v", root, err)
	}
	here, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	scanned := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path == here || path != root && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		scanned++
		for _, lit := range stringLiterals(t, path) {
			if name, ok := names[lit.value]; ok && ordinaryWords[lit.value] == "" {
				rel, _ := filepath.Rel(root, path)
				t.Errorf("%s:%d: %q is journal.%s: use the constant", rel, lit.line, lit.value, name)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if scanned < 300 {
		t.Fatalf("scanned only %d Go files under %s", scanned, root)
	}
}

// declaredNames maps the value of every string constant of the package
// (not its tests) to the constant's name, and fails if two constants
// share a value.
func declaredNames(t *testing.T) map[string]string {
	t.Helper()
	paths, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]string{}
	fset := token.NewFileSet()
	for _, path := range paths {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			spec, ok := n.(*ast.ValueSpec)
			if !ok {
				return true
			}
			for i, v := range spec.Values {
				lit, ok := v.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					continue
				}
				value, err := strconv.Unquote(lit.Value)
				if err != nil {
					t.Fatal(err)
				}
				if other, dup := names[value]; dup {
					t.Errorf("%s and %s are both %q", other, spec.Names[i].Name, value)
				}
				names[value] = spec.Names[i].Name
			}
			return true
		})
	}
	if len(names) < 20 {
		t.Fatalf("found only %d names: %v", len(names), names)
	}
	return names
}

type literal struct {
	value string
	line  int
}

// stringLiterals returns the string literals of the Go file at path.
func stringLiterals(t *testing.T, path string) []literal {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	file := fset.AddFile(path, -1, len(src))
	var s scanner.Scanner
	s.Init(file, src, func(pos token.Position, msg string) { t.Errorf("%s: %s", pos, msg) }, 0)
	var lits []literal
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			return lits
		}
		if tok != token.STRING {
			continue
		}
		value, err := strconv.Unquote(lit)
		if err != nil {
			t.Fatalf("%s: %v", fset.Position(pos), err)
		}
		lits = append(lits, literal{value, fset.Position(pos).Line})
	}
}
