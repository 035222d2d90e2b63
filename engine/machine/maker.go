package machine

import "pred.dev/engine/book"

// The tools of market makers: lowering an order's size in place
// (KindDecrease), replacing an order by a new one in one command
// (KindReplace), and where an order stands in its queue (QueuePosition).

// decrease lowers a live order's remaining size: Command.Amount shares
// taken off (reduce_by) or, with ReduceTo, the remaining size wanted
// (reduce_to), in base units of whole lots. The signed order authorises
// up to its size, so less needs no new signature. The order keeps its
// place in the queue (its level's quantity shrinks, nothing moves) and
// its lock shrinks to what the smaller order needs. Reducing to 0 cancels
// the order (CauseUser). Refused, changing nothing: an order that is not
// live or not the account's (ReasonOrderNotFound, as a cancel), an amount
// that is not whole lots (ReasonInvalidAmounts), a new size not below the
// current one (ReasonNotADecrease).
func (m *Machine) decrease(c *Command) {
	if len(c.OrderIDs) != 1 {
		m.rejectCommand(ReasonInvalidCommand)
		return
	}
	id := c.OrderIDs[0]
	s, ok := m.live.get(idKey16(&id))
	if !ok || m.accounts[m.pool.Get(s).account].addr != c.Account {
		m.rejectOrder(id, ReasonOrderNotFound)
		return
	}
	if c.Amount%LotUnits != 0 {
		m.rejectOrder(id, ReasonInvalidAmounts)
		return
	}
	o := m.pool.Get(s)
	lots := int64(min(c.Amount/LotUnits, SizeMaxUnits/LotUnits))
	to := lots
	if !c.ReduceTo {
		// A reduce_by larger than what is left cancels the order: the
		// client sent it against a size that fills have since lowered,
		// and what it asked for, less exposure, is all of it.
		to = max(0, o.remaining-lots)
	}
	if to >= o.remaining {
		m.rejectOrder(id, ReasonNotADecrease)
		return
	}
	if to == 0 {
		m.cancelResting(s, &id, CauseUser)
		return
	}
	mk := &m.markets[o.market]
	cut := o.remaining - to
	m.noteLevel(o.market, o.bookSide, o.price)
	mk.book.Reduce(o.bookSide, o.price, cut)
	o.remaining = to
	o.size -= cut
	target := o.restingLock(mk.tickPips)
	m.release(o.lockSlot(), o.locked-target)
	o.locked = target
	m.markOrder(s)

	e := m.emit(EvOrderDecreased)
	e.OrderID, e.Account, e.Market = id, o.account, o.market
	e.Size = uint64(o.size) * LotUnits
	e.Remaining = uint64(o.remaining) * LotUnits
	e.TimeMs = m.nowMs
}

// replace cancels one live order of the new order's maker and places the
// new signed order (Command.ID, Order, Owner as KindPlace; OrderIDs[0]
// the order replaced): both or neither. Every check of the cancel and of
// the place runs first, the place's with the old order counted as gone
// (its lock released, its allowance use given back, its place in the book
// empty), so that a maker can move a quote with funds that only the old
// quote frees. Refused whole, changing nothing: a new id already spent
// (ReasonDuplicateOrder, first as for a place), an old order that is not
// live or not the maker's (ReasonOrderNotFound, on the old id), and any
// refusal of the new order (on the new id, filed INVALID as a refused
// place is). The events are a cancel's (CauseUser) and a place's, so
// readers need nothing new; the new order gets a new sequence and no
// priority of the old.
//
// The batch form is several KindReplace commands in one log message (one
// CommandBatch, as a batch of places is), each pair atomic on its own: a
// maker moving many quotes wants every quote that can move to move, and a
// single refused pair (a post-only price the market has just crossed)
// keeping the others stale on the book is the risk the tool is for.
func (m *Machine) replace(c *Command) {
	if len(c.OrderIDs) != 1 {
		m.rejectCommand(ReasonInvalidCommand)
		return
	}
	if m.seen.has(idKey(c.ID)) {
		m.rejectOrder(c.ID, ReasonDuplicateOrder)
		return
	}
	oldID := c.OrderIDs[0]
	old, ok := m.live.get(idKey16(&oldID))
	if !ok || m.accounts[m.pool.Get(old).account].addr != c.Order.Maker {
		m.rejectOrder(oldID, ReasonOrderNotFound)
		return
	}
	var t order
	if ref, r := m.admitUnspent(c, &t, old); r != 0 {
		m.refuse(c.ID, ref, r)
		return
	}
	m.cancelResting(old, &oldID, CauseUser)
	m.enter(c, &t)
}

// QueuePosition reports where a live order stands at its price level: the
// shares of the orders ahead of it (time priority) and the level's total,
// both in base units. ok is false if no live order has the id. It is
// read-only and, like Levels, runs on the goroutine that applies commands.
func (m *Machine) QueuePosition(id Hash) (ahead, level uint64, ok bool) {
	s, ok := m.live.get(idKey16(&id))
	if !ok {
		return 0, 0, false
	}
	o := m.pool.Get(s)
	b := m.markets[o.market].book
	var sum int64
	for x := b.Head(o.bookSide, o.price); x != s && x != book.Nil; x = b.Next(x) {
		sum += m.pool.Get(x).remaining
	}
	qty, _ := b.Level(o.bookSide, o.price)
	return uint64(sum) * LotUnits, uint64(qty) * LotUnits, true
}

// OrderMaker returns the wallet of a live order, so that a query for its
// queue position can be refused for any other wallet. ok is false if no
// live order has the id. Like QueuePosition it runs on the goroutine that
// applies commands.
func (m *Machine) OrderMaker(id Hash) (maker Address, ok bool) {
	s, ok := m.live.get(idKey16(&id))
	if !ok {
		return Address{}, false
	}
	return m.accounts[m.pool.Get(s).account].addr, true
}
