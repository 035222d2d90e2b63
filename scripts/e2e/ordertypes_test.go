package e2e

import (
	"context"
	"testing"

	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
)

func orderType(t string) func(*client.OrderArgs) {
	return func(a *client.OrderArgs) { a.OrderType = t }
}

// TestFOKAndFAK: a FOK order fills completely or is refused with nothing
// changed; a FAK order fills what crosses and cancels the rest, and is
// refused when nothing crosses.
func TestFOKAndFAK(t *testing.T) {
	t.Parallel()
	n := startNet(t)
	m := n.market(2)
	maker, taker := n.trader("100"), n.trader("100")
	bid := maker.buy(t, m.YesTokenID(), "0.40", "10") // a NO ask at 0.60 for 10

	_, err := taker.place(m.NoTokenID(), "BUY", "0.60", "20", orderType("FOK"))
	wantCode(t, "FOK larger than the book", err, errcode.FOKOrderNotFilled)
	if o := maker.order(t, bid.OrderID); o.Status != "LIVE" || o.SizeMatched != "0" {
		t.Fatalf("after the refused FOK the maker's order is %s with %s matched, want LIVE and 0", o.Status, o.SizeMatched)
	}
	wantBalance(t, "taker USDW after the refused FOK", taker.balance(t, ""), "100", "0")

	fok := taker.buy(t, m.NoTokenID(), "0.60", "10", orderType("FOK"))
	if fok.Status != clobapi.InsertStatusMatched || fok.TakingAmount != "10" || fok.MakingAmount != "6" {
		t.Fatalf("FOK that fits: %+v, want matched, 6 USDW for 10 shares", fok)
	}

	maker.buy(t, m.YesTokenID(), "0.40", "10")
	fak := taker.buy(t, m.NoTokenID(), "0.60", "15", orderType("FAK"))
	if fak.Status != clobapi.InsertStatusMatched || fak.TakingAmount != "10" {
		t.Fatalf("FAK: %+v, want matched for 10 of its 15 shares", fak)
	}
	o := taker.order(t, fak.OrderID)
	if o.Status != "CANCELED" || o.SizeMatched != "10" || o.CancelReason != "FAK_REMAINDER" {
		t.Errorf("FAK order after matching: %s, %s matched, reason %q; want CANCELED, 10, FAK_REMAINDER", o.Status, o.SizeMatched, o.CancelReason)
	}
	_, err = taker.place(m.NoTokenID(), "BUY", "0.60", "5", orderType("FAK"))
	wantCode(t, "FAK with nothing to match", err, errcode.FAKOrderNotFilled)

	// 6 + 6 for 20 NO shares, and 1% taker fee on each.
	wantBalance(t, "taker USDW", taker.balance(t, ""), "87.88", "0")
	wantBalance(t, "taker NO", taker.balance(t, m.NoTokenID()), "20", "0")
}

// TestCancels: cancel by id, by list, by market and everything, each
// touching exactly the caller's orders it names.
func TestCancels(t *testing.T) {
	t.Parallel()
	n := startNet(t)
	ctx := context.Background()
	m0, m1 := n.market(0), n.market(1)
	tr, other := n.trader("100"), n.trader("100")
	ids := map[string][]string{}
	for _, m := range []struct{ key, token string }{
		{"m0", m0.YesTokenID()}, {"m0", m0.NoTokenID()}, {"m1", m1.YesTokenID()}, {"m1", m1.NoTokenID()}, {"m1", m1.YesTokenID()},
	} {
		ids[m.key] = append(ids[m.key], tr.buy(t, m.token, "0.20", "5").OrderID)
	}
	untouched := other.buy(t, m0.YesTokenID(), "0.21", "5").OrderID

	r, err := tr.CancelMarketOrders(ctx, m0.ConditionIDHex(), "")
	if err != nil || len(r.Canceled) != 2 || !hasID(r.Canceled, ids["m0"][0]) || !hasID(r.Canceled, ids["m0"][1]) {
		t.Fatalf("cancel market 0: %+v %v, want its two orders", r, err)
	}
	open, err := tr.AllOrders(ctx, client.OrderParams{})
	if err != nil || len(open) != 3 {
		t.Fatalf("open orders after the market cancel: %d (%v), want 3", len(open), err)
	}

	r, err = tr.CancelOrders(ctx, []string{ids["m1"][0], ids["m1"][1], untouched})
	if err != nil || len(r.Canceled) != 2 || r.NotCanceled[untouched] == "" {
		t.Fatalf("cancel a list with another wallet's order: %+v %v", r, err)
	}

	r, err = tr.CancelAll(ctx)
	if err != nil || len(r.Canceled) != 1 || !hasID(r.Canceled, ids["m1"][2]) {
		t.Fatalf("cancel all: %+v %v, want the last order", r, err)
	}
	if open, err := tr.AllOrders(ctx, client.OrderParams{}); err != nil || len(open) != 0 {
		t.Fatalf("open orders after cancel all: %d (%v), want 0", len(open), err)
	}
	wantBalance(t, "USDW after cancelling everything", tr.balance(t, ""), "100", "0")
	if s := other.order(t, untouched).Status; s != "LIVE" {
		t.Errorf("the other wallet's order is %s, want LIVE", s)
	}
}
