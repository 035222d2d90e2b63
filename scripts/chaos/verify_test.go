package chaos

import (
	"testing"

	"pred.dev/proto/pb"
)

// TestAppliedCounting pins what the verifier calls a copy, a result and a
// change, on the results the engine gives a command logged twice.
func TestAppliedCounting(t *testing.T) {
	accepted := &pb.Event{Body: &pb.Event_OrderAccepted{OrderAccepted: &pb.OrderAccepted{}}}
	status := &pb.Event{Body: &pb.Event_TradeStatusChanged{TradeStatusChanged: &pb.TradeStatusChanged{}}}
	refused := func(r pb.RejectReason) *pb.Event {
		return &pb.Event{Body: &pb.Event_CommandRejected{CommandRejected: &pb.CommandRejected{Reason: r}}}
	}
	orderRefused := func(r pb.RejectReason) *pb.Event {
		return &pb.Event{Body: &pb.Event_OrderRejected{OrderRejected: &pb.OrderRejected{Reason: r}}}
	}
	for _, tc := range []struct {
		name           string
		events         []*pb.Event
		spent, changed bool
	}{
		{"an order placed", []*pb.Event{accepted}, false, true},
		{"an order's copy", []*pb.Event{orderRefused(pb.RejectReason_REJECT_REASON_DUPLICATE_ORDER)}, true, false},
		{"a deposit's copy", []*pb.Event{refused(pb.RejectReason_REJECT_REASON_DUPLICATE_COMMAND)}, true, false},
		{"an order refused", []*pb.Event{orderRefused(pb.RejectReason_REJECT_REASON_NOT_ENOUGH_BALANCE)}, false, false},
		{"a repeated status report", nil, false, false},
		{"a final status reported again", []*pb.Event{refused(pb.RejectReason_REJECT_REASON_TRADE_STATUS_FINAL), refused(pb.RejectReason_REJECT_REASON_TRADE_STATUS_FINAL)}, false, false},
		{"a status moving one trade of two", []*pb.Event{refused(pb.RejectReason_REJECT_REASON_TRADE_STATUS_FINAL), status}, false, true},
	} {
		batch := &pb.EventBatch{Events: append([]*pb.Event{accepted}, tc.events...)}
		res := &pb.CommandResult{FirstEvent: 1, EventCount: uint32(len(tc.events))}
		if got := spentID(batch, res); got != tc.spent {
			t.Errorf("%s: spent id %v, want %v", tc.name, got, tc.spent)
		}
		if got := changedState(batch, res); got != tc.changed {
			t.Errorf("%s: changed state %v, want %v", tc.name, got, tc.changed)
		}
	}
	// A result pointing past its batch's events is read as no events.
	if changedState(&pb.EventBatch{}, &pb.CommandResult{FirstEvent: 0, EventCount: 2}) {
		t.Error("a result past its batch's events changed state")
	}
}
