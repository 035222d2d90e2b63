package server_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"reflect"
	"testing"
	"time"

	"pred.dev/gateway-clob/server"
	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/pb"
)

// ordersByID reads GET /orders?id= for c's wallet.
func ordersByID(t *testing.T, h *harness, c *client.Client, id string) clobapi.Page[clobapi.OpenOrder] {
	t.Helper()
	resp, data := h.do(0, http.MethodGet, "/orders?id="+url.QueryEscape(id), nil, l2Headers(t, c, http.MethodGet, "/orders", nil))
	var page clobapi.Page[clobapi.OpenOrder]
	if resp.StatusCode != http.StatusOK || json.Unmarshal(data, &page) != nil {
		t.Fatalf("GET /orders?id=%s: %d %s", id, resp.StatusCode, data)
	}
	return page
}

// wantInvalidOrder checks that GET /order/{id} and GET /orders?id= answer
// the order as INVALID with the code of its refusal.
func wantInvalidOrder(t *testing.T, h *harness, c *client.Client, id string, code errcode.Code, want clobapi.OpenOrder) {
	t.Helper()
	o, err := c.GetOrder(context.Background(), id)
	if err != nil {
		t.Fatalf("GET /order of the refused order: %v", err)
	}
	creds, _ := c.Creds()
	if o.ID != id || o.Status != "INVALID" || o.CancelReason != string(code) || o.SizeMatched != "0" ||
		len(o.AssociateTrades) != 0 || o.Owner != creds.APIKey || o.MakerAddress != c.Funder().Hex() ||
		o.Price != want.Price || o.OriginalSize != want.OriginalSize || o.Side != want.Side ||
		o.OrderType != want.OrderType || o.AssetID != want.AssetID || o.Outcome != want.Outcome {
		t.Fatalf("the refused order: %+v", o)
	}
	page := ordersByID(t, h, c, id)
	if page.Count != 1 || page.Data[0].ID != id || page.Data[0].Status != "INVALID" || page.Data[0].CancelReason != string(code) {
		t.Fatalf("GET /orders?id= of the refused order: %+v", page)
	}
}

// TestInvalidOrderIsReadable: an order the engine refused is INVALID with
// the code of its refusal at GET /order/{orderID} and GET /orders?id=, is
// in no listing, and becomes the live order if the same signed order is
// accepted later; a refused duplicate does not touch the accepted order.
func TestInvalidOrderIsReadable(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	c := h.tradingClient(0)

	// A wallet without collateral.
	poor, poorID, err := c.BuildOrder(buyArgs("0.4", "10"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.PostOrder(ctx, poor); !errors.Is(err, errcode.InvalidOrderNotEnoughBal) {
		t.Fatalf("an unfunded order: %v", err)
	}
	want := clobapi.OpenOrder{Price: "0.4", OriginalSize: "10", Side: "BUY", OrderType: "GTC", AssetID: testYesStr, Outcome: "Yes"}
	wantInvalidOrder(t, h, c, poorID, errcode.InvalidOrderNotEnoughBal, want)

	// A FOK on an empty book.
	h.fund(c.Funder(), 100)
	fokArgs := client.OrderArgs{TokenID: testNoStr, Side: "BUY", Price: "0.35", Size: "6", FeeRateBps: 10, OrderType: "FOK"}
	fok, fokID, err := c.BuildOrder(fokArgs)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.PostOrder(ctx, fok); !errors.Is(err, errcode.FOKOrderNotFilled) {
		t.Fatalf("a FOK on an empty book: %v", err)
	}
	wantInvalidOrder(t, h, c, fokID, errcode.FOKOrderNotFilled,
		clobapi.OpenOrder{Price: "0.35", OriginalSize: "6", Side: "BUY", OrderType: "FOK", AssetID: testNoStr, Outcome: "No"})

	// Refused orders are in no listing, and other wallets cannot read them.
	all, err := c.AllOrders(ctx, client.OrderParams{IncludeClosed: true})
	if err != nil || len(all) != 0 {
		t.Fatalf("the wallet's orders list refused ones: %+v, %v", all, err)
	}
	stranger := h.tradingClient(0)
	if _, err := stranger.GetOrder(ctx, poorID); !isCode(err, errcode.OrderNotFound, 404) {
		t.Fatalf("another wallet reads a refused order: %v", err)
	}

	// The wallet is funded now: the same signed order is accepted, and its
	// id names the live order.
	resp, err := c.PostOrder(ctx, poor)
	if err != nil || resp.OrderID != poorID || resp.Status != clobapi.InsertStatusLive {
		t.Fatalf("the refused order, placed again: %+v, %v", resp, err)
	}
	o, err := c.GetOrder(ctx, poorID)
	if err != nil || o.Status != "LIVE" || o.CancelReason != "" || o.Price != "0.4" {
		t.Fatalf("the order once accepted: %+v, %v", o, err)
	}
	all, err = c.AllOrders(ctx, client.OrderParams{})
	if err != nil || len(all) != 1 || all[0].ID != poorID {
		t.Fatalf("the wallet's open orders: %+v, %v", all, err)
	}
	// A copy is a duplicate, and the order stays as it is.
	if _, err := c.PostOrder(ctx, poor); !errors.Is(err, errcode.InvalidOrderDuplicated) {
		t.Fatalf("a copy of the accepted order: %v", err)
	}
	if o2, err := c.GetOrder(ctx, poorID); err != nil || !reflect.DeepEqual(o2, o) {
		t.Fatalf("the order after a refused copy: %+v, %v (was %+v)", o2, err, o)
	}
}

// TestInvalidOrderAfterTimeout: the case INVALID is for. The engine's
// answer comes too late (503 ENGINE_TIMEOUT with the order id); the
// client polls GET /order/{orderID} and learns that the engine refused it.
func TestInvalidOrderAfterTimeout(t *testing.T) {
	h := newHarness(t, withConfig(func(c *server.Config) { c.ResultTimeout = 200 * time.Millisecond }))
	ctx := context.Background()
	c := h.tradingClient(0)
	if tick, err := c.GetTickSize(ctx, testYesStr); err != nil || tick != "0.01" {
		t.Fatalf("tick %q, %v", tick, err)
	}
	h.engine.stop()
	req, id, err := c.BuildOrder(buyArgs("0.45", "20"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.PostOrder(ctx, req)
	var ae *client.APIError
	if !errors.As(err, &ae) || ae.Code != errcode.EngineTimeout || ae.OrderID != id {
		t.Fatalf("stopped engine: %v", err)
	}
	h.engine.start()
	h.sync()
	wantInvalidOrder(t, h, c, id, errcode.FromReject(pb.RejectReason_REJECT_REASON_NOT_ENOUGH_BALANCE),
		clobapi.OpenOrder{Price: "0.45", OriginalSize: "20", Side: "BUY", OrderType: "GTC", AssetID: testYesStr, Outcome: "Yes"})
}
