package machine

import "pred.dev/engine/book"

// order is a resting order in the pool, or the incoming order while it
// matches (then it lives on the stack and has no slot).
type order struct {
	seq       uint64
	market    int32
	account   int32
	owner     int32 // -1 when placed without an API key
	collSlot  int32 // the account's collateral position
	tokSlot   int32 // the account's position in the order's token
	price     int32 // book price: YES-terms ticks of the market
	remaining int64 // lots
	size      int64 // lots
	// locked is what the order holds on its lock position: collateral for
	// a BUY, shares for a SELL.
	locked     int64
	expireAtMs int64 // 0 unless GTD
	createdMs  int64
	expiration uint64 // as signed, Unix seconds
	feeBps     uint32

	// List links: the account's and the owner's resting orders, and the
	// position in the expiry heap (-1 if none).
	acctNext, acctPrev   int32
	ownerNext, ownerPrev int32
	heapPos              int32

	outcome  uint8 // 0 YES, 1 NO
	side     Side
	bookSide book.Side
	typ      OrderType
	postOnly bool
	live     bool
	// dirty and persisted track what the shell must write (changes.go).
	dirty     bool
	persisted bool
}

// lockSlot is the position an order's lock sits on.
func (o *order) lockSlot() int32 {
	if o.side == Buy {
		return o.collSlot
	}
	return o.tokSlot
}

// ownPips converts a YES-terms price in pips to the order's own token.
func (o *order) ownPips(yesPips int64) int64 {
	if o.outcome == 0 {
		return yesPips
	}
	return PipsPerUnit - yesPips
}

// allocOrder returns a free slot holding a copy of o.
func (m *Machine) allocOrder(o *order, id Hash) int32 {
	var s int32
	if n := len(m.free); n > 0 {
		s = m.free[n-1]
		m.free = m.free[:n-1]
	} else {
		s = int32(len(m.orders))
		m.orders = append(m.orders, order{})
		m.ids = append(m.ids, Hash{})
		m.links.Grow(len(m.orders))
	}
	dirty := m.orders[s].dirty
	m.orders[s] = *o
	m.orders[s].dirty = dirty
	m.orders[s].live = true
	m.orders[s].persisted = false
	m.ids[s] = id
	return s
}

// rest puts an order into its book and every index of resting orders.
func (m *Machine) rest(mk *market, o *order, id Hash) int32 {
	s := m.allocOrder(o, id)
	r := &m.orders[s]
	mk.book.Add(s, r.bookSide, r.price, r.remaining)
	m.live.put(&id, s)
	m.linkAccount(s)
	m.linkOwner(s)
	r.heapPos = -1
	if r.expireAtMs != 0 {
		m.expiry.push(m.orders, s)
	}
	m.markOrder(s)
	return s
}

// unrest takes a resting order out of its book and every index and frees
// its slot. The caller has released its lock.
func (m *Machine) unrest(s int32) {
	o := &m.orders[s]
	m.markets[o.market].book.Remove(s, o.bookSide, o.price, o.remaining)
	m.live.del(&m.ids[s])
	m.unlinkAccount(s)
	m.unlinkOwner(s)
	if o.heapPos >= 0 {
		m.expiry.remove(m.orders, o.heapPos)
	}
	if o.persisted {
		m.changes.deletedOrders = append(m.changes.deletedOrders, o.seq)
	}
	o.live = false
	m.free = append(m.free, s)
}

func (m *Machine) linkAccount(s int32) {
	o := &m.orders[s]
	a := &m.accounts[o.account]
	o.acctPrev, o.acctNext = -1, a.orders
	if a.orders >= 0 {
		m.orders[a.orders].acctPrev = s
	}
	a.orders = s
}

func (m *Machine) unlinkAccount(s int32) {
	o := &m.orders[s]
	if o.acctPrev >= 0 {
		m.orders[o.acctPrev].acctNext = o.acctNext
	} else {
		m.accounts[o.account].orders = o.acctNext
	}
	if o.acctNext >= 0 {
		m.orders[o.acctNext].acctPrev = o.acctPrev
	}
}

func (m *Machine) linkOwner(s int32) {
	o := &m.orders[s]
	o.ownerPrev, o.ownerNext = -1, -1
	if o.owner < 0 {
		return
	}
	w := &m.owners[o.owner]
	o.ownerNext = w.orders
	if w.orders >= 0 {
		m.orders[w.orders].ownerPrev = s
	}
	w.orders = s
}

func (m *Machine) unlinkOwner(s int32) {
	o := &m.orders[s]
	if o.owner < 0 {
		return
	}
	if o.ownerPrev >= 0 {
		m.orders[o.ownerPrev].ownerNext = o.ownerNext
	} else {
		m.owners[o.owner].orders = o.ownerNext
	}
	if o.ownerNext >= 0 {
		m.orders[o.ownerNext].ownerPrev = o.ownerPrev
	}
}

// expiryHeap orders GTD orders by (expireAtMs, seq): a unique key, so the
// order in which orders expire never depends on slot numbers.
type expiryHeap struct {
	slots []int32
}

func expiresBefore(orders []order, a, b int32) bool {
	oa, ob := &orders[a], &orders[b]
	if oa.expireAtMs != ob.expireAtMs {
		return oa.expireAtMs < ob.expireAtMs
	}
	return oa.seq < ob.seq
}

func (h *expiryHeap) push(orders []order, s int32) {
	h.slots = append(h.slots, s)
	i := int32(len(h.slots) - 1)
	orders[s].heapPos = i
	h.up(orders, i)
}

func (h *expiryHeap) top() (int32, bool) {
	if len(h.slots) == 0 {
		return 0, false
	}
	return h.slots[0], true
}

func (h *expiryHeap) remove(orders []order, i int32) {
	last := int32(len(h.slots) - 1)
	orders[h.slots[i]].heapPos = -1
	if i != last {
		h.slots[i] = h.slots[last]
		orders[h.slots[i]].heapPos = i
	}
	h.slots = h.slots[:last]
	if i < last {
		h.down(orders, i)
		h.up(orders, i)
	}
}

func (h *expiryHeap) swap(orders []order, i, j int32) {
	h.slots[i], h.slots[j] = h.slots[j], h.slots[i]
	orders[h.slots[i]].heapPos = i
	orders[h.slots[j]].heapPos = j
}

func (h *expiryHeap) up(orders []order, i int32) {
	for i > 0 {
		p := (i - 1) / 2
		if !expiresBefore(orders, h.slots[i], h.slots[p]) {
			return
		}
		h.swap(orders, i, p)
		i = p
	}
}

func (h *expiryHeap) down(orders []order, i int32) {
	n := int32(len(h.slots))
	for {
		c := 2*i + 1
		if c >= n {
			return
		}
		if c+1 < n && expiresBefore(orders, h.slots[c+1], h.slots[c]) {
			c++
		}
		if !expiresBefore(orders, h.slots[c], h.slots[i]) {
			return
		}
		h.swap(orders, i, c)
		i = c
	}
}
