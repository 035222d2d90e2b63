package settle

import (
	"maps"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"pred.dev/proto/pb"
)

// gatherStream is a stream of EVT messages: some without a trade (a
// Tick, orders resting), some with a few takers of a few makers each, a
// few with more than a call's worth, at engine times a few ms apart with
// now and then a pause.
func gatherStream(n int, r *rand.Rand) []*pb.EventBatch {
	var out []*pb.EventBatch
	id, at := uint64(0), int64(1_000_000)
	taker := byte(0)
	for range n {
		at += int64(r.IntN(40))
		if r.IntN(20) == 0 {
			at += 1000
		}
		b := &pb.EventBatch{TimeMs: at}
		takers := 0
		switch k := r.IntN(10); {
		case k < 3:
		case k < 9:
			takers = 1 + r.IntN(3)
		default:
			takers = 8 + r.IntN(10)
		}
		for range takers {
			taker++
			first := len(b.Events)
			for range 1 + r.IntN(4) {
				id++
				b.Events = append(b.Events, trade(id, taker, taker+100, 1))
			}
			b.Results = append(b.Results, &pb.CommandResult{FirstEvent: uint32(first), EventCount: uint32(len(b.Events) - first), CommandSeq: id})
		}
		out = append(out, b)
	}
	return out
}

// segmentIDs runs a gatherer over stream from EVT sequence from (the
// stream's first message is sequence 1) and returns the segments' trade
// ids and, after each message, the cursor it allows.
func segmentIDs(cfg *Config, stream []*pb.EventBatch, from uint64) (segs [][]uint64, safe []uint64) {
	g := newGatherer(cursorRecord{Seq: from - 1, Params: paramsOf(cfg)}, cfg.MakersMax)
	for i := from; i <= uint64(len(stream)); i++ {
		for _, sg := range g.add(i, stream[i-1]) {
			var ids []uint64
			for _, x := range sg.gs {
				for _, t := range x.trades {
					ids = append(ids, t.GetTradeId())
				}
			}
			segs = append(segs, ids)
		}
		safe = append(safe, g.safe())
	}
	return segs, safe
}

// TestGatherIsAFunctionOfTheStream: the segments a settler makes from
// the EVT stream are the same whether it reads it from the start or
// restarts from any cursor it wrote on the way (a restart re-reads an
// unfinished segment whole and starts where the first run started
// one); every trade is in exactly one segment, in order; a segment holds
// at most MatchesMax matches and FillsMax fills unless one message holds
// more, and spans less than GatherWindow of engine time.
func TestGatherIsAFunctionOfTheStream(t *testing.T) {
	t.Parallel()
	cfg := &Config{MatchesMax: 12, FillsMax: 24, MakersMax: 15, GatherWindow: 250 * time.Millisecond}
	for seed := range uint64(20) {
		stream := gatherStream(400, rand.New(rand.NewPCG(seed, 1)))
		all, safe := segmentIDs(cfg, stream, 1)
		// Every trade once, in order (the last segment may still be open).
		var flat []uint64
		for _, s := range all {
			flat = append(flat, s...)
		}
		for i, id := range flat {
			if id != uint64(i+1) {
				t.Fatalf("seed %d: trade %d at position %d: the segments lose, repeat or reorder trades", seed, id, i)
			}
		}
		// Bounds.
		var msgs [][]uint64 // trade ids per message
		for _, b := range stream {
			var ids []uint64
			for _, e := range b.Events {
				ids = append(ids, e.GetTrade().GetTradeId())
			}
			msgs = append(msgs, ids)
		}
		for _, s := range all {
			var msgOf []int
			for i, m := range msgs {
				if len(m) > 0 && m[0] >= s[0] && m[0] <= s[len(s)-1] {
					msgOf = append(msgOf, i)
				}
			}
			if len(msgOf) > 1 {
				if len(s) > cfg.FillsMax {
					t.Fatalf("seed %d: a segment of %d messages has %d fills", seed, len(msgOf), len(s))
				}
				if d := stream[msgOf[len(msgOf)-1]].TimeMs - stream[msgOf[0]].TimeMs; d >= cfg.GatherWindow.Milliseconds() {
					t.Fatalf("seed %d: a segment spans %d ms", seed, d)
				}
			}
		}
		if len(all) >= len(flat)/4 {
			t.Fatalf("seed %d: %d segments for %d trades: hardly gathered", seed, len(all), len(flat))
		}
		// A restart from every cursor written on the way.
		for _, c := range slices.Compact(slices.Clone(safe)) {
			if c == 0 {
				continue
			}
			again, _ := segmentIDs(cfg, stream, c+1)
			// The first run's segments after the cursor: those whose first
			// trade is past every trade of messages 1..c.
			var through uint64
			for _, m := range msgs[:c] {
				if len(m) > 0 {
					through = m[len(m)-1]
				}
			}
			i := slices.IndexFunc(all, func(s []uint64) bool { return s[0] > through })
			if i < 0 {
				i = len(all)
			}
			if i > 0 && all[i-1][len(all[i-1])-1] > through {
				t.Fatalf("seed %d: cursor %d inside a segment", seed, c)
			}
			if !slices.EqualFunc(again, all[i:], slices.Equal) {
				t.Fatalf("seed %d: restarted from cursor %d, the segments differ:\n%v\nwant\n%v", seed, c, again, all[i:])
			}
		}
	}
}

// TestCallsKeepEachWalletsOrder: random segments' matches on two
// exchanges go into calls of one exchange each, within the limits, every
// match once and in the engine's order within its call; a match never
// runs before an earlier match that shares a wallet with it. (The
// examples are testdata/scenarios/calls.txt.)
func TestCallsKeepEachWalletsOrder(t *testing.T) {
	t.Parallel()
	exA, exB := common.Address{0xa}, common.Address{0xb}
	wallet := func(n int) common.Address { return common.Address{0xc, byte(n)} }
	match := func(id uint64, ex common.Address, fills int, wallets ...int) ready {
		r := ready{exchange: ex, m: Match{Fills: []Fill{{TradeID: id}}}, taker: Order{Maker: wallet(wallets[0])}}
		for _, w := range wallets[1:] {
			r.makers = append(r.makers, Order{Maker: wallet(w)})
		}
		for range fills {
			r.fills = append(r.fills, big.NewInt(1))
		}
		return r
	}
	r := rand.New(rand.NewPCG(7, 7))
	for range 200 {
		var rs []ready
		for i := range 1 + r.IntN(30) {
			ex := exA
			if r.IntN(2) == 1 {
				ex = exB
			}
			ws := []int{r.IntN(20)}
			for range 1 + r.IntN(3) {
				ws = append(ws, r.IntN(20))
			}
			rs = append(rs, match(uint64(i+1), ex, 1+r.IntN(4), ws...))
		}
		cs := calls(rs, 5, 9)
		pos := map[uint64][2]int{} // trade → call, index in it
		for ci, c := range cs {
			fills := 0
			for k, m := range c {
				if m.exchange != c[0].exchange {
					t.Fatal("a call on two exchanges")
				}
				if k > 0 && m.m.Fills[0].TradeID < c[k-1].m.Fills[0].TradeID {
					t.Fatal("a call's matches out of order")
				}
				fills += len(m.fills)
				pos[m.m.Fills[0].TradeID] = [2]int{ci, k}
			}
			if len(c) > 5 || fills > 9 && len(c) > 1 {
				t.Fatalf("a call of %d matches, %d fills", len(c), fills)
			}
		}
		if len(pos) != len(rs) {
			t.Fatalf("%d matches in calls, want %d", len(pos), len(rs))
		}
		for i, a := range rs {
			for _, b := range rs[i+1:] {
				shared := false
				for _, x := range append([]Order{a.taker}, a.makers...) {
					for _, y := range append([]Order{b.taker}, b.makers...) {
						shared = shared || x.Maker == y.Maker
					}
				}
				pa, pb := pos[a.m.Fills[0].TradeID], pos[b.m.Fills[0].TradeID]
				if shared && (pb[0] < pa[0] || pb[0] == pa[0] && pb[1] < pa[1]) {
					t.Fatalf("match %d runs before the earlier match %d of the same wallet", b.m.Fills[0].TradeID, a.m.Fills[0].TradeID)
				}
			}
		}
	}
}

// cut is a segment a test run ended: its trade ids and matches, the
// parameters it was cut with, and the EVT sequence of the message that
// ended it.
type cut struct {
	ids     []uint64
	matches int
	p       params
	end     uint64
}

func (c cut) same(d cut) bool {
	return slices.Equal(c.ids, d.ids) && c.matches == d.matches && c.p == d.p
}

// gatherRun runs a gatherer from the record c through message to and
// returns the segments it ended and the record it would write after each
// message (marks[i] after message c.Seq+1+i).
func gatherRun(c cursorRecord, stream []*pb.EventBatch, to uint64) (cuts []cut, marks []cursorRecord) {
	g := newGatherer(c, 15)
	for seq := c.Seq + 1; seq <= to; seq++ {
		for _, sg := range g.add(seq, stream[seq-1]) {
			k := cut{matches: len(sg.gs), p: sg.p, end: seq}
			for _, x := range sg.gs {
				for _, t := range x.trades {
					k.ids = append(k.ids, t.GetTradeId())
				}
			}
			cuts = append(cuts, k)
		}
		marks = append(marks, g.mark())
	}
	return cuts, marks
}

// leg is one run of a settler: the parameters it is configured with; the
// last message it reads before it crashes (the last leg reads to the
// end); how many messages before that its last cursor write was; how far
// past the crash the stream has grown when the next run starts.
type leg struct {
	p                 params
	crash, lag, grown uint64
}

// legRun is what one leg did: the record it started from (after its
// switch, if it scheduled one), the last message it read, its segments
// and the record after each message.
type legRun struct {
	start cursorRecord
	to    uint64
	cuts  []cut
	marks []cursorRecord
}

// written is the last cursor the run wrote through message w, as ingest
// writes it: a record whose sequence passed the one it started from.
func (r legRun) written(w uint64) cursorRecord {
	last := r.start
	for i, m := range r.marks {
		if r.start.Seq+1+uint64(i) > w {
			break
		}
		if m.Seq > last.Seq {
			last = m
		}
	}
	return last
}

// crashChain runs the legs one after another on stream, each from the
// cursor its predecessor last wrote, scheduling a switch to its own
// parameters after the stream's end at its start as Settler.resume does.
// It returns the runs and every switch scheduled.
func crashChain(stream []*pb.EventBatch, legs []leg) ([]legRun, []paramSwitch) {
	n := uint64(len(stream))
	rec, end := cursorRecord{Params: legs[0].p}, uint64(0)
	var runs []legRun
	var sched []paramSwitch
	for i, l := range legs {
		if i > 0 {
			prev := legs[i-1]
			rec = runs[i-1].written(prev.crash - min(prev.lag, prev.crash))
			end = max(end, min(prev.crash+prev.grown, n))
			var changed bool
			if rec, changed = rec.retarget(l.p, end); changed {
				sched = append(sched, rec.Pending[len(rec.Pending)-1])
			}
		}
		to := min(l.crash, n)
		if i == len(legs)-1 {
			to = n
		}
		cuts, marks := gatherRun(rec, stream, to)
		runs = append(runs, legRun{start: rec, to: to, cuts: cuts, marks: marks})
	}
	return runs, sched
}

// streamIndex maps each trade to its EVT message, and gives the last
// trade of messages 1..seq.
type streamIndex struct {
	msgOf   map[uint64]uint64
	through []uint64 // through[seq]: the last trade id in messages 1..seq
}

func indexStream(stream []*pb.EventBatch) streamIndex {
	x := streamIndex{msgOf: map[uint64]uint64{}, through: []uint64{0}}
	for i, b := range stream {
		last := x.through[i]
		for _, e := range b.Events {
			x.msgOf[e.GetTrade().GetTradeId()] = uint64(i + 1)
			last = e.GetTrade().GetTradeId()
		}
		x.through = append(x.through, last)
	}
	return x
}

// checkChain: across the runs, a segment that two runs made is the same
// segment (same trades, matches and parameters: the same settlement,
// found rather than made twice), no two segments share a trade, and
// every trade through the last run's cursor is in one; a run makes again,
// identically, every segment its predecessor ended after the cursor it
// restarted from; a segment of several messages keeps within its own
// parameters; and its parameters are the last switch scheduled before
// its first message (initial before any).
func checkChain(t *testing.T, stream []*pb.EventBatch, initial params, runs []legRun, sched []paramSwitch) {
	t.Helper()
	x := indexStream(stream)
	byFirst := map[uint64]cut{}
	for ri, r := range runs {
		for _, c := range r.cuts {
			if d, ok := byFirst[c.ids[0]]; ok && !d.same(c) {
				t.Fatalf("run %d: the segment from trade %d is %v (%s), an earlier run made %v (%s)", ri+1, c.ids[0], c.ids, c.p, d.ids, d.p)
			}
			byFirst[c.ids[0]] = c
			checkCut(t, stream, x, c, initial, sched)
		}
		if ri == 0 {
			continue
		}
		prev, through := runs[ri-1], x.through[r.start.Seq]
		for _, c := range prev.cuts {
			if c.ids[0] <= through && c.ids[len(c.ids)-1] > through {
				t.Fatalf("run %d restarted from cursor %d inside a segment of run %d", ri+1, r.start.Seq, ri)
			}
			if c.ids[0] > through && c.end <= r.to && !slices.ContainsFunc(r.cuts, c.same) {
				t.Fatalf("run %d (from cursor %d) did not make again run %d's segment %v (%s)", ri+1, r.start.Seq, ri, c.ids, c.p)
			}
		}
	}
	firsts := slices.Sorted(maps.Keys(byFirst))
	var flat []uint64
	for _, f := range firsts {
		flat = append(flat, byFirst[f].ids...)
	}
	for i, id := range flat {
		if id != uint64(i+1) {
			t.Fatalf("trade %d at position %d: the runs' segments lose, repeat or reorder trades", id, i)
		}
	}
	last := runs[len(runs)-1]
	if done := x.through[last.written(last.to).Seq]; uint64(len(flat)) < done {
		t.Fatalf("%d trades in segments, %d through the last cursor", len(flat), done)
	}
}

// checkCut checks one segment's limits and parameters.
func checkCut(t *testing.T, stream []*pb.EventBatch, x streamIndex, c cut, initial params, sched []paramSwitch) {
	t.Helper()
	first, last := x.msgOf[c.ids[0]], x.msgOf[c.ids[len(c.ids)-1]]
	want := initial
	for _, sw := range sched {
		if first > sw.AfterSeq {
			want = sw.Params
		}
	}
	if c.p != want {
		t.Fatalf("the segment from message %d is cut with %s, want %s", first, c.p, want)
	}
	if first == last {
		return // a message larger than a call is a segment alone
	}
	if len(c.ids) > c.p.FillsMax || c.matches > c.p.MatchesMax {
		t.Fatalf("a segment of %d matches, %d fills cut with %s", c.matches, len(c.ids), c.p)
	}
	if d := stream[last-1].TimeMs - stream[first-1].TimeMs; d >= c.p.GatherWindowMs {
		t.Fatalf("a segment spans %d ms cut with %s", d, c.p)
	}
}

// checkRestarts: a restart, with the last run's parameters, from every
// step-th cursor the last run could have written makes the same segments
// it made after that cursor, and schedules no switch.
func checkRestarts(t *testing.T, stream []*pb.EventBatch, r legRun, step int) {
	t.Helper()
	x := indexStream(stream)
	for i := 0; i < len(r.marks); i += step {
		m := r.marks[i]
		if m.Seq <= r.start.Seq {
			continue
		}
		rec, changed := m.retarget(r.start.target(), uint64(len(stream)))
		if changed {
			t.Fatalf("a restart from cursor %d with the same parameters schedules a switch: %+v", m.Seq, rec.Pending)
		}
		again, _ := gatherRun(rec, stream, uint64(len(stream)))
		through := x.through[m.Seq]
		i := slices.IndexFunc(r.cuts, func(c cut) bool { return c.ids[0] > through })
		if i < 0 {
			i = len(r.cuts)
		}
		if !slices.EqualFunc(again, r.cuts[i:], cut.same) {
			t.Fatalf("restarted from cursor %d (%s, %d pending): %d segments, want %d", m.Seq, m.Params, len(m.Pending), len(again), len(r.cuts[i:]))
		}
	}
}

var (
	paramsA = params{MatchesMax: 12, FillsMax: 24, GatherWindowMs: 250}
	paramsB = params{MatchesMax: 5, FillsMax: 9, GatherWindowMs: 100}
	paramsC = params{MatchesMax: 20, FillsMax: 45, GatherWindowMs: 400}
)

// TestGatherSwitchAfterACrash: a run cut with parameters A crashes after
// any message, having written its cursor a few messages before; the next
// starts with B, the stream grown a little meanwhile. Every trade is in
// one segment across the two (the second makes again, identically, what
// the first made after its cursor), each segment keeps within its own
// parameters, B cuts only segments opened past the stream's end at the
// restart, and a restart from any cursor of the second run makes its
// segments again.
func TestGatherSwitchAfterACrash(t *testing.T) {
	t.Parallel()
	for seed := range uint64(8) {
		stream := gatherStream(400, rand.New(rand.NewPCG(seed, 2)))
		b := paramsB
		if seed%2 == 1 {
			b = paramsC
		}
		for k := uint64(1); k <= uint64(len(stream)); k += 7 {
			legs := []leg{{p: paramsA, crash: k, lag: k % 5 * 3, grown: k % 3 * 5}, {p: b}}
			runs, sched := crashChain(stream, legs)
			if len(sched) != 1 {
				t.Fatalf("seed %d: %d switches scheduled, want 1", seed, len(sched))
			}
			checkChain(t, stream, paramsA, runs, sched)
			checkRestarts(t, stream, runs[1], 9)
		}
	}
}

// TestGatherTwoSwitches: A→B is scheduled, and the run crashes before B
// took effect (no segment opened past its sequence); the next starts
// with C (or back with A). B still cuts the segments opened between its
// sequence and C's, C those after; every trade once, and restarts from
// the last run's cursors agree.
func TestGatherTwoSwitches(t *testing.T) {
	t.Parallel()
	for seed := range uint64(6) {
		stream := gatherStream(400, rand.New(rand.NewPCG(seed, 3)))
		c := paramsC
		if seed%2 == 1 {
			c = paramsA
		}
		for k := uint64(5); k <= uint64(len(stream)); k += 11 {
			grown := 10 + k%4*6
			legs := []leg{{p: paramsA, crash: k, lag: k % 4, grown: grown},
				{p: paramsB, crash: k + grown - k%7, lag: k % 3, grown: k % 5 * 4}, {p: c}}
			runs, sched := crashChain(stream, legs)
			if len(sched) != 2 {
				t.Fatalf("seed %d: %d switches scheduled, want 2", seed, len(sched))
			}
			if p := runs[2].start.Pending; len(p) != 2 || p[0].Params != paramsB || p[1].Params != c {
				t.Fatalf("seed %d, crash %d: the last run starts with %s and pending %+v, want B then C pending", seed, k, runs[2].start.Params, p)
			}
			checkChain(t, stream, paramsA, runs, sched)
			checkRestarts(t, stream, runs[2], 9)
		}
	}
}
