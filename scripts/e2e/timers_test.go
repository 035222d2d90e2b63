package e2e

import (
	"context"
	"testing"
	"time"

	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/runtime/eventually"
	"pred.dev/scripts/devnet"
)

// heartbeatTimeout is the engine's dead-man switch in the heartbeat test,
// far shorter than the production 10 s so the test is quick; the engine
// time that measures it comes from the log, so a slow machine cannot
// make it fire early.
const heartbeatTimeout = time.Second

// heartbeatsSent is how many heartbeats the trader sends before going
// silent.
const heartbeatsSent = 3

// TestHeartbeatDeadManSwitch: a key that sent heartbeats and then stops
// loses its orders once the timeout passes; a key that never sent one
// keeps its orders.
func TestHeartbeatDeadManSwitch(t *testing.T) {
	t.Parallel()
	n := startNet(t, func(c *devnet.Config) { c.HeartbeatTimeout = heartbeatTimeout })
	ctx := context.Background()
	m := n.market(0)
	watched, unwatched := n.trader("100"), n.trader("100")
	guarded := watched.buy(t, m.YesTokenID(), "0.30", "10")
	kept := unwatched.buy(t, m.YesTokenID(), "0.31", "10")
	for range heartbeatsSent {
		if _, err := watched.PostHeartbeat(ctx); err != nil {
			t.Fatalf("heartbeat: %v", err)
		}
	}
	eventually.True(t, "the silent key's order is cancelled", func() bool {
		return watched.order(t, guarded.OrderID).Status == "CANCELED"
	})
	if o := watched.order(t, guarded.OrderID); o.CancelReason != "HEARTBEAT" {
		t.Errorf("cancel reason %q, want HEARTBEAT", o.CancelReason)
	}
	wantBalance(t, "the silent key's USDW", watched.balance(t, ""), "100", "0")
	if s := unwatched.order(t, kept.OrderID).Status; s != "LIVE" {
		t.Errorf("the order of a key that never sent heartbeats is %s, want LIVE", s)
	}
}

// TestGTDExpiry: a GTD order leaves the book at its signed expiration, not
// before, on the engine's next tick; it reads CANCELED with reason EXPIRED
// and its funds are released.
func TestGTDExpiry(t *testing.T) {
	t.Parallel()
	n := startNet(t)
	m := n.market(1)
	tr := n.trader("100")
	// Five seconds leave room for a slow request (the gateway refuses an
	// expiration that has passed by its own clock).
	exp := time.Now().Unix() + 5
	placed := tr.buy(t, m.YesTokenID(), "0.25", "10", func(a *client.OrderArgs) {
		a.OrderType, a.Expiration = "GTD", exp
	})
	if placed.Status != clobapi.InsertStatusLive {
		t.Fatalf("GTD order is %s, want live", placed.Status)
	}
	eventually.True(t, "the GTD order expired", func() bool {
		return tr.order(t, placed.OrderID).Status == "CANCELED"
	})
	if now := time.Now().Unix(); now < exp {
		t.Errorf("the order expired at %d, before its expiration %d", now, exp)
	}
	o := tr.order(t, placed.OrderID)
	if o.OrderType != "GTD" || o.Expiration == "0" || o.CancelReason != "EXPIRED" {
		t.Errorf("expired order %+v, want GTD with its expiration and cancel reason EXPIRED", o)
	}
	wantBalance(t, "USDW after expiry", tr.balance(t, ""), "100", "0")
	book, err := tr.GetBook(context.Background(), m.YesTokenID())
	if err != nil || len(book.Bids) != 0 {
		t.Errorf("book after expiry: bids %v (%v), want none", book.Bids, err)
	}
}
