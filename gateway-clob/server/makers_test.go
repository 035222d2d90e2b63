package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"testing"

	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
)

// The market makers' tools through the CLOB API against the real engine:
// request options, atomic replace, decrease, queue position and order
// groups, and the refusals of bad input (a stable code, nothing appended).

// rawL2 sends a raw signed request for c (a body the SDK would not send)
// and returns the status and body.
func rawL2(t *testing.T, h *harness, c *client.Client, method, path, body string) (int, []byte) {
	t.Helper()
	resp, data := h.do(0, method, path, []byte(body), l2Headers(t, c, method, pathOnly(path), []byte(body)))
	return resp.StatusCode, data
}

func pathOnly(p string) string {
	for i := range len(p) {
		if p[i] == '?' {
			return p[:i]
		}
	}
	return p
}

// wantRefused checks that a raw request is refused with code and appends
// nothing to the command log.
func wantRefused(t *testing.T, h *harness, c *client.Client, method, path, body string, code errcode.Code) {
	t.Helper()
	before := h.commandCount()
	status, data := rawL2(t, h, c, method, path, body)
	if status != code.Status() || errorCode(t, data) != string(code) {
		t.Errorf("%s %s %s: %d %s, want %d %s", method, path, body, status, data, code.Status(), code)
	}
	if n := h.commandCount(); n != before {
		t.Errorf("%s %s %s: %d commands appended, want none", method, path, body, n-before)
	}
}

// TestOrderOptions: selfTradePrevention, cancelOnHalt and orderGroupId
// reach the engine and read back on GET /order; an unknown mode is refused
// before the log; a cancel-on-halt order is cancelled HALTED by a halt.
func TestOrderOptions(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	c := h.funded(0, 100)

	if _, err := c.SetOrderGroup(ctx, 7, "50", 20); err != nil {
		t.Fatal(err)
	}
	args := buyArgs("0.3", "10")
	args.SelfTradePrevention, args.CancelOnHalt, args.OrderGroupID = clobapi.SelfTradeCancelTaker, true, 7
	resp, err := c.CreateAndPostOrder(ctx, args)
	if err != nil {
		t.Fatal(err)
	}
	o, err := c.GetOrder(ctx, resp.OrderID)
	if err != nil || o.SelfTradePrevention != clobapi.SelfTradeCancelTaker || !o.CancelOnHalt || o.OrderGroupID != 7 || o.CurrentSize != "10" {
		t.Fatalf("order with options: %+v, %v", o, err)
	}
	// The public list does not show a maker's options.
	page, err := c.GetAllOrders(ctx, client.OrderParams{})
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range page.Data {
		if o.ID == resp.OrderID && (o.SelfTradePrevention != "" || o.CancelOnHalt || o.OrderGroupID != 0 || o.CurrentSize != "10") {
			t.Fatalf("GET /all-orders shows the options: %+v", o)
		}
	}
	plain, err := c.CreateAndPostOrder(ctx, buyArgs("0.2", "10"))
	if err != nil {
		t.Fatal(err)
	}
	if o, err := c.GetOrder(ctx, plain.OrderID); err != nil || o.SelfTradePrevention != clobapi.SelfTradeCancelResting || o.CancelOnHalt || o.OrderGroupID != 0 {
		t.Fatalf("order without options: %+v, %v", o, err)
	}

	// Refused before the log: an unknown or empty mode, a negative group.
	for _, mode := range []string{`"cancel_maker"`, `""`} {
		body, _ := json.Marshal(mustBuild(t, c, buyArgs("0.3", "10")))
		var env map[string]any
		_ = json.Unmarshal(body, &env)
		env["selfTradePrevention"] = json.RawMessage(mode)
		body, _ = json.Marshal(env)
		wantRefused(t, h, c, http.MethodPost, "/order", string(body), errcode.InvalidOrderSelfTrade)
	}
	// Refused by the engine: a group the wallet does not have.
	args = buyArgs("0.3", "10")
	args.OrderGroupID = 8
	if _, err := c.PostOrder(ctx, mustBuild(t, c, args)); !isCode(err, errcode.OrderGroupNotFound, 404) {
		t.Fatalf("an order of an unknown group: %v", err)
	}

	h.submit(haltMarket(testMarket))
	h.sync()
	if o, err := c.GetOrder(ctx, resp.OrderID); err != nil || o.Status != "CANCELED" || o.CancelReason != "HALTED" {
		t.Fatalf("a cancel-on-halt order after the halt: %+v, %v", o, err)
	}
	if o, err := c.GetOrder(ctx, plain.OrderID); err != nil || o.Status != "LIVE" {
		t.Fatalf("a plain order after the halt: %+v, %v", o, err)
	}
}

// TestReplace: a replace cancels the old order and places the new one;
// a refused replace (old order gone, new order invalid) changes nothing;
// the batch form answers per element.
func TestReplace(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	c := h.funded(0, 100)

	old, err := c.CreateAndPostOrder(ctx, buyArgs("0.3", "10"))
	if err != nil {
		t.Fatal(err)
	}
	newReq, newID, err := c.BuildOrder(buyArgs("0.31", "10"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := c.ReplaceOrder(ctx, old.OrderID, newReq)
	if err != nil || !r.Success || r.OrderID != newID || r.ReplacedOrderID != old.OrderID || r.Status != clobapi.InsertStatusLive {
		t.Fatalf("replace: %+v, %v", r, err)
	}
	if o, err := c.GetOrder(ctx, old.OrderID); err != nil || o.Status != "CANCELED" || o.CancelReason != "USER" {
		t.Fatalf("the replaced order: %+v, %v", o, err)
	}
	if o, err := c.GetOrder(ctx, newID); err != nil || o.Status != "LIVE" || o.Price != "0.31" {
		t.Fatalf("the new order: %+v, %v", o, err)
	}

	// The old order is gone: refused whole, the new order not placed.
	again, againID, _ := c.BuildOrder(buyArgs("0.32", "10"))
	if _, err := c.ReplaceOrder(ctx, old.OrderID, again); !isCode(err, errcode.OrderNotFound, 404) {
		t.Fatalf("a replace of a cancelled order: %v", err)
	}
	// An invalid new order (FOK on an empty side): the old one stays.
	fok := buyArgs("0.33", "10")
	fok.OrderType = "FOK"
	if _, err := c.ReplaceOrder(ctx, newID, mustBuild(t, c, fok)); !isCode(err, errcode.FOKOrderNotFilled, 400) {
		t.Fatalf("a replace by a FOK that cannot fill: %v", err)
	}
	if o, err := c.GetOrder(ctx, newID); err != nil || o.Status != "LIVE" {
		t.Fatalf("the order kept after a refused replace: %+v, %v", o, err)
	}
	if _, err := c.GetOrder(ctx, againID); !isCode(err, errcode.OrderNotFound, 404) {
		t.Fatalf("the new order of a refused replace: %v", err)
	}
	// Malformed: refused before the log.
	body, _ := json.Marshal(clobapi.ReplaceOrderRequest{OrderID: "0x12", PostOrderRequest: *again})
	wantRefused(t, h, c, http.MethodPost, "/order/replace", string(body), errcode.InvalidOrderID)
	wantRefused(t, h, c, http.MethodPost, "/orders/replace", `[]`, errcode.InvalidOrderPayload)
	many := make([]clobapi.ReplaceOrderRequest, 16)
	for i := range many {
		many[i] = clobapi.ReplaceOrderRequest{OrderID: newID, PostOrderRequest: *again}
	}
	body, _ = json.Marshal(many)
	wantRefused(t, h, c, http.MethodPost, "/orders/replace", string(body), errcode.TooManyOrders)

	// The batch: one replace that happens, one whose old order is gone.
	second, err := c.CreateAndPostOrder(ctx, buyArgs("0.25", "10"))
	if err != nil {
		t.Fatal(err)
	}
	a, aID, _ := c.BuildOrder(buyArgs("0.26", "10"))
	b, _, _ := c.BuildOrder(buyArgs("0.27", "10"))
	out, err := c.ReplaceOrders(ctx, []clobapi.ReplaceOrderRequest{
		{OrderID: second.OrderID, PostOrderRequest: *a},
		{OrderID: old.OrderID, PostOrderRequest: *b},
	})
	if err != nil || len(out) != 2 {
		t.Fatalf("batch replace: %+v, %v", out, err)
	}
	if !out[0].Success || out[0].OrderID != aID || out[0].ReplacedOrderID != second.OrderID {
		t.Fatalf("the batch's first replace: %+v", out[0])
	}
	if out[1].Success || out[1].Code != string(errcode.OrderNotFound) || out[1].ReplacedOrderID != old.OrderID {
		t.Fatalf("the batch's second replace: %+v", out[1])
	}
}

// TestDecreaseAndQueuePosition: a decrease keeps the order's place and
// moves the orders behind it up; to 0 it cancels; bad amounts are refused
// before the log, a size not below the current one by the engine.
func TestDecreaseAndQueuePosition(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	first, second := h.funded(0, 100), h.funded(0, 100)

	a, err := first.CreateAndPostOrder(ctx, buyArgs("0.4", "10"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := second.CreateAndPostOrder(ctx, buyArgs("0.4", "6"))
	if err != nil {
		t.Fatal(err)
	}
	if qp, err := second.QueuePosition(ctx, b.OrderID); err != nil || qp.SharesAhead != "10" || qp.LevelSize != "16" || qp.OrderID != b.OrderID {
		t.Fatalf("queue position: %+v, %v", qp, err)
	}
	if qp, err := first.QueuePosition(ctx, a.OrderID); err != nil || qp.SharesAhead != "0" || qp.LevelSize != "16" {
		t.Fatalf("queue position at the head: %+v, %v", qp, err)
	}
	// Another wallet's order is not found.
	if _, err := first.QueuePosition(ctx, b.OrderID); !isCode(err, errcode.OrderNotFound, 404) {
		t.Fatalf("another wallet's queue position: %v", err)
	}

	d, err := first.DecreaseOrder(ctx, clobapi.DecreaseOrderRequest{OrderID: a.OrderID, ReduceBy: "2.5"})
	if err != nil || d.Status != clobapi.DecreaseStatusLive || d.Size != "7.5" || d.Remaining != "7.5" {
		t.Fatalf("decrease: %+v, %v", d, err)
	}
	if qp, err := second.QueuePosition(ctx, b.OrderID); err != nil || qp.SharesAhead != "7.5" || qp.LevelSize != "13.5" {
		t.Fatalf("queue position after the decrease: %+v, %v", qp, err)
	}
	if o, err := first.GetOrder(ctx, a.OrderID); err != nil || o.OriginalSize != "10" || o.CurrentSize != "7.5" || o.Status != "LIVE" {
		t.Fatalf("the decreased order: %+v, %v", o, err)
	}
	if _, err := first.DecreaseOrder(ctx, clobapi.DecreaseOrderRequest{OrderID: a.OrderID, ReduceTo: "8"}); !isCode(err, errcode.InvalidOrderNotADecrease, 400) {
		t.Fatalf("a decrease that is not one: %v", err)
	}
	if _, err := second.DecreaseOrder(ctx, clobapi.DecreaseOrderRequest{OrderID: a.OrderID, ReduceTo: "1"}); !isCode(err, errcode.OrderNotFound, 404) {
		t.Fatalf("a decrease of another wallet's order: %v", err)
	}
	for _, c := range []struct {
		body string
		code errcode.Code
	}{
		{`{"orderID":"` + a.OrderID + `"}`, errcode.InvalidPayload},
		{`{"orderID":"` + a.OrderID + `","reduceBy":"1","reduceTo":"1"}`, errcode.InvalidPayload},
		{`{"orderID":"` + a.OrderID + `","reduceBy":"0.005"}`, errcode.InvalidOrderAmounts},
		{`{"orderID":"` + a.OrderID + `","reduceBy":"-1"}`, errcode.InvalidOrderAmounts},
		{`{"orderID":"` + a.OrderID + `","reduceBy":"0"}`, errcode.InvalidOrderNotADecrease},
		{`{"orderID":"0x1","reduceBy":"1"}`, errcode.InvalidOrderID},
		{`{"orderID":"` + a.OrderID + `","reduceBy":1}`, errcode.InvalidPayload},
	} {
		wantRefused(t, h, first, http.MethodPost, "/order/decrease", c.body, c.code)
	}
	wantRefused(t, h, first, http.MethodGet, "/order/0x12/queue-position", "", errcode.InvalidOrderID)

	d, err = first.DecreaseOrder(ctx, clobapi.DecreaseOrderRequest{OrderID: a.OrderID, ReduceTo: "0"})
	if err != nil || d.Status != clobapi.DecreaseStatusCanceled || d.Remaining != "0" {
		t.Fatalf("decrease to 0: %+v, %v", d, err)
	}
	if _, err := first.QueuePosition(ctx, a.OrderID); !isCode(err, errcode.OrderNotFound, 404) {
		t.Fatalf("the queue position of a cancelled order: %v", err)
	}
	if qp, err := second.QueuePosition(ctx, b.OrderID); err != nil || qp.SharesAhead != "0" || qp.LevelSize != "6" {
		t.Fatalf("queue position once alone: %+v, %v", qp, err)
	}
}

// TestOrderGroups: a group's fills reaching its limit cancel its orders
// (GROUP_LIMIT) and refuse new ones (409) until a reset; bad groups are
// refused before the log.
func TestOrderGroups(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	maker, taker := h.funded(0, 100), h.funded(0, 100)

	if gs, err := maker.OrderGroups(ctx); err != nil || len(gs) != 0 {
		t.Fatalf("no groups yet: %+v, %v", gs, err)
	}
	g, err := maker.SetOrderGroup(ctx, 1, "5", 0)
	if err != nil || g.ID != 1 || g.Limit != "5" || g.WindowSec != 15 || g.Filled != "0" || g.Tripped {
		t.Fatalf("set: %+v, %v", g, err)
	}
	var ids []string
	for _, price := range []string{"0.4", "0.39"} {
		args := buyArgs(price, "5")
		args.OrderGroupID = 1
		r, err := maker.CreateAndPostOrder(ctx, args)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, r.OrderID)
	}
	// The taker sells 5 YES (buys NO at 0.6) into the group's best bid.
	take := client.OrderArgs{TokenID: testNoStr, Side: "BUY", Price: "0.6", Size: "5", FeeRateBps: 10, OrderType: "FAK"}
	if r, err := taker.CreateAndPostOrder(ctx, take); err != nil || r.Status != clobapi.InsertStatusMatched {
		t.Fatalf("the taker: %+v, %v", r, err)
	}
	if o, err := maker.GetOrder(ctx, ids[1]); err != nil || o.Status != "CANCELED" || o.CancelReason != "GROUP_LIMIT" {
		t.Fatalf("the group's other order: %+v, %v", o, err)
	}
	gs, err := maker.OrderGroups(ctx)
	if err != nil || len(gs) != 1 || !gs[0].Tripped || gs[0].Filled != "5" {
		t.Fatalf("the tripped group: %+v, %v", gs, err)
	}
	args := buyArgs("0.3", "5")
	args.OrderGroupID = 1
	if _, err := maker.PostOrder(ctx, mustBuild(t, maker, args)); !isCode(err, errcode.OrderGroupLimitReached, 409) {
		t.Fatalf("an order of a tripped group: %v", err)
	}
	if g, err := maker.ResetOrderGroup(ctx, 1); err != nil || g.Tripped || g.Filled != "0" {
		t.Fatalf("reset: %+v, %v", g, err)
	}
	if _, err := maker.PostOrder(ctx, mustBuild(t, maker, args)); err != nil {
		t.Fatalf("an order of a reset group: %v", err)
	}
	if g, err := maker.SetOrderGroup(ctx, 1, "20", 60); err != nil || g.Limit != "20" || g.WindowSec != 60 {
		t.Fatalf("update: %+v, %v", g, err)
	}

	// A wallet has at most 32 groups: the 33rd is refused, an update of
	// one it has is not.
	for id := uint32(2); id <= 32; id++ {
		if _, err := maker.SetOrderGroup(ctx, id, "1", 0); err != nil {
			t.Fatalf("group %d: %v", id, err)
		}
	}
	if _, err := maker.SetOrderGroup(ctx, 33, "1", 0); !isCode(err, errcode.TooManyOrderGroups, 400) {
		t.Fatalf("a 33rd group: %v", err)
	}
	if _, err := maker.SetOrderGroup(ctx, 32, "2", 0); err != nil {
		t.Fatalf("an update of the 32nd group: %v", err)
	}
	if _, err := maker.ResetOrderGroup(ctx, 33); !isCode(err, errcode.OrderGroupNotFound, 404) {
		t.Fatalf("reset of an unknown group: %v", err)
	}
	for _, c := range []struct {
		method, path, body string
		code               errcode.Code
	}{
		{http.MethodPut, "/order-groups/0", `{"limit":"5"}`, errcode.InvalidOrderGroup},
		{http.MethodPut, "/order-groups/01", `{"limit":"5"}`, errcode.InvalidOrderGroup},
		{http.MethodPut, "/order-groups/4294967296", `{"limit":"5"}`, errcode.InvalidOrderGroup},
		{http.MethodPut, "/order-groups/3", `{"limit":"0"}`, errcode.InvalidOrderGroup},
		{http.MethodPut, "/order-groups/3", `{"limit":"1.005"}`, errcode.InvalidOrderGroup},
		{http.MethodPut, "/order-groups/3", `{"limit":"5","windowSec":61}`, errcode.InvalidOrderGroup},
		{http.MethodPut, "/order-groups/3", `{"windowSec":10}`, errcode.InvalidOrderGroup},
		{http.MethodPut, "/order-groups/3", `{"limit":"5","window":10}`, errcode.InvalidPayload},
		{http.MethodPut, "/order-groups/3?signature_type=1", `{"limit":"5"}`, errcode.InvalidParameter},
		{http.MethodPost, "/order-groups/x/reset", ``, errcode.InvalidOrderGroup},
		{http.MethodGet, "/order-groups?signature_type=3", ``, errcode.InvalidParameter},
	} {
		wantRefused(t, h, maker, c.method, c.path, c.body, c.code)
	}
}

// TestDeleteOrderGroup: DELETE /order-groups/{id} cancels the group's
// live orders (GROUP_DELETED) and nothing else, and removes the group: an
// order naming it is refused as for an unknown group, a second delete is
// 404, its id set again is fresh (the fills before are not counted), and
// its slot among the wallet's 32 is free. Bad ids are refused before the
// log.
func TestDeleteOrderGroup(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	maker, taker := h.funded(0, 100), h.funded(0, 100)

	for _, id := range []uint32{1, 2} {
		if _, err := maker.SetOrderGroup(ctx, id, "20", 0); err != nil {
			t.Fatal(err)
		}
	}
	place := func(price string, group uint32) string {
		t.Helper()
		args := buyArgs(price, "10")
		args.OrderGroupID = group
		r, err := maker.CreateAndPostOrder(ctx, args)
		if err != nil {
			t.Fatal(err)
		}
		return r.OrderID
	}
	first, second, other, plain := place("0.4", 1), place("0.39", 1), place("0.3", 2), place("0.2", 0)
	// The taker fills 5 of the group's best bid: the group counts them.
	take := client.OrderArgs{TokenID: testNoStr, Side: "BUY", Price: "0.6", Size: "5", FeeRateBps: 10, OrderType: "FAK"}
	if r, err := taker.CreateAndPostOrder(ctx, take); err != nil || r.Status != clobapi.InsertStatusMatched {
		t.Fatalf("the taker: %+v, %v", r, err)
	}
	if gs, err := maker.OrderGroups(ctx); err != nil || len(gs) != 2 || gs[0].Filled != "5" {
		t.Fatalf("the groups before the delete: %+v, %v", gs, err)
	}

	d, err := maker.DeleteOrderGroup(ctx, 1)
	if err != nil || d.ID != 1 || !d.Deleted || !slices.Equal(d.Canceled, []string{second, first}) {
		t.Fatalf("the delete: %+v, %v (want %s then %s cancelled)", d, err, second, first)
	}
	for _, id := range []string{first, second} {
		if o, err := maker.GetOrder(ctx, id); err != nil || o.Status != "CANCELED" || o.CancelReason != "GROUP_DELETED" {
			t.Fatalf("a deleted group's order: %+v, %v", o, err)
		}
	}
	for _, id := range []string{other, plain} {
		if o, err := maker.GetOrder(ctx, id); err != nil || o.Status != "LIVE" {
			t.Fatalf("an order of another group or none: %+v, %v", o, err)
		}
	}
	if gs, err := maker.OrderGroups(ctx); err != nil || len(gs) != 1 || gs[0].ID != 2 {
		t.Fatalf("the groups after the delete: %+v, %v", gs, err)
	}
	args := buyArgs("0.35", "5")
	args.OrderGroupID = 1
	if _, err := maker.PostOrder(ctx, mustBuild(t, maker, args)); !isCode(err, errcode.OrderGroupNotFound, 404) {
		t.Fatalf("an order of the deleted group: %v", err)
	}
	if _, err := maker.DeleteOrderGroup(ctx, 1); !isCode(err, errcode.OrderGroupNotFound, 404) {
		t.Fatalf("a second delete: %v", err)
	}

	// Set again, the id is fresh and takes orders.
	if g, err := maker.SetOrderGroup(ctx, 1, "20", 0); err != nil || g.Filled != "0" || g.Tripped {
		t.Fatalf("set again after the delete: %+v, %v", g, err)
	}
	if _, err := maker.PostOrder(ctx, mustBuild(t, maker, args)); err != nil {
		t.Fatalf("an order of the group set again: %v", err)
	}

	// A wallet with 32 groups makes a 33rd once it deletes one; a group
	// without orders deletes with none cancelled.
	for id := uint32(3); id <= 32; id++ {
		if _, err := maker.SetOrderGroup(ctx, id, "1", 0); err != nil {
			t.Fatalf("group %d: %v", id, err)
		}
	}
	if _, err := maker.SetOrderGroup(ctx, 33, "1", 0); !isCode(err, errcode.TooManyOrderGroups, 400) {
		t.Fatalf("a 33rd group: %v", err)
	}
	if d, err := maker.DeleteOrderGroup(ctx, 17); err != nil || len(d.Canceled) != 0 {
		t.Fatalf("delete of a group without orders: %+v, %v", d, err)
	}
	if _, err := maker.SetOrderGroup(ctx, 33, "1", 0); err != nil {
		t.Fatalf("a 33rd group after a delete: %v", err)
	}

	for _, c := range []struct {
		path string
		code errcode.Code
	}{
		{"/order-groups/0", errcode.InvalidOrderGroup},
		{"/order-groups/01", errcode.InvalidOrderGroup},
		{"/order-groups/x", errcode.InvalidOrderGroup},
		{"/order-groups/4294967296", errcode.InvalidOrderGroup},
		{"/order-groups/2?signature_type=1", errcode.InvalidParameter},
	} {
		wantRefused(t, h, maker, http.MethodDelete, c.path, "", c.code)
	}
}

// TestStreamUserMakers: on the user channel a decrease is an order
// update (DECREASE, the size now and what remains), and the cancellations
// of a tripped order group, a deleted one and a halt carry their causes.
func TestStreamUserMakers(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	maker, taker := h.funded(0, 100), h.funded(0, 100)
	w := h.dialStream(t, 0, "/ws/user?signature_type=0", userHeaders(t, maker))
	w.send(clobapi.StreamRequest{Type: clobapi.StreamSubscribe, ID: "u"})
	w.control(clobapi.MsgSubscribed)
	var seq uint64

	if _, err := maker.SetOrderGroup(ctx, 4, "5", 0); err != nil {
		t.Fatal(err)
	}
	halting := buyArgs("0.2", "10")
	halting.CancelOnHalt = true
	a, err := maker.CreateAndPostOrder(ctx, halting)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := maker.DecreaseOrder(ctx, clobapi.DecreaseOrderRequest{OrderID: a.OrderID, ReduceTo: "6"}); err != nil {
		t.Fatal(err)
	}
	got := userMsgs(t, w, &seq, isEvent(clobapi.MsgOrder, clobapi.OrderDecrease))
	if d := lastEvent(got, clobapi.OrderDecrease); d["id"] != a.OrderID || d["size"] != "6" || d["remaining"] != "6" || d["status"] != "LIVE" {
		t.Fatalf("the decrease: %v", d)
	}

	var grouped []string
	for _, price := range []string{"0.4", "0.3"} {
		args := buyArgs(price, "5")
		args.OrderGroupID = 4
		r, err := maker.CreateAndPostOrder(ctx, args)
		if err != nil {
			t.Fatal(err)
		}
		grouped = append(grouped, r.OrderID)
	}
	take := client.OrderArgs{TokenID: testNoStr, Side: "BUY", Price: "0.6", Size: "5", FeeRateBps: 10, OrderType: "FAK"}
	if _, err := taker.CreateAndPostOrder(ctx, take); err != nil {
		t.Fatal(err)
	}
	got = userMsgs(t, w, &seq, isEvent(clobapi.MsgOrder, clobapi.OrderCancellation))
	if c := lastEvent(got, clobapi.OrderCancellation); c["id"] != grouped[1] || c["cause"] != "GROUP_LIMIT" || c["remaining"] != "5" {
		t.Fatalf("the group's cancellation: %v", c)
	}

	if _, err := maker.SetOrderGroup(ctx, 5, "5", 0); err != nil {
		t.Fatal(err)
	}
	args := buyArgs("0.25", "7")
	args.OrderGroupID = 5
	r, err := maker.CreateAndPostOrder(ctx, args)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := maker.DeleteOrderGroup(ctx, 5); err != nil {
		t.Fatal(err)
	}
	got = userMsgs(t, w, &seq, isEvent(clobapi.MsgOrder, clobapi.OrderCancellation))
	if c := lastEvent(got, clobapi.OrderCancellation); c["id"] != r.OrderID || c["cause"] != "GROUP_DELETED" || c["remaining"] != "7" {
		t.Fatalf("the deleted group's cancellation: %v", c)
	}

	h.submit(haltMarket(testMarket))
	got = userMsgs(t, w, &seq, isEvent(clobapi.MsgOrder, clobapi.OrderCancellation))
	if c := lastEvent(got, clobapi.OrderCancellation); c["id"] != a.OrderID || c["cause"] != "HALTED" || c["remaining"] != "6" {
		t.Fatalf("the halt's cancellation: %v", c)
	}
}

// lastEvent is the last order message of an event among msgs.
func lastEvent(msgs []map[string]any, event string) map[string]any {
	for i := len(msgs) - 1; i >= 0; i-- {
		if isEvent(clobapi.MsgOrder, event)(msgs[i]) {
			return msgs[i]
		}
	}
	return nil
}
