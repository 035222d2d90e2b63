package api

import (
	"strings"
	"testing"

	"pred.dev/proto/errcode"
	"pred.dev/proto/fixed"
	"pred.dev/proto/pb"
)

func TestCollateral(t *testing.T) {
	t.Parallel()
	if got := collateral(21_040_000, 560_000); got != 11_782_400 {
		t.Fatalf("collateral = %d", got)
	}
	if got := collateral(^uint64(0)/fixed.LotUnits*fixed.LotUnits, 990_000); got == 0 {
		t.Fatal("large sizes must not wrap")
	}
}

// TestTradeStatusStrings: every trade status renders as one of the spec's
// values, and an unset one as MATCHED, never UNSPECIFIED.
func TestTradeStatusStrings(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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
