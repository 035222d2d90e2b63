package deptest_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"pred.dev/proto/deptest"
)

// recorder is a deptest.T that keeps what Check reports, so that a test
// can see the rules fail.
type recorder struct {
	errs  []string
	fatal string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

func (r *recorder) Fatalf(format string, args ...any) {
	r.fatal = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

// check runs deptest.Check on rules and returns what it reported.
func check(rules ...deptest.Rule) *recorder {
	r := &recorder{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		deptest.Check(r, rules)
	}()
	<-done
	return r
}

const journal = "pred.dev/proto/journal"

// TestCheck: each kind of rule passes on a package that keeps it and
// fails, naming the package and the dependency, on one that breaks it.
// The contract's journal links the NATS client, its framing and the
// protobuf runtime; the contract's rules link nothing.
func TestCheck(t *testing.T) {
	cases := []struct {
		name string
		rule deptest.Rule
		want []string // each a substring of one of its reports; none if the rule holds
	}{
		{"forbidden", deptest.Rule{Packages: []string{journal}, Forbid: []string{"github.com/nats-io/nats.go/..."}},
			[]string{journal + " links github.com/nats-io/nats.go: [forbidden]"}},
		{"forbidden but allowed", deptest.Rule{Packages: []string{journal}, Forbid: []string{"github.com/nats-io/..."},
			Allow: []string{"github.com/nats-io/nats.go/...", "github.com/nats-io/nkeys/...", "github.com/nats-io/nuid"}}, nil},
		{"allow list of imports", deptest.Rule{Packages: []string{journal}, Direct: true, Forbid: []string{"..."}, Allow: []string{"std"}},
			[]string{journal + " imports github.com/nats-io/nats.go", journal + " imports pred.dev/proto/pb"}},
		{"imports nothing", deptest.Rule{Packages: []string{"pred.dev/proto/rules"}, Direct: true, Forbid: []string{"..."}}, nil},
		{"tests link more", deptest.Rule{Packages: []string{journal}, Tests: true, Forbid: []string{"testing"}},
			[]string{journal + " [" + journal + ".test] links testing", journal + ".test links testing"}},
		{"an external test is its package's", deptest.Rule{Packages: []string{"pred.dev/proto/deptest"}, Tests: true,
			Forbid: []string{"pred.dev/..."}, Allow: []string{"pred.dev/proto/deptest"}}, nil},
		{"without tests", deptest.Rule{Packages: []string{journal}, Forbid: []string{"testing"}}, nil},
		{"a need unmet", deptest.Rule{Packages: []string{"pred.dev/proto/rules"}, Need: []string{"fmt"}},
			[]string{"no package of [pred.dev/proto/rules] links fmt"}},
		{"a need met", deptest.Rule{Packages: []string{journal}, Need: []string{"google.golang.org/protobuf/..."}}, nil},
		{"a stale skip", deptest.Rule{Packages: []string{journal}, Skip: []string{"pred.dev/proto/gone"}},
			[]string{"Skip pred.dev/proto/gone matches no package"}},
		{"nothing selected", deptest.Rule{Packages: []string{journal}, Skip: []string{journal}},
			[]string{"selects 0 packages"}},
		{"too few", deptest.Rule{Packages: []string{"pred.dev/proto/..."}, Module: "pred.dev/proto", AtLeast: 1000},
			[]string{"fewer than 1000"}},
		// In the workspace, pred.dev/proto/... reaches into the nested
		// modules: the runtime's embedded server links the NATS server.
		{"nested modules", deptest.Rule{Packages: []string{"pred.dev/proto/..."}, Forbid: []string{"github.com/nats-io/nats-server/v2/server"}},
			[]string{"pred.dev/proto/runtime/natsembed links github.com/nats-io/nats-server/v2/server"}},
		{"one module", deptest.Rule{Packages: []string{"pred.dev/proto/..."}, Module: "pred.dev/proto", Forbid: []string{"github.com/nats-io/nats-server/..."}}, nil},
	}
	// One Check for all, so that go list runs once per selection: each
	// case's reports are those that end with its reason.
	var rules []deptest.Rule
	for i, c := range cases {
		c.rule.Why = fmt.Sprintf("[%s]", c.name)
		cases[i], rules = c, append(rules, c.rule)
	}
	r := check(rules...)
	if r.fatal != "" {
		t.Fatalf("fatal: %s", r.fatal)
	}
	for _, c := range cases {
		var got []string
		for _, e := range r.errs {
			if strings.HasSuffix(e, c.rule.Why) || strings.HasSuffix(e, c.rule.Why+")") {
				got = append(got, e)
			}
		}
		if len(c.want) == 0 && len(got) > 0 {
			t.Errorf("%s: the rule holds, and Check reported %q", c.name, got)
		}
		for _, w := range c.want {
			if !containsSubstring(got, w) {
				t.Errorf("%s: no report says %q; got %q", c.name, w, got)
			}
		}
	}
}

// TestCheckStopsWhenGoListFails: a package that does not exist is not a
// rule kept.
func TestCheckStopsWhenGoListFails(t *testing.T) {
	r := check(deptest.Rule{Packages: []string{"pred.dev/proto/nosuchpackage"}, Forbid: []string{"..."}})
	if !strings.Contains(r.fatal, "go list") {
		t.Fatalf("fatal %q, errors %q", r.fatal, r.errs)
	}
}

func containsSubstring(reports []string, want string) bool {
	for _, r := range reports {
		if strings.Contains(r, want) {
			return true
		}
	}
	return false
}
