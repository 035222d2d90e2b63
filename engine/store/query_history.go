package store

import (
	"pred.dev/engine/machine"
	"pred.dev/proto/pb"
)

// Price history limits.
const (
	// PriceHistoryPointsMax caps the buckets one answer may span. An
	// explicit start_ts/end_ts range that spans more is refused with the
	// fidelity that would fit; a named interval instead gets its fidelity
	// raised until it fits, since the caller asked for "the last week", not
	// for a number of points.
	PriceHistoryPointsMax = 10_000
	// FidelityDefaultMin is the bucket size, in minutes, when none is given.
	FidelityDefaultMin = 1
)

const (
	hourMs = 60 * minuteMs
	dayMs  = 24 * hourMs
)

// historyIntervals are the named intervals, ending at the engine's latest
// applied time. 1M is taken as 30 days, like 30D. ALL and MAX (span 0)
// start at the market's first trade.
var historyIntervals = map[string]int64{
	"1H": hourMs, "6H": 6 * hourMs, "1D": dayMs, "1W": 7 * dayMs,
	"1M": 30 * dayMs, "30D": 30 * dayMs, "ALL": 0, "MAX": 0,
}

// historyRange is a span of whole minutes, both ends included: the minutes
// that start inside the requested time range. Prices are kept per minute,
// so that is the resolution of a range's ends.
type historyRange struct {
	firstMin, lastMin int64
	named             bool
}

// priceHistory answers from the per-minute points the write path keeps:
// buckets of fidelity_min minutes are aligned to the Unix epoch, each
// point's t is its bucket's start in Unix seconds and p the last trade
// price in it, in the token's own terms (a NO price is 1 minus the YES
// price), oldest first. A range covers the minutes that start inside it.
func (q *reader) priceHistory(hq *pb.PriceHistoryQuery) (*pb.PriceHistory, error) {
	m, outcome, err := q.tokenArg(hq.GetTokenId(), "token_id")
	if err != nil {
		return nil, err
	}
	r, err := q.historyRangeOf(hq, m)
	if err != nil {
		return nil, err
	}
	fid := int64(hq.GetFidelityMin())
	if fid == 0 {
		fid = FidelityDefaultMin
	}
	if fid, err = fitFidelity(r, fid); err != nil {
		return nil, err
	}
	out := &pb.PriceHistory{}
	if r.firstMin > r.lastMin {
		return out, nil
	}
	return out, q.historyPoints(m, outcome, r, fid, out)
}

// historyRangeOf turns the interval or start_ts/end_ts of a query into
// minutes.
func (q *reader) historyRangeOf(hq *pb.PriceHistoryQuery, m *marketRec) (historyRange, error) {
	nowMin := q.pos.timeMs / minuteMs
	start, end := hq.GetStartTs(), hq.GetEndTs()
	if iv := hq.GetInterval(); iv != "" {
		span, ok := historyIntervals[iv]
		switch {
		case !ok:
			return historyRange{}, invalid("interval %q is not one of 1H, 6H, 1D, 1W, 1M, 30D, ALL, MAX", iv)
		case start != 0 || end != 0:
			return historyRange{}, invalid("set either interval or start_ts/end_ts, not both")
		case span == 0:
			first, err := q.firstPointMinute(m)
			return historyRange{firstMin: first, lastMin: nowMin, named: true}, err
		}
		return historyRange{firstMin: max(0, ceilMinute(q.pos.timeMs-span)), lastMin: nowMin, named: true}, nil
	}
	switch {
	case start == 0 && end == 0:
		return historyRange{}, invalid("set interval (1H, 6H, 1D, 1W, 1M, 30D, ALL, MAX) or start_ts/end_ts")
	case start < 0 || end < 0:
		return historyRange{}, invalid("start_ts and end_ts are Unix seconds and cannot be negative")
	case end == 0:
		end = q.pos.timeMs / 1000
	}
	if start > end {
		return historyRange{}, invalid("start_ts (%d) is after end_ts (%d)", start, end)
	}
	return historyRange{firstMin: ceilMinute(start * 1000), lastMin: end * 1000 / minuteMs}, nil
}

// ceilMinute is the first minute that starts at or after ms.
func ceilMinute(ms int64) int64 {
	m := ms / minuteMs
	if m*minuteMs < ms {
		m++
	}
	return m
}

// firstPointMinute returns the minute of a market's first trade, or a
// minute after now when it never traded (an empty range).
func (q *reader) firstPointMinute(m *marketRec) (int64, error) {
	prefix := clone(q.key.start(pPriceHistory).u32(uint32(m.index)).bytes())
	it, err := q.iter(prefix, nil)
	if err != nil {
		return 0, err
	}
	first := q.pos.timeMs/minuteMs + 1
	if it.First() {
		first = int64(beUint64(it.Key()[len(prefix):]))
	}
	return first, it.Close()
}

// buckets counts the epoch-aligned buckets of fid minutes a range touches.
func (r historyRange) buckets(fid int64) int64 {
	if r.firstMin > r.lastMin {
		return 0
	}
	return r.lastMin/fid - r.firstMin/fid + 1
}

// fitFidelity checks or raises the bucket size so the range spans at most
// PriceHistoryPointsMax buckets.
func fitFidelity(r historyRange, fid int64) (int64, error) {
	if r.buckets(fid) <= PriceHistoryPointsMax {
		return fid, nil
	}
	need := max(fid, (r.lastMin-r.firstMin+1+PriceHistoryPointsMax-1)/PriceHistoryPointsMax)
	for r.buckets(need) > PriceHistoryPointsMax {
		need++
	}
	if !r.named {
		return 0, invalid("start_ts..end_ts spans %d buckets of %d minutes, more than %d: raise fidelity_min to at least %d or shorten the range",
			r.buckets(fid), fid, PriceHistoryPointsMax, need)
	}
	return need, nil
}

// historyPoints emits one point per bucket that had a trade: the bucket's
// start in Unix seconds and the price of its last trade in the token's
// terms, oldest first.
func (q *reader) historyPoints(m *marketRec, outcome machine.Outcome, r historyRange, fid int64, out *pb.PriceHistory) error {
	prefix := clone(q.key.start(pPriceHistory).u32(uint32(m.index)).bytes())
	hi := prefixEnd(q.key.u64(uint64(r.lastMin)).bytes())
	it, err := q.iter(prefix, hi)
	if err != nil {
		return err
	}
	var cur *pb.PricePoint
	for ok := it.SeekGE(q.key.start(pPriceHistory).u32(uint32(m.index)).u64(uint64(r.firstMin)).bytes()); ok; ok = it.Next() {
		minute := int64(beUint64(it.Key()[len(prefix):]))
		p, err := decodePricePoint(it.Value())
		if err != nil {
			_ = it.Close()
			return err
		}
		if outcome == machine.No {
			p = priceOne - p
		}
		t := minute / fid * fid * minuteMs / 1000
		if cur == nil || cur.T != t {
			cur = &pb.PricePoint{T: t}
			out.History = append(out.History, cur)
		}
		cur.P = p
	}
	return it.Close()
}
