package machine

import (
	"fmt"
	"strings"

	"pred.dev/engine/book"
)

// DumpState renders the logical state as text, in the order StateHash
// digests it, so a test that finds two hashes differ can show where.
func DumpState(m *Machine) string {
	var b strings.Builder
	fmt.Fprintf(&b, "now=%d nextOrder=%d nextTrade=%d credited=%d withdrawn=%d seen=%d/%x\n",
		m.nowMs, m.nextOrderSeq, m.nextTradeID, m.creditedUnits, m.withdrawnUnits, m.seen.n, m.seenSum)
	for i := range m.markets {
		mk := &m.markets[i]
		fmt.Fprintf(&b, "market %d %x params=%+v status=%d payout=%v pairs=%d\n", i, mk.id[:4], mk.params, mk.status, mk.payout, mk.pairs)
		for _, side := range []book.Side{book.Bid, book.Ask} {
			for p, ok := mk.book.Best(side); ok; p, ok = mk.book.Worse(side, p) {
				q, n := mk.book.Level(side, p)
				fmt.Fprintf(&b, "  side %d price %d qty %d n %d:", side, p, q, n)
				for s := mk.book.Head(side, p); s != book.Nil; s = mk.book.Next(s) {
					o := m.pool.Get(s)
					fmt.Fprintf(&b, " [%x seq=%d acct=%d owner=%d rem=%d size=%d locked=%d exp=%d created=%d fee=%d out=%d side=%d typ=%d post=%v]",
						m.pool.Get(s).id[:4], o.seq, o.account, o.owner, o.remaining, o.size, o.locked, o.expireAtMs, o.createdMs, o.feeBps, o.outcome, o.side, o.typ, o.postOnly)
				}
				b.WriteString("\n")
			}
		}
	}
	for i, a := range m.accounts {
		fmt.Fprintf(&b, "account %d %x\n", i, a.addr[:4])
	}
	for i, w := range m.owners {
		fmt.Fprintf(&b, "owner %d %x beat=%d beating=%v\n", i, w.key[:4], w.lastBeatMs, w.beating)
	}
	fmt.Fprintf(&b, "beating %v\n", m.beating)
	for _, p := range m.sortedPositions() {
		pos := &m.positions[p]
		if pos.balance != 0 || pos.locked != 0 {
			fmt.Fprintf(&b, "position %d/%d %d %d\n", pos.account, pos.asset, pos.balance, pos.locked)
		}
	}
	fmt.Fprintf(&b, "trades floor=%d %v\n", m.tradeFloor, m.trades)
	return b.String()
}
