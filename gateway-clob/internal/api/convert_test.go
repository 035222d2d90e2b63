package api

import (
	"errors"
	"strings"
	"testing"

	"pred.dev/proto/errcode"
	"pred.dev/proto/fixed"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/publish"
)

func TestParseTokenID(t *testing.T) {
	max := "115792089237316195423570985008687907853269984665640564039457584007913129639935"
	for _, ok := range []string{"0", "1001", max} {
		b, err := parseTokenID(ok)
		if err != nil || tokenString(b[:]) != ok {
			t.Errorf("parseTokenID(%q) = %x, %v", ok, b, err)
		}
	}
	for _, bad := range []string{"", "0x10", "-1", "1.5", " 1", max + "0", "115792089237316195423570985008687907853269984665640564039457584007913129639936"} {
		if _, err := parseTokenID(bad); !errors.Is(err, errcode.InvalidTokenID) {
			t.Errorf("parseTokenID(%q) = %v", bad, err)
		}
	}
}

func TestParseHash32(t *testing.T) {
	good := "0x" + "02ca1d1aa31103804173ad1acd70066cb6c1258a4be6dada055111f9a7ea4e55"
	if b, err := parseHash32(good, errcode.InvalidOrderID); err != nil || hash32(b[:]) != good {
		t.Fatalf("%v %v", b, err)
	}
	for _, bad := range []string{"02ca1d1aa31103804173ad1acd70066cb6c1258a4be6dada055111f9a7ea4e55", "0x12", good + "00", "0x" + "zz" + good[4:]} {
		if _, err := parseHash32(bad, errcode.InvalidOrderID); !errors.Is(err, errcode.InvalidOrderID) {
			t.Errorf("parseHash32(%q) = %v", bad, err)
		}
	}
}

// TestOrderResponseSumsFills: a BUY taker filled at two prices reports
// the collateral given and the shares taken; a rejection is its code.
func TestOrderResponseSumsFills(t *testing.T) {
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

func TestCollateral(t *testing.T) {
	if got := collateral(21_040_000, 560_000); got != 11_782_400 {
		t.Fatalf("collateral = %d", got)
	}
	if got := collateral(^uint64(0)/fixed.LotUnits*fixed.LotUnits, 990_000); got == 0 {
		t.Fatal("large sizes must not wrap")
	}
}

// TestOrderRejectionsMapToTheirCodes: the reasons the engine can give a
// PlaceOrder that the gateway's own validation catches first (so the HTTP
// tests, which run the real engine, never see them) still come back as
// their codes, whether the engine refuses the order or the command.
func TestOrderRejectionsMapToTheirCodes(t *testing.T) {
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

// TestTradeStatusStrings: every trade status renders as one of the spec's
// values, and an unset one as MATCHED, never UNSPECIFIED.
func TestTradeStatusStrings(t *testing.T) {
	spec := map[string]bool{"MATCHED": true, "SUBMITTED": true, "MINED": true, "CONFIRMED": true,
		"RETRYING": true, "FAILED": true, "SYNTHETIC": true}
	seen := map[string]bool{}
	values := pb.TradeStatus(0).Descriptor().Values()
	for i := range values.Len() {
		s := pb.TradeStatus(values.Get(i).Number())
		got := tradeStatusString(s)
		if !spec[got] {
			t.Errorf("%s renders %q", s, got)
		}
		if s != pb.TradeStatus_TRADE_STATUS_UNSPECIFIED && got != strings.TrimPrefix(s.String(), "TRADE_STATUS_") {
			t.Errorf("%s renders %q", s, got)
		}
		seen[got] = true
	}
	if len(seen) != len(spec) {
		t.Errorf("rendered %v, want every one of %v", seen, spec)
	}
	if got := tradeStatusString(pb.TradeStatus(99)); got != "MATCHED" {
		t.Errorf("an unknown status renders %q", got)
	}
}

// TestCancelReason: a cancelled order gives its cause, an expired one
// EXPIRED, an INVALID one the code its placement was refused with, a
// live one nothing.
func TestCancelReason(t *testing.T) {
	for _, c := range []struct {
		r    *pb.OrderRecord
		want string
	}{
		{&pb.OrderRecord{Status: pb.OrderStatus_ORDER_STATUS_LIVE}, ""},
		{&pb.OrderRecord{Status: pb.OrderStatus_ORDER_STATUS_CANCELED, CancelCause: pb.CancelCause_CANCEL_CAUSE_USER}, "USER"},
		{&pb.OrderRecord{Status: pb.OrderStatus_ORDER_STATUS_CANCELED, CancelCause: pb.CancelCause_CANCEL_CAUSE_EXPIRED}, "EXPIRED"},
		{&pb.OrderRecord{Status: pb.OrderStatus_ORDER_STATUS_INVALID, RejectReason: pb.RejectReason_REJECT_REASON_NOT_ENOUGH_BALANCE},
			string(errcode.InvalidOrderNotEnoughBal)},
		{&pb.OrderRecord{Status: pb.OrderStatus_ORDER_STATUS_INVALID, RejectReason: pb.RejectReason_REJECT_REASON_FOK_NOT_FILLED},
			string(errcode.FOKOrderNotFilled)},
	} {
		if got := openOrder(c.r, false).CancelReason; got != c.want {
			t.Errorf("%v: cancel_reason %q, want %q", c.r, got, c.want)
		}
	}
}
