package store

import (
	"testing"

	"pred.dev/engine/machine"
	"pred.dev/proto/pb"
)

// TestDecreaseAndReplace: a decreased order's size matched stays what
// filled, across batches (the size now is its own record); a replace
// files the old order cancelled and the new one with its signed fields,
// and a refused replace files the new order INVALID and leaves the old.
func TestDecreaseAndReplace(t *testing.T) {
	h := newHarness(t)
	h.faucet(alice, 1000)
	h.faucet(bob, 1000)
	h.createMarket(mkA, 0)
	h.commit()

	h.nowMs += minute
	bid := orderSpec{account: alice, owner: key(1), mk: mkA, outcome: machine.Yes, side: machine.Buy, cents: 20, shares: 10}
	wantEq(t, "alice's bid", h.try(bid, orderID(1)), machine.Reason(0))
	take := orderSpec{account: bob, owner: key(2), mk: mkA, outcome: machine.No, side: machine.Buy, cents: 80, shares: 4, typ: machine.FAK}
	wantEq(t, "bob's take", h.try(take, orderID(2)), machine.Reason(0))
	h.commit()

	h.nowMs += minute
	id := orderID(1)
	h.apply(machine.Command{Kind: machine.KindDecrease, ID: hash(0x0d, 1), Account: alice, OrderIDs: []machine.Hash{id},
		Amount: 2 * machine.UnitsPerShare, ReduceTo: true}, nil)
	h.commit()
	o := h.order(id)
	wantEq(t, "decreased status", o.GetStatus(), pb.OrderStatus_ORDER_STATUS_LIVE)
	wantEq(t, "decreased matched", o.GetSizeMatched(), 4*machine.UnitsPerShare)

	h.nowMs += minute
	take.shares = 1
	wantEq(t, "bob's second take", h.try(take, orderID(3)), machine.Reason(0))
	h.commit()
	wantEq(t, "matched after a later fill", h.order(id).GetSizeMatched(), 5*machine.UnitsPerShare)

	h.nowMs += minute
	repl := bid
	repl.cents, repl.shares = 25, 5
	c, signed := placeCommand(repl, orderID(4))
	c.Kind, c.OrderIDs = machine.KindReplace, []machine.Hash{id}
	h.apply(c, signed)
	refused := repl
	refused.typ = machine.FOK
	c, signed = placeCommand(refused, orderID(5))
	c.Kind, c.OrderIDs = machine.KindReplace, []machine.Hash{orderID(4)}
	h.apply(c, signed)
	h.commit()
	old := h.order(id)
	wantEq(t, "replaced status", old.GetStatus(), pb.OrderStatus_ORDER_STATUS_CANCELED)
	wantEq(t, "replaced cause", old.GetCancelCause(), pb.CancelCause_CANCEL_CAUSE_USER)
	n := h.order(orderID(4))
	wantEq(t, "new status", n.GetStatus(), pb.OrderStatus_ORDER_STATUS_LIVE)
	wantEq(t, "new signature", len(n.GetSigned().GetSignature()), 65)
	wantInvalid(t, "refused replace", h.orderOrNil(orderID(5)), pb.RejectReason_REJECT_REASON_FOK_NOT_FILLED)
	wantEq(t, "kept after a refused replace", h.order(orderID(4)).GetStatus(), pb.OrderStatus_ORDER_STATUS_LIVE)
}

// TestOrderOptions: the place's request options (self-trade mode, cancel
// on halt, group) are filed with the order, accepted or refused, and an
// order without them reads the defaults; current_size follows decreases.
func TestOrderOptions(t *testing.T) {
	h := newHarness(t)
	h.faucet(alice, 1000)
	h.createMarket(mkA, 0)
	h.apply(machine.Command{Kind: machine.KindSetGroup, ID: hash(0x0e, 1), Account: alice,
		Amount: 50 * machine.UnitsPerShare, Args: &machine.Args{Group: 7, WindowSec: 20}}, nil)
	h.commit()

	h.nowMs += minute
	bid := orderSpec{account: alice, owner: key(1), mk: mkA, outcome: machine.Yes, side: machine.Buy, cents: 20, shares: 10}
	c, signed := placeCommand(bid, orderID(1))
	c.Order.SelfTrade, c.Order.CancelOnHalt, c.Order.Group = machine.SelfTradeCancelBoth, true, 7
	h.apply(c, signed)
	c, signed = placeCommand(bid, orderID(2))
	c.Order.Group = 8 // no such group: refused, filed INVALID with its options
	h.apply(c, signed)
	wantEq(t, "plain order", h.try(bid, orderID(3)), machine.Reason(0))
	h.commit()

	o := h.order(orderID(1))
	wantEq(t, "self trade", o.GetSelfTrade(), pb.SelfTradePrevention_SELF_TRADE_PREVENTION_CANCEL_BOTH)
	wantEq(t, "cancel on halt", o.GetCancelOnHalt(), true)
	wantEq(t, "group", o.GetGroup(), uint32(7))
	wantEq(t, "current size", o.GetCurrentSize(), 10*machine.UnitsPerShare)
	wantInvalid(t, "unknown group", h.orderOrNil(orderID(2)), pb.RejectReason_REJECT_REASON_GROUP_NOT_FOUND)
	wantEq(t, "refused order's group", h.orderOrNil(orderID(2)).GetGroup(), uint32(8))
	plain := h.order(orderID(3))
	wantEq(t, "default self trade", plain.GetSelfTrade(), pb.SelfTradePrevention_SELF_TRADE_PREVENTION_UNSPECIFIED)
	wantEq(t, "default cancel on halt", plain.GetCancelOnHalt(), false)
	wantEq(t, "default group", plain.GetGroup(), uint32(0))

	h.nowMs += minute
	h.apply(machine.Command{Kind: machine.KindDecrease, ID: hash(0x0d, 9), Account: alice, OrderIDs: []machine.Hash{orderID(1)},
		Amount: 3 * machine.UnitsPerShare}, nil)
	h.commit()
	o = h.order(orderID(1))
	wantEq(t, "signed size kept", o.GetSize(), 10*machine.UnitsPerShare)
	wantEq(t, "current size", o.GetCurrentSize(), 7*machine.UnitsPerShare)
	wantEq(t, "options kept across batches", o.GetGroup(), uint32(7))
}
