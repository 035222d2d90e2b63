package stats

import (
	"testing"
	"time"

	"pred.dev/gateway-gamma/catalog"
	"pred.dev/proto/fixed"
	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
)

var (
	mkt     = []byte{31: 1}
	condStr = "0x" + "00000000000000000000000000000000000000000000000000000000000000" + "01"
)

func id(n byte) []byte { return []byte{31: n} }

func accepted(n byte, outcome pb.Outcome, side pb.Side, price, size uint64) *pb.Event {
	return &pb.Event{Body: &pb.Event_OrderAccepted{OrderAccepted: &pb.OrderAccepted{OrderId: id(n), Market: mkt,
		Outcome: outcome, Side: side, Price: price, Size: size}}}
}

func trade(taker, maker byte, mt pb.MatchType, takerPrice, makerPrice, size uint64, ms int64) *pb.Event {
	return &pb.Event{Body: &pb.Event_Trade{Trade: &pb.Trade{Market: mkt, TakerOrderId: id(taker), MakerOrderId: id(maker),
		MatchType: mt, TakerPrice: takerPrice, MakerPrice: makerPrice, Size: size, TimeMs: ms}}}
}

// TestFold walks a MINT, a resting remainder, a cancel and a resolution.
func TestFold(t *testing.T) {
	t.Parallel()
	s := New()
	t0 := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	// A YES bid at 0.40 for 10 rests; a NO bid at 0.55 (a YES ask at 0.45)
	// for 4 rests: no cross.
	s.Apply(1, &pb.EventBatch{Events: []*pb.Event{
		{Body: &pb.Event_MarketChanged{MarketChanged: &pb.MarketChanged{Market: mkt, Status: pb.MarketStatus_MARKET_STATUS_ACTIVE}}},
		accepted(1, pb.Outcome_OUTCOME_YES, pb.Side_SIDE_BUY, 400_000, 10*fixed.One),
		accepted(2, pb.Outcome_OUTCOME_NO, pb.Side_SIDE_BUY, 550_000, 4*fixed.One),
	}})
	got := s.Market(condStr, t0)
	if got.BestBid != 400_000 || got.BestAsk != 450_000 || got.Liquidity != 4*fixed.One+2_200_000 || got.Price != 425_000 ||
		got.Status != pb.MarketStatus_MARKET_STATUS_ACTIVE {
		t.Fatalf("resting: %+v", got)
	}
	// A NO bid at 0.60 for 6 takes 6 of the YES bid: MINT at 0.40/0.60.
	s.Apply(2, &pb.EventBatch{Events: []*pb.Event{
		accepted(3, pb.Outcome_OUTCOME_NO, pb.Side_SIDE_BUY, 600_000, 6*fixed.One),
		trade(3, 1, pb.MatchType_MATCH_TYPE_MINT, 600_000, 400_000, 6*fixed.One, t0.UnixMilli()),
		{Body: &pb.Event_OrderFilled{OrderFilled: &pb.OrderFilled{OrderId: id(3)}}},
	}})
	got = s.Market(condStr, t0)
	if got.Volume != 3_600_000 || got.Volume24hr != 3_600_000 || got.OpenInterest != 6*fixed.One || got.BestBid != 400_000 ||
		got.Liquidity != 1_600_000+2_200_000 {
		t.Fatalf("after the mint: %+v", got)
	}
	// The NO bid is cancelled: no ask, the price is the YES bid... or
	// the last trade (0.40), which comes first.
	s.Apply(3, &pb.EventBatch{Events: []*pb.Event{
		{Body: &pb.Event_OrderCancelled{OrderCancelled: &pb.OrderCancelled{OrderId: id(2)}}},
	}})
	got = s.Market(condStr, t0.Add(25*time.Hour))
	if got.BestAsk != 0 || got.Price != 400_000 || got.Volume24hr != 0 || got.Volume != 3_600_000 {
		t.Fatalf("after the cancel, a day later: %+v", got)
	}
	s.Apply(4, &pb.EventBatch{Events: []*pb.Event{
		{Body: &pb.Event_OrderCancelled{OrderCancelled: &pb.OrderCancelled{OrderId: id(1)}}},
		{Body: &pb.Event_MarketChanged{MarketChanged: &pb.MarketChanged{Market: mkt, Status: pb.MarketStatus_MARKET_STATUS_RESOLVED}}},
	}})
	got = s.Market(condStr, t0)
	if got.OpenInterest != 0 || got.Liquidity != 0 || got.BestBid != 0 || s.Seq() != 4 || got.Status != pb.MarketStatus_MARKET_STATUS_RESOLVED {
		t.Fatalf("resolved: %+v", got)
	}
	if (s.Market("0x02", t0) != catalog.MarketStats{}) {
		t.Fatal("an unknown market has figures")
	}
}

func TestDisplayPrice(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ bid, ask, last, want uint64 }{
		{400_000, 500_000, 0, 450_000},       // spread 0.10: the midpoint
		{400_000, 510_000, 480_000, 480_000}, // wider: the last trade
		{400_000, 510_000, 0, 455_000},       // wider and never traded: the midpoint
		{0, 0, 300_000, 300_000},
		{200_000, 0, 0, 200_000},
		{0, 700_000, 0, 700_000},
		{0, 0, 0, 0},
	} {
		if got := displayPrice(c.bid, c.ask, c.last); got != c.want {
			t.Errorf("%+v: %d", c, got)
		}
	}
}

// TestFoldOfKinds: the fold of batches decoded with Kinds alone (what the
// follower hands it) equals the fold of the whole batches, beside events
// of every other kind: Kinds keeps every event apply reads.
func TestFoldOfKinds(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	noise := []*pb.Event{
		{Body: &pb.Event_BalanceChanged{BalanceChanged: &pb.BalanceChanged{Account: id(9), Balance: 7}}},
		{Body: &pb.Event_BookChanged{BookChanged: &pb.BookChanged{Market: mkt}}},
		{Body: &pb.Event_OrderDecreased{OrderDecreased: &pb.OrderDecreased{OrderId: id(1), Size: fixed.One}}},
		{Body: &pb.Event_TradeStatusChanged{TradeStatusChanged: &pb.TradeStatusChanged{}}},
	}
	batches := []*pb.EventBatch{
		{Events: append([]*pb.Event{
			{Body: &pb.Event_MarketChanged{MarketChanged: &pb.MarketChanged{Market: mkt, Status: pb.MarketStatus_MARKET_STATUS_ACTIVE}}},
			accepted(1, pb.Outcome_OUTCOME_YES, pb.Side_SIDE_BUY, 400_000, 10*fixed.One),
			accepted(2, pb.Outcome_OUTCOME_NO, pb.Side_SIDE_BUY, 550_000, 4*fixed.One)}, noise...)},
		{Events: append(noise, accepted(3, pb.Outcome_OUTCOME_NO, pb.Side_SIDE_BUY, 600_000, 6*fixed.One),
			trade(3, 1, pb.MatchType_MATCH_TYPE_MINT, 600_000, 400_000, 6*fixed.One, t0.UnixMilli()),
			&pb.Event{Body: &pb.Event_OrderFilled{OrderFilled: &pb.OrderFilled{OrderId: id(3)}}})},
		{Events: []*pb.Event{
			{Body: &pb.Event_OrderExpired{OrderExpired: &pb.OrderExpired{OrderId: id(2)}}},
			{Body: &pb.Event_OrderCancelled{OrderCancelled: &pb.OrderCancelled{OrderId: id(1)}}},
			noise[0],
			{Body: &pb.Event_MarketChanged{MarketChanged: &pb.MarketChanged{Market: mkt, Status: pb.MarketStatus_MARKET_STATUS_RESOLVED}}},
		}},
	}
	whole, kinds := New(), New()
	for i, b := range batches {
		data, err := journal.EncodeEventBatch(b)
		if err != nil {
			t.Fatal(err)
		}
		thin, err := journal.DecodeEventBatchOf(data, Kinds)
		if err != nil {
			t.Fatal(err)
		}
		if len(thin.GetEvents()) >= len(b.GetEvents()) {
			t.Fatalf("batch %d: Kinds kept %d of %d events", i, len(thin.GetEvents()), len(b.GetEvents()))
		}
		whole.Apply(uint64(i+1), b)
		kinds.Apply(uint64(i+1), thin)
		if w, k := whole.Market(condStr, t0), kinds.Market(condStr, t0); w != k {
			t.Fatalf("after batch %d: whole %+v, Kinds %+v", i, w, k)
		}
	}
}
