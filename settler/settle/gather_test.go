package settle

import (
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
	g := newGatherer(cfg)
	g.last = from - 1
	for i := from; i <= uint64(len(stream)); i++ {
		for _, gs := range g.add(i, stream[i-1]) {
			var ids []uint64
			for _, x := range gs {
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

// TestGatherCloses: a segment ends when full, when a message would take
// it past a limit, and when the next message is GatherWindow later; a
// message with no trade (a Tick) is what ends one when nobody trades.
func TestGatherCloses(t *testing.T) {
	cfg := &Config{MatchesMax: 3, FillsMax: 5, MakersMax: 15, GatherWindow: 100 * time.Millisecond}
	msg := func(at int64, ids ...uint64) *pb.EventBatch {
		b := &pb.EventBatch{TimeMs: at}
		for _, id := range ids {
			b.Events = append(b.Events, trade(id, byte(id), byte(id+100), 1))
			b.Results = append(b.Results, &pb.CommandResult{FirstEvent: uint32(len(b.Events) - 1), EventCount: 1, CommandSeq: id})
		}
		return b
	}
	g := newGatherer(cfg)
	steps := []struct {
		b    *pb.EventBatch
		want [][]uint64
		safe uint64
	}{
		{msg(0), nil, 1},                                        // nothing open
		{msg(10, 1), nil, 1},                                    // opens at 2
		{msg(20, 2), nil, 1},                                    // joins
		{msg(30, 3), [][]uint64{{1, 2, 3}}, 4},                  // full: 3 matches
		{msg(40, 4, 5), nil, 4},                                 // opens at 5
		{msg(50, 6, 7), [][]uint64{{4, 5}}, 5},                  // would make 4 matches: ends the last, opens at 6
		{msg(200), [][]uint64{{6, 7}}, 7},                       // a Tick 150 ms later ends it
		{msg(210, 8, 9, 10, 11), [][]uint64{{8, 9, 10, 11}}, 8}, // more than a call alone
	}
	for i, s := range steps {
		var got [][]uint64
		for _, gs := range g.add(uint64(i+1), s.b) {
			var ids []uint64
			for _, x := range gs {
				for _, t := range x.trades {
					ids = append(ids, t.GetTradeId())
				}
			}
			got = append(got, ids)
		}
		if !slices.EqualFunc(got, s.want, slices.Equal) || g.safe() != s.safe {
			t.Fatalf("message %d: segments %v safe %d, want %v safe %d", i+1, got, g.safe(), s.want, s.safe)
		}
	}
}

// TestCallsKeepEachWalletsOrder: a segment's matches on two exchanges go
// into few calls, one exchange each, within the limits, every match once
// and in the engine's order within its call; a match never runs before
// an earlier match that shares a wallet with it.
func TestCallsKeepEachWalletsOrder(t *testing.T) {
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
	// Independent wallets alternating between the exchanges: one call each.
	var rs []ready
	for i := range 8 {
		ex := exA
		if i%2 == 1 {
			ex = exB
		}
		rs = append(rs, match(uint64(i+1), ex, 1, 2*i, 2*i+1))
	}
	if cs := calls(rs, 12, 24); len(cs) != 2 {
		t.Fatalf("%d calls for independent matches on two exchanges, want 2", len(cs))
	}
	// A wallet on both exchanges: its B match after its A match, the A
	// match after it in a third call.
	rs = []ready{match(1, exA, 1, 1, 2), match(2, exB, 1, 2, 3), match(3, exA, 1, 3, 4), match(4, exA, 1, 5, 6)}
	got := calls(rs, 12, 24)
	var ids [][]uint64
	for _, c := range got {
		var x []uint64
		for _, r := range c {
			x = append(x, r.m.Fills[0].TradeID)
		}
		ids = append(ids, x)
	}
	if want := [][]uint64{{1, 4}, {2}, {3}}; !slices.EqualFunc(ids, want, slices.Equal) {
		t.Fatalf("calls %v, want %v", ids, want)
	}
	// Random segments: the rules hold.
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
