package server_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"pred.dev/gateway-clob/apitest"
	"pred.dev/proto/client/clobapi"
	rtapitest "pred.dev/proto/runtime/apitest"
)

// wsConn is a test's WebSocket client of a gateway's stream. Every
// frame it reads and every request it sends well-formed is checked
// against the streams' AsyncAPI document (v), as the REST tests check
// every exchange against the OpenAPI one.
type wsConn struct {
	t    *testing.T
	c    *websocket.Conn
	path string
	v    *rtapitest.StreamValidator
}

// dialStream connects to path on gateway i.
func (h *harness) dialStream(t *testing.T, i int, path string, hdr http.Header) *wsConn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitMax)
	defer cancel()
	url := "ws" + strings.TrimPrefix(h.url(i), "http") + path
	c, resp, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: hdr})
	if err != nil {
		t.Fatalf("dial %s: %v (%v)", path, err, resp)
	}
	c.SetReadLimit(-1)
	t.Cleanup(func() { _ = c.CloseNow() })
	return &wsConn{t: t, c: c, path: path, v: apitest.StreamSpec().NewValidator(t)}
}

func (w *wsConn) send(req clobapi.StreamRequest) {
	w.t.Helper()
	b, _ := json.Marshal(req)
	// Failures are collected by the validator and reported at the end.
	_ = w.v.Request(w.path, b)
	w.sendRaw(string(b))
}

func (w *wsConn) sendRaw(s string) {
	w.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitMax)
	defer cancel()
	if err := w.c.Write(ctx, websocket.MessageText, []byte(s)); err != nil {
		w.t.Fatalf("write: %v", err)
	}
}

// frame is one server frame: the messages of a position (array) or one
// control message.
type frame struct {
	msgs    []json.RawMessage
	control json.RawMessage
}

// read returns the next frame, or an error (the connection's end, or
// none within d).
func (w *wsConn) read(d time.Duration) (frame, error) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	_, data, err := w.c.Read(ctx)
	if err != nil {
		return frame{}, err
	}
	_ = w.v.Frame(w.path, data)
	if len(data) > 0 && data[0] == '[' {
		var f frame
		if err := json.Unmarshal(data, &f.msgs); err != nil {
			w.t.Fatalf("a frame is not a JSON array: %s", data)
		}
		if len(f.msgs) == 0 {
			w.t.Fatalf("an empty frame")
		}
		return f, nil
	}
	return frame{control: data}, nil
}

// control reads frames until a control message of one of types, failing
// on data frames.
func (w *wsConn) control(types ...string) map[string]any {
	w.t.Helper()
	for {
		f, err := w.read(waitMax)
		if err != nil {
			w.t.Fatalf("waiting for %v: %v", types, err)
		}
		if f.control == nil {
			w.t.Fatalf("waiting for %v, got a data frame %s", types, f.msgs[0])
		}
		var m map[string]any
		_ = json.Unmarshal(f.control, &m)
		if m["type"] == clobapi.MsgPing {
			continue
		}
		if !slices.Contains(types, m["type"].(string)) {
			w.t.Fatalf("waiting for %v, got %s", types, f.control)
		}
		return m
	}
}

// closed reads until the server closes the connection and returns the
// close status and reason.
func (w *wsConn) closed() (websocket.StatusCode, string) {
	w.t.Helper()
	for {
		_, err := w.read(waitMax)
		if err == nil {
			continue
		}
		var ce websocket.CloseError
		if errors.As(err, &ce) {
			return ce.Code, ce.Reason
		}
		w.t.Fatalf("the connection ended without a close frame: %v", err)
	}
}

// recorder keeps what a market-channel client keeps: every message
// (without seq, which counts per connection), the last position whose
// frame it processed, and each token's book, whose hash it checks at
// every book and price_change message.
type recorder struct {
	t     *testing.T
	msgs  []string
	last  uint64
	books map[string]*testBook
}

type testBook struct{ bids, asks map[string]string }

// newRecorder starts with the test market's books empty: the book at
// position 0, where a resume from 0 starts.
func newRecorder(t *testing.T) *recorder {
	r := &recorder{t: t, books: map[string]*testBook{}}
	for _, tok := range []string{testYesStr, testNoStr} {
		r.books[tok] = &testBook{bids: map[string]string{}, asks: map[string]string{}}
	}
	return r
}

// take records a data frame read on a connection whose previous message
// had seq *seq.
func (r *recorder) take(f frame, seq *uint64) {
	r.t.Helper()
	var pos uint64
	for _, raw := range f.msgs {
		var m map[string]any
		if err := json.Unmarshal(raw, &m); err != nil {
			r.t.Fatal(err)
		}
		got := uint64(m["seq"].(float64))
		if got != *seq+1 {
			r.t.Fatalf("seq %d after %d: %s", got, *seq, raw)
		}
		*seq = got
		p := uint64(m["position"].(float64))
		if pos != 0 && p != pos {
			r.t.Fatalf("one frame holds positions %d and %d", pos, p)
		}
		pos = p
		if p < r.last || p == r.last && m["type"] != clobapi.MsgBook || r.last == 0 && p == 0 && m["type"] != clobapi.MsgBook {
			r.t.Fatalf("position %d after %d: %s", p, r.last, raw)
		}
		r.book(m, raw)
		delete(m, "seq")
		b, _ := json.Marshal(m)
		r.msgs = append(r.msgs, string(b))
	}
	r.last = pos
}

func (r *recorder) book(m map[string]any, raw json.RawMessage) {
	r.t.Helper()
	switch m["type"] {
	case clobapi.MsgBook:
		var b clobapi.BookMessage
		_ = json.Unmarshal(raw, &b)
		tb := &testBook{bids: map[string]string{}, asks: map[string]string{}}
		for _, l := range b.Bids {
			tb.bids[l.Price] = l.Size
		}
		for _, l := range b.Asks {
			tb.asks[l.Price] = l.Size
		}
		r.books[b.AssetID] = tb
		r.checkHash(b.AssetID, b.Hash, raw)
	case clobapi.MsgPriceChange:
		var pc clobapi.PriceChangeMessage
		_ = json.Unmarshal(raw, &pc)
		tb, ok := r.books[pc.AssetID]
		if !ok {
			r.t.Fatalf("a price change before the book of %s", pc.AssetID)
		}
		for _, ch := range pc.Changes {
			side := tb.asks
			if ch.Side == "BUY" {
				side = tb.bids
			}
			if ch.Size == "0" {
				delete(side, ch.Price)
			} else {
				side[ch.Price] = ch.Size
			}
		}
		bids, asks := tb.levels()
		if best(bids) != pc.BestBid || best(asks) != pc.BestAsk {
			r.t.Fatalf("best %s/%s, the book says %s/%s: %s", pc.BestBid, pc.BestAsk, best(bids), best(asks), raw)
		}
		r.checkHash(pc.AssetID, pc.Hash, raw)
	}
}

func (r *recorder) checkHash(asset, hash string, raw json.RawMessage) {
	r.t.Helper()
	bids, asks := r.books[asset].levels()
	if got := clobapi.BookHash(asset, bids, asks); got != hash {
		r.t.Fatalf("the book after %s hashes to %s", raw, got)
	}
}

// levels are the book's sides best first.
func (b *testBook) levels() (bids, asks []clobapi.PriceLevel) {
	side := func(m map[string]string, desc bool) []clobapi.PriceLevel {
		var out []clobapi.PriceLevel
		for p, s := range m {
			out = append(out, clobapi.PriceLevel{Price: p, Size: s})
		}
		slices.SortFunc(out, func(a, b clobapi.PriceLevel) int {
			x, _ := strconv.ParseFloat(a.Price, 64)
			y, _ := strconv.ParseFloat(b.Price, 64)
			if desc {
				x, y = y, x
			}
			switch {
			case x < y:
				return -1
			case x > y:
				return 1
			}
			return 0
		})
		return out
	}
	return side(b.bids, true), side(b.asks, false)
}

func best(l []clobapi.PriceLevel) string {
	if len(l) == 0 {
		return ""
	}
	return l[0].Price
}
