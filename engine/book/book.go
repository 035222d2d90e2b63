// Package book holds the order books of the matching engine: one book per
// market, kept in YES-price terms, with price-time priority.
//
// A book does not own orders. The engine keeps orders in a Pool and refers
// to them by slot number; a book only queues slots at price levels and keeps
// the resting quantity of each level. Two implementations exist: Ladder, the
// fast one (an array of levels, a bitmap of non-empty levels and FIFO links
// kept inside the pooled orders), and Reference, a deliberately naive one
// that tests drive in lockstep with Ladder.
package book

// Side is the side of the YES book an order rests on.
type Side uint8

const (
	Bid Side = 0 // wants YES: BUY YES or SELL NO
	Ask Side = 1 // gives YES: SELL YES or BUY NO
)

// Opposite returns the side an order on s matches against.
func (s Side) Opposite() Side { return s ^ 1 }

// Nil is the slot number that means "no order".
const Nil int32 = -1

// Book is a price-time priority book over prices 1..Ticks()-1.
//
// Prices are in ticks of the market: a book with Ticks() = 100 has a tick of
// 0.01 and prices 0.01..0.99. Quantities are in lots and are whatever the
// engine says they are; a book never inspects orders itself.
type Book interface {
	// Ticks returns the number of ticks in one unit of price.
	Ticks() int32
	// Add queues slot o at the back of price on side with quantity qty.
	Add(o int32, side Side, price int32, qty int64)
	// Remove unlinks slot o, resting at price on side with quantity qty.
	Remove(o int32, side Side, price int32, qty int64)
	// Reduce lowers the resting quantity at price by qty after a partial fill.
	Reduce(side Side, price int32, qty int64)
	// Best returns the best price on side: the highest bid or lowest ask.
	Best(side Side) (price int32, ok bool)
	// Worse returns the next non-empty price after price, moving away from
	// the best price of side. price itself need not be non-empty.
	Worse(side Side, price int32) (next int32, ok bool)
	// Head returns the oldest slot at price, or Nil.
	Head(side Side, price int32) int32
	// Next returns the slot queued after o at its price, or Nil.
	Next(o int32) int32
	// Level returns the resting quantity and order count at price.
	Level(side Side, price int32) (qty int64, count int32)
}

// Better reports whether price a has priority over price b on side.
func Better(side Side, a, b int32) bool {
	if side == Bid {
		return a > b
	}
	return a < b
}

// Crosses reports whether an incoming order on side at limit can trade with
// a resting order on the opposite side at price.
func Crosses(side Side, limit, price int32) bool {
	if side == Bid {
		return price <= limit
	}
	return price >= limit
}
