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
