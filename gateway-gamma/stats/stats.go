// Package stats folds the matching engine's event stream into live market
// statistics: volume, volume over 24 hours, resting liquidity, open
// interest, the best YES bid and ask, and the displayed price.
//
// The fold is deterministic: every replica reads EVT from its first
// message and arrives at the same figures at the same sequence. Figures
// change when events arrive, never on a read; a read only looks up the
// market's snapshot (and sums the hourly volume buckets of the last day).
//
// What each event does (prices are micro-USDW per share, sizes base
// units; the book is kept in YES terms, as the engine keeps it):
//
//   - MarketChanged: the market's status and tokens; RESOLVED zeroes the
//     open interest (the pairs were paid out).
//   - OrderAccepted: the order enters the book at its limit, a bid or an
//     ask in YES terms (a BUY of NO at p is a YES ask at 1 − p), and its
//     own-price value enters liquidity.
//   - Trade: both orders shrink by the size; volume grows by size × the
//     taker's price; MINT adds size to open interest, MERGE removes it; the
//     maker's YES price becomes the last price.
//   - OrderFilled, OrderCancelled, OrderExpired: the order leaves the book.
//
// An incoming order is in the book from its OrderAccepted until its fill
// or cancel, all within one event batch; snapshots are taken after whole
// batches, so a read never sees it crossing.
package stats

import (
	"encoding/hex"
	"sync"
	"time"

	"pred.dev/gateway-gamma/catalog"
	"pred.dev/proto/fixed"
	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
)

// Display rules of the price.
const (
	// spreadMidMax is the widest spread whose midpoint is the price; a
	// wider book shows the last trade's price instead.
	spreadMidMax = 100_000 // 0.10
	// hoursKept is the volume history: the last 24 hours and the current.
	hoursKept = 25
)

type side uint8

const (
	bid side = iota
	ask
)

type order struct {
	market    *market
	side      side
	yesPrice  uint64
	ownPrice  uint64
	remaining uint64
}

type hourBucket struct {
	hour   int64 // Unix hours
	volume uint64
}

type market struct {
	cond         string
	status       pb.MarketStatus
	levels       [2]map[uint64]uint64 // side -> YES price -> size
	volume       uint64
	hours        [hoursKept]hourBucket
	liquidityRaw uint64 // Σ own price × remaining, in micro-USDW × base units
	openInterest uint64
	lastPrice    uint64
}

func newMarket(cond string) *market {
	return &market{cond: cond, levels: [2]map[uint64]uint64{{}, {}}}
}

// Snapshot is one market's figures after a batch.
type Snapshot struct {
	Volume       uint64
	Liquidity    uint64
	OpenInterest uint64
	BestBid      uint64
	BestAsk      uint64
	Price        uint64
	Status       pb.MarketStatus
	Hours        [hoursKept]hourBucket
}

// Stats is the fold and its snapshots; safe for concurrent use (one
// writer: the follower).
type Stats struct {
	mu      sync.RWMutex
	snaps   map[string]*Snapshot // by condition id, 0x lowercase
	seq     uint64               // last EVT sequence applied
	markets map[[32]byte]*market // writer only
	orders  map[[32]byte]*order  // writer only
	touched map[*market]bool     // writer only
}

// New returns an empty fold.
func New() *Stats {
	return &Stats{snaps: map[string]*Snapshot{}, markets: map[[32]byte]*market{}, orders: map[[32]byte]*order{},
		touched: map[*market]bool{}}
}

// Seq is the last EVT stream sequence applied.
func (s *Stats) Seq() uint64 {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.seq
}

func key32(b []byte) (k [32]byte) {
	copy(k[32-min(32, len(b)):], b)
	return k
}

func condString(k [32]byte) string { return "0x" + hex.EncodeToString(k[:]) }

func (s *Stats) market(id []byte) *market {
	k := key32(id)
	m, ok := s.markets[k]
	if !ok {
		m = newMarket(condString(k))
		s.markets[k] = m
	}
	s.touched[m] = true
	return m
}

// Apply folds one EVT message (its stream sequence and batch) and
// publishes the touched markets' snapshots.
func (s *Stats) Apply(seq uint64, b *pb.EventBatch) {
	for _, e := range b.GetEvents() {
		s.apply(e)
	}
	snaps := make(map[string]*Snapshot, len(s.touched))
	for m := range s.touched {
		snaps[m.cond] = m.snapshot()
	}
	clear(s.touched)
	s.mu.Lock()
	for k, v := range snaps {
		s.snaps[k] = v
	}
	s.seq = seq
	s.mu.Unlock()
}

// Kinds are the events apply reads, the only ones the follower decodes:
// the balances and book changes that make up most of a batch are skipped
// on the wire, which matters most when Gamma folds the whole log at its
// start. Keep it with apply's cases.
var Kinds = journal.EventsOf("market_changed", "order_accepted", "trade", "order_filled", "order_cancelled", "order_expired")

func (s *Stats) apply(e *pb.Event) {
	switch b := e.GetBody().(type) {
	case *pb.Event_MarketChanged:
		m := s.market(b.MarketChanged.GetMarket())
		m.status = b.MarketChanged.GetStatus()
		if m.status == pb.MarketStatus_MARKET_STATUS_RESOLVED {
			m.openInterest = 0
		}
	case *pb.Event_OrderAccepted:
		s.accept(b.OrderAccepted)
	case *pb.Event_Trade:
		s.trade(b.Trade)
	case *pb.Event_OrderFilled:
		s.remove(b.OrderFilled.GetOrderId())
	case *pb.Event_OrderCancelled:
		s.remove(b.OrderCancelled.GetOrderId())
	case *pb.Event_OrderExpired:
		s.remove(b.OrderExpired.GetOrderId())
	}
}

func (s *Stats) accept(a *pb.OrderAccepted) {
	m := s.market(a.GetMarket())
	o := &order{market: m, ownPrice: a.GetPrice(), remaining: a.GetSize(), yesPrice: a.GetPrice()}
	yes := a.GetOutcome() != pb.Outcome_OUTCOME_NO
	if !yes {
		o.yesPrice = fixed.One - a.GetPrice()
	}
	o.side = ask
	if (a.GetSide() == pb.Side_SIDE_BUY) == yes {
		o.side = bid
	}
	s.orders[key32(a.GetOrderId())] = o
	m.levels[o.side][o.yesPrice] += o.remaining
	m.liquidityRaw += o.ownPrice * o.remaining
}

// shrink takes size off an order still in the book.
func (s *Stats) shrink(id [32]byte, size uint64) {
	o, ok := s.orders[id]
	if !ok {
		return
	}
	size = min(size, o.remaining)
	o.remaining -= size
	s.touched[o.market] = true
	lv := o.market.levels[o.side]
	if left := lv[o.yesPrice] - size; left > 0 {
		lv[o.yesPrice] = left
	} else {
		delete(lv, o.yesPrice)
	}
	o.market.liquidityRaw -= o.ownPrice * size
	if o.remaining == 0 {
		delete(s.orders, id)
	}
}

func (s *Stats) remove(id []byte) {
	k := key32(id)
	if o, ok := s.orders[k]; ok {
		s.shrink(k, o.remaining)
	}
}

func (s *Stats) trade(t *pb.Trade) {
	m := s.market(t.GetMarket())
	size := t.GetSize()
	notional := size * t.GetTakerPrice() / fixed.One
	m.volume += notional
	hour := t.GetTimeMs() / 3_600_000
	bk := &m.hours[hour%hoursKept]
	if bk.hour != hour {
		*bk = hourBucket{hour: hour}
	}
	bk.volume += notional
	switch t.GetMatchType() {
	case pb.MatchType_MATCH_TYPE_MINT:
		m.openInterest += size
	case pb.MatchType_MATCH_TYPE_MERGE:
		m.openInterest -= min(size, m.openInterest)
	}
	if mo, ok := s.orders[key32(t.GetMakerOrderId())]; ok {
		m.lastPrice = mo.yesPrice
	}
	s.shrink(key32(t.GetTakerOrderId()), size)
	s.shrink(key32(t.GetMakerOrderId()), size)
}

func (m *market) snapshot() *Snapshot {
	sn := &Snapshot{Volume: m.volume, Liquidity: m.liquidityRaw / fixed.One, OpenInterest: m.openInterest,
		Status: m.status, Hours: m.hours}
	for p := range m.levels[bid] {
		sn.BestBid = max(sn.BestBid, p)
	}
	for p := range m.levels[ask] {
		if sn.BestAsk == 0 || p < sn.BestAsk {
			sn.BestAsk = p
		}
	}
	sn.Price = displayPrice(sn.BestBid, sn.BestAsk, m.lastPrice)
	return sn
}

// displayPrice is the YES price of outcomePrices: the midpoint of a book
// no wider than 0.10, else the last trade, else the one side there is.
func displayPrice(bestBid, bestAsk, last uint64) uint64 {
	switch {
	case bestBid > 0 && bestAsk > 0 && bestAsk-bestBid <= spreadMidMax:
		return (bestBid + bestAsk) / 2
	case last > 0:
		return last
	case bestBid > 0 && bestAsk > 0:
		return (bestBid + bestAsk) / 2
	case bestBid > 0:
		return bestBid
	}
	return bestAsk
}

// Market implements catalog.Stats.
func (s *Stats) Market(cond string, now time.Time) catalog.MarketStats {
	s.mu.RLock()
	sn := s.snaps[cond]
	s.mu.RUnlock()
	if sn == nil {
		return catalog.MarketStats{}
	}
	out := catalog.MarketStats{Volume: sn.Volume, Liquidity: sn.Liquidity, OpenInterest: sn.OpenInterest,
		BestBid: sn.BestBid, BestAsk: sn.BestAsk, Price: sn.Price, Status: sn.Status}
	hour := now.UnixMilli() / 3_600_000
	for _, b := range sn.Hours {
		if b.hour > hour-24 && b.hour <= hour {
			out.Volume24hr += b.volume
		}
	}
	return out
}
