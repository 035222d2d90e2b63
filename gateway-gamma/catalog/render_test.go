package catalog

import (
	"bytes"
	"encoding/json"
	"strconv"
	"testing"
	"time"

	"pred.dev/proto/client/gammaapi"
)

// fixedStats answers the same statistics for every market until changed.
type fixedStats struct{ s MarketStats }

func (f *fixedStats) Market(string, time.Time) MarketStats { return f.s }

// TestMarketJSONIsRenderingAfresh: the cached JSON of a market is always
// what encoding RenderMarket gives, through changes of its statistics and
// of its record.
func TestMarketJSONIsRenderingAfresh(t *testing.T) {
	t.Parallel()
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

// TestMarketJSONFollowsTags: a market's cached JSON carries its event's
// tags as they are now, through a renamed tag and a change of the event's
// tags.
func TestMarketJSONFollowsTags(t *testing.T) {
	t.Parallel()
	v := NewView(nil)
	day := time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC)
	v.putTag(&gammaapi.Tag{ID: "1", Label: "Weather", Slug: "weather", CreatedAt: day, UpdatedAt: day})
	v.putTag(&gammaapi.Tag{ID: "2", Label: "Lisbon", Slug: "lisbon", CreatedAt: day, UpdatedAt: day})
	ev := &EventRecord{ID: "1", Title: "E", Slug: "e", StartDate: day, EndDate: day, Active: true, TagIDs: []string{"1"}}
	v.putEvent(ev)
	m := &MarketRecord{ID: "7", EventID: "1", Slug: "m", Question: "Q?", ConditionID: "0x01", Outcomes: []string{"Yes", "No"},
		TokenIDs: [2]string{"1", "2"}, Active: true, OrderBook: true, MinSize: 5_000_000, MaxSize: 100_000_000_000, TickSize: 10_000}
	v.putMarket(m)
	r := NewReader(v, &fixedStats{})
	check := func(what, label string) {
		t.Helper()
		got, err := r.MarketJSON(m)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(r.RenderMarket(m))
		if !bytes.Equal(got, append(want, '\n')) || label != "" && !bytes.Contains(got, []byte(`"label":"`+label+`"`)) {
			t.Fatalf("%s: cached %s\nwant %s with %q", what, got, want, label)
		}
	}
	check("first read", "Weather")
	v.putTag(&gammaapi.Tag{ID: "1", Label: "Rain", Slug: "weather", CreatedAt: day, UpdatedAt: day.Add(time.Hour)})
	check("after the tag was renamed", "Rain")
	retagged := *ev
	retagged.TagIDs = []string{"2"}
	v.putEvent(&retagged)
	check("after the event's tags changed", "Lisbon")
	untagged := retagged
	untagged.TagIDs = nil
	v.putEvent(&untagged)
	if got, _ := r.MarketJSON(m); !bytes.Contains(got, []byte(`"tags":[]`)) {
		t.Fatalf("an untagged event's market: %s", got)
	}
}

// TestEventsJSONIsRenderingAfresh: GET /events's body built from cached
// market bodies is byte for byte the encoding of Events' rows, for
// events with several markets, none, and after statistics change.
func TestEventsJSONIsRenderingAfresh(t *testing.T) {
	t.Parallel()
	v := NewView(nil)
	day := time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC)
	for i := 1; i <= 25; i++ {
		id := strconv.Itoa(i)
		v.putEvent(&EventRecord{ID: id, Title: "E <" + id + ">", Slug: "e-" + id, EventType: "standard", StartDate: day, EndDate: day.Add(time.Hour),
			Active: true, NegRisk: i%2 == 0})
		for j := range i % 4 {
			mid := strconv.Itoa(100*i + j)
			v.putMarket(&MarketRecord{ID: mid, EventID: id, Slug: "m-" + mid, Question: "Q & " + mid + "?", ConditionID: "0x" + mid,
				Outcomes: []string{"Yes", "No"}, TokenIDs: [2]string{mid + "1", mid + "2"}, Active: true, OrderBook: true,
				MinSize: 5_000_000, MaxSize: 100_000_000_000, TickSize: 10_000, StartDate: day, EndDate: day})
		}
	}
	st := &fixedStats{}
	r := NewReader(v, st)
	for _, q := range []ListParams{{Limit: 20, Order: "id"}, {Limit: 5, Offset: 21, Order: "id"}, {Limit: 20, Order: "volume"}} {
		for _, s := range []MarketStats{{}, {Volume: 7_000_000, BestBid: 100_000, Price: 120_000}} {
			st.s = s
			p := &ListParams{Kind: KindEvents, Ascending: true, Limit: q.Limit, Offset: q.Offset, Order: q.Order}
			got, err := r.EventsJSON(p)
			if err != nil {
				t.Fatal(err)
			}
			rows := r.Events(p).Rows
			if rows == nil {
				rows = []gammaapi.Event{}
			}
			want, _ := json.Marshal(rows)
			if !bytes.Equal(got, append(want, '\n')) {
				t.Fatalf("query %v: EventsJSON\n%s\nwant\n%s", q, got, want)
			}
		}
	}
}
