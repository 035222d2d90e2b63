package chaos

import (
	"slices"
	"testing"

	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/pb"
)

// The tokens and market of the fabricated streams.
const (
	testYes    = "11"
	testNo     = "12"
	testMarket = "0x0a"
)

func trade(pos uint64, asset, id string) streamKey {
	return streamKey{Pos: pos, Type: clobapi.MsgLastTrade, Asset: asset, Trade: id}
}

func change(pos uint64, asset string) streamKey {
	return streamKey{Pos: pos, Type: clobapi.MsgPriceChange, Asset: asset}
}

func book(pos uint64, asset string) streamKey {
	return streamKey{Pos: pos, Type: clobapi.MsgBook, Asset: asset}
}

// marketLog is a log's market messages from position 3 (the client
// subscribes at 4): a trade and book changes at 5, a book change at 6, a
// trade at 8.
var marketLog = []streamKey{
	change(3, testYes), change(3, testNo),
	trade(5, testYes, "1"), change(5, testYes), change(5, testNo),
	change(6, testYes), change(6, testNo),
	trade(8, testNo, "2"), trade(8, testYes, "2"),
}

// clientSaw is what a client subscribed at 4 receives of marketLog.
func clientSaw() []streamKey {
	return append([]streamKey{book(4, testYes), book(4, testNo)}, marketLog[2:]...)
}

// TestCompareStream: the comparison passes a client that saw exactly
// the log after its snapshot, and finds each way of not having seen it.
func TestCompareStream(t *testing.T) {
	remove := func(s []streamKey, i int) []streamKey { return slices.Delete(slices.Clone(s), i, i+1) }
	swap := func(s []streamKey, i, j int) []streamKey {
		s = slices.Clone(s)
		s[i], s[j] = s[j], s[i]
		return s
	}
	for _, c := range []struct {
		name string
		seen []streamKey
		gaps []clobapi.GapMessage
		want streamFindings
	}{
		{name: "exact", seen: clientSaw()},
		{name: "a trade missing", seen: remove(clientSaw(), 2), want: streamFindings{Missing: 1}},
		{name: "a book change missing", seen: remove(clientSaw(), 5), want: streamFindings{Missing: 1}},
		{name: "a trade twice, after a resume", seen: slices.Insert(clientSaw(), 6, trade(5, testYes, "1")), want: streamFindings{Duplicates: 1}},
		{name: "two messages of a position swapped", seen: swap(clientSaw(), 3, 4), want: streamFindings{Disorder: 1}},
		{name: "a position before the last one", seen: swap(clientSaw(), 5, 7), want: streamFindings{Disorder: 2}},
		{name: "a message the log does not have", seen: slices.Insert(clientSaw(), 7, trade(7, testYes, "9")), want: streamFindings{Unexpected: 1}},
		{name: "no snapshot: every message is due", seen: clientSaw()[2:4], want: streamFindings{Missing: 7}},
		{name: "a new snapshot of a token covers what it missed", seen: append(clientSaw()[:5], book(6, testYes), change(6, testNo), trade(8, testNo, "2"), trade(8, testYes, "2"))},
		{name: "the server gave up positions", seen: append(clientSaw()[:5], trade(8, testNo, "2"), trade(8, testYes, "2")),
			gaps: []clobapi.GapMessage{{From: 6, To: 7}}, want: streamFindings{ServerGaps: 1}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := compareStream(marketLog, c.seen, c.gaps, 8)
			if got != c.want {
				t.Fatalf("found %+v, want %+v", got, c.want)
			}
			if (got.total() == 0) != (c.want == streamFindings{}) {
				t.Fatalf("total %d for %+v", got.total(), got)
			}
		})
	}
}

// TestBatchFindings: the EVT stream's sequences and its batches' CMD
// ranges must each follow the previous one.
func TestBatchFindings(t *testing.T) {
	batch := func(first, last uint64) *pb.EventBatch {
		return &pb.EventBatch{FirstCommandSeq: first, CommandSeq: last}
	}
	for _, c := range []struct {
		name                     string
		prevSeq, prevCmd, seq    uint64
		b                        *pb.EventBatch
		wantGaps, wantDuplicates int
	}{
		{"the first", 0, 0, 1, batch(1, 3), 0, 0},
		{"the next", 1, 3, 2, batch(4, 4), 0, 0},
		{"an EVT sequence skipped", 1, 3, 3, batch(4, 4), 1, 0},
		{"a CMD message skipped", 1, 3, 2, batch(5, 6), 1, 0},
		{"a batch published twice", 2, 4, 3, batch(4, 4), 0, 1},
		{"a batch going back", 2, 6, 3, batch(5, 7), 0, 1},
	} {
		gaps, dups := batchFindings(0, 0, c.prevSeq, c.prevCmd, c.seq, c.b)
		if gaps != c.wantGaps || dups != c.wantDuplicates {
			t.Errorf("%s: %d gaps, %d duplicates; want %d, %d", c.name, gaps, dups, c.wantGaps, c.wantDuplicates)
		}
	}
}

// TestMarketMessages: a batch's market messages in the server's order:
// per command its market messages, then its trades (taker's token
// first, the maker's too when it differs); after the batch one
// price_change per token if the book changed. Other markets' events
// give none.
func TestMarketMessages(t *testing.T) {
	mkt, other := []byte{0x0a}, []byte{0x0b}
	yes, no := []byte{11}, []byte{12}
	ev := func(e isEvent) *pb.Event { return e.event() }
	b := &pb.EventBatch{
		Events: []*pb.Event{
			ev(bookEv{mkt}), ev(tradeEv{&pb.Trade{TradeId: 7, Market: mkt, TakerTokenId: yes, MakerTokenId: no}}),
			ev(marketEv{mkt}), ev(tradeEv{&pb.Trade{TradeId: 8, Market: mkt, TakerTokenId: no, MakerTokenId: no}}),
			ev(tradeEv{&pb.Trade{TradeId: 9, Market: other, TakerTokenId: yes, MakerTokenId: yes}}),
		},
		Results: []*pb.CommandResult{{FirstEvent: 0, EventCount: 2}, {FirstEvent: 2, EventCount: 3}},
	}
	got := marketMessages(4, b, testMarket, testYes, testNo)
	want := []streamKey{trade(4, testYes, "7"), trade(4, testNo, "7"), {Pos: 4, Type: clobapi.MsgMarket}, trade(4, testNo, "8"),
		change(4, testYes), change(4, testNo)}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v\nwant %v", got, want)
	}
	if got := marketMessages(4, b, "0x0c", testYes, testNo); len(got) != 0 {
		t.Fatalf("another market's messages: %v", got)
	}
}

type isEvent interface{ event() *pb.Event }

type bookEv struct{ market []byte }

func (e bookEv) event() *pb.Event {
	return &pb.Event{Body: &pb.Event_BookChanged{BookChanged: &pb.BookChanged{Market: e.market}}}
}

type tradeEv struct{ t *pb.Trade }

func (e tradeEv) event() *pb.Event { return &pb.Event{Body: &pb.Event_Trade{Trade: e.t}} }

type marketEv struct{ market []byte }

func (e marketEv) event() *pb.Event {
	return &pb.Event{Body: &pb.Event_MarketChanged{MarketChanged: &pb.MarketChanged{Market: e.market}}}
}
