package stream

import (
	"pred.dev/proto/pb"
)

// commandRange is one command of a batch: its sequence and its events.
type commandRange struct {
	seq    uint64
	events []*pb.Event
}

// commands splits a batch by command (results[]); a batch without results
// is one command at its last sequence.
func commands(b *pb.EventBatch) []commandRange {
	evs := b.GetEvents()
	if len(b.GetResults()) == 0 {
		return []commandRange{{seq: b.GetCommandSeq(), events: evs}}
	}
	out := make([]commandRange, 0, len(b.GetResults()))
	for _, r := range b.GetResults() {
		first, n := int(r.GetFirstEvent()), int(r.GetEventCount())
		if first > len(evs) || first+n > len(evs) {
			continue // a malformed range: the engine never writes one
		}
		out = append(out, commandRange{seq: r.GetCommandSeq(), events: evs[first : first+n]})
	}
	return out
}

// changedBook collects, over one batch, the levels each market's book
// changed, in first-change order, markets in first-change order.
type changedBook struct {
	markets []*market
	levels  map[[32]byte][]levelKey
	seen    map[[32]byte]map[levelKey]bool
}

func (c *changedBook) add(m *market, bc *pb.BookChanged) {
	if c.levels == nil {
		c.levels, c.seen = map[[32]byte][]levelKey{}, map[[32]byte]map[levelKey]bool{}
	}
	seen, ok := c.seen[m.id]
	if !ok {
		c.markets = append(c.markets, m)
		seen = map[levelKey]bool{}
		c.seen[m.id] = seen
	}
	for _, l := range bc.GetLevels() {
		k := levelKey{side: l.GetSide(), price: l.GetPrice()}
		if !seen[k] {
			seen[k] = true
			c.levels[m.id] = append(c.levels[m.id], k)
		}
	}
}

// apply applies the EVT message at position to p and returns its
// messages for both channels in log order: per command its market
// messages first, then the others in event order; after every command,
// one price_change per token whose book changed (YES, then NO).
func (p *projection) apply(position uint64, b *pb.EventBatch) []item {
	var out []item
	var changed changedBook
	timeMs := b.GetTimeMs()
	for _, cmd := range commands(b) {
		for _, e := range cmd.events {
			if mc := e.GetMarketChanged(); mc != nil {
				m := p.marketChanged(mc)
				out = append(out, marketItem(position, m, mc.GetCause(), timeMs))
			}
		}
		for _, e := range cmd.events {
			out = p.event(out, &changed, position, cmd.seq, e, timeMs)
		}
	}
	for _, m := range changed.markets {
		out = append(out, priceChangeItem(position, m, false, changed.levels[m.id], timeMs),
			priceChangeItem(position, m, true, changed.levels[m.id], timeMs))
	}
	p.position, p.timeMs = position, timeMs
	return out
}

// event adds the messages of one event but a MarketChanged.
func (p *projection) event(out []item, changed *changedBook, position, cmdSeq uint64, e *pb.Event, timeMs int64) []item {
	switch ev := e.GetBody().(type) {
	case *pb.Event_BookChanged:
		m, ok := p.markets[to32(ev.BookChanged.GetMarket())]
		if !ok || cmdSeq <= m.seededSeq {
			return out // the seeded book has it already
		}
		m.book.apply(ev.BookChanged)
		changed.add(m, ev.BookChanged)
	case *pb.Event_Trade:
		out = append(out, lastTradeItems(position, ev.Trade)...)
		out = append(out, tradeItems(position, ev.Trade, p.wants)...)
	case *pb.Event_OrderAccepted:
		if p.wants(ev.OrderAccepted.GetAccount()) {
			out = append(out, placementItem(position, ev.OrderAccepted))
		}
	case *pb.Event_OrderCancelled:
		if p.wants(ev.OrderCancelled.GetAccount()) {
			out = append(out, cancelItem(position, ev.OrderCancelled, timeMs))
		}
	case *pb.Event_OrderExpired:
		if p.wants(ev.OrderExpired.GetAccount()) {
			out = append(out, expiryItem(position, ev.OrderExpired, timeMs))
		}
	case *pb.Event_OrderDecreased:
		if p.wants(ev.OrderDecreased.GetAccount()) {
			out = append(out, decreaseItem(position, ev.OrderDecreased))
		}
	case *pb.Event_TradeStatusChanged:
		out = append(out, tradeStatusItems(position, ev.TradeStatusChanged, timeMs, p.wants)...)
	case *pb.Event_BalanceChanged:
		if !p.wants(ev.BalanceChanged.GetAccount()) {
			break
		}
		it := balanceItem(position, ev.BalanceChanged)
		if ref, ok := p.tokens[to32(ev.BalanceChanged.GetTokenId())]; ok && len(ev.BalanceChanged.GetTokenId()) > 0 {
			it.market = ref.market
		}
		out = append(out, it)
	case *pb.Event_Transfer:
		if p.wants(ev.Transfer.GetAccount()) {
			out = append(out, transferItem(position, ev.Transfer, timeMs))
		}
	}
	return out
}

// revert undoes a batch's book changes on the markets p holds, last
// first, with the totals before each change.
func (p *projection) revert(b *pb.EventBatch) {
	evs := b.GetEvents()
	for i := len(evs) - 1; i >= 0; i-- {
		bc := evs[i].GetBookChanged()
		if bc == nil {
			continue
		}
		if m, ok := p.markets[to32(bc.GetMarket())]; ok {
			m.book.revert(bc)
		}
	}
}
