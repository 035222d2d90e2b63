package settle

import (
	"context"
	"testing"

	"pred.dev/proto/pb"
)

// TestReorgReportIDs: the statuses reported again after a reorganization
// have command ids of their own: a settlement mined, reorganized out
// (RETRYING), mined again and reverted (RETRYING), then settled by its
// second attempt never repeats an id.
func TestReorgReportIDs(t *testing.T) {
	t.Parallel()
	pub := &recordingPub{}
	s := &Settler{pub: pub, m: newMetrics(nil)}
	const tx = "0x00000000000000000000000000000000000000000000000000000000000000ab"
	rec := &Record{ID: "t4", Attempt: 1, Base: 1, Matches: []Match{{Fills: []Fill{{TradeID: 4}, {TradeID: 5}}}}}
	sub, mined, retry, conf := pb.TradeStatus_TRADE_STATUS_SUBMITTED, pb.TradeStatus_TRADE_STATUS_MINED,
		pb.TradeStatus_TRADE_STATUS_RETRYING, pb.TradeStatus_TRADE_STATUS_CONFIRMED
	steps := []struct {
		reorgs, attempt uint32
		path            []pb.TradeStatus
	}{
		{0, 1, []pb.TradeStatus{sub, mined, retry}}, // mined, then its block left the chain
		{1, 1, []pb.TradeStatus{sub, mined, retry}}, // mined again, and its block left the chain again
		{2, 1, []pb.TradeStatus{sub, mined, retry}}, // mined a third time, reverted: a new attempt
		{0, 2, []pb.TradeStatus{sub, mined, conf}},
	}
	for _, st := range steps {
		rec.Reorgs, rec.Attempt = st.reorgs, st.attempt
		if err := s.report(context.Background(), rec, st.path, tx); err != nil {
			t.Fatal(err)
		}
	}
	seen := map[string]bool{}
	for i, c := range pub.cmds {
		if seen[string(c.GetId())] {
			t.Fatalf("command %d (%s): id %x again", i, c.GetSetTradeStatus().GetStatus(), c.GetId())
		}
		seen[string(c.GetId())] = true
	}
	if len(seen) != 12 {
		t.Fatalf("%d commands, want 12", len(seen))
	}
}
