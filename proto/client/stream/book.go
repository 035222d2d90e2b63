package stream

import (
	"fmt"
	"slices"

	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/fixed"
)

// Book is a token's order book as the market channel built it: the last
// snapshot with every later price_change applied, each side best price
// first.
type Book struct {
	AssetID  string
	Market   string
	Bids     []clobapi.PriceLevel
	Asks     []clobapi.PriceLevel
	TickSize string
	// Position is the log position the book is at.
	Position uint64
	// Hash is clobapi.BookHash of the book, which the server's last
	// message of this token agreed with.
	Hash string
}

// BestBid and BestAsk are the best level of each side; ok is false when
// that side is empty.
func (b Book) BestBid() (clobapi.PriceLevel, bool) { return first(b.Bids) }
func (b Book) BestAsk() (clobapi.PriceLevel, bool) { return first(b.Asks) }

func first(ls []clobapi.PriceLevel) (clobapi.PriceLevel, bool) {
	if len(ls) == 0 {
		return clobapi.PriceLevel{}, false
	}
	return ls[0], true
}

// HashMismatchError says a book disagreed with the server's hash after a
// message: the client's book is wrong and needs a new snapshot.
type HashMismatchError struct {
	AssetID  string
	Position uint64
	Want     string
	Got      string
}

func (e *HashMismatchError) Error() string {
	return fmt.Sprintf("stream: book of %s at position %d: hash %s, the server's %s", e.AssetID, e.Position, e.Got, e.Want)
}

// fromSnapshot is the book a book message gives, its sides sorted best
// first whatever order the message lists them in.
func fromSnapshot(m *clobapi.BookMessage) (*Book, error) {
	b := &Book{AssetID: m.AssetID, Market: m.Market, TickSize: m.TickSize, Position: m.Position}
	for _, l := range m.Bids {
		if err := b.set(fixed.Buy.String(), l.Price, l.Size); err != nil {
			return nil, err
		}
	}
	for _, l := range m.Asks {
		if err := b.set(fixed.Sell.String(), l.Price, l.Size); err != nil {
			return nil, err
		}
	}
	return b, b.check(m.Hash)
}

// apply sets the changed levels of a price_change and checks the hash.
func (b *Book) apply(m *clobapi.PriceChangeMessage) error {
	for _, c := range m.Changes {
		if err := b.set(c.Side, c.Price, c.Size); err != nil {
			return err
		}
	}
	b.Position = m.Position
	return b.check(m.Hash)
}

// check compares the book's hash with the server's.
func (b *Book) check(want string) error {
	got := clobapi.BookHash(b.AssetID, b.Bids, b.Asks)
	b.Hash = got
	if got != want {
		return &HashMismatchError{AssetID: b.AssetID, Position: b.Position, Want: want, Got: got}
	}
	return nil
}

// set makes a level's size total (removing the level at zero). Bids are
// kept highest price first, asks lowest first.
func (b *Book) set(side, price, size string) error {
	p, err := fixed.ParsePrice(price)
	if err != nil {
		return fmt.Errorf("stream: book of %s: price %q: %w", b.AssetID, price, err)
	}
	s, err := fixed.ParseUnits(size)
	if err != nil {
		return fmt.Errorf("stream: book of %s: size %q: %w", b.AssetID, size, err)
	}
	var levels *[]clobapi.PriceLevel
	var better func(a, b uint64) bool
	switch side {
	case fixed.Buy.String():
		levels, better = &b.Bids, func(a, b uint64) bool { return a > b }
	case fixed.Sell.String():
		levels, better = &b.Asks, func(a, b uint64) bool { return a < b }
	default:
		return fmt.Errorf("stream: book of %s: side %q is neither %s nor %s", b.AssetID, side, fixed.Buy, fixed.Sell)
	}
	i, found := slices.BinarySearchFunc(*levels, p, func(l clobapi.PriceLevel, p uint64) int {
		lp, _ := fixed.ParsePrice(l.Price) // every level kept was parsed when set
		switch {
		case lp == p:
			return 0
		case better(lp, p):
			return -1
		}
		return 1
	})
	switch {
	case s == 0 && found:
		*levels = slices.Delete(*levels, i, i+1)
	case s == 0:
	case found:
		(*levels)[i] = clobapi.PriceLevel{Price: price, Size: size}
	default:
		*levels = slices.Insert(*levels, i, clobapi.PriceLevel{Price: price, Size: size})
	}
	return nil
}

// clone is a copy the caller may keep.
func (b *Book) clone() Book {
	c := *b
	c.Bids, c.Asks = slices.Clone(b.Bids), slices.Clone(b.Asks)
	return c
}
