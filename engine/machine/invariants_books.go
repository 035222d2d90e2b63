package machine

import (
	"fmt"
	"slices"

	"pred.dev/engine/book"
)

// With the pred_invariants tag, Apply also checks a command's BookChanged
// events against the books: every book before the command, with each
// reported level set to its reported totals, is every book after it. So a
// level changed and not reported, a wrong total after, or a wrong total
// before (what a reader rebuilding an earlier book relies on) all fail.
// The events must also come last in the command, in compareNotes order,
// and report only levels whose totals changed.

// appendBookLevels appends every non-empty level of every book to out, as
// the note of a level would hold it, in compareNotes order.
func (m *Machine) appendBookLevels(out []levelNote) []levelNote {
	for i := range m.markets {
		mk := &m.markets[i]
		for _, side := range [2]book.Side{book.Bid, book.Ask} {
			start := len(out)
			for p, ok := mk.book.Best(side); ok; p, ok = mk.book.Worse(side, p) {
				qty, n := mk.book.Level(side, p)
				out = append(out, levelNote{market: int32(i), pips: p * mk.tickPips, side: side, count: n, qty: qty})
			}
			if side == book.Bid {
				slices.Reverse(out[start:]) // bids walk from the highest price
			}
		}
	}
	return out
}

// checkBookChanges checks the BookChanged events of one command against
// before, the books' levels before it (appendBookLevels).
func (m *Machine) checkBookChanges(before []levelNote, events []Event) error {
	first := len(events)
	for first > 0 && events[first-1].Kind == EvBookChanged {
		first--
	}
	for i := range events[:first] {
		if events[i].Kind == EvBookChanged {
			return fmt.Errorf("BookChanged at event %d is followed by other events", i)
		}
	}
	// want is before with each reported level set to its new totals: a
	// merge of two lists in the same order.
	var want []levelNote
	b := 0
	for i := first; i < len(events); i++ {
		e := &events[i]
		ch := levelNote{market: e.Market, pips: int32(e.Price / MicroPerPip), side: book.Side(e.BookSide - 1),
			count: int32(e.Orders), qty: int64(e.Size / LotUnits)}
		if i > first {
			prev := &events[i-1]
			if compareNotes(levelNote{market: prev.Market, pips: int32(prev.Price / MicroPerPip),
				side: book.Side(prev.BookSide - 1)}, ch) >= 0 {
				return fmt.Errorf("BookChanged at event %d is out of order", i)
			}
		}
		for b < len(before) && compareNotes(before[b], ch) < 0 {
			want = append(want, before[b])
			b++
		}
		var was levelNote
		if b < len(before) && compareNotes(before[b], ch) == 0 {
			was = before[b]
			b++
		}
		if uint64(was.qty)*LotUnits != e.PrevSize || uint32(was.count) != e.PrevOrders {
			return fmt.Errorf("BookChanged market %d %s %d: before x%d (%d), the book had x%d (%d)", e.Market,
				e.BookSide, e.Price, e.PrevSize, e.PrevOrders, uint64(was.qty)*LotUnits, was.count)
		}
		if e.Size == e.PrevSize && e.Orders == e.PrevOrders {
			return fmt.Errorf("BookChanged market %d %s %d reports no change", e.Market, e.BookSide, e.Price)
		}
		if ch.count != 0 || ch.qty != 0 {
			want = append(want, ch)
		}
	}
	want = append(want, before[b:]...)
	after := m.appendBookLevels(nil)
	if !slices.Equal(want, after) {
		return fmt.Errorf("the books before the command with its BookChanged events applied are not the books after it:\n%v\n%v", want, after)
	}
	return nil
}
