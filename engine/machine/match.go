package machine

import "pred.dev/engine/book"

// match trades the incoming order t against the opposite side of the book,
// best price first and oldest first at each price, until t is filled or
// the book no longer crosses its limit. A resting order of t's own account
// is never traded with (self-trade prevention): t's mode cancels the
// resting order, or stops matching there (stopped: the caller cancels the
// rest of t), or both.
func (m *Machine) match(mk *market, t *order, id Hash) (stopped bool) {
	opp := t.bookSide.Opposite()
	b := mk.book
	for p, ok := b.Best(opp); ok && t.remaining > 0 && book.Crosses(t.bookSide, t.price, p); p, ok = b.Worse(opp, p) {
		for s := b.Head(opp, p); s != book.Nil && t.remaining > 0; {
			next := b.Next(s)
			if m.pool.Get(s).account == t.account {
				if t.selfTrade != SelfTradeCancelIncoming {
					m.cancelResting(s, &m.pool.Get(s).id, CauseSelfTrade)
				}
				if t.selfTrade != SelfTradeCancelResting {
					return true
				}
			} else {
				m.fill(mk, t, id, s, p)
			}
			s = next
		}
	}
	return false
}

// fill trades min(t.remaining, maker.remaining) at the maker's price p.
//
// Every order settles on its own side: a BUY pays its token's price and
// receives shares, a SELL gives shares and receives its token's price. A
// YES price and a NO price of the same match add up to 1, so when both
// orders buy, their collateral mints a pair (MINT); when both sell, the
// pair is merged back into collateral (MERGE); otherwise shares and
// collateral simply change hands (COMPLEMENTARY).
func (m *Machine) fill(mk *market, t *order, id Hash, s int32, p int32) {
	mo := m.pool.Get(s)
	q := min(t.remaining, mo.remaining)
	yesPips := int64(p) * int64(mk.tickPips)
	takerPips, makerPips := t.ownPips(yesPips), mo.ownPips(yesPips)
	takerNotional, makerNotional := q*takerPips, q*makerPips
	f := fee(takerNotional, t.feeBps)
	m.settle(t, q, takerNotional, f)
	m.settle(mo, q, makerNotional, 0)
	if f != 0 {
		m.creditTo(m.accounts[m.feeAccount].coll, f, id)
	}
	mt := Complementary
	switch {
	case t.side == Buy && mo.side == Buy:
		mt, mk.pairs = Mint, mk.pairs+q
		m.markMarket(t.market)
	case t.side == Sell && mo.side == Sell:
		mt, mk.pairs = Merge, mk.pairs-q
		m.markMarket(t.market)
	}
	t.remaining -= q
	mo.remaining -= q
	if t.group != 0 {
		m.groupFill(t.account, t.group, q)
	}
	if mo.group != 0 {
		m.groupFill(mo.account, mo.group, q)
	}

	m.addTrade(m.nextTradeID, fillRec{market: t.market, taker: t.account, maker: mo.account,
		takerOutcome: t.outcome, makerOutcome: mo.outcome, takerSide: t.side, makerSide: mo.side,
		lots: q, takerNotional: takerNotional, makerNotional: makerNotional, fee: f})
	e := m.emit(EvTrade)
	e.Seq = m.nextTradeID
	m.nextTradeID++
	e.Market = t.market
	e.MatchType = mt
	e.OrderID, e.MakerOrderID = id, mo.id
	e.Account, e.MakerAccount = t.account, mo.account
	e.Outcome, e.MakerOutcome = Outcome(t.outcome+1), Outcome(mo.outcome+1)
	e.Side, e.MakerSide = t.side, mo.side
	e.Price, e.MakerPrice = uint64(takerPips)*MicroPerPip, uint64(makerPips)*MicroPerPip
	e.Size = uint64(q) * LotUnits
	e.Fee = uint64(f)
	e.FeeRateBps = t.feeBps
	e.Remaining, e.MakerRemaining = uint64(t.remaining)*LotUnits, uint64(mo.remaining)*LotUnits
	e.TimeMs = m.nowMs

	if mo.remaining > 0 {
		m.noteLevel(mo.market, mo.bookSide, p)
		mk.book.Reduce(mo.bookSide, p, q)
		m.markOrder(s)
		return
	}
	f2 := m.emit(EvOrderFilled)
	f2.OrderID, f2.Account, f2.Market = mo.id, mo.account, mo.market
	mo.remaining = q // unrest removes the quantity the level still counts
	m.unrest(s, &mo.id)
	mo.remaining = 0
}

// settle moves one order's side of a fill of q lots whose notional, in the
// order's own token, is notional base units. Paid amounts come out of the
// order's lock; a taker pays (BUY) or is docked (SELL) the fee.
func (m *Machine) settle(o *order, q, notional, f int64) {
	shares := q * LotUnits
	if o.side == Buy {
		if o.tokSlot < 0 {
			o.tokSlot = m.positionFor(o.account, assetOf(o.market, o.outcome))
		}
		paid := notional + f
		c := m.touch(o.collSlot)
		c.balance -= paid
		c.locked -= paid
		o.locked -= paid
		m.touch(o.tokSlot).balance += shares
		m.spendAllowance(o.account, o.market, paid)
		return
	}
	tk := m.touch(o.tokSlot)
	tk.balance -= shares
	tk.locked -= shares
	o.locked -= shares
	m.touch(o.collSlot).balance += notional - f
}
