package machine

import (
	"crypto/sha256"
	"slices"

	"pred.dev/engine/book"
)

// StateHash digests the whole logical state: counters, markets with their
// books level by level in priority order, every resting order, accounts,
// API keys, every position, the trade statuses and the set of spent ids. It depends only on
// what the state means, never on slot numbers or map order, so a machine
// restored with Load, rebuilt by replay or run on the reference book hashes
// the same as the original.
func (m *Machine) StateHash() [32]byte {
	h := sha256.New()
	e := &enc{}
	e.i64(m.nowMs)
	e.u64(m.nextOrderSeq)
	e.u64(m.nextTradeID)
	e.u64(m.creditedUnits)
	e.u64(m.withdrawnUnits)
	for i := range m.markets {
		e.bytes(m.encodeMarket(int32(i)))
		e.b = m.appendBook(e.b, &m.markets[i])
		h.Write(e.b)
		e.b = e.b[:0]
	}
	for i := range m.accounts {
		e.bytes(m.encodeAccount(int32(i)))
	}
	for i := range m.owners {
		e.bytes(m.encodeOwner(int32(i)))
	}
	e.u64(uint64(len(m.beating)))
	for _, i := range m.beating {
		e.u32(uint32(i))
	}
	for _, p := range m.sortedPositions() {
		pos := &m.positions[p]
		if pos.balance == 0 && pos.locked == 0 && pos.pending == 0 && pos.external == 0 && pos.debt == 0 {
			continue // created on the way to a trade that did not happen
		}
		e.u32(uint32(pos.account))
		e.u32(uint32(pos.asset))
		e.bytes(m.encodePosition(p))
	}
	e.u64(m.tradeFloor)
	e.u64(uint64(len(m.trades)))
	for i := range m.trades {
		e.bytes(m.encodeTrade(i))
	}
	e.u64(uint64(m.seen.n))
	for _, v := range m.seenSum {
		e.u64(v)
	}
	h.Write(e.b)
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// appendBook encodes a book: each side best price first, each level's
// quantity and count, then its orders oldest first.
func (m *Machine) appendBook(b []byte, mk *market) []byte {
	e := &enc{b: b}
	for _, side := range [2]book.Side{book.Bid, book.Ask} {
		e.u8(uint8(side))
		for p, ok := mk.book.Best(side); ok; p, ok = mk.book.Worse(side, p) {
			qty, n := mk.book.Level(side, p)
			e.u32(uint32(p))
			e.i64(qty)
			e.u32(uint32(n))
			for s := mk.book.Head(side, p); s != book.Nil; s = mk.book.Next(s) {
				appendOrder(e, m.pool.Get(s), m.pool.Get(s).id)
			}
		}
	}
	return e.b
}

// sortedPositions returns position indexes by (account, asset).
func (m *Machine) sortedPositions() []int32 {
	ps := make([]int32, len(m.positions))
	for i := range ps {
		ps[i] = int32(i)
	}
	slices.SortFunc(ps, func(a, b int32) int {
		pa, pb := &m.positions[a], &m.positions[b]
		if pa.account != pb.account {
			return int(pa.account - pb.account)
		}
		return int(pa.asset - pb.asset)
	})
	return ps
}
