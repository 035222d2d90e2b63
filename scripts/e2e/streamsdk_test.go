package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/client/stream"
	rtapitest "pred.dev/proto/runtime/apitest"
	"pred.dev/proto/runtime/eventually"
)

// recorder keeps what a stream delivered, each message as its JSON
// without seq (which counts a connection's messages, so differs between
// two connections that saw the same thing).
type recorder struct {
	s *stream.Stream

	mu   sync.Mutex
	msgs []recorded
}

type recorded struct {
	typ      string
	position uint64
	json     string
}

func record(s *stream.Stream) *recorder {
	r := &recorder{s: s}
	go func() {
		for m := range s.Messages() {
			b, _ := json.Marshal(m)
			var fields map[string]any
			_ = json.Unmarshal(b, &fields)
			delete(fields, "seq")
			b, _ = json.Marshal(fields)
			var h clobapi.StreamHeader
			_ = json.Unmarshal(b, &h)
			r.mu.Lock()
			r.msgs = append(r.msgs, recorded{typ: h.Type, position: h.Position, json: string(b)})
			r.mu.Unlock()
		}
	}()
	return r
}

// after lists the data messages (no subscribed answer, no snapshot) of
// positions after p, one per line.
func (r *recorder) after(p uint64) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var lines []string
	for _, m := range r.msgs {
		if m.position > p && m.typ != clobapi.MsgSubscribed && m.typ != clobapi.MsgBook {
			lines = append(lines, m.json)
		}
	}
	return strings.Join(lines, "\n")
}

// started returns the position the stream started at: its subscribed
// answer's (user channel) or its last snapshot's (market channel).
func (r *recorder) started(typ string, n int) (uint64, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	var at uint64
	seen := 0
	for _, m := range r.msgs {
		if m.typ == typ {
			seen++
			at = max(at, m.position)
		}
	}
	return at, seen >= n
}

// TestSDKStreamsResumeThroughACut: the SDK's market and user streams, cut
// off (through a TCP relay) while trades happen and back after them,
// deliver exactly the messages of the same streams that stayed
// connected, nothing twice and nothing lost, and end with the same book.
func TestSDKStreamsResumeThroughACut(t *testing.T) {
	n := startNet(t)
	maker, taker := n.trader("100"), n.trader("100")
	m := n.market(0)
	yes, no := m.YesTokenID(), m.NoTokenID()
	relay := rtapitest.NewRelay(t, n.urls[0])
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	fast := stream.WithBackoff(10*time.Millisecond, 100*time.Millisecond)
	creds, _ := maker.Creds()
	sub := stream.Subscription{Markets: []string{m.ConditionIDHex()}}
	steady := record(stream.Market(ctx, n.urls[0], sub))
	cut := record(stream.Market(ctx, relay.URL, sub, fast))
	steadyUser := record(stream.User(ctx, maker.Client, stream.Subscription{}))
	cutUser := record(stream.User(ctx, client.New(relay.URL, client.WithCreds(creds)), stream.Subscription{}, fast))

	var from uint64
	eventually.NoError(t, "every stream has its snapshot or its subscribed answer", func() error {
		for _, w := range []struct {
			r   *recorder
			typ string
			n   int
		}{{steady, clobapi.MsgBook, 2}, {cut, clobapi.MsgBook, 2}, {steadyUser, clobapi.MsgSubscribed, 1}, {cutUser, clobapi.MsgSubscribed, 1}} {
			at, ok := w.r.started(w.typ, w.n)
			if !ok {
				return fmt.Errorf("a stream has no %s yet", w.typ)
			}
			from = max(from, at)
		}
		return nil
	})

	for i := range 4 {
		switch i {
		case 1:
			relay.SetDown(true)
			eventually.True(t, "the relayed streams see their connections cut", func() bool {
				return !cut.s.Status().Connected && !cutUser.s.Status().Connected
			})
		case 3:
			relay.SetDown(false)
		}
		maker.buy(t, yes, "0.40", "5")
		taker.buy(t, no, "0.60", "5")
	}
	// The cut streams come back with every position they missed; the
	// steady ones saw them live. The last trade's messages end all four.
	eventually.NoError(t, "the relayed streams delivered what the steady ones did", func() error {
		for _, pair := range []struct {
			steady, cut *recorder
			trade       string
		}{{steady, cut, clobapi.MsgLastTrade}, {steadyUser, cutUser, clobapi.MsgTrade}} {
			want, got := pair.steady.after(from), pair.cut.after(from)
			if trade := `"type":"` + pair.trade + `"`; strings.Count(want, trade) < 4 || strings.Count(got, trade) < 4 {
				return fmt.Errorf("the four trades have not reached every stream yet")
			}
			if got != want {
				return fmt.Errorf("steady:\n%s\nrelayed:\n%s", want, got)
			}
		}
		return nil
	})
	for _, r := range []*recorder{cut, cutUser} {
		if st := r.s.Status(); st.Connects < 2 || st.HashMismatches != 0 {
			t.Errorf("relayed stream %+v: want a reconnection and no hash mismatch", st)
		}
	}
	for _, tok := range []string{yes, no} {
		a, okA := steady.s.Book(tok)
		b, okB := cut.s.Book(tok)
		if !okA || !okB || a.Hash != b.Hash || !slices.Equal(a.Bids, b.Bids) || !slices.Equal(a.Asks, b.Asks) {
			t.Errorf("book of %s: steady %+v (%v), relayed %+v (%v)", tok, a, okA, b, okB)
		}
	}
}
