package book

// Links holds the FIFO links of every order slot. The engine owns it and
// grows it with its order pool; the ladders of all markets share it, which
// keeps a resting order at zero bytes of per-book memory beyond its level.
type Links struct {
	next []int32
	prev []int32
}

// NewLinks returns links for n slots.
func NewLinks(n int) *Links {
	l := &Links{}
	l.Grow(n)
	return l
}

// Grow makes room for at least n slots.
func (l *Links) Grow(n int) {
	for len(l.next) < n {
		l.next = append(l.next, Nil)
		l.prev = append(l.prev, Nil)
	}
}

// Len returns the number of slots.
func (l *Links) Len() int { return len(l.next) }

type level struct {
	head  int32
	tail  int32
	count int32
	qty   int64
}

// Ladder is the fast Book: every price has a level, so adding, removing and
// finding the best price are a few array and bit operations.
type Ladder struct {
	links  *Links
	ticks  int32
	levels [2][]level
	bits   [2]bitmap
	best   [2]int32 // 0 when the side is empty; price 0 is never valid
}

var _ Book = (*Ladder)(nil)

// NewLadder returns an empty book for prices 1..ticks-1.
func NewLadder(ticks int32, links *Links) *Ladder {
	b := &Ladder{links: links, ticks: ticks}
	for s := range 2 {
		b.levels[s] = make([]level, ticks)
		for i := range b.levels[s] {
			b.levels[s][i] = level{head: Nil, tail: Nil}
		}
		b.bits[s] = newBitmap(ticks)
	}
	return b
}

func (b *Ladder) Ticks() int32 { return b.ticks }

func (b *Ladder) Add(o int32, side Side, price int32, qty int64) {
	lv := &b.levels[side][price]
	b.links.next[o] = Nil
	b.links.prev[o] = lv.tail
	if lv.tail == Nil {
		lv.head = o
		b.bits[side].set(price)
		if cur := b.best[side]; cur == 0 || Better(side, price, cur) {
			b.best[side] = price
		}
	} else {
		b.links.next[lv.tail] = o
	}
	lv.tail = o
	lv.count++
	lv.qty += qty
}

func (b *Ladder) Remove(o int32, side Side, price int32, qty int64) {
	lv := &b.levels[side][price]
	next, prev := b.links.next[o], b.links.prev[o]
	if prev == Nil {
		lv.head = next
	} else {
		b.links.next[prev] = next
	}
	if next == Nil {
		lv.tail = prev
	} else {
		b.links.prev[next] = prev
	}
	b.links.next[o], b.links.prev[o] = Nil, Nil
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

func (b *Ladder) Reduce(side Side, price int32, qty int64) {
	b.levels[side][price].qty -= qty
}

func (b *Ladder) Best(side Side) (int32, bool) {
	p := b.best[side]
	return p, p != 0
}

func (b *Ladder) Worse(side Side, price int32) (int32, bool) {
	if side == Bid {
		return b.bits[Bid].below(price)
	}
	return b.bits[Ask].above(price)
}

func (b *Ladder) Head(side Side, price int32) int32 { return b.levels[side][price].head }

func (b *Ladder) Next(o int32) int32 { return b.links.next[o] }

func (b *Ladder) Level(side Side, price int32) (int64, int32) {
	lv := &b.levels[side][price]
	return lv.qty, lv.count
}
