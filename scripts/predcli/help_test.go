package predcli_test

import (
	"strings"
	"testing"

	"pred.dev/scripts/predcli"
)

// TestHelp: every way of asking for help prints the page asked for on
// stdout and exits 0: the overview (pred, pred --help, pred help), a
// group's (pred keys, pred keys --help, pred help keys) and a command's
// (pred help order buy, pred order buy --help and -h), which lists the
// command's own flags and leaves the global ones to the overview.
func TestHelp(t *testing.T) {
	u := newUser(t, false)
	overview := u.ok().stdout
	for _, want := range []string{"order buy (<token> | <market> <outcome>) <price> <size>", "[PRED_PRIVATE_KEY]", "positions", "history",
		"admin demo-game", "completion (bash | zsh | fish | powershell)", "-q, --quiet"} {
		if !strings.Contains(overview, want) {
			t.Errorf("pred's overview lacks %q:\n%s", want, overview)
		}
	}
	same(t, overview, u.ok("--help").stdout, "pred --help")
	same(t, overview, u.ok("help").stdout, "pred help")

	group := u.ok("keys").stdout
	if !strings.Contains(group, "keys create") || !strings.Contains(group, "keys revoke <api key>") || strings.Contains(group, "order buy") {
		t.Errorf("pred keys:\n%s", group)
	}
	same(t, group, u.ok("keys", "--help").stdout, "pred keys --help")
	same(t, group, u.ok("help", "keys").stdout, "pred help keys")

	page := u.ok("help", "order", "buy").stdout
	for _, want := range []string{"Usage:\n  pred order buy (<token> | <market> <outcome>) <price> <size> [flags]", "--type", "--post-only", "--wait",
		"pred order buy will-it-rain-in-lisbon-tomorrow yes 0.40 10", "see 'pred --help'"} {
		if !strings.Contains(page, want) {
			t.Errorf("pred help order buy lacks %q:\n%s", want, page)
		}
	}
	for _, global := range []string{"--private-key string", "--gamma-url", "PRED_URL"} {
		if strings.Contains(page, global) {
			t.Errorf("pred help order buy lists the global flag %q:\n%s", global, page)
		}
	}
	same(t, page, u.ok("order", "buy", "--help").stdout, "pred order buy --help")
	same(t, page, u.ok("order", "buy", "-h").stdout, "pred order buy -h")
	same(t, page, u.ok("order", "buy", "-help").stdout, "pred order buy -help (Go's spelling)")

	if r := u.ok("--version"); !strings.HasPrefix(r.stdout, "pred version ") {
		t.Errorf("pred --version: %q", r.stdout)
	}
	for shell, want := range map[string]string{"bash": "__start_pred", "zsh": "#compdef pred", "fish": "complete -c pred"} {
		if r := u.ok("completion", shell); !strings.Contains(r.stdout, want) {
			t.Errorf("pred completion %s lacks %q", shell, want)
		}
	}
	// The shell asks pred for completions: the commands, then a group's verbs.
	if r := u.ok("__complete", "ord"); !strings.Contains(r.stdout, "order\t") || !strings.Contains(r.stdout, "orders\t") {
		t.Errorf("completing 'ord': %q", r.stdout)
	}
	if r := u.ok("__complete", "keys", ""); !strings.Contains(r.stdout, "revoke") {
		t.Errorf("completing 'keys ': %q", r.stdout)
	}
	// A market's slug, then its outcomes, from the Gamma API.
	if r := u.ok("__complete", "book", "will-it"); !strings.Contains(r.stdout, "will-it-rain-in-lisbon-tomorrow\n") {
		t.Errorf("completing 'book will-it': %q", r.stdout)
	}
	if r := u.ok("__complete", "order", "buy", "nba-lal-bos-demo-winner", ""); !strings.Contains(r.stdout, "yes\nno\nlakers\nceltics\n") {
		t.Errorf("completing a market's outcome: %q", r.stdout)
	}
	// Go's one-dash spelling of long flags still works.
	if r := u.ok("wallet", "new", "-json"); !strings.Contains(r.stdout, `"private_key"`) {
		t.Errorf("pred wallet new -json: %q", r.stdout)
	}
	u.fails(predcli.ExitUsage, "unknown shorthand flag", "wallet", "new", "-z")
}

func same(t *testing.T, want, got, what string) {
	t.Helper()
	if got != want {
		t.Errorf("%s prints another page:\n%s\nwant:\n%s", what, got, want)
	}
}
