package lease

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/runtime/natstest"
)

// waitMax bounds every wait so that a bug hangs a test for a while instead
// of forever. It is a safety net, not an assertion: no test here measures
// time.
const waitMax = 30 * time.Second

func newJS(t *testing.T) jetstream.JetStream {
	t.Helper()
	js, err := jetstream.New(natstest.Connect(t, natstest.Start(t)))
	if err != nil {
		t.Fatal(err)
	}
	return js
}

func open(t *testing.T, js jetstream.JetStream, holder string, ttl time.Duration) *Lease {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitMax)
	defer cancel()
	l, err := Open(ctx, js, Config{Bucket: "TEST_LEASE", Key: "holder", Holder: holder, TTL: ttl})
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// acquireAsync campaigns in the background; the channel receives whether
// the lease was won.
func acquireAsync(t *testing.T, ctx context.Context, l *Lease) <-chan bool {
	won := make(chan bool, 1)
	go func() {
		ok, err := l.Acquire(ctx)
		if err != nil {
			t.Errorf("acquire: %v", err)
		}
		won <- ok
	}()
	return won
}

func mustWin(t *testing.T, won <-chan bool, what string) {
	t.Helper()
	select {
	case ok := <-won:
		if !ok {
			t.Fatalf("%s: the campaign ended without the lease", what)
		}
	case <-time.After(waitMax):
		t.Fatalf("%s: no lease after %s", what, waitMax)
	}
}

// TestReleaseHandsOverAtOnce: with a TTL of an hour, neither expiry nor
// the quarter-TTL retry can hand the lease over during the test; the
// second process gets it because it watches the key and sees the release.
func TestReleaseHandsOverAtOnce(t *testing.T) {
	js := newJS(t)
	a, b := open(t, js, "a", time.Hour), open(t, js, "b", time.Hour)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	mustWin(t, acquireAsync(t, ctx, a), "first holder")
	won := acquireAsync(t, ctx, b)
	held := make(chan error, 1)
	hctx, stopHolding := context.WithCancel(ctx)
	go func() { held <- a.Hold(hctx) }()
	stopHolding() // a stops cleanly: Hold releases
	if err := <-held; err != nil {
		t.Fatalf("Hold after a clean stop: %v", err)
	}
	mustWin(t, won, "after the release")
	entry, err := b.kv.Get(ctx, "holder")
	if err != nil || string(entry.Value()) != "b" {
		t.Fatalf("the key holds %v (%v), want b", entry, err)
	}
}

// TestExpiryHandsOver: a holder that never renews (it crashed) loses the
// lease once its entry expires, and the waiting process takes it.
func TestExpiryHandsOver(t *testing.T) {
	js := newJS(t)
	a, b := open(t, js, "a", TTLMin), open(t, js, "b", TTLMin)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	mustWin(t, acquireAsync(t, ctx, a), "first holder")
	mustWin(t, acquireAsync(t, ctx, b), "after the expiry")
}

// TestHoldKeepsTheLease: while the holder renews, another process does not
// get the lease. The test counts the holder's renewals on a watch of the
// key rather than sleeping: after four, more than a TTL has passed since
// the lease was taken, so the entry would have expired without them and
// the other process (retrying every quarter TTL) would have won.
func TestHoldKeepsTheLease(t *testing.T) {
	js := newJS(t)
	a, b := open(t, js, "a", TTLMin), open(t, js, "b", TTLMin)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	mustWin(t, acquireAsync(t, ctx, a), "first holder")
	w, err := a.kv.Watch(ctx, "holder", jetstream.UpdatesOnly())
	if err != nil {
		t.Fatal(err)
	}
	defer w.Stop()
	held := make(chan error, 1)
	go func() { held <- a.Hold(ctx) }()
	won := acquireAsync(t, ctx, b)
	for renewals := 0; renewals < 4; {
		select {
		case e := <-w.Updates():
			if e != nil && e.Operation() == jetstream.KeyValuePut && string(e.Value()) == "a" {
				renewals++
			}
		case ok := <-won:
			t.Fatalf("the other process won (%v) while the holder renewed (after %d renewals)", ok, renewals)
		case err := <-held:
			t.Fatalf("Hold ended: %v", err)
		case <-time.After(waitMax):
			t.Fatalf("only %d renewals", renewals)
		}
	}
	select {
	case ok := <-won:
		t.Fatalf("the other process won (%v) while the holder renewed", ok)
	default:
	}
}

// TestHoldReportsLoss: a holder whose key was taken over (here written by
// hand, as a process would after the entry expired) learns it at its next
// renewal.
func TestHoldReportsLoss(t *testing.T) {
	js := newJS(t)
	a := open(t, js, "a", TTLMin)
	ctx, cancel := context.WithTimeout(context.Background(), waitMax)
	defer cancel()
	mustWin(t, acquireAsync(t, ctx, a), "first holder")
	if _, err := a.kv.Put(ctx, "holder", []byte("usurper")); err != nil {
		t.Fatal(err)
	}
	if err := a.Hold(ctx); !errors.Is(err, ErrLost) {
		t.Fatalf("Hold after a takeover: %v, want ErrLost", err)
	}
}

func TestConfigChecks(t *testing.T) {
	js := newJS(t)
	ctx := context.Background()
	if _, err := Open(ctx, js, Config{Bucket: "B", Key: "k", TTL: TTLMin / 2}); err == nil {
		t.Error("a TTL below TTLMin was accepted")
	}
	if _, err := Open(ctx, js, Config{Key: "k", TTL: TTLMin}); err == nil {
		t.Error("a lease without a bucket was accepted")
	}
	l := open(t, js, "a", TTLMin)
	if err := l.Hold(ctx); err == nil {
		t.Error("Hold without Acquire succeeded")
	}
	l.Release() // not held: a no-op
}
