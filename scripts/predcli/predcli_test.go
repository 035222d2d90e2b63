package predcli_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/runtime/eventually"
	"pred.dev/scripts/devnet"
	"pred.dev/scripts/predcli"
)

// net is the devnet every test of this package runs the CLI against.
var net *devnet.Devnet

func TestMain(m *testing.M) {
	os.Exit(runWithDevnet(m))
}

func runWithDevnet(m *testing.M) int {
	dir, err := os.MkdirTemp("", "predcli-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	net, err = devnet.Start(ctx, devnet.Config{DataDir: dir, APIAddr: "127.0.0.1:0", GammaAddr: "127.0.0.1:0", RelayerAddr: "127.0.0.1:0", NATSPort: -1, ChainAddr: "127.0.0.1:0",
		ReconcileAddr: "127.0.0.1:0"})
	if err != nil {
		fmt.Fprintln(os.Stderr, "start the devnet:", err)
		return 1
	}
	defer net.Close()
	return m.Run()
}

// result is one run of pred.
type result struct {
	code           int
	stdout, stderr string
}

// user runs pred with an environment and a credentials cache of its own.
type user struct {
	t     *testing.T
	env   map[string]string
	cache string
}

// newUser is a user of the test devnet with a new wallet (none if
// withKey is false).
func newUser(t *testing.T, withKey bool) *user {
	u := &user{t: t, env: map[string]string{"PRED_URL": net.URL, "PRED_GAMMA_URL": net.GammaURL, "PRED_RELAYER_URL": net.RelayerURL}, cache: t.TempDir()}
	if withKey {
		u.env["PRED_PRIVATE_KEY"] = u.ok("wallet", "new", "-q").stdout[:66]
	}
	return u
}

// run runs one pred command line.
func (u *user) run(args ...string) result {
	var out, errOut bytes.Buffer
	getenv := func(name string) (string, bool) {
		v, ok := u.env[name]
		return v, ok
	}
	code := predcli.Run(context.Background(), args, predcli.Env{Stdout: &out, Stderr: &errOut, Getenv: getenv, CacheDir: u.cache})
	return result{code: code, stdout: out.String(), stderr: errOut.String()}
}

// ok runs a command that must succeed.
func (u *user) ok(args ...string) result {
	u.t.Helper()
	r := u.run(args...)
	if r.code != predcli.ExitOK {
		u.t.Fatalf("pred %s: exit %d\nstdout: %s\nstderr: %s", strings.Join(args, " "), r.code, r.stdout, r.stderr)
	}
	return r
}

// fails runs a command that must exit with code, printing want on stderr.
func (u *user) fails(code int, want string, args ...string) result {
	u.t.Helper()
	r := u.run(args...)
	if r.code != code || !strings.Contains(r.stderr, want) {
		u.t.Fatalf("pred %s: exit %d, stderr %q; want exit %d and %q", strings.Join(args, " "), r.code, r.stderr, code, want)
	}
	return r
}

// json runs a command with --json and decodes its stdout into v.
func (u *user) json(v any, args ...string) {
	u.t.Helper()
	r := u.ok(append(args, "--json")...)
	if err := json.Unmarshal([]byte(r.stdout), v); err != nil {
		u.t.Fatalf("pred %s --json: %v\n%s", strings.Join(args, " "), err, r.stdout)
	}
}

// eventually runs a command until its stdout matches re: reads of
// another wallet's orders are eventually consistent across wallets.
func (u *user) eventually(re string, args ...string) result {
	u.t.Helper()
	pattern := regexp.MustCompile(re)
	var r result
	eventually.NoError(u.t, "pred "+strings.Join(args, " ")+" prints what the test expects", func() error {
		if r = u.ok(args...); !pattern.MatchString(r.stdout) {
			return fmt.Errorf("the output does not match %q:\n%s", re, r.stdout)
		}
		return nil
	})
	return r
}

func market(i int) devnet.Market { return net.Markets[i] }

// TestDevnetDefaults: pred needs no flags against `make run`.
func TestDevnetDefaults(t *testing.T) {
	if predcli.DefaultURL != "http://"+devnet.DefaultAPIAddr || predcli.DefaultGammaURL != "http://"+devnet.DefaultGammaAddr ||
		predcli.DefaultRelayerURL != "http://"+devnet.DefaultRelayerAddr {
		t.Fatalf("pred's defaults (%s, %s, %s) are not the devnet's", predcli.DefaultURL, predcli.DefaultGammaURL, predcli.DefaultRelayerURL)
	}
}

func TestWallet(t *testing.T) {
	u := newUser(t, false)
	r := u.ok("wallet", "new")
	m := regexp.MustCompile(`address\s+(0x[0-9a-fA-F]{40})\nprivate_key\s+(0x[0-9a-f]{64})\n`).FindStringSubmatch(r.stdout)
	if m == nil || !strings.Contains(r.stderr, "export PRED_PRIVATE_KEY="+m[2]) {
		t.Fatalf("wallet new printed\n%s\nstderr %s", r.stdout, r.stderr)
	}
	if got := u.ok("wallet", "address", "--private-key", m[2]).stdout; got != m[1]+"\n" {
		t.Fatalf("wallet address of the new key: %q, want %s", got, m[1])
	}
	var w predcli.Wallet
	u.json(&w, "wallet", "new")
	if len(w.PrivateKey) != 66 || len(w.Address) != 42 {
		t.Fatalf("wallet new --json: %+v", w)
	}
	if r := u.ok("wallet", "new", "-q"); len(strings.TrimSpace(r.stdout)) != 66 || r.stderr != "" {
		t.Fatalf("wallet new -q: stdout %q stderr %q, want only the key", r.stdout, r.stderr)
	}
}

func TestKeys(t *testing.T) {
	u := newUser(t, true)
	u.fails(predcli.ExitError, "API_KEY_NOT_FOUND (HTTP 404)", "keys", "derive")
	var created, derived clobapi.APICreds
	u.json(&created, "keys", "create")
	u.json(&derived, "keys", "derive")
	if created.APIKey == "" || created != derived {
		t.Fatalf("keys create %+v, derive %+v: want the same credentials", created, derived)
	}
	if r := u.ok("keys", "list"); !strings.Contains(r.stdout, created.APIKey) {
		t.Fatalf("keys list lacks %s:\n%s", created.APIKey, r.stdout)
	}
	var other, newest, named clobapi.APICreds
	u.json(&other, "keys", "create")
	u.json(&newest, "keys", "derive")
	u.json(&named, "keys", "derive", created.APIKey)
	if other.APIKey == created.APIKey || newest != other || named != created {
		t.Fatalf("second key %+v; derive gave %+v (want the newest) and %+v by name", other, newest, named)
	}
	var revoked clobapi.RevokeAPIKeyResponse
	u.json(&revoked, "keys", "revoke", other.APIKey)
	if !revoked.Revoked || revoked.APIKey != other.APIKey {
		t.Fatalf("keys revoke: %+v", revoked)
	}
	u.fails(predcli.ExitError, "API_KEY_REVOKED (HTTP 400)", "keys", "derive", other.APIKey)
	u.fails(predcli.ExitUsage, "<api key>", "keys", "revoke")
	var keys []clobapi.APIKeyInfo
	u.json(&keys, "keys", "list")
	if len(keys) != 1 || keys[0].APIKey != created.APIKey {
		t.Fatalf("keys list after the revoke: %+v, want only %s", keys, created.APIKey)
	}
}

// TestTrading runs a trade through the CLI and reads it back every way
// pred can.
func TestTrading(t *testing.T) {
	alice, bob := newUser(t, true), newUser(t, true)
	m := market(0)
	yes, no := m.YesTokenID(), m.NoTokenID()
	// The engine takes a proxy wallet's orders once it has seen it
	// deployed; the approvals let the trade settle.
	alice.ok("wallet", "approve")
	bob.ok("wallet", "approve")
	alice.ok("faucet", "100")
	var credit clobapi.FaucetResponse
	bob.json(&credit, "faucet", "100")
	if credit.Balance != "100" {
		t.Fatalf("faucet --json: %+v", credit)
	}

	bidID := strings.TrimSpace(alice.ok("order", "buy", yes, "0.40", "10", "-q").stdout)
	alice.eventually(`bid\s+0\.4\s+10\n`, "book", yes)
	var took clobapi.OrderResponse
	bob.json(&took, "order", "buy", no, "0.60", "10", "--type", "FOK")
	if took.Status != clobapi.InsertStatusMatched {
		t.Fatalf("bob's FOK: %+v", took)
	}
	alice.eventually(`MAKER\s+BUY\s+0\.4\s+10\s+0\s+MINT`, "trades")
	alice.ok("balance", yes)

	// Alice offers half her YES shares; they are locked while it rests.
	ask := alice.ok("order", "sell", yes, "0.55", "5")
	askID := regexp.MustCompile(`order_id\s+(0x[0-9a-f]{64})`).FindStringSubmatch(ask.stdout)
	if askID == nil || !strings.Contains(ask.stdout, "live") {
		t.Fatalf("order sell:\n%s", ask.stdout)
	}
	var bal predcli.Balance
	alice.json(&bal, "balance", yes)
	if bal.Asset != yes || bal.Balance != "10" || bal.Locked != "5" {
		t.Fatalf("balance of YES while the ask rests: %+v", bal)
	}
	if r := alice.ok("orders", "list"); !strings.Contains(r.stdout, askID[1]) || strings.Contains(r.stdout, bidID) {
		t.Fatalf("orders list shows\n%s\nwant the live ask only", r.stdout)
	}
	var all []clobapi.OpenOrder
	alice.json(&all, "orders", "list", "--all", "--market", m.ConditionIDHex())
	if len(all) != 2 {
		t.Fatalf("orders list --all: %d orders, want 2", len(all))
	}
	if r := alice.ok("orders", "cancel", askID[1]); !strings.Contains(r.stdout, askID[1]+"  canceled") {
		t.Fatalf("orders cancel:\n%s", r.stdout)
	}
	r := alice.fails(predcli.ExitError, "", "orders", "cancel", askID[1])
	if !strings.Contains(r.stdout, "not canceled") {
		t.Fatalf("cancelling twice:\n%s", r.stdout)
	}
	var trades []clobapi.Trade
	bob.json(&trades, "trades", "--token", no)
	if len(trades) != 1 || trades[0].TraderSide != "TAKER" || trades[0].Fee != "0.06" {
		t.Fatalf("bob's trades: %+v", trades)
	}
	var book clobapi.OrderBookSummary
	bob.json(&book, "book", no)
	if book.Market != m.ConditionIDHex() || book.MinOrderSize != "5" {
		t.Fatalf("book --json: %+v", book)
	}
}

func TestCancelMarketAndAll(t *testing.T) {
	u := newUser(t, true)
	u.ok("wallet", "approve") // deploys the wallet and approves the exchanges
	u.ok("faucet", "50")
	for i := range 2 {
		u.ok("order", "buy", market(i).YesTokenID(), "0.10", "5")
		u.ok("order", "buy", market(i).NoTokenID(), "0.10", "5")
	}
	var r clobapi.CancelResponse
	u.json(&r, "orders", "cancel", "--market", market(0).Slug) // a slug, or the condition id
	if len(r.Canceled) != 2 || len(r.NotCanceled) != 0 {
		t.Fatalf("cancel --market: %+v", r)
	}
	if out := u.ok("orders", "cancel", "--all").stdout; strings.Count(out, "canceled") != 2 {
		t.Fatalf("cancel --all:\n%s", out)
	}
	if r := u.ok("orders", "cancel", "--all"); r.stdout != "" || !strings.Contains(r.stderr, "no open orders") {
		t.Fatalf("cancel --all with nothing open: %+v", r)
	}
}

func TestErrors(t *testing.T) {
	u := newUser(t, true)
	yes := market(0).YesTokenID()
	u.ok("wallet", "approve") // deploys the wallet and approves the exchanges
	u.ok("faucet", "10")
	r := u.fails(predcli.ExitError, "pred: INVALID_ORDER_MIN_TICK_SIZE (HTTP 400): ", "order", "buy", yes, "0.405", "10")
	if r.stdout != "" {
		t.Fatalf("an error printed on stdout: %q", r.stdout)
	}
	r = u.fails(predcli.ExitError, `"code":"INVALID_ORDER_NOT_ENOUGH_BALANCE"`, "order", "buy", yes, "0.90", "100", "--json")
	var body struct {
		Code   string `json:"code"`
		Status int    `json:"status"`
	}
	if err := json.Unmarshal([]byte(r.stderr), &body); err != nil || body.Status != 400 {
		t.Fatalf("--json error %q: %v", r.stderr, err)
	}
	u.fails(predcli.ExitError, "TOKEN_NOT_FOUND (HTTP 404)", "book", strings.Repeat("12345", 10))
	u.fails(predcli.ExitUsage, "is not a token id", "book", "12345")
	u.fails(predcli.ExitError, "FOK_ORDER_NOT_FILLED_ERROR", "order", "buy", yes, "0.50", "5", "--type", "fok")
	u.fails(predcli.ExitError, "INVALID_ORDER_EXPIRATION", "order", "buy", yes, "0.20", "5", "--type", "GTD", "--expiration", "1")
	down := newUser(t, false)
	down.env["PRED_URL"] = "http://127.0.0.1:1"
	down.fails(predcli.ExitError, "Start a devnet with 'make run'", "book", yes)
}

func TestUsage(t *testing.T) {
	u := newUser(t, false)
	for _, c := range []struct {
		want string
		args []string
	}{
		{`unknown command "frobnicate" for "pred"`, []string{"frobnicate"}},
		{`unknown command "frob" for "pred keys": it has create, derive, list, revoke`, []string{"keys", "frob"}},
		{"usage: pred order buy (<token> | <market> <outcome>) <price> <size>", []string{"order", "buy", "1", "0.4"}},
		{"unknown flag: --all", []string{"order", "buy", "1", "0.4", "5", "--all"}},
		{"needs your wallet", []string{"order", "buy", "1", "0.4", "5"}},
		{"give all three of --api-key", []string{"balance", "--api-key", "x"}},
		{"exactly one of them", []string{"orders", "cancel"}},
		{"exactly one of them", []string{"orders", "cancel", "0x01", "--all"}},
		{"not 64 hex digits", []string{"wallet", "address", "--private-key", "0x12"}},
		{"is not a token id", []string{"book", "1"}},
		{"--outcome needs --market", []string{"trades", "--outcome", "yes", "--api-key", "k", "--secret", "s", "--passphrase", "p"}},
		{`"30s" is a duration: write it --wait=30s`, []string{"tx", "--wait", "--no-wait", "30s", "x"}},
		{"PRED_TIMEOUT=\"soon\"", []string{"wallet", "new"}},
	} {
		if strings.Contains(c.want, "PRED_TIMEOUT") {
			u.env["PRED_TIMEOUT"] = "soon"
		}
		u.fails(predcli.ExitUsage, c.want, c.args...)
		delete(u.env, "PRED_TIMEOUT")
	}
}

// TestEnvironment: global flags fall back to PRED_* variables, the
// command line wins, and command flags have no fallback.
func TestEnvironment(t *testing.T) {
	u := newUser(t, true)
	fromEnv := u.ok("wallet", "address").stdout
	otherKey := strings.TrimSpace(u.ok("wallet", "new", "-q").stdout)
	if fromFlag := u.ok("wallet", "address", "--private-key", otherKey).stdout; fromFlag == fromEnv {
		t.Fatal("--private-key did not win over PRED_PRIVATE_KEY")
	}
	u.env["PRED_ALL"] = "true"
	u.fails(predcli.ExitUsage, "exactly one of them", "orders", "cancel")

	// Credentials given outright need no private key and no L1 call.
	var creds clobapi.APICreds
	u.json(&creds, "keys", "create")
	keyless := newUser(t, false)
	keyless.env["PRED_API_KEY"], keyless.env["PRED_SECRET"], keyless.env["PRED_PASSPHRASE"] = creds.APIKey, creds.Secret, creds.Passphrase
	keyless.eventually(`asset\s+USDW`, "balance")
	keyless.fails(predcli.ExitUsage, "needs your wallet", "order", "buy", market(0).YesTokenID(), "0.4", "5")
	keyless.env["PRED_JSON"] = "true"
	var keys []clobapi.APIKeyInfo
	if err := json.Unmarshal([]byte(keyless.ok("keys", "list").stdout), &keys); err != nil || len(keys) != 1 {
		t.Fatalf("PRED_JSON=true keys list: %+v %v", keys, err)
	}
}

// TestCredentialsCache: derived credentials are cached, readable by the
// user only; credentials the server refuses are derived anew, once.
func TestCredentialsCache(t *testing.T) {
	u := newUser(t, true)
	u.ok("balance")
	files, err := filepath.Glob(filepath.Join(u.cache, "creds", "*.json"))
	if err != nil || len(files) != 1 {
		t.Fatalf("cache files %v (%v), want one", files, err)
	}
	if fi, err := os.Stat(files[0]); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("cache file mode %v (%v), want 0600", fi.Mode(), err)
	}
	var creds clobapi.APICreds
	u.json(&creds, "keys", "derive")
	// A damaged cache: the wrong secret is refused, and pred derives again.
	damaged := creds
	damaged.Secret = strings.Repeat("A", 43) + "="
	writeJSON(t, files[0], damaged)
	u.ok("balance")
	var repaired clobapi.APICreds
	readJSON(t, files[0], &repaired)
	if repaired != creds {
		t.Fatalf("the cache holds %+v after the retry, want %+v", repaired, creds)
	}
	// Many runs in one second need a single L1 signature: the cache's reason.
	for range 8 {
		u.ok("orders", "list")
	}
	// A revoked key is refused; pred then derives the wallet's newest
	// active key, and with none left creates one, once.
	u.ok("keys", "revoke", creds.APIKey)
	u.ok("balance")
	var fresh clobapi.APICreds
	readJSON(t, files[0], &fresh)
	if fresh.APIKey == "" || fresh.APIKey == creds.APIKey {
		t.Fatalf("the cache holds %+v after the revoke, want a new key", fresh)
	}
}

func writeJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatal(err)
	}
}

// TestGammaVerbs: pred finds events, markets and games on the Gamma API,
// prints a market's token ids for a script, and logs in.
func TestGammaVerbs(t *testing.T) {
	u := newUser(t, false)
	m := market(0)
	if out := u.ok("events").stdout; !strings.Contains(out, "lisbon-weather-tomorrow") || !strings.Contains(out, "lisbon-mayor-2026") {
		t.Fatalf("events:\n%s", out)
	}
	if out := u.ok("events", "lisbon-mayor-2026").stdout; strings.Count(out, "lisbon-mayor-2026-") != 4 || !strings.Contains(out, "neg_risk   true") {
		t.Fatalf("events lisbon-mayor-2026:\n%s", out)
	}
	if out := u.ok("markets").stdout; !strings.Contains(out, m.Slug) || !strings.Contains(out, m.Question) {
		t.Fatalf("markets:\n%s", out)
	}
	if got := u.ok("markets", m.Slug, "--outcome", "yes", "-q").stdout; got != m.YesTokenID()+"\n" {
		t.Fatalf("markets %s --outcome yes -q: %q, want %s", m.Slug, got, m.YesTokenID())
	}
	if got := u.ok("markets", m.ID, "-q").stdout; got != m.YesTokenID()+"\n"+m.NoTokenID()+"\n" {
		t.Fatalf("markets %s -q: %q", m.ID, got)
	}
	var gm gammaapi.Market
	u.json(&gm, "markets", m.Slug)
	if gm.ConditionID != m.ConditionIDHex() || gm.NoToken() != m.NoTokenID() {
		t.Fatalf("markets --json: %+v", gm)
	}
	if out := u.ok("markets", "nba-lal-bos-demo-winner").stdout; !strings.Contains(out, "lakers_token") {
		t.Fatalf("a market's outcomes name its tokens:\n%s", out)
	}
	if out := u.ok("games").stdout; !strings.Contains(out, "Los Angeles Lakers") || !strings.Contains(out, "pre-game") {
		t.Fatalf("games:\n%s", out)
	}
	u.fails(predcli.ExitError, "MARKET_NOT_FOUND (HTTP 404)", "markets", "no-such-market")
	u.fails(predcli.ExitUsage, `has no outcome "maybe": use yes, no`, "markets", m.Slug, "--outcome", "maybe")
	// --outcome without -q prints that outcome's token, not the market.
	if out := u.ok("markets", m.Slug, "--outcome", "no").stdout; !regexp.MustCompile(`outcome\s+No\ntoken\s+` + m.NoTokenID() + `\n`).MatchString(out) {
		t.Fatalf("markets %s --outcome no:\n%s", m.Slug, out)
	}
	var ot predcli.OutcomeToken
	u.json(&ot, "markets", "nba-lal-bos-demo-winner", "--outcome", "celtics")
	if ot.Outcome != "Celtics" || ot.TokenID == "" || ot.Market != "nba-lal-bos-demo-winner" {
		t.Fatalf("markets --outcome celtics --json: %+v", ot)
	}
	u.fails(predcli.ExitUsage, "needs your wallet", "login")

	trader := newUser(t, true)
	var res predcli.LoginResult
	trader.json(&res, "login")
	if strings.Count(res.Token, ".") != 2 || res.ExpiresAt.Before(time.Now()) {
		t.Fatalf("login: %+v", res)
	}
	files, err := filepath.Glob(filepath.Join(trader.cache, "tokens", "*.json"))
	if err != nil || len(files) != 1 {
		t.Fatalf("token cache files %v (%v), want one", files, err)
	}
	if tok := strings.TrimSpace(trader.ok("login", "-q").stdout); strings.Count(tok, ".") != 2 {
		t.Fatalf("login -q: %q", tok)
	}
}

// TestGameGTDOrder: pred order buy --game places the spec's safety net, a
// GTD order expiring at the game's scheduledAt minus 900 seconds, and
// refuses a token that is not on one of the game's markets.
func TestGameGTDOrder(t *testing.T) {
	u := newUser(t, true)
	// From the key's own address (--eoa): the order's checks are the
	// game's, not the proxy wallet's deployment.
	u.env["PRED_EOA"] = "true"
	u.ok("faucet", strings.TrimSpace(u.ok("wallet", "address", "-q").stdout), "100")
	// An EOA approves the exchanges itself, with the coin the devnet's
	// faucet gave it; pred waits until the exchange has seen it.
	var approval predcli.EOAApproval
	u.json(&approval, "wallet", "approve")
	if len(approval.Transactions) != 4 {
		t.Fatalf("the EOA's approvals: %+v, want four transactions", approval)
	}
	var games []gammaapi.Game
	u.json(&games, "games")
	if len(games) == 0 {
		t.Fatal("the devnet has no game")
	}
	g := games[0]
	var winner, other devnet.Market
	for _, m := range net.Markets {
		switch m.EventSlug {
		case "nba-lal-bos-demo":
			winner = m
		case "lisbon-weather-tomorrow":
			other = m
		}
	}
	id := strings.TrimSpace(u.ok("order", "buy", winner.YesToken, "0.40", "5", "--game", g.ID, "-q").stdout)
	var orders []clobapi.OpenOrder
	u.json(&orders, "orders", "list")
	want := fmt.Sprint(g.ScheduledAt.Add(-900 * time.Second).Unix())
	found := false
	for _, o := range orders {
		if o.ID == id {
			found = true
			if o.OrderType != "GTD" || o.Expiration != want {
				t.Fatalf("the game's order: %s expiring %s, want GTD expiring %s", o.OrderType, o.Expiration, want)
			}
		}
	}
	if !found {
		t.Fatalf("order %s is not listed", id)
	}
	u.fails(predcli.ExitError, "is not traded on a market of game", "order", "buy", other.YesToken, "0.40", "5", "--game", g.ID)
	u.fails(predcli.ExitUsage, "--game sets the order type", "order", "buy", winner.YesToken, "0.40", "5", "--game", g.ID, "--type", "FOK")
}
