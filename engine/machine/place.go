package machine

import "pred.dev/engine/book"

// place validates an order, checks and locks funds, matches it and rests
// what is left. Every check that can refuse the order runs before the
// first change to state, so a rejected order leaves no trace.
func (m *Machine) place(c *Command) {
	var t order
	if ref, r := m.admit(c, &t, book.Nil); r != 0 {
		m.refuse(c.ID, ref, r)
		return
	}
	m.enter(c, &t)
}

// admit runs every check of a new order and fills in t; old is the slot
// of a resting order of the same account that the command cancels first
// (KindReplace), or book.Nil. The checks count old as gone: its lock
// released, its allowance use given back, its place in the book empty.
//
// A spent id is refused first, whatever else is wrong with the order: the
// read model files every other refusal of a place as an INVALID order
// under its id, and must never do that to an order that was accepted.
// Refused ids are not spent, so the same signed order can be placed again
// (after a deposit, say) and accepted then.
func (m *Machine) admit(c *Command, t *order, old int32) (tokenRef, Reason) {
	if m.seen.has(idKey(c.ID)) {
		return tokenRef{market: -1}, ReasonDuplicateOrder
	}
	return m.admitUnspent(c, t, old)
}

// admitUnspent is admit for a caller that has refused a spent id itself
// (a replace does, before it looks for the old order): the seen set's
// lookup is a cache miss, a fifth of a replace's time when done twice.
func (m *Machine) admitUnspent(c *Command, t *order, old int32) (tokenRef, Reason) {
	ref, ok := m.token(c.Order.TokenID)
	if !ok {
		return tokenRef{market: -1}, ReasonTokenNotFound
	}
	mk := &m.markets[ref.market]
	if mk.status != MarketActive {
		return ref, ReasonMarketNotAccepting
	}
	if r := m.prepare(mk, ref, &c.Order, t); r != 0 {
		return ref, r
	}
	if r := m.fund(ref, &c.Order, t, old); r != 0 {
		return ref, r
	}
	return ref, m.precheck(mk, t, old)
}

// refuse reports a refused order: with its market and outcome when its
// token is known, so that the read model can file it.
func (m *Machine) refuse(id Hash, ref tokenRef, r Reason) {
	if ref.market < 0 {
		m.rejectOrder(id, r)
		return
	}
	m.rejectPlace(id, ref, r)
}

// enter commits to an admitted order: accepts, matches and settles it.
func (m *Machine) enter(c *Command, t *order) {
	mk := &m.markets[t.market]
	m.accept(mk, c, t)
	stopped := m.match(mk, t, c.ID)
	m.finish(mk, t, c.ID, stopped)
	if len(m.tripped) > 0 {
		m.cancelTripped()
	}
}

// rejectPlace refuses an order whose token is known, naming its market and
// outcome so that the read model can file the refused order.
func (m *Machine) rejectPlace(id Hash, ref tokenRef, r Reason) {
	e := m.emit(EvOrderRejected)
	e.OrderID = id
	e.Reason = r
	e.Market = ref.market
	e.Outcome = Outcome(ref.outcome + 1)
}

// prepare checks an order against the market and fills in t.
func (m *Machine) prepare(mk *market, ref tokenRef, o *OrderSpec, t *order) Reason {
	if o.Side != Buy && o.Side != Sell {
		return ReasonInvalidCommand
	}
	if o.Type < GTC || o.Type > FAK {
		return ReasonInvalidOrderType
	}
	if o.PostOnly && o.Type != GTC && o.Type != GTD {
		return ReasonPostOnlyInvalidType
	}
	if o.SelfTrade > SelfTradeCancelBoth {
		return ReasonInvalidSelfTrade
	}
	shares, coll := o.TakerAmount, o.MakerAmount
	if o.Side == Sell {
		shares, coll = coll, shares
	}
	if shares == 0 || coll == 0 || shares%LotUnits != 0 || shares > SizeMaxUnits {
		return ReasonInvalidAmounts
	}
	lots := shares / LotUnits
	if coll%lots != 0 {
		return ReasonInvalidAmounts // the amounts imply no exact price
	}
	pips := coll / lots // one lot at one pip is one base unit
	if pips < PriceMinPips || pips > PriceMaxPips || pips%uint64(mk.tickPips) != 0 {
		return ReasonInvalidPrice
	}
	switch {
	case int64(lots) < mk.minLots:
		return ReasonSizeTooSmall
	case int64(lots) > mk.maxLots:
		return ReasonSizeTooLarge
	case o.FeeRateBps < mk.params.FeeRateBps:
		return ReasonFeeRateTooLow
	case o.FeeRateBps > m.cfg.FeeRateMaxBps:
		return ReasonFeeRateTooHigh
	}
	if r := m.checkExpiration(o, t); r != 0 {
		return r
	}
	own := int32(pips) / mk.tickPips
	t.outcome, t.side, t.typ, t.postOnly = ref.outcome, o.Side, o.Type, o.PostOnly
	t.selfTrade, t.cancelOnHalt, t.group = o.SelfTrade, o.CancelOnHalt, o.Group
	t.market = ref.market
	t.size, t.remaining = int64(lots), int64(lots)
	t.feeBps = o.FeeRateBps
	t.bookSide, t.price = book.Bid, own
	if (o.Side == Buy) != (ref.outcome == 0) {
		t.bookSide = book.Ask
	}
	if ref.outcome == 1 {
		t.price = mk.ticks - own
	}
	return 0
}

// checkExpiration checks the expiration rule of the order type and sets when a GTD
// order leaves the book: at its signed expiration exactly, in engine time.
// A GTD order whose expiration engine time has reached is refused; any
// later one is accepted.
func (m *Machine) checkExpiration(o *OrderSpec, t *order) Reason {
	t.expiration = o.Expiration
	if o.Type != GTD {
		if o.Expiration != 0 {
			return ReasonInvalidExpiration
		}
		return 0
	}
	if o.Expiration > ExpirationMaxSec {
		return ReasonInvalidExpiration
	}
	t.expireAtMs = int64(o.Expiration) * 1000
	if t.expireAtMs <= m.nowMs {
		return ReasonInvalidExpiration
	}
	return 0
}

// ExpirationMaxSec bounds a GTD order's expiration (Unix seconds, in the
// year 36812), so that its time in milliseconds fits an int64 with room.
const ExpirationMaxSec = 1 << 40

// takerLock is what an order must lock while it may still take: the whole
// notional at its limit plus the largest fee it could pay, or its shares.
// Fills at better prices and smaller fees never need more (the fee is
// floored per fill, and a sum of floors never exceeds the floor of the sum).
func (t *order) takerLock(tickPips int32) int64 {
	if t.side == Sell {
		return t.remaining * LotUnits
	}
	notional := t.remaining * t.ownPips(int64(t.price)*int64(tickPips))
	if t.postOnly {
		return notional
	}
	return notional + fee(notional, t.feeBps)
}

// restingLock is what a resting order locks: makers pay no fee.
func (t *order) restingLock(tickPips int32) int64 {
	if t.side == Sell {
		return t.remaining * LotUnits
	}
	return t.remaining * t.ownPips(int64(t.price)*int64(tickPips))
}

func fee(notional int64, bps uint32) int64 {
	return notional * int64(bps) / BpsDenominator
}

// Fee is the taker fee of a fill: floor(notional * bps / 10000), the notional
// in the taker's own token's collateral. The exchange contract charges the same.
func Fee(notional int64, bps uint32) int64 { return fee(notional, bps) }

// fund finds the account and checks it can lock what the order needs and
// has let the market's exchange move it, counting the lock of the order in
// slot old (book.Nil for none) as released.
func (m *Machine) fund(ref tokenRef, o *OrderSpec, t *order, old int32) Reason {
	acct, ok := m.account(o.Maker)
	if o.SignatureType == SignatureProxy && (!ok || !m.accounts[acct].deployed) {
		// The chain would refuse to settle it: a Safe that does not exist
		// cannot hold funds or sign for them (spec: trading is enabled
		// after deployment). Refused here, in the log's order, so every
		// replay refuses it the same way; checked with the account the
		// balance check looks up anyway, so it costs a place nothing.
		return ReasonMakerWalletNotDeployed
	}
	if !ok {
		return ReasonNotEnoughBalance
	}
	if m.accounts[acct].debts > 0 {
		return ReasonAccountInDebt
	}
	if r := m.checkGroup(acct, o.Group); r != 0 {
		return r
	}
	t.account = acct
	t.collSlot = m.accounts[acct].coll
	t.tokSlot = -1
	mk := &m.markets[ref.market]
	need := t.takerLock(mk.tickPips)
	slot := t.collSlot
	if t.side == Sell {
		t.tokSlot = m.position(acct, assetOf(ref.market, ref.outcome))
		slot = t.tokSlot
	}
	if slot < 0 || m.available(slot)+m.freed(old, slot) < need {
		return ReasonNotEnoughBalance
	}
	// The chain would refuse to settle what the maker has not let the
	// exchange move (approvals.go).
	return m.approved(acct, mk, t, need, old)
}

// freed is what the order in slot old locks on position slot: what
// cancelling it first gives back there (0 for book.Nil).
func (m *Machine) freed(old, slot int32) int64 {
	if old == book.Nil {
		return 0
	}
	if o := m.pool.Get(old); o.lockSlot() == slot {
		return o.locked
	}
	return 0
}

// precheck refuses, before any change, the orders whose type says they
// must not trade (post-only) or must trade in full or at all (FOK, FAK).
// Liquidity of the order's own account does not count: self-trade
// prevention would cancel it rather than fill against it. The order in
// slot old (book.Nil for none) counts as gone.
func (m *Machine) precheck(mk *market, t *order, old int32) Reason {
	switch {
	case t.postOnly:
		if p, ok := m.bestExcept(mk, t.bookSide.Opposite(), old); ok && book.Crosses(t.bookSide, t.price, p) {
			return ReasonPostOnlyCrosses
		}
	case t.typ == FOK:
		if m.fillable(mk, t, t.remaining, old) < t.remaining {
			return ReasonFOKNotFilled
		}
	case t.typ == FAK:
		if m.fillable(mk, t, 1, old) == 0 {
			return ReasonFAKNoMatch
		}
	}
	return 0
}

// bestExcept is the best price on side without the order in slot old: a
// level that holds only old does not count.
func (m *Machine) bestExcept(mk *market, side book.Side, old int32) (int32, bool) {
	b := mk.book
	p, ok := b.Best(side)
	if ok && old != book.Nil {
		if o := m.pool.Get(old); o.bookSide == side && o.price == p && b.Head(side, p) == old && b.Next(old) == book.Nil {
			return b.Worse(side, p)
		}
	}
	return p, ok
}

// fillable sums the crossing quantity of other accounts, stopping as soon
// as it reaches want. Under a self-trade mode that cancels the incoming
// order, matching stops at the first resting order of its own account, so
// the sum does too; the order in slot old is skipped (it will be gone).
func (m *Machine) fillable(mk *market, t *order, want int64, old int32) int64 {
	opp := t.bookSide.Opposite()
	b := mk.book
	var sum int64
	for p, ok := b.Best(opp); ok && book.Crosses(t.bookSide, t.price, p); p, ok = b.Worse(opp, p) {
		for s := b.Head(opp, p); s != book.Nil; s = b.Next(s) {
			o := m.pool.Get(s)
			switch {
			case s == old:
			case o.account != t.account:
				if sum += o.remaining; sum >= want {
					return sum
				}
			case t.selfTrade != SelfTradeCancelResting:
				return sum
			}
		}
	}
	return sum
}

// accept commits to the order: its id is spent, its funds locked.
func (m *Machine) accept(mk *market, c *Command, t *order) {
	m.markSeen(c.ID)
	t.seq = m.nextOrderSeq
	m.nextOrderSeq++
	t.createdMs = m.nowMs
	t.owner = m.ownerFor(c.Owner)
	t.locked = t.takerLock(mk.tickPips)
	m.lock(t.lockSlot(), t.locked)

	e := m.emit(EvOrderAccepted)
	e.OrderID = c.ID
	e.Seq = t.seq
	e.Market = t.market
	e.Outcome = Outcome(t.outcome + 1)
	e.Account = t.account
	e.Owner = t.owner
	e.Side = t.side
	e.OrderType = t.typ
	e.PostOnly = t.postOnly
	e.SelfTrade, e.CancelOnHalt, e.Group = t.selfTrade, t.cancelOnHalt, t.group
	e.Price = uint64(t.ownPips(int64(t.price)*int64(mk.tickPips))) * MicroPerPip
	e.Size = uint64(t.size) * LotUnits
	e.FeeRateBps = t.feeBps
	e.Expiration = t.expiration
	e.TimeMs = t.createdMs
}

// finish settles the incoming order after matching: filled, cancelled
// (FAK, or stopped by its self-trade mode) or resting with its lock cut
// down to what a maker needs.
func (m *Machine) finish(mk *market, t *order, id Hash, stopped bool) {
	if stopped {
		m.release(t.lockSlot(), t.locked)
		t.locked = 0
		m.emitCancelled(id, t, CauseSelfTrade)
		return
	}
	if t.remaining == 0 || t.typ == FAK || t.typ == FOK {
		m.release(t.lockSlot(), t.locked)
		t.locked = 0
		if t.remaining == 0 {
			e := m.emit(EvOrderFilled)
			e.OrderID, e.Account, e.Market = id, t.account, t.market
			return
		}
		m.emitCancelled(id, t, CauseFAKRemainder)
		return
	}
	target := t.restingLock(mk.tickPips)
	m.release(t.lockSlot(), t.locked-target)
	t.locked = target
	m.rest(mk, t, id)
}

func (m *Machine) emitCancelled(id Hash, o *order, cause CancelCause) {
	e := m.emit(EvOrderCancelled)
	e.OrderID = id
	e.Account = o.account
	e.Market = o.market
	e.Cause = cause
	e.Status = cause.Status()
	e.Remaining = uint64(o.remaining) * LotUnits
}

// cancelResting removes a resting order and releases its lock. id is the
// order's id; callers that hold it pass their copy (see unrest).
func (m *Machine) cancelResting(s int32, id *Hash, cause CancelCause) {
	o := m.pool.Get(s)
	m.release(o.lockSlot(), o.locked)
	m.emitCancelled(*id, o, cause)
	m.unrest(s, id)
}

func idKey(id Hash) (k [16]byte) {
	copy(k[:], id[:16])
	return k
}
