package predcli_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"pred.dev/proto/runtime/eventually"
	"pred.dev/scripts/devnet"
	"pred.dev/scripts/predcli"
)

// syncBuffer is a buffer a running command writes while the test reads.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// running is a pred command running until stopped (a watch).
type running struct {
	t              *testing.T
	args           []string
	stdout, stderr *syncBuffer
	stop           context.CancelFunc
	code           chan int
}

// start runs a pred command line in the background; the test ends it
// with end or waits for it with exit.
func (u *user) start(args ...string) *running {
	ctx, cancel := context.WithCancel(context.Background())
	r := &running{t: u.t, args: args, stdout: &syncBuffer{}, stderr: &syncBuffer{}, stop: cancel, code: make(chan int, 1)}
	getenv := func(name string) (string, bool) {
		v, ok := u.env[name]
		return v, ok
	}
	go func() {
		r.code <- predcli.Run(ctx, args, predcli.Env{Stdout: r.stdout, Stderr: r.stderr, Getenv: getenv, CacheDir: u.cache})
	}()
	u.t.Cleanup(cancel)
	return r
}

// wait returns once the command's output (stdout or stderr) matches re,
// and the match's submatches.
func (r *running) wait(out *syncBuffer, re string) []string {
	r.t.Helper()
	pattern := regexp.MustCompile(re)
	var m []string
	eventually.NoError(r.t, "pred "+strings.Join(r.args, " ")+" prints "+re, func() error {
		if m = pattern.FindStringSubmatch(out.String()); m == nil {
			return fmt.Errorf("no match of %q in stdout:\n%s\nstderr:\n%s", re, r.stdout.String(), r.stderr.String())
		}
		return nil
	})
	return m
}

// end interrupts the command (Ctrl-C) and requires it to exit 0.
func (r *running) end() {
	r.t.Helper()
	r.stop()
	if code := <-r.code; code != predcli.ExitOK {
		r.t.Fatalf("pred %s: exit %d after the interrupt\nstdout: %s\nstderr: %s", strings.Join(r.args, " "), code, r.stdout, r.stderr)
	}
}

// TestWatchGame: pred watch game follows the demo game's status and score
// from Gamma's sports channel, a line at each change, until interrupted;
// with --count it stops by itself.
func TestWatchGame(t *testing.T) {
	op := newUser(t, false)
	op.env["PRED_OPERATOR_KEY"] = devnet.OperatorKey
	slug := strings.TrimSpace(op.ok("admin", "demo-game", "-q").stdout)
	w := op.start("watch", "game", slug)
	w.wait(w.stdout, `Los Angeles Lakers  0-0 Boston Celtics pre-game  nba\n`)
	op.ok("admin", "scores", slug, "live", "0", "0")
	w.wait(w.stdout, `0-0 Boston Celtics live`)
	op.ok("admin", "scores", slug, "live", "2", "1")
	w.wait(w.stdout, `Los Angeles Lakers  2-1 Boston Celtics live  nba\n`)
	w.end()
	if n := strings.Count(w.stdout.String(), "\n"); n != 3 {
		t.Errorf("pred watch game printed %d lines, want one per state:\n%s", n, w.stdout)
	}

	var once struct {
		GameID string `json:"gameId"`
		Score  string `json:"score"`
	}
	op.json(&once, "watch", "game", slug, "--count", "1")
	if once.Score != "2-1" || once.GameID == "" {
		t.Fatalf("watch game --count 1 --json: %+v", once)
	}
	op.fails(predcli.ExitError, "GAME_NOT_FOUND", "watch", "game", "999999")
}

// TestWatchOrdersTradesBook: the maker follows her orders and trades
// (the user channel, with her L2 credentials) while she bids and a taker
// fills her; the book's watch redraws her bids live, its hash checked.
func TestWatchOrdersTradesBook(t *testing.T) {
	alice, bob := newUser(t, true), newUser(t, true)
	m := market(1)
	yes, no := m.YesTokenID(), m.NoTokenID()
	alice.ok("wallet", "approve")
	bob.ok("wallet", "approve")
	alice.ok("faucet", "100")
	bob.ok("faucet", "100")

	orders := alice.start("watch", "orders", "--market", m.ConditionIDHex())
	trades := alice.start("watch", "trades")
	orders.wait(orders.stderr, `following the user channel from position \d+`)
	trades.wait(trades.stderr, `following the user channel from position \d+`)

	id := strings.TrimSpace(alice.ok("order", "buy", yes, "0.31", "7", "-q").stdout)
	orders.wait(orders.stdout, `(?i)order `+regexp.QuoteMeta(short(id))+`\s+PLACEMENT\s+live\s+remaining 7\s+BUY 7 at 0\.31 GTC`)

	// The snapshot with her bid, then a second bid and its cancellation
	// live, the book's hash checked at every message.
	book := bob.start("watch", "book", yes, "--depth", "3")
	book.wait(book.stdout, `position \d+  hash ok  mismatches 0  connects 1\nSIDE\s+PRICE\s+SIZE\n(?:.*\n)*bid\s+0\.31\s+7\n`)
	second := strings.TrimSpace(alice.ok("order", "buy", yes, "0.32", "5", "-q").stdout)
	book.wait(book.stdout, `position \d+  hash ok  mismatches 0  connects 1\nSIDE\s+PRICE\s+SIZE\n(?:ask.*\n)*bid\s+0\.32\s+5\nbid\s+0\.31\s+7\n`)
	alice.ok("orders", "cancel", second)
	book.wait(book.stdout, `position \d+  hash ok  mismatches 0  connects 1\nSIDE\s+PRICE\s+SIZE\n(?:ask.*\n)*bid\s+0\.31\s+7\n\n$`)
	book.end()

	bob.ok("order", "buy", no, "0.69", "7", "--type", "FOK")
	orders.wait(orders.stdout, `(?i)PLACEMENT(?:.*\n)+.*order `+regexp.QuoteMeta(short(id))+`\s+FILL\s+matched\s+remaining 0\s+trade \S+`)
	trades.wait(trades.stdout, `(?i)trade \S+\s+MATCHED\s+MAKER\s+BUY 7 at 0\.31\s+order `+regexp.QuoteMeta(short(id)))
	orders.end()
	trades.end()
	if strings.Contains(orders.stdout.String(), "market ") && !strings.Contains(orders.stdout.String(), short(m.ConditionIDHex())) {
		t.Errorf("watch orders --market showed another market's change:\n%s", orders.stdout)
	}
}

// short is how pred's text output abbreviates an id.
func short(id string) string { return id[:6] + "..." + id[len(id)-6:] }

// TestWatchSaysWhy: a watch that cannot connect says why on stderr,
// each reason once however often the stream dials again, and keeps
// trying until interrupted; a refusal a new connection will not cure
// (a URL that serves no stream, bad credentials) ends it with the
// reason and exit 1.
func TestWatchSaysWhy(t *testing.T) {
	var dials atomic.Int32
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		dials.Add(1)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = io.WriteString(w, `{"error":"this replica is shutting down","code":"STREAM_SHUTTING_DOWN"}`)
	}))
	defer down.Close()
	yes := market(1).YesTokenID()

	u := newUser(t, false)
	u.env["PRED_URL"] = down.URL
	w := u.start("watch", "book", yes, "-q")
	w.wait(w.stderr, `pred: reconnecting: stream: upgrade refused: HTTP 503: .*STREAM_SHUTTING_DOWN`)
	eventually.True(t, "the watch dials again and again", func() bool { return dials.Load() >= 3 })
	w.end()
	if n := strings.Count(w.stderr.String(), "reconnecting"); n != 1 {
		t.Errorf("after %d dials refused alike, %d reconnection lines, want 1:\n%s", dials.Load(), n, w.stderr)
	}

	u.env["PRED_URL"] = net.GammaURL // serves no /ws/market
	u.fails(predcli.ExitError, "upgrade refused: HTTP 404", "watch", "book", yes)

	alice := newUser(t, true)
	alice.env["PRED_API_KEY"] = "00000000-0000-4000-8000-000000000000"
	alice.env["PRED_SECRET"] = "c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0MTI="
	alice.env["PRED_PASSPHRASE"] = "passphrase"
	alice.fails(predcli.ExitError, "closed by the server: 1008", "watch", "orders")
}
