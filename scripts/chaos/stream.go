package chaos

import (
	"context"
	"encoding/hex"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/client/stream"
	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/follow"
	"pred.dev/proto/runtime/streams"
	"pred.dev/scripts/devnet"
)

// The stream check: a market-channel client subscribed through HAProxy
// for the whole run, resuming across the faults as the AsyncAPI document
// says a client should (proto/client/stream: after a drop it dials
// again and resumes from the last position it processed), records every
// message with its position. After the load, the EVT stream must be
// gapless (consecutive sequences, each batch covering the CMD messages
// right after the previous one's), and what the client saw must be what
// the log says the market channel sends for the market: every
// market-status message, every trade's last_trade_price and every book
// change's price_change, in the log's order, none missing, none twice.

// Bounds of the stream check.
const (
	// streamPing and streamIdle are the client's keep-alive: a replica
	// paused with SIGSTOP keeps its tunnel open and silent, and the
	// client must notice it within seconds to resume on the other one
	// (the server answers each ping, so a live connection is never idle
	// that long).
	streamPing = time.Second
	streamIdle = 5 * time.Second
	// streamBuffer holds the client's unread messages: the recorder
	// reads them at once, so this only absorbs bursts.
	streamBuffer = 1 << 14
	// streamCatchUpMax bounds the wait, after the load, for the client
	// to reach the last position the log has for the market: one
	// resume after a drop is a back-off and a replay.
	streamCatchUpMax = 30 * time.Second
)

// streamKey is one market-channel message as the check compares it:
// its position, its type, its token ("" for a market message) and its
// trade id (last_trade_price only).
type streamKey struct {
	Pos   uint64
	Type  string
	Asset string
	Trade string
}

func (k streamKey) String() string {
	s := fmt.Sprintf("%s@%d", k.Type, k.Pos)
	if k.Asset != "" {
		s += " token " + k.Asset
	}
	if k.Trade != "" {
		s += " trade " + k.Trade
	}
	return s
}

// streamWatch is the run's market-channel client and what it received.
type streamWatch struct {
	s    *stream.Stream
	done chan struct{}

	mu   sync.Mutex
	seen []streamKey
	// gaps are the server's gap messages: positions it could not send.
	gaps []clobapi.GapMessage
	// resumes counts the reconnections.
	resumes int
}

// watchStream subscribes to the market's two tokens through HAProxy.
func (r *clusterRun) watchStream(ctx context.Context, m devnet.Market) *streamWatch {
	w := &streamWatch{done: make(chan struct{})}
	w.s = stream.Market(ctx, r.c.CLOBURL(), stream.Subscription{AssetIDs: []string{m.YesToken, m.NoToken}},
		stream.WithKeepAlive(streamPing, streamIdle), stream.WithBuffer(streamBuffer),
		stream.WithReconnectNotify(func(rc stream.Reconnect) {
			w.mu.Lock()
			w.resumes++
			w.mu.Unlock()
			if rc.Attempt == 1 {
				r.logf("stream client: connection ended (%v); resuming after %s", rc.Err, rc.Delay.Round(time.Millisecond))
			}
		}))
	go func() {
		defer close(w.done)
		for msg := range w.s.Messages() {
			w.record(msg)
		}
	}()
	return w
}

// record keeps one message's key.
func (w *streamWatch) record(msg any) {
	var k streamKey
	switch m := msg.(type) {
	case *clobapi.BookMessage:
		k = streamKey{Pos: m.Position, Type: clobapi.MsgBook, Asset: m.AssetID}
	case *clobapi.PriceChangeMessage:
		k = streamKey{Pos: m.Position, Type: clobapi.MsgPriceChange, Asset: m.AssetID}
	case *clobapi.LastTradeMessage:
		k = streamKey{Pos: m.Position, Type: clobapi.MsgLastTrade, Asset: m.AssetID, Trade: m.TradeID}
	case *clobapi.MarketMessage:
		k = streamKey{Pos: m.Position, Type: clobapi.MsgMarket}
	case *clobapi.GapMessage:
		w.mu.Lock()
		w.gaps = append(w.gaps, *m)
		w.mu.Unlock()
		return
	default:
		return // subscribed, errors: control messages
	}
	w.mu.Lock()
	w.seen = append(w.seen, k)
	w.mu.Unlock()
}

// last is the highest position a message the client received is at.
func (w *streamWatch) last() uint64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	var p uint64
	for _, k := range w.seen {
		p = max(p, k.Pos)
	}
	return p
}

// close ends the client and returns what it received.
func (w *streamWatch) close() ([]streamKey, []clobapi.GapMessage, stream.Status, int) {
	_ = w.s.Close()
	<-w.done
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.seen, w.gaps, w.s.Status(), w.resumes
}

// streamFindings is what the check found; its sum is chaos_stream_gaps.
type streamFindings struct {
	// LogGaps are EVT sequences missing and batches not following the
	// previous one's CMD messages; LogDuplicates batches repeating or
	// going back over CMD messages.
	LogGaps, LogDuplicates int
	// Missing messages the log says the client should have received
	// and it did not, Duplicates those it received twice, Disorder
	// those it received before one the log puts earlier, Unexpected
	// those the log does not have.
	Missing, Duplicates, Disorder, Unexpected int
	// ServerGaps are the gap messages (positions the server could not
	// resume from), HashMismatches the books the client dropped because
	// they disagreed with the server's hash.
	ServerGaps, HashMismatches int
}

func (f streamFindings) total() int {
	return f.LogGaps + f.LogDuplicates + f.Missing + f.Duplicates + f.Disorder + f.Unexpected + f.ServerGaps + f.HashMismatches
}

// checkStream stops the client once it has caught up with the log and
// compares: it returns how many messages were compared and the findings'
// sum.
func (r *clusterRun) checkStream(ctx context.Context, w *streamWatch, m devnet.Market) (int, int, error) {
	nc, err := nats.Connect(r.natsURL, nats.MaxReconnects(-1))
	if err != nil {
		return 0, -1, err
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		return 0, -1, err
	}
	last, err := streams.LastSeq(ctx, js, journal.EventStream)
	if err != nil {
		return 0, -1, err
	}
	want, logFound, err := readMarketLog(ctx, js, last, m)
	if err != nil {
		return 0, -1, err
	}
	var end uint64
	if len(want) > 0 {
		end = want[len(want)-1].Pos
	}
	deadline := time.Now().Add(streamCatchUpMax)
	for w.last() < end && time.Now().Before(deadline) {
		if err := sleep(ctx, faultPoll); err != nil {
			return 0, -1, err
		}
	}
	seen, gaps, st, resumes := w.close()
	if err := w.s.Err(); err != nil {
		// What it missed after are counted below.
		r.logf("stream: the client gave up: %v", err)
	}
	f := compareStream(want, seen, gaps, end)
	f.LogGaps, f.LogDuplicates = logFound.LogGaps, logFound.LogDuplicates
	f.HashMismatches = st.HashMismatches
	r.logf("stream: the client received %d market messages over %d connections (%d resumes) up to position %d; the log has %d for the market up to %d of %d: %+v",
		len(seen), st.Connects, resumes, w.last(), len(want), end, last, f)
	return len(seen), f.total(), nil
}

// readMarketLog reads the EVT stream up to last: it checks that the
// stream and its batches are gapless, and returns the market channel's
// messages for the market's two tokens, in the order the server sends
// them (gateway-clob/internal/stream: per command its market messages,
// then each trade's last_trade_price, the taker's token first; after the
// batch a price_change of YES then NO if the book changed).
func readMarketLog(ctx context.Context, js jetstream.JetStream, last uint64, m devnet.Market) ([]streamKey, streamFindings, error) {
	var out []streamKey
	var f streamFindings
	if last == 0 {
		return nil, f, nil
	}
	id := strings.ToLower(m.ConditionID)
	ctx, cancel := context.WithTimeout(ctx, readMax)
	defer cancel()
	var prevSeq, prevCmd uint64
	err := follow.Events(ctx, js, follow.Options{PullMax: 500}, func(seq uint64, b *pb.EventBatch) error {
		f.LogGaps, f.LogDuplicates = batchFindings(f.LogGaps, f.LogDuplicates, prevSeq, prevCmd, seq, b)
		prevSeq, prevCmd = seq, max(prevCmd, b.GetCommandSeq())
		out = append(out, marketMessages(seq, b, id, m.YesToken, m.NoToken)...)
		if seq >= last {
			return follow.ErrStop
		}
		return nil
	})
	if err == nil && ctx.Err() != nil {
		err = fmt.Errorf("chaos: %s ended before sequence %d", journal.EventStream, last)
	}
	return out, f, err
}

// batchFindings adds what one EVT message breaks of the log's order: a
// sequence that does not follow the previous one (gaps), a batch whose
// CMD messages do not start right after the previous batch's (a gap if
// beyond, a duplicate if at or before it).
func batchFindings(gaps, dups int, prevSeq, prevCmd, seq uint64, b *pb.EventBatch) (int, int) {
	if prevSeq != 0 && seq != prevSeq+1 {
		gaps++
	}
	first := b.GetFirstCommandSeq()
	if first == 0 {
		first = b.GetCommandSeq()
	}
	switch {
	case prevCmd == 0 || first == prevCmd+1:
	case first <= prevCmd:
		dups++
	default:
		gaps++
	}
	return gaps, dups
}

// marketMessages are the market channel's messages of one EVT batch at
// position for the market id (0x hex) and its two tokens.
func marketMessages(position uint64, b *pb.EventBatch, id, yes, no string) []streamKey {
	var out []streamKey
	bookChanged := false
	for _, evs := range commandEvents(b) {
		for _, e := range evs {
			if mc := e.GetMarketChanged(); mc != nil && hexOf(mc.GetMarket()) == id {
				out = append(out, streamKey{Pos: position, Type: clobapi.MsgMarket})
			}
		}
		for _, e := range evs {
			if t := e.GetTrade(); t != nil && hexOf(t.GetMarket()) == id {
				taker, maker := decOf(t.GetTakerTokenId()), decOf(t.GetMakerTokenId())
				trade := strconv.FormatUint(t.GetTradeId(), 10)
				out = append(out, streamKey{Pos: position, Type: clobapi.MsgLastTrade, Asset: taker, Trade: trade})
				if maker != taker {
					out = append(out, streamKey{Pos: position, Type: clobapi.MsgLastTrade, Asset: maker, Trade: trade})
				}
			}
			if bc := e.GetBookChanged(); bc != nil && hexOf(bc.GetMarket()) == id {
				bookChanged = true
			}
		}
	}
	if bookChanged {
		out = append(out, streamKey{Pos: position, Type: clobapi.MsgPriceChange, Asset: yes},
			streamKey{Pos: position, Type: clobapi.MsgPriceChange, Asset: no})
	}
	return out
}

// commandEvents splits a batch's events by command, as the server does:
// by its results, or the whole batch if it has none.
func commandEvents(b *pb.EventBatch) [][]*pb.Event {
	evs := b.GetEvents()
	if len(b.GetResults()) == 0 {
		return [][]*pb.Event{evs}
	}
	var out [][]*pb.Event
	for _, res := range b.GetResults() {
		first, n := int(res.GetFirstEvent()), int(res.GetEventCount())
		if first+n <= len(evs) {
			out = append(out, evs[first:first+n])
		}
	}
	return out
}

func hexOf(b []byte) string { return "0x" + hex.EncodeToString(b) }

func decOf(b []byte) string { return new(big.Int).SetBytes(b).String() }

// compareStream compares what the client received (seen, in arrival
// order, with its books, and the server's gap messages) with what the
// log says it should have (want, in the log's order) up to position end.
//
// A token's first book is where the client starts for it: the messages
// after its position are due. A later book of the token (a new snapshot
// after a disagreeing book or a gap) covers the messages up to its
// position that the client did not get; the disagreement is counted by
// the client (HashMismatches) and the gap by the server's gap message.
func compareStream(want, seen []streamKey, gaps []clobapi.GapMessage, end uint64) streamFindings {
	var f streamFindings
	f.ServerGaps = len(gaps)
	index := make(map[streamKey]int, len(want))
	for i, k := range want {
		index[k] = i
	}
	start := map[string]uint64{}   // a token's first book's position
	covered := map[string]uint64{} // a token's latest book's position
	got := map[streamKey]bool{}
	var lastPos uint64
	lastIdx := -1
	for _, k := range seen {
		if k.Type == clobapi.MsgBook {
			if k.Pos < lastPos {
				f.Disorder++
			}
			lastPos = max(lastPos, k.Pos)
			if _, ok := start[k.Asset]; !ok {
				start[k.Asset] = k.Pos
			}
			covered[k.Asset] = max(covered[k.Asset], k.Pos)
			continue
		}
		if k.Pos > end {
			continue // after the log the check read
		}
		if got[k] {
			f.Duplicates++
			continue
		}
		got[k] = true
		i, ok := index[k]
		switch {
		case k.Pos < lastPos:
			// Received, but after a later position.
			f.Disorder++
		case !ok:
			f.Unexpected++
		case i < lastIdx:
			f.Disorder++
		default:
			lastIdx = i
		}
		lastPos = max(lastPos, k.Pos)
	}
	// The market messages, and a token that never had a book, start
	// with the first book; a client that never had one missed all.
	first := uint64(0)
	for _, p := range start {
		if first == 0 || p < first {
			first = p
		}
	}
	for _, k := range want {
		if got[k] || k.Pos > end {
			continue
		}
		from, ok := start[k.Asset]
		if !ok {
			from = first
		}
		if k.Pos <= from || k.Pos <= covered[k.Asset] || inGap(k.Pos, gaps) {
			continue
		}
		f.Missing++
	}
	return f
}

// inGap says whether a position is one a gap message gave up.
func inGap(pos uint64, gaps []clobapi.GapMessage) bool {
	for _, g := range gaps {
		if pos >= g.From && pos <= g.To {
			return true
		}
	}
	return false
}
