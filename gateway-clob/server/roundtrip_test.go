package server_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"pred.dev/gateway-clob/server"
	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/eventually"
)

func buyArgs(price, size string) client.OrderArgs {
	return client.OrderArgs{TokenID: testYesStr, Side: "BUY", Price: price, Size: size, FeeRateBps: 10}
}

// TestClientOrderLifecycle goes through the SDK: create a key, place,
// read, list, cancel, and read the order again.
func TestClientOrderLifecycle(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	c := h.funded(0, 100)

	resp, err := c.CreateAndPostOrder(ctx, buyArgs("0.52", "10"))
	if err != nil {
		t.Fatal(err)
	}
	if !resp.Success || resp.Status != clobapi.InsertStatusLive || resp.MakingAmount != "0" || len(resp.OrderID) != 66 {
		t.Fatalf("place: %+v", resp)
	}
	o, err := c.GetOrder(ctx, resp.OrderID)
	if err != nil {
		t.Fatal(err)
	}
	creds, _ := c.Creds()
	if o.Status != "LIVE" || o.Price != "0.52" || o.OriginalSize != "10" || o.Side != "BUY" || o.AssetID != testYesStr ||
		o.Owner != creds.APIKey || o.MakerAddress != c.Address().Hex() || o.Outcome != "Yes" || o.OrderType != "GTC" {
		t.Fatalf("order: %+v", o)
	}
	page, err := c.GetOrders(ctx, client.OrderParams{})
	if err != nil || page.Count != 1 || page.Data[0].ID != resp.OrderID || page.NextCursor != clobapi.EndCursor {
		t.Fatalf("orders: %+v, %v", page, err)
	}
	// Another wallet can neither read nor cancel it.
	stranger := h.tradingClient(0)
	if _, err := stranger.GetOrder(ctx, resp.OrderID); !isCode(err, errcode.OrderNotFound, 404) {
		t.Fatalf("another wallet reads the order: %v", err)
	}
	if cr, err := stranger.CancelOrder(ctx, resp.OrderID); err != nil || len(cr.Canceled) != 0 || cr.NotCanceled[resp.OrderID] == "" {
		t.Fatalf("another wallet cancels the order: %+v, %v", cr, err)
	}
	cr, err := c.CancelOrder(ctx, resp.OrderID)
	if err != nil || !slices.Equal(cr.Canceled, []string{resp.OrderID}) || len(cr.NotCanceled) != 0 {
		t.Fatalf("cancel: %+v, %v", cr, err)
	}
	cr, err = c.CancelOrder(ctx, resp.OrderID)
	if err != nil || len(cr.Canceled) != 0 || cr.NotCanceled[resp.OrderID] == "" {
		t.Fatalf("second cancel: %+v, %v", cr, err)
	}
	o, err = c.GetOrder(ctx, resp.OrderID)
	if err != nil || o.Status != "CANCELED" || o.CancelReason != "USER" {
		t.Fatalf("cancelled order: %+v, %v", o, err)
	}
	if _, err := c.PostOrder(ctx, mustBuild(t, c, buyArgs("0.52", "10"))); err != nil {
		t.Fatal(err)
	}
}

func mustBuild(t testing.TB, c *client.Client, a client.OrderArgs) *clobapi.PostOrderRequest {
	t.Helper()
	req, _, err := c.BuildOrder(a)
	if err != nil {
		t.Fatal(err)
	}
	return req
}

// TestClientFilledOrder: an order that crosses another wallet's resting
// ask fills; it reports matched, its amounts and its trade, and the trade
// is listed from the caller's side.
func TestClientFilledOrder(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	maker := h.funded(0, 100)
	h.mint(maker, testYesStr, testNoStr, "0.5", "0.5", "8")
	ask, err := maker.CreateAndPostOrder(ctx, client.OrderArgs{TokenID: testYesStr, Side: "SELL", Price: "0.25", Size: "8", FeeRateBps: 10})
	if err != nil || ask.Status != clobapi.InsertStatusLive {
		t.Fatalf("the maker's ask: %+v, %v", ask, err)
	}
	c := h.funded(0, 100)
	resp, err := c.CreateAndPostOrder(ctx, buyArgs("0.25", "8"))
	if err != nil {
		t.Fatal(err)
	}
	if resp.Status != clobapi.InsertStatusMatched || resp.MakingAmount != "2" || resp.TakingAmount != "8" || len(resp.TradeIDs) != 1 {
		t.Fatalf("filled order: %+v", resp)
	}
	trades, err := c.AllTrades(ctx, client.TradeParams{})
	if err != nil || len(trades) != 1 {
		t.Fatalf("trades: %+v, %v", trades, err)
	}
	tr := trades[0]
	if tr.ID != resp.TradeIDs[0] || tr.TraderSide != "TAKER" || tr.Price != "0.25" || tr.Size != "8" || tr.Outcome != "Yes" ||
		tr.MatchType != "COMPLEMENTARY" || tr.Status != "MATCHED" || len(tr.MakerOrders) != 1 || tr.MakerOrders[0].OrderID != ask.OrderID {
		t.Fatalf("trade: %+v", tr)
	}
	// The maker's view of the same trade, once the engine has committed it.
	h.sync()
	mt, err := maker.AllTrades(ctx, client.TradeParams{})
	if err != nil || len(mt) != 2 || mt[0].ID != tr.ID || mt[0].TraderSide != "MAKER" {
		t.Fatalf("the maker's trades: %+v, %v", mt, err)
	}
	last, err := c.GetLastTradePrice(ctx, testYesStr)
	if err != nil || last.Price != "0.25" || last.Side != "BUY" {
		t.Fatalf("last trade: %+v, %v", last, err)
	}
}

// wantReject checks that err is the coded answer to an engine rejection.
func wantReject(t *testing.T, r pb.RejectReason, err error) {
	t.Helper()
	var ae *client.APIError
	if !errors.As(err, &ae) || !errors.Is(err, errcode.FromReject(r)) || ae.Status != errcode.FromReject(r).Status() {
		t.Errorf("%s: got %v, want %s", r, err, string(errcode.FromReject(r)))
	}
}

// TestEngineRejectionsAreCoded: every order-level reject reason the engine
// can give comes back as its errcode with its status. Each rejection is
// produced by the real engine, in the state that causes it; every order
// passes the gateway's own checks and reaches the log.
func TestEngineRejectionsAreCoded(t *testing.T) {
	t.Parallel()
	// The engine is restarted within one result wait below.
	h := newHarness(t, withConfig(func(c *server.Config) { c.ResultTimeout = waitMax }))
	ctx := context.Background()
	c := h.tradingClient(0)
	reject := func(r pb.RejectReason, a client.OrderArgs) {
		t.Helper()
		before := h.commandCount()
		_, err := c.CreateAndPostOrder(ctx, a)
		wantReject(t, r, err)
		if h.commandCount() != before+1 {
			t.Errorf("%s: the order did not reach the engine", r)
		}
	}
	// A wallet that never received collateral.
	reject(pb.RejectReason_REJECT_REASON_NOT_ENOUGH_BALANCE, buyArgs("0.4", "10"))
	h.fund(c.Address(), 100)
	// An empty book can fill nothing.
	fok, fak := buyArgs("0.4", "10"), buyArgs("0.4", "10")
	fok.OrderType, fak.OrderType = "FOK", "FAK"
	reject(pb.RejectReason_REJECT_REASON_FOK_NOT_FILLED, fok)
	reject(pb.RejectReason_REJECT_REASON_FAK_NO_MATCH, fak)

	// The same signed order twice: the engine has spent its id.
	req := mustBuild(t, c, buyArgs("0.3", "10"))
	if _, err := c.PostOrder(ctx, req); err != nil {
		t.Fatal(err)
	}
	if _, err := c.PostOrder(ctx, req); !errors.Is(err, errcode.InvalidOrderDuplicated) {
		t.Fatalf("resubmitting the same signed order: %v, want INVALID_ORDER_DUPLICATED", err)
	}

	// Another wallet's NO bid at 0.60 is a YES ask at 0.40: a post-only
	// YES bid at 0.40 would take it.
	other := h.funded(0, 100)
	if _, err := other.CreateAndPostOrder(ctx, client.OrderArgs{TokenID: testNoStr, Side: "BUY", Price: "0.6", Size: "10", FeeRateBps: 10}); err != nil {
		t.Fatal(err)
	}
	postOnly := buyArgs("0.4", "10")
	postOnly.PostOnly = true
	reject(pb.RejectReason_REJECT_REASON_POST_ONLY_CROSSES, postOnly)

	// The gateway checks sizes and the market's status against its cache,
	// which follows the engine's events. A change the engine has not
	// applied yet is invisible to it: with the engine stopped, a raised
	// minimum size and a halt are in the log ahead of two orders the
	// gateway lets through; the engine, started again, applies them in
	// log order and refuses both orders.
	h.engine.stop()
	n := h.commandCount()
	h.appendOnly(configureMarket(testMarket, &pb.MarketParams{TickSize: 10_000, MinSize: 20_000_000, MaxSize: 10_000_000_000, FeeRateBps: 10}))
	small := async(func() error { _, err := c.CreateAndPostOrder(ctx, buyArgs("0.35", "10")); return err })
	eventually.True(t, "the small order is in the log", func() bool { return h.commandCount() == n+2 })
	h.appendOnly(haltMarket(testMarket))
	halted := async(func() error { _, err := c.CreateAndPostOrder(ctx, buyArgs("0.35", "30")); return err })
	eventually.True(t, "the order on the halted market is in the log", func() bool { return h.commandCount() == n+4 })
	h.engine.start()
	wantReject(t, pb.RejectReason_REJECT_REASON_SIZE_TOO_SMALL, <-small)
	wantReject(t, pb.RejectReason_REJECT_REASON_MARKET_NOT_ACCEPTING, <-halted)
}

// async runs f on its own goroutine and delivers its error.
func async(f func() error) <-chan error {
	out := make(chan error, 1)
	go func() { out <- f() }()
	return out
}
