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
// trade is final and the statuses of the trades at or above it that left
// MATCHED. Memory is bounded by the trades between the oldest unsettled one
// and the newest reported one, the settlement pipeline, not by history.

// tradeEntry is the status of one trade at or above the floor.
type tradeEntry struct {
	id     uint64
	status TradeStatus
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

// tradeStatus returns what the machine knows of an existing trade's status:
// final, and its status unless the trade is below the floor (then 0: which
// final status it reached is forgotten).
func (m *Machine) tradeStatus(id uint64) (status TradeStatus, final bool) {
	if id < m.tradeFloor {
		return 0, true
	}
	if i, ok := m.tradeAt(id); ok {
		return m.trades[i].status, m.trades[i].status.Final()
	}
	return TradeMatched, false
}

func (m *Machine) tradeAt(id uint64) (int, bool) {
	return slices.BinarySearchFunc(m.trades, id, func(e tradeEntry, id uint64) int {
		switch {
		case e.id < id:
			return -1
		case e.id > id:
			return 1
		}
		return 0
	})
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
		m.setOneTradeStatus(a.TradeID, next, &a.TxHash)
	}
	for _, id := range a.TradeIDs {
		m.setOneTradeStatus(id, next, &a.TxHash)
	}
}

// setOneTradeStatus moves one trade to a valid status next, or reports why
// it may not.
func (m *Machine) setOneTradeStatus(id uint64, next TradeStatus, txHash *Hash) {
	if id >= m.nextTradeID {
		m.rejectTrade(id, ReasonTradeNotFound)
		return
	}
	cur, final := m.tradeStatus(id)
	switch {
	case final:
		m.rejectTrade(id, ReasonTradeStatusFinal)
		return
	case cur == next:
		return // a repeated report
	case !cur.CanFollow(next):
		m.rejectTrade(id, ReasonInvalidTradeStatus)
		return
	}
	i, found := m.tradeAt(id)
	if found {
		m.trades[i].status = next
	} else {
		m.trades = slices.Insert(m.trades, i, tradeEntry{id: id, status: next})
	}
	m.markTrade(id)
	m.raiseTradeFloor()
	e := m.emit(EvTradeStatusChanged)
	e.Seq = id
	e.TradeStatus = next
	e.OrderID = *txHash
}

// rejectTrade refuses one trade of a SetTradeStatus.
func (m *Machine) rejectTrade(id uint64, r Reason) {
	e := m.emit(EvCommandRejected)
	e.Reason = r
	e.Seq = id
}

// raiseTradeFloor moves the floor past the final trades right above it and
// forgets them.
func (m *Machine) raiseTradeFloor() {
	n := 0
	for n < len(m.trades) && m.trades[n].id == m.tradeFloor && m.trades[n].status.Final() {
		m.markTrade(m.tradeFloor)
		m.tradeFloor++
		n++
	}
	if n > 0 {
		m.trades = slices.Delete(m.trades, 0, n)
	}
}
