package stream

import (
	"maps"
	"slices"

	"pred.dev/gateway-clob/internal/render"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/fixed"
	"pred.dev/proto/pb"
)

// book is one market's book in YES terms: the size resting at each price
// of each side (micro-USDW per YES share, share base units). It is set
// from BookChanged's totals, never added to, so applying an event twice
// changes nothing.
type book struct {
	bids, asks map[uint64]uint64
}

func newBook() *book { return &book{bids: map[uint64]uint64{}, asks: map[uint64]uint64{}} }

func (b *book) clone() *book {
	return &book{bids: maps.Clone(b.bids), asks: maps.Clone(b.asks)}
}

func (b *book) side(s pb.BookSide) map[uint64]uint64 {
	if s == pb.BookSide_BOOK_SIDE_ASK {
		return b.asks
	}
	return b.bids
}

func set(levels map[uint64]uint64, price, size uint64) {
	if size == 0 {
		delete(levels, price)
		return
	}
	levels[price] = size
}

// apply sets the levels a BookChanged changed to their totals after it.
func (b *book) apply(bc *pb.BookChanged) {
	for _, l := range bc.GetLevels() {
		set(b.side(l.GetSide()), l.GetPrice(), l.GetSize())
	}
}

// revert sets them back to their totals before it.
func (b *book) revert(bc *pb.BookChanged) {
	levels := bc.GetLevels()
	for i := len(levels) - 1; i >= 0; i-- {
		l := levels[i]
		set(b.side(l.GetSide()), l.GetPrice(), l.GetPrevSize())
	}
}

// seed sets the book from the engine's answer of the YES token's book.
func (b *book) seed(yb *pb.Book) {
	clear(b.bids)
	clear(b.asks)
	for _, l := range yb.GetBids() {
		set(b.bids, l.GetPrice(), l.GetSize())
	}
	for _, l := range yb.GetAsks() {
		set(b.asks, l.GetPrice(), l.GetSize())
	}
}

// levelKey is one level of a YES book.
type levelKey struct {
	side  pb.BookSide
	price uint64
}

// tokenLevels are a token's bids and asks, best price first, as the
// messages write them: the YES book itself, or for the NO token its
// mirror (a YES ask at p is a NO bid at 1 - p).
func (b *book) tokenLevels(no bool) (bids, asks []clobapi.PriceLevel) {
	if no {
		return mirrored(b.asks, true), mirrored(b.bids, false)
	}
	return levelsOf(b.bids, true), levelsOf(b.asks, false)
}

// levelsOf sorts a side best first: bids descending, asks ascending.
func levelsOf(side map[uint64]uint64, bids bool) []clobapi.PriceLevel {
	prices := slices.Sorted(maps.Keys(side))
	if bids {
		slices.Reverse(prices)
	}
	out := make([]clobapi.PriceLevel, len(prices))
	for i, p := range prices {
		out[i] = clobapi.PriceLevel{Price: render.Units(p), Size: render.Units(side[p])}
	}
	return out
}

// mirrored is the NO side made of a YES side: prices 1 - p, best first
// (NO bids from YES asks: the lowest YES ask is the highest NO bid).
func mirrored(side map[uint64]uint64, bids bool) []clobapi.PriceLevel {
	prices := slices.Sorted(maps.Keys(side))
	if !bids {
		slices.Reverse(prices) // the highest YES bid is the lowest NO ask
	}
	out := make([]clobapi.PriceLevel, len(prices))
	for i, p := range prices {
		out[i] = clobapi.PriceLevel{Price: render.Units(fixed.One - p), Size: render.Units(side[p])}
	}
	return out
}

// tokenChange is a changed YES level as the token's price change.
func tokenChange(k levelKey, size uint64, no bool) clobapi.PriceChange {
	price, bid := k.price, k.side == pb.BookSide_BOOK_SIDE_BID
	if no {
		price, bid = fixed.One-price, !bid
	}
	side := "SELL"
	if bid {
		side = "BUY"
	}
	return clobapi.PriceChange{Price: render.Units(price), Side: side, Size: render.Units(size)}
}

func best(levels []clobapi.PriceLevel) string {
	if len(levels) == 0 {
		return ""
	}
	return levels[0].Price
}
