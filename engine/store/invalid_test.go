package store

import (
	"testing"

	"google.golang.org/protobuf/proto"

	"pred.dev/engine/machine"
	"pred.dev/proto/pb"
)

var erin = addr(5)

// orderID is a place command's id: an order hash. (The engine tells ids
// apart by their first 16 bytes.)
func orderID(n byte) machine.Hash {
	h := hash(0x0e, n)
	h[1] = n
	return h
}

// try applies a place that may be refused and returns the reason, 0 if
// the engine accepted it.
func (h *harness) try(o orderSpec, id machine.Hash) machine.Reason {
	h.t.Helper()
	c, signed := placeCommand(o, id)
	for _, e := range h.apply(c, signed) {
		if e.Kind == machine.EvOrderRejected && e.OrderID == id {
			return e.Reason
		}
	}
	return 0
}

func (h *harness) orderOrNil(id machine.Hash) *pb.OrderRecord {
	h.t.Helper()
	resp := h.db.Query(&pb.QueryRequest{Query: &pb.QueryRequest_Order{Order: &pb.OrderQuery{OrderId: id[:]}}}, machineBooks{h.m})
	if e := resp.GetError(); e != nil && e.GetCode() != pb.QueryErrorCode_QUERY_ERROR_CODE_NOT_FOUND {
		h.t.Fatalf("order %x: %v", id[:4], e)
	}
	return resp.GetOrder()
}

func wantInvalid(t *testing.T, what string, o *pb.OrderRecord, reason pb.RejectReason) {
	t.Helper()
	if o == nil {
		t.Fatalf("%s: no order", what)
	}
	wantEq(t, what+" status", o.GetStatus(), pb.OrderStatus_ORDER_STATUS_INVALID)
	wantEq(t, what+" reason", o.GetRejectReason(), reason)
	wantEq(t, what+" cause", o.GetCancelCause(), pb.CancelCause_CANCEL_CAUSE_UNSPECIFIED)
	wantEq(t, what+" seq", o.GetOrderSeq(), uint64(0))
	wantEq(t, what+" matched", o.GetSizeMatched(), uint64(0))
	wantEq(t, what+" trades", len(o.GetTradeIds()), 0)
}

// TestInvalidOrders: a place the engine refused is an INVALID order with
// its reason, found by id and in no listing; a refusal as a duplicate
// leaves the existing order alone; an order refused and then placed again
// and accepted becomes the live order.
func TestInvalidOrders(t *testing.T) {
	h := newHarness(t)
	h.faucet(alice, 1000)
	h.createMarket(mkA, 0)
	h.commit()

	h.nowMs += minute
	poor := orderSpec{account: erin, owner: key(5), mk: mkA, outcome: machine.No, side: machine.Buy, cents: 30, shares: 10, feeBps: 20}
	wantEq(t, "erin's bid", h.try(poor, orderID(1)), machine.ReasonNotEnoughBalance)
	fok := orderSpec{account: alice, owner: key(1), mk: mkA, outcome: machine.Yes, side: machine.Buy, cents: 45, shares: 3, typ: machine.FOK}
	wantEq(t, "alice's FOK", h.try(fok, orderID(2)), machine.ReasonFOKNotFilled)
	live := orderSpec{account: alice, owner: key(1), mk: mkA, outcome: machine.Yes, side: machine.Buy, cents: 20, shares: 5}
	wantEq(t, "alice's bid", h.try(live, orderID(3)), machine.Reason(0))
	unknown := live
	unknown.mk = newMarket(9)
	wantEq(t, "unknown token", h.try(unknown, orderID(4)), machine.ReasonTokenNotFound)
	past := orderSpec{account: alice, mk: mkA, outcome: machine.Yes, side: machine.Buy, cents: 20, shares: 5, typ: machine.GTD,
		exp: uint64(h.nowMs / 1000)}
	wantEq(t, "expired GTD", h.try(past, orderID(5)), machine.ReasonInvalidExpiration)
	// In one batch: refused, funded, accepted.
	poor6 := poor
	poor6.account = carol
	wantEq(t, "carol's bid", h.try(poor6, orderID(6)), machine.ReasonNotEnoughBalance)
	h.faucet(carol, 10)
	wantEq(t, "carol's bid again", h.try(poor6, orderID(6)), machine.Reason(0))
	h.commit()
	createdMs := h.nowMs

	o1 := h.order(orderID(1))
	wantInvalid(t, "erin's bid", o1, pb.RejectReason_REJECT_REASON_NOT_ENOUGH_BALANCE)
	wantBytes(t, "erin's bid account", o1.GetAccount(), erin[:])
	k5 := key(5)
	wantBytes(t, "erin's bid owner", o1.GetOwner(), k5[:])
	wantBytes(t, "erin's bid market", o1.GetMarket(), mkA.id[:])
	wantBytes(t, "erin's bid token", o1.GetTokenId(), mkA.no[:])
	wantEq(t, "erin's bid outcome", o1.GetOutcome(), pb.Outcome_OUTCOME_NO)
	wantEq(t, "erin's bid side", o1.GetSide(), pb.Side_SIDE_BUY)
	wantEq(t, "erin's bid type", o1.GetOrderType(), pb.OrderType_ORDER_TYPE_GTC)
	wantEq(t, "erin's bid price", o1.GetPrice(), cents(30))
	wantEq(t, "erin's bid size", o1.GetSize(), shares(10))
	wantEq(t, "erin's bid fee", o1.GetFeeRateBps(), uint32(20))
	wantEq(t, "erin's bid created", o1.GetCreatedMs(), createdMs)
	wantEq(t, "erin's bid updated", o1.GetUpdatedMs(), createdMs)
	wantEq(t, "erin's bid signed amount", o1.GetSigned().GetMakerAmount(), shares(3))
	wantEq(t, "erin's bid signed scope", o1.GetSigned().GetScopeId(), "scope-"+string('a'+orderID(1)[31]%26))

	o2 := h.order(orderID(2))
	wantInvalid(t, "alice's FOK", o2, pb.RejectReason_REJECT_REASON_FOK_NOT_FILLED)
	wantEq(t, "alice's FOK side", o2.GetSide(), pb.Side_SIDE_BUY)
	wantEq(t, "alice's FOK price", o2.GetPrice(), cents(45))
	wantEq(t, "alice's FOK type", o2.GetOrderType(), pb.OrderType_ORDER_TYPE_FOK)
	wantInvalid(t, "expired GTD", h.order(orderID(5)), pb.RejectReason_REJECT_REASON_INVALID_EXPIRATION)
	if o := h.orderOrNil(orderID(4)); o != nil {
		t.Fatalf("an order on an unknown token is filed: %v", o)
	}
	wantEq(t, "carol's bid", h.order(orderID(6)).GetStatus(), pb.OrderStatus_ORDER_STATUS_LIVE)
	wantEq(t, "carol's bid seq", h.order(orderID(6)).GetOrderSeq(), uint64(2))

	// Listings show accepted orders only.
	wantIDs(t, "all orders", h.allOrders(&pb.OrdersQuery{}, 10), []machine.Hash{orderID(6), orderID(3)})
	wantIDs(t, "erin's orders", h.allOrders(&pb.OrdersQuery{Account: erin[:]}, 10), nil)
	wantIDs(t, "alice's orders", h.allOrders(&pb.OrdersQuery{Account: alice[:]}, 10), []machine.Hash{orderID(3)})

	// A duplicate leaves the accepted order alone, even when the copy is
	// wrong in other ways too (here on a halted market, and crossing).
	before := h.order(orderID(3))
	h.nowMs += minute
	h.mustApply(machine.Command{Kind: machine.KindHaltMarket, ID: cmdID(), Args: &machine.Args{Market: mkA.id}})
	dup := live
	dup.cents, dup.shares = 90, 1_000
	wantEq(t, "duplicate", h.try(dup, orderID(3)), machine.ReasonDuplicateOrder)
	h.commit()
	if after := h.order(orderID(3)); !proto.Equal(before, after) {
		t.Fatalf("a duplicate changed the order:\nbefore %v\nafter  %v", before, after)
	}
	// A refused order's id refused again: the record follows the latest
	// refusal.
	wantEq(t, "erin's bid on a halted market", h.try(poor, orderID(1)), machine.ReasonMarketNotAccepting)
	h.commit()
	wantInvalid(t, "erin's bid, refused again", h.order(orderID(1)), pb.RejectReason_REJECT_REASON_MARKET_NOT_ACCEPTING)

	// Funded, the same order placed again is accepted: the record becomes
	// the live order, and it is listed.
	h.nowMs += minute
	h.mustApply(machine.Command{Kind: machine.KindResumeMarket, ID: cmdID(), Args: &machine.Args{Market: mkA.id}})
	h.faucet(erin, 100)
	wantEq(t, "erin's bid, funded", h.try(poor, orderID(1)), machine.Reason(0))
	h.commit()
	o1 = h.order(orderID(1))
	wantEq(t, "erin's bid status", o1.GetStatus(), pb.OrderStatus_ORDER_STATUS_LIVE)
	wantEq(t, "erin's bid reason", o1.GetRejectReason(), pb.RejectReason_REJECT_REASON_UNSPECIFIED)
	wantEq(t, "erin's bid seq", o1.GetOrderSeq(), uint64(3))
	wantEq(t, "erin's bid created", o1.GetCreatedMs(), h.nowMs)
	wantIDs(t, "erin's open orders", h.allOrders(&pb.OrdersQuery{Account: erin[:], OpenOnly: true}, 10), []machine.Hash{orderID(1)})
	// It is a normal order from then on: cancelled, it stays cancelled, and
	// a copy is a duplicate.
	h.cancel(erin, orderID(1))
	wantEq(t, "erin's bid, copy", h.try(poor, orderID(1)), machine.ReasonDuplicateOrder)
	h.commit()
	wantEq(t, "erin's bid cancelled", h.order(orderID(1)).GetStatus(), pb.OrderStatus_ORDER_STATUS_CANCELED)

	// The same log, committed after every command or once, answers the
	// same about every one of these orders.
	for _, every := range []int{1, len(h.log)} {
		r := h.replay(func(i int) bool { return (i+1)%every == 0 || i == len(h.log)-1 })
		for n := byte(1); n <= 6; n++ {
			if want, got := h.orderOrNil(orderID(n)), r.orderOrNil(orderID(n)); !proto.Equal(want, got) {
				t.Fatalf("order %d with a commit every %d commands:\nwant %v\ngot  %v", n, every, want, got)
			}
		}
	}
}

// TestExpiredOrderCause: a GTD order that expires is CANCELED with the
// cause EXPIRED, at its expiration exactly.
func TestExpiredOrderCause(t *testing.T) {
	h := newHarness(t)
	h.faucet(alice, 1000)
	h.createMarket(mkA, 0)
	exp := uint64(h.nowMs/1000) + 90
	id := h.place(orderSpec{account: alice, mk: mkA, outcome: machine.Yes, side: machine.Buy, cents: 20, shares: 5, typ: machine.GTD, exp: exp})
	h.commit()
	h.nowMs = int64(exp)*1000 - 1
	h.tick()
	h.commit()
	wantEq(t, "before its expiration", h.order(id).GetStatus(), pb.OrderStatus_ORDER_STATUS_LIVE)
	h.nowMs = int64(exp) * 1000
	h.tick()
	h.commit()
	o := h.order(id)
	wantEq(t, "expired status", o.GetStatus(), pb.OrderStatus_ORDER_STATUS_CANCELED)
	wantEq(t, "expired cause", o.GetCancelCause(), pb.CancelCause_CANCEL_CAUSE_EXPIRED)
	wantEq(t, "expired at", o.GetUpdatedMs(), int64(exp)*1000)
	wantIDs(t, "open orders", h.allOrders(&pb.OrdersQuery{Account: alice[:], OpenOnly: true}, 10), nil)
}
