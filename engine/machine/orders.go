package machine

import "pred.dev/engine/book"

// order is a resting order in the pool, or the incoming order while it
// matches (then it lives on the stack and has no slot).
//
// Field order is memory order, arranged by cache line. The pool puts the
// order's queue links in front of it and the whole node fills three lines
// exactly (orderPad), so the first line holds everything a cancel or a fill
// reads and writes, the second the id and the fields of the rarer paths,
// and the third what only persistence and expiry read.
type order struct {
	// Line 1, after the pool's 8 bytes of queue links.
	account   int32
	market    int32
	remaining int64 // lots
	// locked is what the order holds on its lock position: collateral for
	// a BUY, shares for a SELL.
	locked   int64
	price    int32 // book price: YES-terms ticks of the market
	collSlot int32 // the account's collateral position
	// tokSlot is the account's position in the order's token. A SELL
	// locks it and knows it from the start; a BUY only credits it, so it
	// is looked up on the first fill (-1 until then), which saves a lookup
	// in a large index for every BUY that rests and is cancelled.
	tokSlot int32
	// List links: the account's resting orders, and the position in the
	// expiry heap (-1 if none).
	acctNext, acctPrev int32
	heapPos            int32
	side               Side
	outcome            uint8 // 0 YES, 1 NO
	bookSide           book.Side
	typ                OrderType
	postOnly           bool
	live               bool
	// dirty and persisted track what the shell must write (persist.go).
	dirty     bool
	persisted bool

	// Line 2.
	id                   Hash
	owner                int32 // -1 when placed without an API key
	ownerNext, ownerPrev int32
	feeBps               uint32
	seq                  uint64
	size                 int64 // lots

	// Line 3.
	expireAtMs int64 // 0 unless GTD
	createdMs  int64
	expiration uint64 // as signed, Unix seconds
	// selfTrade and cancelOnHalt are the order's request options: the
	// first is read while it is the incoming order (on the stack), the
	// second only by a halt.
	selfTrade    SelfTrade
	cancelOnHalt bool
	group        uint32 // 0: none
	_            [orderPad]byte
}

// orderPad fills a pool node (8 bytes of links and an order) to three
// cache lines; a test checks the size.
const orderPad = 32

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
		s = m.pool.Append()
	}
	r := m.pool.Get(s)
	dirty := r.dirty
	*r = *o
	r.dirty = dirty
	r.live = true
	r.persisted = false
	r.id = id
	return s
}

// rest puts an order into its book and every index of resting orders.
func (m *Machine) rest(mk *market, o *order, id Hash) int32 {
	s := m.allocOrder(o, id)
	r := m.pool.Get(s)
	m.noteLevel(r.market, r.bookSide, r.price)
	mk.book.Add(s, r.bookSide, r.price, r.remaining)
	m.live.put(idKey16(&id), s)
	m.linkAccount(s)
	m.linkOwner(s)
	r.heapPos = -1
	if r.expireAtMs != 0 {
		m.expiry.push(m.pool, s)
	}
	m.markOrder(s)
	return s
}

// unrest takes a resting order out of its book and every index and frees
// its slot. The caller has released its lock and passes the order's id,
// which it has at hand, so that removing an order reads only the first
// cache line of its slot.
func (m *Machine) unrest(s int32, id *Hash) {
	o := m.pool.Get(s)
	m.noteLevel(o.market, o.bookSide, o.price)
	m.markets[o.market].book.Remove(s, o.bookSide, o.price, o.remaining)
	m.live.del(idKey16(id))
	m.unlinkAccount(s)
	m.unlinkOwner(s)
	if o.heapPos >= 0 {
		m.expiry.remove(m.pool, o.heapPos)
	}
	if o.persisted {
		m.changes.deletedOrders = append(m.changes.deletedOrders, o.seq)
	}
	o.live = false
	m.free = append(m.free, s)
}

func (m *Machine) linkAccount(s int32) {
	o := m.pool.Get(s)
	a := &m.accounts[o.account]
	o.acctPrev, o.acctNext = -1, a.orders
	if a.orders >= 0 {
		m.pool.Get(a.orders).acctPrev = s
	}
	a.orders = s
}

func (m *Machine) unlinkAccount(s int32) {
	o := m.pool.Get(s)
	if o.acctPrev >= 0 {
		m.pool.Get(o.acctPrev).acctNext = o.acctNext
	} else {
		m.accounts[o.account].orders = o.acctNext
	}
	if o.acctNext >= 0 {
		m.pool.Get(o.acctNext).acctPrev = o.acctPrev
	}
}

func (m *Machine) linkOwner(s int32) {
	o := m.pool.Get(s)
	o.ownerPrev, o.ownerNext = -1, -1
	if o.owner < 0 {
		return
	}
	w := &m.owners[o.owner]
	o.ownerNext = w.orders
	if w.orders >= 0 {
		m.pool.Get(w.orders).ownerPrev = s
	}
	w.orders = s
}

func (m *Machine) unlinkOwner(s int32) {
	o := m.pool.Get(s)
	if o.owner < 0 {
		return
	}
	if o.ownerPrev >= 0 {
		m.pool.Get(o.ownerPrev).ownerNext = o.ownerNext
	} else {
		m.owners[o.owner].orders = o.ownerNext
	}
	if o.ownerNext >= 0 {
		m.pool.Get(o.ownerNext).ownerPrev = o.ownerPrev
	}
}

// expiryHeap orders GTD orders by (expireAtMs, seq): a unique key, so the
// order in which orders expire never depends on slot numbers.
type expiryHeap struct {
	slots []int32
}

func expiresBefore(orders *book.Pool[order], a, b int32) bool {
	oa, ob := orders.Get(a), orders.Get(b)
	if oa.expireAtMs != ob.expireAtMs {
		return oa.expireAtMs < ob.expireAtMs
	}
	return oa.seq < ob.seq
}

func (h *expiryHeap) push(orders *book.Pool[order], s int32) {
	h.slots = append(h.slots, s)
	i := int32(len(h.slots) - 1)
	orders.Get(s).heapPos = i
	h.up(orders, i)
}

func (h *expiryHeap) top() (int32, bool) {
	if len(h.slots) == 0 {
		return 0, false
	}
	return h.slots[0], true
}

func (h *expiryHeap) remove(orders *book.Pool[order], i int32) {
	last := int32(len(h.slots) - 1)
	orders.Get(h.slots[i]).heapPos = -1
	if i != last {
		h.slots[i] = h.slots[last]
		orders.Get(h.slots[i]).heapPos = i
	}
	h.slots = h.slots[:last]
	if i < last {
		h.down(orders, i)
		h.up(orders, i)
	}
}

func (h *expiryHeap) swap(orders *book.Pool[order], i, j int32) {
	h.slots[i], h.slots[j] = h.slots[j], h.slots[i]
	orders.Get(h.slots[i]).heapPos = i
	orders.Get(h.slots[j]).heapPos = j
}

func (h *expiryHeap) up(orders *book.Pool[order], i int32) {
	for i > 0 {
		p := (i - 1) / 2
		if !expiresBefore(orders, h.slots[i], h.slots[p]) {
			return
		}
		h.swap(orders, i, p)
		i = p
	}
}

func (h *expiryHeap) down(orders *book.Pool[order], i int32) {
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
