package predcli

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestEveryCommandHasAPage: every command of the table has its own help
// page, reached by its name, with its synopsis.
func TestEveryCommandHasAPage(t *testing.T) {
	for _, c := range commands() {
		var out, errOut bytes.Buffer
		args := append(strings.Fields(c.name()), "--help")
		code := Run(context.Background(), args, Env{Stdout: &out, Stderr: &errOut, Getenv: func(string) (string, bool) { return "", false }})
		if code != ExitOK || !strings.Contains(out.String(), c.synopsis()+" [flags]") || !strings.Contains(out.String(), c.help) {
			t.Errorf("pred %s --help: exit %d\n%s%s", c.name(), code, out.String(), errOut.String())
		}
	}
}

// TestNormalizeArgs: Go's one-dash long flags get their second dash, a
// duration after --wait becomes its value, and "--" ends the flags.
func TestNormalizeArgs(t *testing.T) {
	opt := map[string]bool{"wait": true}
	for _, c := range []struct{ in, want string }{
		{"order buy T 0.4 10 -type FOK -post-only", "order buy T 0.4 10 --type FOK --post-only"},
		{"-q --url=http://x wallet new", "-q --url=http://x wallet new"},
		{"-json=true book T", "--json=true book T"},
		{"trades --wait 30s --json", "trades --wait=30s --json"},
		{"trades --wait --json", "trades --wait --json"},
		{"trades --wait=1m", "trades --wait=1m"},
		{"order buy T 0.4 10 --wait 10", "order buy T 0.4 10 --wait 10"},
		{"orders cancel --all -- -not-a-flag --wait 5m", "orders cancel --all -- -not-a-flag --wait 5m"},
	} {
		if got := strings.Join(normalizeArgs(strings.Fields(c.in), opt), " "); got != c.want {
			t.Errorf("normalizeArgs(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
