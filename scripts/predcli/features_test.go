package predcli_test

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"pred.dev/proto/client/clobapi"
	"pred.dev/scripts/devnet"
	"pred.dev/scripts/predcli"
)

// TestTradeByMarketAndOutcome: a newcomer trades with the market's slug
// and an outcome, never a token id: a resting order says what rests
// (not "making_amount 0"), a crossing one with --wait prints its trade
// CONFIRMED, and pred trades, order show, book, balance, positions and
// history all take the same names.
func TestTradeByMarketAndOutcome(t *testing.T) {
	alice, bob := newUser(t, true), newUser(t, true)
	slug := market(0).Slug
	alice.ok("wallet", "approve")
	bob.ok("wallet", "approve")
	alice.ok("faucet", "100")
	bob.ok("faucet", "100")

	rest := alice.ok("order", "buy", slug, "yes", "0.20", "10")
	for _, want := range []string{"status     live", "market     " + slug, "outcome    Yes", "order      BUY 10 shares at 0.20",
		"filled     nothing yet", "resting    10 shares on the book"} {
		if !strings.Contains(rest.stdout, want) {
			t.Errorf("a resting order's output lacks %q:\n%s", want, rest.stdout)
		}
	}
	if strings.Contains(rest.stdout, "making_amount") {
		t.Errorf("a resting order prints the API's amounts on entry as its own:\n%s", rest.stdout)
	}
	orderID := regexp.MustCompile(`order_id\s+(0x[0-9a-f]{64})`).FindStringSubmatch(rest.stdout)[1]
	alice.eventually(`bid\s+0\.2\s+10\n`, "book", slug, "yes")

	// Bob's bid for NO at 0.80 is an offer of YES at 0.20: it crosses,
	// and --wait follows the trade until it is final on chain.
	took := bob.ok("order", "buy", slug, "no", "0.80", "10", "--wait")
	if !regexp.MustCompile(`status\s+matched\n(?s:.*)filled\s+bought 10 shares for 8 USDW\n(?s:.*)TAKER\s+BUY\s+0\.8\s+10\s+0\.08\s+MINT\s+CONFIRMED\s+0x`).MatchString(took.stdout) {
		t.Fatalf("order buy --wait:\n%s\nstderr:\n%s", took.stdout, took.stderr)
	}
	if !regexp.MustCompile(`(?m)^pred: trade \d+: CONFIRMED 0x[0-9a-f]{64}$`).MatchString(took.stderr) {
		t.Errorf("order buy --wait's progress lines:\n%s", took.stderr)
	}
	if r := bob.ok("trades", "--market", slug, "--outcome", "no", "--wait"); !strings.Contains(r.stdout, "CONFIRMED") || strings.Contains(r.stdout, "MATCHED") {
		t.Errorf("trades --wait:\n%s", r.stdout)
	}
	var none []clobapi.Trade
	bob.json(&none, "trades", "--market", slug, "--outcome", "yes")
	if len(none) != 0 {
		t.Errorf("bob has %d trades of YES, want none", len(none))
	}

	// Alice's order, once it is filled and its trade final.
	alice.eventually(`MATCHED`, "order", "show", orderID)
	var shown predcli.OrderShown
	alice.json(&shown, "order", "show", orderID, "--wait=1m")
	if shown.Status != "MATCHED" || len(shown.Trades) != 1 || shown.Trades[0].Status != "CONFIRMED" {
		t.Fatalf("order show --wait: %+v", shown)
	}
	alice.eventually(`balance\s+10\n`, "balance", slug, "yes")

	var ps []predcli.Position
	alice.json(&ps, "positions")
	if len(ps) != 1 || ps[0].Market != slug || ps[0].Outcome != "Yes" || ps[0].Size != "10" || ps[0].State != "trading" ||
		ps[0].Settlement != "settled" || ps[0].Value == "" {
		t.Fatalf("alice's positions: %+v", ps)
	}
	if out := alice.ok("positions").stdout; !regexp.MustCompile(slug + `\s+Yes\s+10\s+0\s+\S+ \((mid|last)\)\s+\S+\s+trading\s+settled\n`).MatchString(out) {
		t.Errorf("positions:\n%s", out)
	}

	var h predcli.History
	alice.json(&h, "history", slug)
	if h.Market != slug || h.Outcome != "Yes" || len(h.History) == 0 {
		t.Fatalf("history --json: %+v", h)
	}
	if out := alice.ok("history", slug, "no", "--interval", "1h").stdout; !strings.Contains(out, "outcome   No") || !strings.Contains(out, " ┤") ||
		!regexp.MustCompile(`points\s+[1-9]`).MatchString(out) {
		t.Errorf("history %s no:\n%s", slug, out)
	}
	alice.fails(predcli.ExitUsage, "--interval is one of", "history", slug, "--interval", "2d")
}

// TestKeyStory: pred makes the wallet's CLOB API key by itself; pred
// keys create makes a newer one, which pred then signs with (the order
// goes out under it), and keys list says which one pred uses.
func TestKeyStory(t *testing.T) {
	u := newUser(t, true)
	u.ok("wallet", "approve") // deploys the wallet and approves the exchanges
	u.ok("faucet", "10")
	u.ok("balance") // the first key, made by pred
	var first []predcli.KeyInfo
	u.json(&first, "keys", "list")
	if len(first) != 1 || !first[0].InUse {
		t.Fatalf("keys list after pred made its key: %+v", first)
	}
	r := u.ok("keys", "create")
	newer := regexp.MustCompile(`api_key\s+(\S+)`).FindStringSubmatch(r.stdout)[1]
	if !strings.Contains(r.stderr, "signs with it from now on") || strings.Contains(r.stderr, "export") {
		t.Errorf("keys create's hint:\n%s", r.stderr)
	}
	id := strings.TrimSpace(u.ok("order", "buy", market(0).Slug, "yes", "0.05", "5", "-q").stdout)
	var o predcli.OrderShown
	u.json(&o, "order", "show", id)
	if o.Owner != newer {
		t.Fatalf("the order went out under %s, want the new key %s", o.Owner, newer)
	}
	var keys []predcli.KeyInfo
	u.json(&keys, "keys", "list")
	for _, k := range keys {
		if k.InUse != (k.APIKey == newer) {
			t.Errorf("keys list: %+v, want only %s in use", keys, newer)
		}
	}
	// Revoking the key in use: pred goes back to the newest one left.
	u.ok("keys", "revoke", newer)
	u.json(&keys, "keys", "list")
	if len(keys) != 1 || keys[0].APIKey != first[0].APIKey || !keys[0].InUse {
		t.Fatalf("keys list after revoking the key in use: %+v", keys)
	}
	u.ok("orders", "cancel", "--all")
}

// TestDemoGame: the operator schedules fresh copies of the demo game,
// each with its own slugs, traded by name at once, and driven by its
// event's slug.
func TestDemoGame(t *testing.T) {
	op := newUser(t, false)
	op.fails(predcli.ExitUsage, "needs the operator key", "admin", "demo-game")
	op.env["PRED_OPERATOR_KEY"] = devnet.OperatorKey
	first := strings.TrimSpace(op.ok("admin", "demo-game", "-q").stdout)
	var second predcli.DemoGame
	op.json(&second, "admin", "demo-game")
	if !regexp.MustCompile(`^nba-lal-bos-demo-\d+$`).MatchString(first) || second.Event.Slug == first || len(second.Markets) != 2 ||
		second.Game.GameStatus != "pre-game" || second.Markets[0].Slug != second.Event.Slug+"-winner" {
		t.Fatalf("demo games %q and %+v", first, second)
	}
	if out := op.ok("games", first).stdout; !regexp.MustCompile(`Los Angeles Lakers\s+Boston Celtics\s+\S+\s+pre-game`).MatchString(out) {
		t.Fatalf("games %s:\n%s", first, out)
	}
	if out := op.ok("book", first+"-winner", "lakers").stdout; !strings.Contains(out, "(empty book)") || !strings.Contains(out, "outcome     Lakers") {
		t.Fatalf("book of the copy's winner market:\n%s", out)
	}
	if out := op.ok("admin", "scores", first, "live", "0", "0").stdout; !regexp.MustCompile(`status\s+live`).MatchString(out) {
		t.Fatalf("admin scores %s live:\n%s", first, out)
	}
}

// TestRateLimitedLogin: against a devnet whose login limit per IP is two
// requests, then one a second, pred logs in again and again: each 429 is
// waited out as the API asks, with a line on stderr.
func TestRateLimitedLogin(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	d, err := devnet.Start(ctx, devnet.Config{DataDir: dir, APIAddr: "127.0.0.1:0", GammaAddr: "127.0.0.1:0", RelayerAddr: "127.0.0.1:0",
		NATSPort: -1, ChainAddr: "127.0.0.1:0", LoginIPBurst: 2, LoginIPPerSecond: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = d.Close() }()
	u := newUser(t, true)
	u.env["PRED_URL"], u.env["PRED_GAMMA_URL"], u.env["PRED_RELAYER_URL"] = d.URL, d.GammaURL, d.RelayerURL
	var waited bool
	for i := range 3 {
		r := u.ok("login", "-q")
		if strings.Count(strings.TrimSpace(r.stdout), ".") != 2 {
			t.Fatalf("login %d printed %q", i, r.stdout)
		}
		waited = waited || regexp.MustCompile(`(?m)^pred: (GET /auth/nonce|POST /auth/login) was rate limited \(RATE_LIMITED\): waiting \d+s as the API asks, then retry 1 of 5$`).MatchString(r.stderr)
	}
	if !waited {
		t.Fatal("three logins past a burst of two never waited")
	}

}
