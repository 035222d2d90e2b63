package api

import (
	"errors"
	"testing"

	"pred.dev/proto/errcode"
	"pred.dev/proto/fixed"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/publish"
)

// TestOrderResponseSumsFills: a BUY taker filled at two prices reports
// the collateral given and the shares taken; a rejection is its code.
func TestOrderResponseSumsFills(t *testing.T) {
	t.Parallel()
	id := [32]byte{1}
	p := &placement{id: id, side: fixed.Buy}
	trade := func(tid, size, price uint64) *pb.Event {
		return &pb.Event{Body: &pb.Event_Trade{Trade: &pb.Trade{TradeId: tid, TakerOrderId: id[:], Size: size, TakerPrice: price}}}
	}
	res := &publish.Result{Events: []*pb.Event{
		{Body: &pb.Event_OrderAccepted{OrderAccepted: &pb.OrderAccepted{OrderId: id[:]}}},
		trade(1, 3_000_000, 400_000), trade(2, 2_000_000, 450_000),
		{Body: &pb.Event_OrderFilled{OrderFilled: &pb.OrderFilled{OrderId: id[:]}}},
	}}
	r, err := orderResponse(p, res)
	if err != nil || r.Status != "matched" || r.MakingAmount != "2.1" || r.TakingAmount != "5" || len(r.TradeIDs) != 2 {
		t.Fatalf("%+v, %v", r, err)
	}
	p.side = fixed.Sell
	r, _ = orderResponse(p, &publish.Result{Events: res.Events[:2]})
	if r.Status != "live" || r.MakingAmount != "3" || r.TakingAmount != "1.2" {
		t.Fatalf("partly filled SELL: %+v", r)
	}
	_, err = orderResponse(p, &publish.Result{Events: []*pb.Event{{Body: &pb.Event_OrderRejected{OrderRejected: &pb.OrderRejected{OrderId: id[:], Reason: pb.RejectReason_REJECT_REASON_NOT_ENOUGH_BALANCE}}}}})
	if !errors.Is(err, errcode.InvalidOrderNotEnoughBal) {
		t.Fatalf("rejection: %v", err)
	}
}

// TestOrderRejectionsMapToTheirCodes: the reasons the engine can give a
// PlaceOrder that the gateway's own validation catches first (so the HTTP
// tests, which run the real engine, never see them) still come back as
// their codes, whether the engine refuses the order or the command.
func TestOrderRejectionsMapToTheirCodes(t *testing.T) {
	t.Parallel()
	id := [32]byte{2}
	p := &placement{id: id, side: fixed.Buy}
	for _, tc := range []struct {
		reason pb.RejectReason
		code   errcode.Code
	}{
		{pb.RejectReason_REJECT_REASON_TOKEN_NOT_FOUND, errcode.TokenNotFound},
		{pb.RejectReason_REJECT_REASON_INVALID_PRICE, errcode.InvalidOrderMinTickSize},
		{pb.RejectReason_REJECT_REASON_INVALID_AMOUNTS, errcode.InvalidOrderAmounts},
		{pb.RejectReason_REJECT_REASON_SIZE_TOO_LARGE, errcode.InvalidOrderMaxSize},
		{pb.RejectReason_REJECT_REASON_INVALID_EXPIRATION, errcode.InvalidOrderExpiration},
		{pb.RejectReason_REJECT_REASON_FEE_RATE_TOO_LOW, errcode.InvalidOrderFeeRateTooLow},
		{pb.RejectReason_REJECT_REASON_FEE_RATE_TOO_HIGH, errcode.InvalidOrderFeeRateTooHigh},
		{pb.RejectReason_REJECT_REASON_POST_ONLY_INVALID_TYPE, errcode.InvalidPostOnlyOrderType},
		{pb.RejectReason_REJECT_REASON_INVALID_ORDER_TYPE, errcode.InvalidOrderType},
		{pb.RejectReason_REJECT_REASON_INVALID_COMMAND, errcode.InvalidCommand},
	} {
		for _, ev := range []*pb.Event{
			{Body: &pb.Event_OrderRejected{OrderRejected: &pb.OrderRejected{OrderId: id[:], Reason: tc.reason}}},
			{Body: &pb.Event_CommandRejected{CommandRejected: &pb.CommandRejected{Reason: tc.reason}}},
		} {
			_, err := orderResponse(p, &publish.Result{Events: []*pb.Event{ev}})
			if errcode.CodeOf(err) != tc.code {
				t.Errorf("%s as %T: %v, want %s", tc.reason, ev.GetBody(), err, string(tc.code))
			}
			if s := errcode.CodeOf(err).Status(); s < 400 || s >= 500 {
				t.Errorf("%s: status %d, want a client error", tc.reason, s)
			}
		}
	}
}
