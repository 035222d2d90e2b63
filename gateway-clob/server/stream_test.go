package server_test

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"pred.dev/gateway-clob/server"
	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/journal"
	"pred.dev/proto/runtime/eventually"
	"pred.dev/proto/runtime/streams"
)

var testMarketStr = "0x" + hex.EncodeToString(testMarket[:])

func subscribeMarket(from *uint64) clobapi.StreamRequest {
	return clobapi.StreamRequest{Type: clobapi.StreamSubscribe, ID: "s", Markets: []string{testMarketStr}, From: from}
}

// trade places random orders on both tokens of the test market, some
// crossing (MINT trades), some cancelled: every kind of book change.
type trader struct {
	h    *harness
	rng  *rand.Rand
	cs   []*client.Client
	open []struct {
		c  *client.Client
		id string
	}
}

func (tr *trader) step(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	if len(tr.open) > 0 && tr.rng.IntN(4) == 0 {
		i := tr.rng.IntN(len(tr.open))
		o := tr.open[i]
		tr.open = slices.Delete(tr.open, i, i+1)
		if _, err := o.c.CancelOrder(ctx, o.id); err != nil {
			t.Fatalf("cancel: %v", err)
		}
		return
	}
	c := tr.cs[tr.rng.IntN(len(tr.cs))]
	token := testYesStr
	if tr.rng.IntN(2) == 0 {
		token = testNoStr
	}
	price := fmt.Sprintf("0.%02d", 35+tr.rng.IntN(30))
	size := fmt.Sprintf("%d", 5+tr.rng.IntN(10))
	resp, err := c.CreateAndPostOrder(ctx, client.OrderArgs{TokenID: token, Side: "BUY", Price: price, Size: size, FeeRateBps: 10})
	if err != nil {
		t.Fatalf("order: %v", err)
	}
	if resp.Status == clobapi.InsertStatusLive {
		tr.open = append(tr.open, struct {
			c  *client.Client
			id string
		}{c, resp.OrderID})
	}
}

// evtLast is the EVT stream's last position.
func (h *harness) evtLast(t *testing.T) uint64 {
	t.Helper()
	h.sync()
	var last uint64
	eventually.NoError(t, "the EVT stream's last position", func() error {
		var err error
		last, err = streams.LastSeq(context.Background(), h.js, journal.EventStream)
		return err
	})
	return last
}

// readUntil reads a connection's frames into r until r has position at.
func readUntil(t *testing.T, w *wsConn, r *recorder, seq *uint64, at uint64) {
	t.Helper()
	for r.last < at {
		f, err := w.read(waitMax)
		if err != nil {
			t.Fatalf("reading up to position %d (at %d): %v", at, r.last, err)
		}
		if f.control != nil {
			continue
		}
		r.take(f, seq)
	}
}

// TestStreamMarketResume: a client disconnected at random points and
// resumed with from ends with exactly the messages of clients that stayed
// connected, on either replica, and the same book as GET /book; every
// client checks the book's hash at every message, and the two replicas
// send the same messages at the same positions.
func TestStreamMarketResume(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.addGateway()
	zero := uint64(0)
	var stay [2]*wsConn
	var recs [2]*recorder
	var seqs [2]uint64
	for i := range stay {
		stay[i] = h.dialStream(t, i, "/ws/market", nil)
		stay[i].send(subscribeMarket(&zero))
		stay[i].control(clobapi.MsgSubscribed)
		recs[i] = newRecorder(t)
	}
	rng := rand.New(rand.NewPCG(22, 1))
	tr := &trader{h: h, rng: rng, cs: []*client.Client{h.funded(0, 1000), h.funded(1, 1000)}}
	moved := newRecorder(t)
	var conn *wsConn
	var seq uint64
	reconnects := 0
	connect := func() {
		replica := reconnects % 2 // resume on either replica
		conn = h.dialStream(t, replica, "/ws/market", nil)
		from := moved.last
		conn.send(subscribeMarket(&from))
		conn.control(clobapi.MsgSubscribed)
		seq = 0
		reconnects++
	}
	connect()
	for range 40 {
		tr.step(t)
		// Read a few frames, then maybe drop the connection mid-stream. A
		// read that times out ends the connection (the library closes it),
		// which is one more drop.
		dropped := false
		for range rng.IntN(3) {
			f, err := conn.read(300 * time.Millisecond)
			if err != nil {
				dropped = true
				break
			}
			if f.control == nil {
				moved.take(f, &seq)
			}
		}
		if dropped || rng.IntN(2) == 0 {
			_ = conn.c.CloseNow()
			connect()
		}
	}
	h.submit(haltMarket(testMarket)) // a last position every client sees
	end := h.evtLast(t)
	for i := range stay {
		readUntil(t, stay[i], recs[i], &seqs[i], end)
	}
	readUntil(t, conn, moved, &seq, end)
	if !slices.Equal(recs[0].msgs, recs[1].msgs) {
		t.Fatalf("the replicas sent different messages:\n%v\n%v", recs[0].msgs, recs[1].msgs)
	}
	if !slices.Equal(moved.msgs, recs[0].msgs) {
		t.Fatalf("after %d reconnects the resumed client has %d messages, the connected one %d:\n%v\n%v",
			reconnects, len(moved.msgs), len(recs[0].msgs), moved.msgs, recs[0].msgs)
	}
	types := map[string]int{}
	for _, m := range moved.msgs {
		var v map[string]any
		_ = json.Unmarshal([]byte(m), &v)
		types[v["type"].(string)]++
	}
	if types[clobapi.MsgPriceChange] == 0 || types[clobapi.MsgLastTrade] == 0 || types[clobapi.MsgMarket] < 2 {
		t.Fatalf("the scenario did not exercise every market message: %v", types)
	}
	if len(moved.msgs) < 40 {
		t.Fatalf("only %d messages: the scenario did not exercise the stream", len(moved.msgs))
	}
	for _, tok := range []string{testYesStr, testNoStr} {
		rest, err := tr.cs[0].GetBook(context.Background(), tok)
		if err != nil {
			t.Fatal(err)
		}
		slices.Reverse(rest.Bids) // REST puts the best last
		slices.Reverse(rest.Asks)
		bids, asks := moved.books[tok].levels()
		if !slices.Equal(bids, rest.Bids) || !slices.Equal(asks, rest.Asks) {
			t.Fatalf("token %s: the streamed book %v / %v, GET /book %v / %v", tok, bids, asks, rest.Bids, rest.Asks)
		}
	}
}

// TestStreamResumeLongerThanTheQueue: a resume replays far more positions
// than a connection's send queue holds, waiting for the client to read
// rather than closing it as a slow consumer.
func TestStreamResumeLongerThanTheQueue(t *testing.T) {
	t.Parallel()
	h := newHarness(t, withConfig(func(c *server.Config) { c.StreamLimits.SendQueueFrames = 2 }))
	tr := &trader{h: h, rng: rand.New(rand.NewPCG(22, 2)), cs: []*client.Client{h.funded(0, 1000)}}
	for range 20 {
		tr.step(t)
	}
	h.submit(haltMarket(testMarket)) // the last position, one every subscriber sees
	end := h.evtLast(t)
	zero := uint64(0)
	w := h.dialStream(t, 0, "/ws/market", nil)
	w.send(subscribeMarket(&zero))
	w.control(clobapi.MsgSubscribed)
	r := newRecorder(t)
	var seq uint64
	readUntil(t, w, r, &seq, end)
	if len(r.msgs) < 20 {
		t.Fatalf("%d messages replayed", len(r.msgs))
	}
	rest, err := tr.cs[0].GetBook(context.Background(), testYesStr)
	if err != nil {
		t.Fatal(err)
	}
	slices.Reverse(rest.Bids)
	if bids, _ := r.books[testYesStr].levels(); !slices.Equal(bids, rest.Bids) {
		t.Fatalf("replayed bids %v, GET /book %v", bids, rest.Bids)
	}
}
