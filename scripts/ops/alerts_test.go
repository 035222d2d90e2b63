package ops

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"pred.dev/proto/journal"
	"pred.dev/proto/runtime/jsmetrics"
	"pred.dev/proto/runtime/natstest"
	"pred.dev/scripts/internal/proc"
)

// TestRulesCheck: promtool accepts the rule file.
func TestRulesCheck(t *testing.T) {
	t.Parallel()
	out := promtool(t, ".", "check", "rules", RulesFile)
	if !strings.Contains(out, "SUCCESS") {
		t.Fatalf("promtool check rules: %s", out)
	}
}

// TestRulesUnitTests: every alert's promtool unit tests pass, and every
// alert has some.
func TestRulesUnitTests(t *testing.T) {
	t.Parallel()
	promtool(t, ".", "test", "rules", filepath.Join("testdata", "alerts_test.yml"))
	tests, err := os.ReadFile(filepath.Join("testdata", "alerts_test.yml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range alertNames(t) {
		if !strings.Contains(string(tests), "alertname: "+name+"\n") {
			t.Errorf("alert %s has no unit test in testdata/alerts_test.yml", name)
		}
	}
}

// TestRulesMetricsExist: every metric an alert reads is one a process
// exports (its name is a literal in the exchange's Go code, or a series
// of the JetStream collector), and every stream an alert names is one of
// the exchange's: a renamed metric or stream fails here, not silently in
// production.
func TestRulesMetricsExist(t *testing.T) {
	t.Parallel()
	exprs := ruleExprs(t)
	js := jetstreamSeries(t)
	code := goLiterals(t)
	names := regexp.MustCompile(`\b(?:engine|settler|relayer|pred_jetstream)_[a-z_]+\b`).FindAllString(exprs, -1)
	if len(names) < 10 {
		t.Fatalf("found only %v in the rules", names)
	}
	for _, n := range names {
		base := strings.TrimSuffix(n, "_bucket")
		if strings.HasPrefix(n, "pred_jetstream_") && !js[n] || !strings.HasPrefix(n, "pred_jetstream_") && !code[`"`+base+`"`] {
			t.Errorf("the rules read %s, which no process exports", n)
		}
	}
	for _, m := range regexp.MustCompile(`stream="([^"]+)"`).FindAllStringSubmatch(exprs, -1) {
		if !slices.Contains(journal.Streams(), m[1]) {
			t.Errorf("the rules name stream %q, not one of journal.Streams()", m[1])
		}
	}
}

var (
	alertLine = regexp.MustCompile(`(?m)^\s+- alert: (\w+)$`)
	exprLine  = regexp.MustCompile(`(?m)^\s+expr: (.*(?:\n\s{10}\S.*)*)`)
)

func alertNames(t *testing.T) []string {
	var names []string
	for _, m := range alertLine.FindAllStringSubmatch(string(rules), -1) {
		names = append(names, m[1])
	}
	if len(names) < 10 {
		t.Fatalf("found only the alerts %v", names)
	}
	return names
}

func ruleExprs(t *testing.T) string {
	var b strings.Builder
	for _, m := range exprLine.FindAllStringSubmatch(string(rules), -1) {
		b.WriteString(m[1] + "\n")
	}
	return b.String()
}

// jetstreamSeries is the name of every series jsmetrics describes.
func jetstreamSeries(t *testing.T) map[string]bool {
	c, err := jsmetrics.New(natstest.Connect(t, natstest.Start(t)), journal.Streams())
	if err != nil {
		t.Fatal(err)
	}
	ch := make(chan *prometheus.Desc, 64)
	c.Describe(ch)
	close(ch)
	fq := regexp.MustCompile(`fqName: "([^"]+)"`)
	out := map[string]bool{}
	for d := range ch {
		if m := fq.FindStringSubmatch(d.String()); m != nil {
			out[m[1]] = true
		}
	}
	return out
}

// goLiterals is every double-quoted string in the workspace's non-test
// Go files, quotes included.
func goLiterals(t *testing.T) map[string]bool {
	root, err := proc.WorkspaceRoot()
	if err != nil {
		t.Fatal(err)
	}
	lit := regexp.MustCompile(`"[a-z_]+"`)
	out := map[string]bool{}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "bin" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, l := range lit.FindAll(src, -1) {
			out[string(l)] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
