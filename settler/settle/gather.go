package settle

import (
	"fmt"
	"slices"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"pred.dev/proto/pb"
)

// gatherer joins the groups of consecutive EVT messages into segments,
// each settled as one message's groups were before (cut into calls, see
// calls). The engine makes an EVT message of every few commands, so even
// under load one message holds one or two matches: a call per message
// was a call of about three fills, and the relayer's worker, which takes
// one submission at a time at a fixed cost each (a run on the chain, the
// nonce record, the broadcast, the records written as it goes), settled
// 110 to 160 trades a second in a backlog whatever the chain could do.
//
// Where a segment ends is a function of the stream alone, never of when
// a message arrives, so that a restart from the cursor makes the same
// settlements (see the package comment):
//
//   - it starts at the first message with a trade after the last
//     segment;
//   - a message whose groups would take it past MatchesMax matches or
//     FillsMax fills, or whose engine time (EventBatch.TimeMs) is
//     GatherWindow or more past the segment's first message's, ends it
//     and is not part of it (it starts the next one, if it has trades);
//   - a segment that reaches MatchesMax matches or FillsMax fills ends
//     with the message that filled it;
//   - a message too large for a call alone is a segment alone.
//
// A segment not yet ended waits for the next message, which the engine's
// Tick (a command every TickInterval, 100 ms by default) makes even when
// nobody trades. The cursor is never written inside a segment: it names
// the last message handled with no segment open (safe), so a restart
// reads every message of an unfinished segment again and starts a
// segment where the last run started one.
//
// The limits and the window (params) are the gatherer's, not the
// Config's: a change of them is a switch that takes effect at the first
// segment opened at a message past its AfterSeq (see cursorRecord), so
// a restart after a crash cuts what the crashed run may have cut with
// the parameters it had, and every segment carries the parameters it
// was cut with, which its calls use.
type gatherer struct {
	p         params
	pending   []paramSwitch // in order of AfterSeq
	makersMax int
	// adopted, when set, is told of each switch as it takes effect, at
	// the message that opens a segment.
	adopted func(from params, to paramSwitch, at uint64)

	gs      []group
	fills   int
	startMs int64
	first   uint64 // EVT sequence of the segment's first message (0: none open)
	last    uint64 // the last message taken
}

// params are what cut the stream into segments and a segment into calls:
// Config.MatchesMax, FillsMax and GatherWindow (in ms).
type params struct {
	MatchesMax     int   `json:"matchesMax"`
	FillsMax       int   `json:"fillsMax"`
	GatherWindowMs int64 `json:"gatherWindowMs"`
}

func paramsOf(cfg *Config) params {
	return params{MatchesMax: cfg.MatchesMax, FillsMax: cfg.FillsMax, GatherWindowMs: cfg.GatherWindow.Milliseconds()}
}

func (p params) String() string {
	return fmt.Sprintf("matches %d, fills %d, window %d ms", p.MatchesMax, p.FillsMax, p.GatherWindowMs)
}

// paramSwitch is a change of the parameters: the first segment opened at
// an EVT message past AfterSeq, and every one after, is cut with Params.
type paramSwitch struct {
	Params   params `json:"params"`
	AfterSeq uint64 `json:"afterSeq"`
}

// segment is an ended segment's groups and the parameters it was cut
// with.
type segment struct {
	gs []group
	p  params
}

// newGatherer starts gathering after the message c names, with its
// parameters and pending switches.
func newGatherer(c cursorRecord, makersMax int) *gatherer {
	return &gatherer{p: c.Params, pending: slices.Clone(c.Pending), makersMax: makersMax, last: c.Seq}
}

// add takes the next EVT message and returns the segments it ended, in
// stream order (none, one or two).
func (g *gatherer) add(seq uint64, b *pb.EventBatch) []segment {
	g.last = seq
	gs := groups(b, g.makersMax)
	var out []segment
	if g.first != 0 && (b.GetTimeMs()-g.startMs >= g.p.GatherWindowMs || len(g.gs)+len(gs) > g.p.MatchesMax || g.fills+fillsOf(gs) > g.p.FillsMax) {
		out = append(out, g.end())
	}
	if len(gs) == 0 {
		return out
	}
	if g.first == 0 {
		g.open(seq, b.GetTimeMs())
	}
	g.gs, g.fills = append(g.gs, gs...), g.fills+fillsOf(gs)
	if len(g.gs) >= g.p.MatchesMax || g.fills >= g.p.FillsMax {
		out = append(out, g.end())
	}
	return out
}

// open opens a segment at message seq, first adopting every pending
// switch it is past: a switch no segment opened under is simply passed
// by, as a restart that reads the same messages would pass it by.
func (g *gatherer) open(seq uint64, atMs int64) {
	for len(g.pending) > 0 && seq > g.pending[0].AfterSeq {
		if g.adopted != nil {
			g.adopted(g.p, g.pending[0], seq)
		}
		g.p, g.pending = g.pending[0].Params, g.pending[1:]
	}
	g.first, g.startMs = seq, atMs
}

// end returns the open segment and opens none.
func (g *gatherer) end() segment {
	sg := segment{gs: g.gs, p: g.p}
	g.gs, g.fills, g.startMs, g.first = nil, 0, 0, 0
	return sg
}

// safe is the EVT sequence the cursor may name: every message through it
// is in an ended segment (or has no trade), and the next one starts a
// segment or has no trade.
func (g *gatherer) safe() uint64 {
	if g.first != 0 {
		return g.first - 1
	}
	return g.last
}

// mark is the cursor record to write now: safe, with the parameters in
// use and the switches not yet taken. With a segment open these are the
// ones it opened with, and every switch left is at or past its first
// message, so a restart from the record opens it again the same way;
// with none open, a restart adopts the same switches at the same
// message this run will.
func (g *gatherer) mark() cursorRecord {
	return cursorRecord{Seq: g.safe(), Params: g.p, Pending: slices.Clone(g.pending)}
}

func fillsOf(gs []group) int {
	n := 0
	for _, g := range gs {
		n += len(g.trades)
	}
	return n
}

// DefaultGatherWindow is Config.GatherWindow's default: under the CLOB
// bench's load (about 160 matches a second) a segment fills a call
// (MatchesMax 12) in about 75 ms of engine time, so most segments end
// full; a trade waits at most this long, and for the next EVT message,
// before its call is made.
const DefaultGatherWindow = 250 * time.Millisecond

// calls puts a segment's matches into calls, in the order they are to be
// queued (the chain runs them in that order): a call is on one exchange,
// at most matchesMax matches and fillsMax fills, its matches in the
// engine's order; and a match runs after every earlier match that shares
// a wallet with it (a trader may spend what an earlier match gave it),
// so it goes into the first call on its exchange with room that is not
// before the last call holding an earlier match of one of its wallets,
// nor that call itself if it is on the other exchange. Matches of wallets
// that meet on the other exchange go in the same call across the other
// exchange's matches in between; cut at each change of exchange instead,
// the two exchanges' markets mixed in a segment made calls of one or two
// matches. What is moved ahead of a match never depends on it, so every
// call's simulation sees the state it runs on. It depends on the matches
// alone: the same segment makes the same calls.
func calls(rs []ready, matchesMax, fillsMax int) [][]ready {
	type call struct {
		exchange common.Address
		rs       []ready
		fills    int
	}
	var cs []*call
	latest := map[common.Address]int{} // wallet → the last call holding a match of it
	for _, r := range rs {
		ws := make([]common.Address, 0, 1+len(r.makers))
		ws = append(ws, r.taker.Maker)
		for _, m := range r.makers {
			ws = append(ws, m.Maker)
		}
		from := 0
		for _, w := range ws {
			if i, ok := latest[w]; ok {
				from = max(from, i)
			}
		}
		at := -1
		for i := from; i < len(cs); i++ {
			if c := cs[i]; c.exchange == r.exchange && len(c.rs) < matchesMax && c.fills+len(r.fills) <= fillsMax {
				at = i
				break
			}
		}
		if at < 0 {
			cs = append(cs, &call{exchange: r.exchange})
			at = len(cs) - 1
		}
		c := cs[at]
		c.rs, c.fills = append(c.rs, r), c.fills+len(r.fills)
		for _, w := range ws {
			latest[w] = at
		}
	}
	out := make([][]ready, len(cs))
	for i, c := range cs {
		out[i] = c.rs
	}
	return out
}
