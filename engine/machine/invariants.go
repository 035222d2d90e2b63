package machine

import (
	"fmt"

	"pred.dev/engine/book"
)

// CheckInvariants verifies the properties that must hold after every
// command and returns the first violation. It walks the whole state, so
// production never calls it: built with the pred_invariants tag (make test
// builds the engine's tests so), Apply checks them after every command and
// panics on a violation; without it, tests call it where they choose.
//
//   - no balance or lock is negative, and no lock exceeds its balance
//     (balance = available + locked with available >= 0);
//   - every lock is accounted for: a position's lock is the sum of what its
//     resting orders hold, and each order holds exactly what a maker needs;
//   - collateral is conserved: credited - withdrawn = collateral balances +
//     collateral reserved for withdrawals + collateral held by minted pairs;
//   - per market, YES supply = NO supply = pairs minted, where a token's
//     supply is its balances and reservations less the shares that came
//     from outside the exchange (deposited minus withdrawn);
//   - nothing reserved for a withdrawal is negative;
//   - no book is crossed, and every level's totals match its orders;
//   - trade statuses are kept by id between the floor and the next trade
//     id, none MATCHED, and the floor is as high as they allow.
func (m *Machine) CheckInvariants() error {
	if err := m.checkTrades(); err != nil {
		return err
	}
	locks := make([]int64, len(m.positions))
	if err := m.checkBooks(locks); err != nil {
		return err
	}
	var collateralSum int64
	supply := make([][2]int64, len(m.markets))
	for p := range m.positions {
		pos := &m.positions[p]
		if pos.balance < 0 || pos.locked < 0 || pos.locked > pos.balance || pos.pending < 0 {
			return fmt.Errorf("position %d/%d: balance %d locked %d pending %d", pos.account, pos.asset, pos.balance, pos.locked, pos.pending)
		}
		if pos.asset == collateral && pos.external != 0 {
			return fmt.Errorf("position %d/0: collateral with external %d", pos.account, pos.external)
		}
		if pos.locked != locks[p] {
			return fmt.Errorf("position %d/%d: locked %d but orders hold %d", pos.account, pos.asset, pos.locked, locks[p])
		}
		if pos.asset == collateral {
			collateralSum += pos.balance + pos.pending
		} else {
			supply[(pos.asset-1)/2][(pos.asset-1)%2] += pos.balance + pos.pending - pos.external
		}
	}
	var pairsUnits int64
	for i := range m.markets {
		mk := &m.markets[i]
		want := mk.pairs * LotUnits
		if supply[i][0] != want || supply[i][1] != want {
			return fmt.Errorf("market %d: YES supply %d, NO supply %d, pairs %d", i, supply[i][0], supply[i][1], want)
		}
		pairsUnits += want
	}
	if got := collateralSum + pairsUnits; uint64(got) != m.creditedUnits-m.withdrawnUnits {
		return fmt.Errorf("collateral: balances %d + pairs %d != credited %d - withdrawn %d",
			collateralSum, pairsUnits, m.creditedUnits, m.withdrawnUnits)
	}
	return nil
}

// mustHoldInvariants panics, naming the command, if an invariant does not
// hold after it: a broken invariant means the core is wrong, and a test
// that goes on would only report a symptom later.
func (m *Machine) mustHoldInvariants(c *Command) {
	if err := m.CheckInvariants(); err != nil {
		panic(fmt.Sprintf("machine: invariant broken after command %s %x at %d ms: %v", c.Kind, c.ID[:8], c.TimeMs, err))
	}
}

// checkBooks walks every book, checks its orders and levels and adds each
// order's lock to locks.
func (m *Machine) checkBooks(locks []int64) error {
	resting := 0
	for i := range m.markets {
		mk := &m.markets[i]
		bid, hasBid := mk.book.Best(book.Bid)
		ask, hasAsk := mk.book.Best(book.Ask)
		if hasBid && hasAsk && bid >= ask {
			return fmt.Errorf("market %d: crossed book, bid %d ask %d", i, bid, ask)
		}
		for _, side := range [2]book.Side{book.Bid, book.Ask} {
			n, err := m.checkSide(mk, int32(i), side, locks)
			if err != nil {
				return err
			}
			resting += n
		}
	}
	if resting != m.live.n {
		return fmt.Errorf("%d orders in books but %d live ids", resting, m.live.n)
	}
	return nil
}

func (m *Machine) checkSide(mk *market, i int32, side book.Side, locks []int64) (int, error) {
	count := 0
	for p, ok := mk.book.Best(side); ok; p, ok = mk.book.Worse(side, p) {
		var qty int64
		var n int32
		for s := mk.book.Head(side, p); s != book.Nil; s = mk.book.Next(s) {
			o := m.pool.Get(s)
			if err := m.checkOrder(mk, i, side, p, s); err != nil {
				return 0, err
			}
			qty += o.remaining
			n++
			locks[o.lockSlot()] += o.locked
		}
		if gotQty, gotN := mk.book.Level(side, p); gotQty != qty || gotN != n {
			return 0, fmt.Errorf("market %d side %d price %d: level says %d/%d, orders sum %d/%d", i, side, p, gotQty, gotN, qty, n)
		}
		count += int(n)
	}
	return count, nil
}

func (m *Machine) liveAt(s int32) bool {
	got, ok := m.live.get(idKey16(&m.pool.Get(s).id))
	return ok && got == s
}

func (m *Machine) checkOrder(mk *market, i int32, side book.Side, p, s int32) error {
	o := m.pool.Get(s)
	switch {
	case !o.live || o.market != i || o.bookSide != side || o.price != p:
		return fmt.Errorf("order %x: in book at %d/%d/%d but says %d/%d/%d live=%v", m.pool.Get(s).id[:4], i, side, p, o.market, o.bookSide, o.price, o.live)
	case o.remaining <= 0 || o.remaining > o.size:
		return fmt.Errorf("order %x: remaining %d of %d", m.pool.Get(s).id[:4], o.remaining, o.size)
	case o.locked != o.restingLock(mk.tickPips):
		return fmt.Errorf("order %x: locks %d, a maker needs %d", m.pool.Get(s).id[:4], o.locked, o.restingLock(mk.tickPips))
	case !m.liveAt(s):
		return fmt.Errorf("order %x: id index points elsewhere", m.pool.Get(s).id[:4])
	case p < mk.minTick || p > mk.maxTick:
		return fmt.Errorf("order %x: price %d outside the market's range", m.pool.Get(s).id[:4], p)
	}
	return nil
}

func (m *Machine) checkTrades() error {
	if m.tradeFloor == 0 || m.tradeFloor > m.nextTradeID {
		return fmt.Errorf("trade floor %d, next trade %d", m.tradeFloor, m.nextTradeID)
	}
	prev := m.tradeFloor - 1
	for i, t := range m.trades {
		switch {
		case t.id <= prev || t.id >= m.nextTradeID:
			return fmt.Errorf("trade status %d: id %d after %d (floor %d, next %d)", i, t.id, prev, m.tradeFloor, m.nextTradeID)
		case !validTradeStatus(t.status) || t.status == TradeMatched:
			return fmt.Errorf("trade %d: status %d kept", t.id, t.status)
		case i == 0 && t.id == m.tradeFloor && t.status.Final():
			return fmt.Errorf("trade %d is final at the floor", t.id)
		}
		prev = t.id
	}
	return nil
}
