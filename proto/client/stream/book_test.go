package stream

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
)

const token = "71321045679252212594626385532706912750332728571942532289631379312455583992563"

// levels writes "price:size" pairs as levels.
func levels(pairs ...string) []clobapi.PriceLevel {
	var ls []clobapi.PriceLevel
	for _, p := range pairs {
		price, size, _ := strings.Cut(p, ":")
		ls = append(ls, clobapi.PriceLevel{Price: price, Size: size})
	}
	return ls
}

func hash(bids, asks []clobapi.PriceLevel) string { return clobapi.BookHash(token, bids, asks) }

// frame encodes messages as the server sends them: one JSON array.
func frame(t *testing.T, msgs ...any) []byte {
	t.Helper()
	b, err := json.Marshal(msgs)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func header(typ string, pos uint64) clobapi.StreamHeader {
	return clobapi.StreamHeader{Type: typ, Position: pos, Seq: pos}
}

// marketStream is a market Stream that reads the frames a test hands it,
// without a connection.
func marketStream() (*Stream, *clobChannel) {
	ch := newCLOBChannel("", clobapi.StreamMarketPath, Subscription{}, nil)
	return &Stream{cfg: defaultConfig(), ch: ch, books: map[string]*Book{}}, ch
}

// read hands the stream one frame and records its position, as connect
// does once the frame's messages are delivered.
func read(t *testing.T, s *Stream, data []byte) frameResult {
	t.Helper()
	res, err := s.ch.frame(s, data)
	if err != nil {
		t.Fatalf("frame %s: %v", data, err)
	}
	if res.hasPos {
		s.status.Position, s.status.HasPosition = res.pos, true
	}
	return res
}

// TestBookSnapshotThenChanges: a snapshot listed in any order, then level
// changes (a new level, a changed total, an emptied level) give the book
// whose hash the server sent, best price first.
func TestBookSnapshotThenChanges(t *testing.T) {
	t.Parallel()
	s, _ := marketStream()
	// The snapshot lists bids worst first, as GET /book does.
	bids, asks := levels("0.45:100", "0.44:50"), levels("0.47:10", "0.5:20")
	read(t, s, frame(t, clobapi.BookMessage{StreamHeader: header(clobapi.MsgBook, 7), AssetID: token,
		Bids: levels("0.44:50", "0.45:100"), Asks: levels("0.5:20", "0.47:10"), TickSize: "0.01", Hash: hash(bids, asks)}))
	b, ok := s.Book(token)
	if !ok || !slices.Equal(b.Bids, bids) || !slices.Equal(b.Asks, asks) || b.Position != 7 {
		t.Fatalf("after the snapshot: %+v, %v; want bids %v asks %v at 7", b, ok, bids, asks)
	}

	bids, asks = levels("0.46:5", "0.45:60"), levels("0.5:20")
	res := read(t, s, frame(t, clobapi.PriceChangeMessage{StreamHeader: header(clobapi.MsgPriceChange, 9), AssetID: token,
		Changes: []clobapi.PriceChange{{Price: "0.46", Side: "BUY", Size: "5"}, {Price: "0.45", Side: "BUY", Size: "60"},
			{Price: "0.44", Side: "BUY", Size: "0"}, {Price: "0.47", Side: "SELL", Size: "0"}},
		BestBid: "0.46", BestAsk: "0.5", Hash: hash(bids, asks)}))
	b, ok = s.Book(token)
	if !ok || !slices.Equal(b.Bids, bids) || !slices.Equal(b.Asks, asks) || b.Position != 9 || b.Hash != hash(bids, asks) {
		t.Fatalf("after the changes: %+v, %v; want bids %v asks %v at 9", b, ok, bids, asks)
	}
	if len(res.send) != 0 || s.status.Position != 9 || s.status.HashMismatches != 0 {
		t.Fatalf("a book that agrees asks for nothing: sent %v, status %+v", res.send, s.status)
	}
	if bb, _ := b.BestBid(); bb.Price != "0.46" {
		t.Errorf("best bid %v, want 0.46", bb)
	}
}

// TestBookHashMismatch: a change whose hash disagrees drops the book and
// asks for the token's snapshot (unsubscribe, subscribe without From);
// changes before it are ignored, the snapshot brings the book back, and a
// reconnection before it asks again.
func TestBookHashMismatch(t *testing.T) {
	t.Parallel()
	s, ch := marketStream()
	bids := levels("0.45:100")
	read(t, s, frame(t, clobapi.BookMessage{StreamHeader: header(clobapi.MsgBook, 3), AssetID: token, Bids: bids, Hash: hash(bids, nil)}))
	// The server's book has a level this client missed.
	res := read(t, s, frame(t, clobapi.PriceChangeMessage{StreamHeader: header(clobapi.MsgPriceChange, 4), AssetID: token,
		Changes: []clobapi.PriceChange{{Price: "0.46", Side: "BUY", Size: "5"}}, Hash: hash(levels("0.46:5", "0.45:100", "0.44:1"), nil)}))
	if _, ok := s.Book(token); ok {
		t.Fatal("a book that disagrees with the server is still offered")
	}
	want := fmt.Sprint(resyncRequests(token))
	if fmt.Sprint(res.send) != want || s.status.HashMismatches != 1 {
		t.Fatalf("sent %v, mismatches %d; want %s and 1", res.send, s.status.HashMismatches, want)
	}
	from := s.status.Position
	if hello := s.ch.hello(s, &from); fmt.Sprint(hello[1:]) != want {
		t.Fatalf("a reconnection before the snapshot sends %v, want the subscription then %s", hello, want)
	}
	read(t, s, frame(t, clobapi.PriceChangeMessage{StreamHeader: header(clobapi.MsgPriceChange, 5), AssetID: token,
		Changes: []clobapi.PriceChange{{Price: "0.3", Side: "BUY", Size: "5"}}, Hash: "whatever"}))
	bids = levels("0.46:5", "0.45:100", "0.3:5", "0.2:1")
	read(t, s, frame(t, clobapi.BookMessage{StreamHeader: header(clobapi.MsgBook, 5), AssetID: token, Bids: bids, Hash: hash(bids, nil)}))
	if b, ok := s.Book(token); !ok || !slices.Equal(b.Bids, bids) || len(ch.stale) != 0 {
		t.Fatalf("after the new snapshot: %+v %v, stale %v", b, ok, ch.stale)
	}
	// A change at or before the snapshot's position (a resume's replay
	// racing the snapshot) is in it already.
	read(t, s, frame(t, clobapi.PriceChangeMessage{StreamHeader: header(clobapi.MsgPriceChange, 5), AssetID: token,
		Changes: []clobapi.PriceChange{{Price: "0.3", Side: "BUY", Size: "5"}}, Hash: "stale"}))
	if b, ok := s.Book(token); !ok || !slices.Equal(b.Bids, bids) || s.status.HashMismatches != 1 {
		t.Fatalf("after a change the snapshot holds: %+v %v, mismatches %d", b, ok, s.status.HashMismatches)
	}
	if hello := s.ch.hello(s, &from); len(hello) != 1 {
		t.Fatalf("a reconnection after the snapshot sends %v, want the subscription alone", hello)
	}
}

// TestGapDropsBooks: a gap drops every book and does not move the
// position; the snapshot after it does.
func TestGapDropsBooks(t *testing.T) {
	t.Parallel()
	s, _ := marketStream()
	bids := levels("0.45:100")
	read(t, s, frame(t, clobapi.BookMessage{StreamHeader: header(clobapi.MsgBook, 3), AssetID: token, Bids: bids, Hash: hash(bids, nil)}))
	res := read(t, s, frame(t, clobapi.GapMessage{StreamHeader: clobapi.StreamHeader{Type: clobapi.MsgGap, Position: 90}, From: 4, To: 80, Reason: "retention"}))
	if _, ok := s.Book(token); ok || s.status.Gaps != 1 || s.status.Position != 3 || len(res.msgs) != 1 {
		t.Fatalf("after a gap: book kept %v, status %+v, delivered %v", ok, s.status, res.msgs)
	}
	read(t, s, frame(t, clobapi.BookMessage{StreamHeader: header(clobapi.MsgBook, 90), AssetID: token, Bids: bids, Hash: hash(bids, nil)}))
	if _, ok := s.Book(token); !ok || s.status.Position != 90 {
		t.Fatalf("after the snapshot: book %v, status %+v", ok, s.status)
	}
}

// TestFrameMessages: every message type decodes to its clobapi type;
// pings, pongs and unknown types are skipped; a position is taken from
// data messages only, and from subscribed on the user channel alone.
func TestFrameMessages(t *testing.T) {
	t.Parallel()
	s, _ := marketStream()
	res := read(t, s, []byte(`[{"type":"subscribed","position":40,"channel":"market"}]`))
	if _, ok := res.msgs[0].(*clobapi.SubscribedMessage); !ok || s.status.HasPosition {
		t.Fatalf("market subscribed: %T, status %+v", res.msgs[0], s.status)
	}
	res = read(t, s, []byte(`[{"type":"ping","position":41}]`))
	if len(res.msgs) != 0 || s.status.HasPosition {
		t.Fatalf("a ping delivered %v, status %+v", res.msgs, s.status)
	}
	res = read(t, s, []byte(`[{"type":"market","position":42,"seq":1,"market":"0xab","event":"halted"},`+
		`{"type":"order","position":42,"seq":2,"event":"CANCELLATION","id":"0x1"},{"type":"future_thing","position":42}]`))
	if len(res.msgs) != 2 || s.status.Position != 42 {
		t.Fatalf("delivered %v, status %+v", res.msgs, s.status)
	}
	if m, ok := res.msgs[0].(*clobapi.MarketMessage); !ok || m.Event != clobapi.MarketEventHalted {
		t.Errorf("first message %#v", res.msgs[0])
	}
	// A control message comes as a bare object.
	res = read(t, s, []byte(`{"type":"error","position":42,"id":"7","code":"INVALID_TOKEN_ID","message":"no such token"}`))
	if m, ok := res.msgs[0].(*clobapi.ErrorMessage); len(res.msgs) != 1 || !ok || m.Code != "INVALID_TOKEN_ID" || m.ID != "7" {
		t.Errorf("a bare error message reads as %#v", res.msgs)
	}
	if _, err := s.ch.frame(s, []byte(`"book"`)); err == nil {
		t.Error("a frame that is neither an array nor an object is read")
	}
	if _, err := s.ch.frame(s, []byte(`[{"type":"book","bids":"x"}]`)); err == nil {
		t.Error("a malformed book is read")
	}
}

// TestUserStartsAtSubscribed: the user channel, which has no snapshot,
// starts after the position its subscribed answer names.
func TestUserStartsAtSubscribed(t *testing.T) {
	t.Parallel()
	ch := newCLOBChannel("", clobapi.StreamUserPath, Subscription{}, clob.New("http://127.0.0.1:0"))
	s := &Stream{cfg: defaultConfig(), ch: ch, books: map[string]*Book{}}
	read(t, s, []byte(`[{"type":"subscribed","position":40,"channel":"user"}]`))
	if !s.status.HasPosition || s.status.Position != 40 {
		t.Fatalf("status %+v, want position 40", s.status)
	}
	read(t, s, []byte(`[{"type":"subscribed","position":55,"channel":"user"}]`))
	if s.status.Position != 40 {
		t.Fatalf("a later subscribed moved the position to %d", s.status.Position)
	}
}
