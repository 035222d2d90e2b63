package machine

import (
	"slices"

	"pred.dev/engine/book"
)

// A command reports the book levels it changed (BookChanged events), each
// with its totals after the command and before it. Every change to a book
// goes through rest, unrest or a partial fill, which note the level first
// (noteLevel): its totals at that moment. The first note of a level in a
// command holds its totals before the command; the book holds those after.
// The notes sit in a slice of the machine, reset per command (and after
// each order Load rests), so a warm machine does not allocate for them.

// levelNote is a level a command touched and its totals when first touched.
type levelNote struct {
	market int32
	// pips is the YES price in pips, which a change of tick size does not
	// move (retick keeps every level's price and totals).
	pips  int32
	side  book.Side
	count int32
	qty   int64 // lots
}

// noteLevel records the level at price (in ticks) on side of market i,
// before the caller changes it. A level noted by the previous call is not
// noted again: fills and cancels walk a level's orders one after the other.
func (m *Machine) noteLevel(i int32, side book.Side, price int32) {
	mk := &m.markets[i]
	pips := price * mk.tickPips
	if n := len(m.levels); n > 0 {
		if l := &m.levels[n-1]; l.market == i && l.pips == pips && l.side == side {
			return
		}
	}
	qty, count := mk.book.Level(side, price)
	m.levels = append(m.levels, levelNote{market: i, pips: pips, side: side, count: count, qty: qty})
}

// compareNotes orders notes by market, side (bids first) and price. The
// sort is stable, so a level's first note comes first among its notes.
func compareNotes(a, b levelNote) int {
	switch {
	case a.market != b.market:
		return int(a.market - b.market)
	case a.side != b.side:
		return int(a.side) - int(b.side)
	}
	return int(a.pips - b.pips)
}

// emitBookChanges emits one BookChanged per level the command changed, in
// the order compareNotes gives. Apply resets the notes per command.
func (m *Machine) emitBookChanges() {
	if len(m.levels) == 0 {
		return
	}
	slices.SortStableFunc(m.levels, compareNotes)
	for k := range m.levels {
		l := &m.levels[k]
		if k > 0 && compareNotes(*l, m.levels[k-1]) == 0 {
			continue
		}
		qty, count := m.levelNow(l)
		if qty == l.qty && count == l.count {
			continue
		}
		e := m.emit(EvBookChanged)
		e.Market = l.market
		e.BookSide = BookSide(l.side + 1)
		e.Price = uint64(l.pips) * MicroPerPip
		e.Size, e.Orders = uint64(qty)*LotUnits, uint32(count)
		e.PrevSize, e.PrevOrders = uint64(l.qty)*LotUnits, uint32(l.count)
	}
}

// levelNow reads a noted level's totals from the book as it is now. A
// price off the market's grid (its tick grew in this command) holds
// nothing: retick refuses a tick that an order's price is not on.
func (m *Machine) levelNow(l *levelNote) (int64, int32) {
	mk := &m.markets[l.market]
	if l.pips%mk.tickPips != 0 {
		return 0, 0
	}
	return mk.book.Level(l.side, l.pips/mk.tickPips)
}
