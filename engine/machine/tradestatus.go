package machine

import (
	"slices"

	"pred.dev/proto/rules"
)

// The settler reports each trade's progress on chain with SetTradeStatus
// commands, and the machine enforces the order of those reports:
//
//	MATCHED   -> SUBMITTED | FAILED | SYNTHETIC
//	SUBMITTED -> MINED | RETRYING | FAILED
//	MINED     -> CONFIRMED | RETRYING (a reorg) | FAILED
//	RETRYING  -> SUBMITTED | FAILED
//	CONFIRMED, FAILED, SYNTHETIC: final
//
// Every trade starts MATCHED. Reporting the status a trade already has is a
// no-op (no event, no refusal), so the settler may repeat a report it is
// unsure landed, except for a final status: nothing follows a final status,
// not even itself (ReasonTradeStatusFinal). That rule needs only to know
// that a trade is final, not which final status it has, which is what lets
// the machine forget settled trades: it keeps a floor below which every
// trade is final and an entry for every trade from the floor up: its
// status and what its fill moved, so that a FAILED trade can be reversed
// (reversal.go). Memory is bounded by the trades between the oldest
// unsettled one and the newest, the settlement pipeline, not by history.

// tradeEntry is one trade at or above the floor: trades[i] is trade
// tradeFloor+i.
type tradeEntry struct {
	status TradeStatus
	fill   fillRec
}

// fillRec is what a fill moved in the ledger, in the terms settle used:
// each side's notional in its own token, the taker's fee.
type fillRec struct {
	market                     int32
	taker, maker               int32 // accounts
	takerOutcome, makerOutcome uint8
	takerSide, makerSide       Side
	lots                       int64
	takerNotional              int64
	makerNotional              int64
	fee                        int64
}

// tradeNext lists, per status, the statuses that may follow it.
var tradeNext = [...]uint8{
	TradeMatched:   1<<TradeSubmitted | 1<<TradeFailed | 1<<TradeSynthetic,
	TradeSubmitted: 1<<TradeMined | 1<<TradeRetrying | 1<<TradeFailed,
	TradeMined:     1<<TradeConfirmed | 1<<TradeRetrying | 1<<TradeFailed,
	TradeRetrying:  1<<TradeSubmitted | 1<<TradeFailed,
	TradeConfirmed: 0,
	TradeFailed:    0,
	TradeSynthetic: 0,
}

// Final reports whether no status may follow s.
func (s TradeStatus) Final() bool {
	return s == TradeConfirmed || s == TradeFailed || s == TradeSynthetic
}

// CanFollow reports whether status next may follow s; the same status
// again is not a transition (see setTradeStatus).
func (s TradeStatus) CanFollow(next TradeStatus) bool {
	return int(s) < len(tradeNext) && next < 8 && tradeNext[s]&(1<<next) != 0
}

func validTradeStatus(s TradeStatus) bool { return s >= TradeMatched && s <= TradeSynthetic }

// tradeAt returns the index in trades of an existing trade at or above
// the floor.
func (m *Machine) tradeAt(id uint64) (int, bool) {
	if id < m.tradeFloor || id >= m.nextTradeID {
		return 0, false
	}
	return int(id - m.tradeFloor), true
}

// addTrade records a new trade, MATCHED, with what its fill moved.
func (m *Machine) addTrade(id uint64, f fillRec) {
	m.trades = append(m.trades, tradeEntry{status: TradeMatched, fill: f})
	m.markTrade(id)
}

// setTradeStatus applies the settler's report on trades' progress: every
// trade of the command (Args.TradeID when not 0, then Args.TradeIDs) moves
// to Args.TradeStatus. The command as a whole is refused, nothing applied,
// when its status is not a valid one or its set of trades is malformed:
// empty (ReasonTradeNotFound, as a lone trade id of 0 always was), larger
// than rules.TradeStatusTradesMax, holding a 0 or a trade twice
// (ReasonInvalidCommand). Otherwise each trade is taken on its own, in the
// command's order, as a cancel list takes its orders: an allowed transition
// is applied (one TradeStatusChanged), a repeated report is a no-op, and a
// trade that is unknown, final or may not take the status is reported by a
// CommandRejected of its own (Event.Seq the trade id) without affecting the
// others.
func (m *Machine) setTradeStatus(c *Command) {
	a := c.Args
	next := a.TradeStatus
	if !validTradeStatus(next) {
		m.rejectCommand(ReasonInvalidCommand)
		return
	}
	n := len(a.TradeIDs)
	if a.TradeID != 0 {
		n++
	}
	switch {
	case n == 0:
		m.rejectCommand(ReasonTradeNotFound)
		return
	case n > rules.TradeStatusTradesMax:
		m.rejectCommand(ReasonInvalidCommand)
		return
	}
	for i, id := range a.TradeIDs {
		// Quadratic, but over a bounded list without allocating or
		// iterating a map; the settler's lists are a call's trades.
		if id == 0 || id == a.TradeID || slices.Contains(a.TradeIDs[:i], id) {
			m.rejectCommand(ReasonInvalidCommand)
			return
		}
	}
	if a.TradeID != 0 {
		m.setOneTradeStatus(a.TradeID, next, &a.TxHash, c.ID)
	}
	for _, id := range a.TradeIDs {
		m.setOneTradeStatus(id, next, &a.TxHash, c.ID)
	}
}

// setOneTradeStatus moves one trade to a valid status next, or reports why
// it may not. A trade that becomes FAILED is reversed in the ledger.
func (m *Machine) setOneTradeStatus(id uint64, next TradeStatus, txHash *Hash, ref Hash) {
	if id >= m.nextTradeID {
		m.rejectTrade(id, ReasonTradeNotFound)
		return
	}
	i, ok := m.tradeAt(id)
	switch {
	case !ok || m.trades[i].status.Final():
		m.rejectTrade(id, ReasonTradeStatusFinal)
		return
	case m.trades[i].status == next:
		return // a repeated report
	case !m.trades[i].status.CanFollow(next):
		m.rejectTrade(id, ReasonInvalidTradeStatus)
		return
	}
	m.trades[i].status = next
	m.markTrade(id)
	e := m.emit(EvTradeStatusChanged)
	e.Seq = id
	e.TradeStatus = next
	e.OrderID = *txHash
	f := &m.trades[i].fill
	e.Account, e.MakerAccount, e.Market = f.taker, f.maker, f.market
	if next == TradeFailed {
		m.reverse(id, &m.trades[i].fill, ref)
	}
	m.raiseTradeFloor()
}

// rejectTrade refuses one trade of a SetTradeStatus.
func (m *Machine) rejectTrade(id uint64, r Reason) {
	e := m.emit(EvCommandRejected)
	e.Reason = r
	e.Seq = id
}

// raiseTradeFloor moves the floor past the final trades right above it and
// forgets them. Dropping a prefix by reslicing costs nothing; append copies
// only the live entries when it next grows the array.
func (m *Machine) raiseTradeFloor() {
	n := 0
	for n < len(m.trades) && m.trades[n].status.Final() {
		m.markTrade(m.tradeFloor)
		m.tradeFloor++
		n++
	}
	if n > 0 {
		m.trades = m.trades[n:]
	}
}
