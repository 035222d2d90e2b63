package service

import (
	"sync"

	"pred.dev/engine/machine"
)

// bookCache holds a copy of every market's book levels for queries. The
// apply loop replaces a market's copy after each batch that changed it;
// queries read copies and never touch the core, which only the apply loop
// may.
type bookCache struct {
	mu    sync.RWMutex
	books map[machine.Hash]*bookCopy
}

type bookCopy struct {
	bids, asks []machine.Level
	timeMs     int64
}

func newBookCache() *bookCache { return &bookCache{books: map[machine.Hash]*bookCopy{}} }

// refresh copies market i's book; it runs on the apply loop.
func (c *bookCache) refresh(m *machine.Machine, i int32, timeMs int64) {
	b := &bookCopy{bids: m.Levels(i, true, 0, nil), asks: m.Levels(i, false, 0, nil), timeMs: timeMs}
	id := m.Market(i).ID
	c.mu.Lock()
	c.books[id] = b
	c.mu.Unlock()
}

// Levels returns a market's book, best price first on both sides. The
// slices are shared: callers must not modify them.
func (c *bookCache) Levels(market machine.Hash) (bids, asks []machine.Level, timeMs int64, ok bool) {
	c.mu.RLock()
	b, ok := c.books[market]
	c.mu.RUnlock()
	if !ok {
		return nil, nil, 0, false
	}
	return b.bids, b.asks, b.timeMs, true
}
