package catalog

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"
)

// fixedStats answers the same statistics for every market until changed.
type fixedStats struct{ s MarketStats }

func (f *fixedStats) Market(string, time.Time) MarketStats { return f.s }

// TestMarketJSONIsRenderingAfresh: the cached JSON of a market is always
// what encoding RenderMarket gives, through changes of its statistics and
// of its record.
func TestMarketJSONIsRenderingAfresh(t *testing.T) {
	st := &fixedStats{}
	r := NewReader(nil, st)
	m := &MarketRecord{ID: "7", Slug: "m", Question: "Q?", ConditionID: "0x01", Outcomes: []string{"Yes", "No"},
		TokenIDs: [2]string{"1", "2"}, Active: true, OrderBook: true, MinSize: 5_000_000, MaxSize: 100_000_000_000, TickSize: 10_000}
	check := func(what string) []byte {
		t.Helper()
		got, err := r.MarketJSON(m)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(r.RenderMarket(m))
		if !bytes.Equal(got, append(want, '\n')) {
			t.Fatalf("%s: cached %s\nwant %s", what, got, want)
		}
		return got
	}
	first := check("first read")
	if again := check("second read"); &again[0] != &first[0] {
		t.Fatal("the second read rendered again")
	}
	st.s = MarketStats{Volume: 12_000_000, Volume24hr: 3_000_000, BestBid: 400_000, BestAsk: 450_000, Price: 425_000}
	check("after the statistics changed")
	changed := *m
	changed.Question = "Q2?"
	m = &changed
	if b := check("after the record changed"); !bytes.Contains(b, []byte("Q2?")) {
		t.Fatalf("the new record's question is missing: %s", b)
	}
}
