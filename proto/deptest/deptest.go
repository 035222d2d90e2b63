// Package deptest checks a module's dependency rules in its tests: which
// packages may import or link which. Every module states its rules as a
// table of Rule and calls Check once, so the walk over go list's answer is
// written here and nowhere else.
//
// It is test support that lives in the contract module because every
// module of the exchange requires that one, the contract's own rules
// included. It takes the few methods of testing.TB it calls (T) rather
// than importing testing, which no contract package may link.
package deptest

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"regexp"
	"slices"
	"strings"
)

// T is the part of testing.TB that Check uses.
type T interface {
	Helper()
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
}

// Rule is one dependency rule. Patterns, of packages and of dependencies
// alike, are import paths in which "..." matches any string, as in go
// list: "x/..." is x and every package below it, "pred.dev/gateway-..."
// every path with that prefix. The pattern "std" is the standard library.
type Rule struct {
	// Why is the rule's reason, printed with each breach.
	Why string
	// Packages are the go list patterns of the packages the rule holds
	// for; with Tests, their test packages too.
	Packages []string
	// Module, if set, keeps only the packages of that module: in a
	// workspace, pred.dev/proto/... also matches the nested modules'.
	Module string
	// Skip are patterns of packages the rule leaves out. Each must match
	// a listed package, so that a renamed package fails the rule rather
	// than silently coming under it.
	Skip []string
	// Tests adds the packages' tests and everything they link.
	Tests bool
	// Direct checks what each package imports itself rather than
	// everything it links.
	Direct bool
	// Forbid are the dependencies the packages may not have, but for
	// those Allow also matches: Forbid "..." with Allow is an allow list.
	Forbid []string
	Allow  []string
	// Need are dependencies some package must have: proof that the rule
	// looks at what it means to.
	Need []string
	// AtLeast is the fewest packages the rule must select (at least one).
	AtLeast int
}

// Check runs go list once for each distinct selection of the rules and
// reports every breach of each rule.
func Check(t T, rules []Rule) {
	t.Helper()
	listed := map[string][]pkg{}
	for _, r := range rules {
		key := strings.Join(listArgs(r), " ")
		if _, ok := listed[key]; !ok {
			pkgs, err := list(listArgs(r))
			if err != nil {
				t.Fatalf("deptest: %v", err)
				return
			}
			listed[key] = pkgs
		}
		check(t, r, listed[key])
	}
}

// pkg is what go list says of one package; test variants, named
// "p [p.test]", and test mains, "p.test", count as p.
type pkg struct {
	ImportPath string
	ForTest    string
	Module     *struct{ Path string }
	Imports    []string
	Deps       []string
}

// name is the package p stands for: itself, or the package its test
// belongs to.
func (p pkg) name() string {
	if p.ForTest != "" {
		return p.ForTest
	}
	path, _, _ := strings.Cut(p.ImportPath, " ")
	return strings.TrimSuffix(path, ".test")
}

// testedPackage names the package that dep, a dependency go list -test
// reports, is a variant of: "p [q.test]" is p compiled for q's test, and
// "p_test [p.test]" is p's external test package.
func testedPackage(dep string) string {
	path, variant, ok := strings.Cut(dep, " ")
	if ok && strings.HasSuffix(path, "_test") && variant == "["+strings.TrimSuffix(path, "_test")+".test]" {
		return strings.TrimSuffix(path, "_test")
	}
	return path
}

func listArgs(r Rule) []string {
	args := []string{"list", "-json=ImportPath,ForTest,Module,Imports,Deps"}
	if r.Tests {
		args = append(args, "-test")
	}
	return append(args, r.Packages...)
}

// list runs go list with args and decodes its answer.
func list(args []string) ([]pkg, error) {
	cmd := exec.Command("go", args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, errors.New("go " + strings.Join(args, " ") + ": " + err.Error() + "\n" + stderr.String())
	}
	var pkgs []pkg
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p pkg
		if err := dec.Decode(&p); err == io.EOF {
			return pkgs, nil
		} else if err != nil {
			return nil, err
		}
		pkgs = append(pkgs, p)
	}
}

// check reports the breaches of r by the packages go list returned.
func check(t T, r Rule, listed []pkg) {
	t.Helper()
	skip, forbid, allow := compile(r.Skip), compile(r.Forbid), compile(r.Allow)
	verb := "links"
	if r.Direct {
		verb = "imports"
	}
	skipped := make([]bool, len(r.Skip))
	selected := map[string]bool{}
	seen := map[string]bool{}
	for _, p := range listed {
		if r.Module != "" && (p.Module == nil || p.Module.Path != r.Module) {
			continue
		}
		if i := slices.IndexFunc(skip, func(m matcher) bool { return m(p.name()) }); i >= 0 {
			skipped[i] = true
			continue
		}
		selected[p.name()] = true
		deps := p.Deps
		if r.Direct {
			deps = p.Imports
		}
		for _, d := range deps {
			d = testedPackage(d)
			seen[d] = true
			if matchesAny(forbid, d) && !matchesAny(allow, d) {
				t.Errorf("%s %s %s: %s", p.ImportPath, verb, d, r.Why)
			}
		}
	}
	for i, s := range r.Skip {
		if !skipped[i] {
			t.Errorf("deptest: Skip %s matches no package of %v (the rule: %s)", s, r.Packages, r.Why)
		}
	}
	if len(selected) < max(r.AtLeast, 1) {
		t.Errorf("deptest: the rule selects %d packages of %v, fewer than %d (the rule: %s)", len(selected), r.Packages, max(r.AtLeast, 1), r.Why)
	}
	for _, n := range r.Need {
		if !seenAny(seen, match(n)) {
			t.Errorf("deptest: no package of %v %s %s (the rule: %s)", r.Packages, verb, n, r.Why)
		}
	}
}

// matcher says whether an import path matches one pattern.
type matcher func(path string) bool

func compile(patterns []string) []matcher {
	ms := make([]matcher, len(patterns))
	for i, p := range patterns {
		ms[i] = match(p)
	}
	return ms
}

func matchesAny(ms []matcher, path string) bool {
	return slices.ContainsFunc(ms, func(m matcher) bool { return m(path) })
}

func seenAny(seen map[string]bool, m matcher) bool {
	for path := range seen {
		if m(path) {
			return true
		}
	}
	return false
}

// match compiles pattern the way go list reads one.
func match(pattern string) matcher {
	if pattern == "std" {
		return isStd
	}
	re := regexp.QuoteMeta(pattern)
	re = strings.ReplaceAll(re, `\.\.\.`, `.*`)
	if strings.HasSuffix(re, `/.*`) {
		re = strings.TrimSuffix(re, `/.*`) + `(/.*)?`
	}
	return regexp.MustCompile(`^` + re + `$`).MatchString
}

// isStd says whether path is in the standard library: its first element
// has no dot, as go list decides it.
func isStd(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}
