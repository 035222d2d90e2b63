package book

// Pool stores the engine's orders, each beside the links that queue it at
// its price level. Keeping the links inside the order means that walking or
// unlinking a queue touches the orders' own cache lines and nothing else;
// at a million resting orders, separate link arrays cost two more cache
// misses per cancel. The engine decides what an order is (T); the ladders
// of all markets share one pool.
type Pool[T any] struct {
	nodes []node[T]
}

type node[T any] struct {
	next int32
	prev int32
	v    T
}

// NewPool returns a pool with room for capacity orders before it grows.
func NewPool[T any](capacity int) *Pool[T] {
	return &Pool[T]{nodes: make([]node[T], 0, capacity)}
}

// Get returns the order in slot s.
func (p *Pool[T]) Get(s int32) *T { return &p.nodes[s].v }

// Len returns the number of slots.
func (p *Pool[T]) Len() int { return len(p.nodes) }

// Append adds an unlinked slot and returns its number.
func (p *Pool[T]) Append() int32 {
	p.nodes = append(p.nodes, node[T]{next: Nil, prev: Nil})
	return int32(len(p.nodes) - 1)
}

type level struct {
	head  int32
	tail  int32
	count int32
	qty   int64
}

// Ladder is the fast Book: every price has a level, so adding, removing and
// finding the best price are a few array and bit operations.
type Ladder[T any] struct {
	pool   *Pool[T]
	ticks  int32
	levels [2][]level
	bits   [2]bitmap
	best   [2]int32 // 0 when the side is empty; price 0 is never valid
}

// NewLadder returns an empty book for prices 1..ticks-1 over the orders
// of pool.
func NewLadder[T any](ticks int32, pool *Pool[T]) *Ladder[T] {
	b := &Ladder[T]{pool: pool, ticks: ticks}
	for s := range 2 {
		b.levels[s] = make([]level, ticks)
		for i := range b.levels[s] {
			b.levels[s][i] = level{head: Nil, tail: Nil}
		}
		b.bits[s] = newBitmap(ticks)
	}
	return b
}

func (b *Ladder[T]) Ticks() int32 { return b.ticks }

func (b *Ladder[T]) Add(o int32, side Side, price int32, qty int64) {
	lv := &b.levels[side][price]
	n := b.pool.nodes
	n[o].next = Nil
	n[o].prev = lv.tail
	if lv.tail == Nil {
		lv.head = o
		b.bits[side].set(price)
		if cur := b.best[side]; cur == 0 || Better(side, price, cur) {
			b.best[side] = price
		}
	} else {
		n[lv.tail].next = o
	}
	lv.tail = o
	lv.count++
	lv.qty += qty
}

func (b *Ladder[T]) Remove(o int32, side Side, price int32, qty int64) {
	lv := &b.levels[side][price]
	n := b.pool.nodes
	next, prev := n[o].next, n[o].prev
	if prev == Nil {
		lv.head = next
	} else {
		n[prev].next = next
	}
	if next == Nil {
		lv.tail = prev
	} else {
		n[next].prev = prev
	}
	n[o].next, n[o].prev = Nil, Nil
	lv.count--
	lv.qty -= qty
	if lv.count == 0 {
		b.bits[side].clear(price)
		if b.best[side] == price {
			next, ok := b.Worse(side, price)
			if !ok {
				next = 0
			}
			b.best[side] = next
		}
	}
}

func (b *Ladder[T]) Reduce(side Side, price int32, qty int64) {
	b.levels[side][price].qty -= qty
}

func (b *Ladder[T]) Best(side Side) (int32, bool) {
	p := b.best[side]
	return p, p != 0
}

func (b *Ladder[T]) Worse(side Side, price int32) (int32, bool) {
	if side == Bid {
		return b.bits[Bid].below(price)
	}
	return b.bits[Ask].above(price)
}

func (b *Ladder[T]) Head(side Side, price int32) int32 { return b.levels[side][price].head }

func (b *Ladder[T]) Next(o int32) int32 { return b.pool.nodes[o].next }

func (b *Ladder[T]) Level(side Side, price int32) (int64, int32) {
	lv := &b.levels[side][price]
	return lv.qty, lv.count
}
