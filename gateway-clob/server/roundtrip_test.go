package server_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"pred.dev/proto/client"
	"pred.dev/proto/errcode"
	"pred.dev/proto/pb"
)

func buyArgs(price, size string) client.OrderArgs {
	return client.OrderArgs{TokenID: testYesStr, Side: "BUY", Price: price, Size: size, FeeRateBps: 10}
}

// TestClientOrderLifecycle goes through the SDK: create a key, place,
// read, list, cancel, and read the order again.
func TestClientOrderLifecycle(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	c := h.tradingClient(0)

	resp, err := c.CreateAndPostOrder(ctx, buyArgs("0.52", "10"))
	if err != nil {
		t.Fatal(err)
	}
	if !resp.Success || resp.Status != client.InsertStatusLive || resp.MakingAmount != "0" || len(resp.OrderID) != 66 {
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
	if err != nil || page.Count != 1 || page.Data[0].ID != resp.OrderID || page.NextCursor != client.EndCursor {
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

func mustBuild(t *testing.T, c *client.Client, a client.OrderArgs) *client.PostOrderRequest {
	t.Helper()
	req, _, err := c.BuildOrder(a)
	if err != nil {
		t.Fatal(err)
	}
	return req
}

// TestClientFilledOrder: an order the engine fills reports matched, its
// amounts and its trade, and the trade is listed from the caller's side.
func TestClientFilledOrder(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	c := h.tradingClient(0)
	h.engine.arm(true, 0, false)
	resp, err := c.CreateAndPostOrder(ctx, buyArgs("0.25", "8"))
	if err != nil {
		t.Fatal(err)
	}
	if resp.Status != client.InsertStatusMatched || resp.MakingAmount != "2" || resp.TakingAmount != "8" || len(resp.TradeIDs) != 1 {
		t.Fatalf("filled order: %+v", resp)
	}
	trades, err := c.AllTrades(ctx, client.TradeParams{})
	if err != nil || len(trades) != 1 {
		t.Fatalf("trades: %+v, %v", trades, err)
	}
	tr := trades[0]
	if tr.ID != resp.TradeIDs[0] || tr.TraderSide != "TAKER" || tr.Price != "0.25" || tr.Size != "8" || tr.Outcome != "Yes" ||
		tr.MatchType != "COMPLEMENTARY" || tr.Status != "MATCHED" || len(tr.MakerOrders) != 1 {
		t.Fatalf("trade: %+v", tr)
	}
	last, err := c.GetLastTradePrice(ctx, testYesStr)
	if err != nil || last.Price != "0.25" || last.Side != "BUY" {
		t.Fatalf("last trade: %+v, %v", last, err)
	}
}

// TestEngineRejectionsAreCoded: every order-level reject reason the engine
// can give comes back as its errcode with its status.
func TestEngineRejectionsAreCoded(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	c := h.tradingClient(0)
	for _, r := range []pb.RejectReason{
		pb.RejectReason_REJECT_REASON_NOT_ENOUGH_BALANCE, pb.RejectReason_REJECT_REASON_FOK_NOT_FILLED,
		pb.RejectReason_REJECT_REASON_FAK_NO_MATCH, pb.RejectReason_REJECT_REASON_POST_ONLY_CROSSES,
		pb.RejectReason_REJECT_REASON_MARKET_NOT_ACCEPTING, pb.RejectReason_REJECT_REASON_SIZE_TOO_SMALL,
	} {
		h.engine.arm(false, r, false)
		_, err := c.CreateAndPostOrder(ctx, buyArgs("0.4", "10"))
		var ae *client.APIError
		if !errors.As(err, &ae) || !errors.Is(err, errcode.FromReject(r)) || ae.Status != errcode.FromReject(r).Status() {
			t.Errorf("%s: got %v, want %s", r, err, string(errcode.FromReject(r)))
		}
	}
	req := mustBuild(t, c, buyArgs("0.4", "10"))
	if _, err := c.PostOrder(ctx, req); err != nil {
		t.Fatal(err)
	}
	if _, err := c.PostOrder(ctx, req); !errors.Is(err, errcode.InvalidOrderDuplicated) {
		t.Fatalf("resubmitting the same signed order: %v, want INVALID_ORDER_DUPLICATED", err)
	}
}
