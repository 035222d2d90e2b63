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
//   - nothing reserved for a withdrawal is negative, no debt is negative,
//     and a position's debt counts negatively in the sums above;
//   - an account's count of owing positions is right, and an account that
//     owes keeps no orders;
//   - no order rests without its maker's approval: a finite USDW allowance
//     covers the collateral locked by the maker's BUY orders on that
//     exchange, and SELL orders rest only where shares are approved;
//   - an account's order groups are within Config.GroupsMax, each id
//     once, and no live order names a group its account does not have or
//     one that is tripped;
//   - no book is crossed, and every level's totals match its orders;
//   - every trade from the floor up has an entry, and the floor is as high
//     as they allow.
func (m *Machine) CheckInvariants() error {
	if err := m.checkTrades(); err != nil {
		return err
	}
	locks := make([]int64, len(m.positions))
	if err := m.checkBooks(locks); err != nil {
		return err
	}
	if err := m.checkAccounts(); err != nil {
		return err
	}
	var collateralSum int64
	supply := make([][2]int64, len(m.markets))
	debts := make([]int32, len(m.accounts))
	for p := range m.positions {
		pos := &m.positions[p]
		if pos.balance < 0 || pos.locked < 0 || pos.locked > pos.balance || pos.pending < 0 || pos.debt < 0 {
			return fmt.Errorf("position %d/%d: balance %d locked %d pending %d debt %d", pos.account, pos.asset,
				pos.balance, pos.locked, pos.pending, pos.debt)
		}
		if pos.debt > 0 {
			debts[pos.account]++
		}
		if pos.asset == collateral && pos.external != 0 {
			return fmt.Errorf("position %d/0: collateral with external %d", pos.account, pos.external)
		}
		if pos.locked != locks[p] {
			return fmt.Errorf("position %d/%d: locked %d but orders hold %d", pos.account, pos.asset, pos.locked, locks[p])
		}
		if pos.asset == collateral {
			collateralSum += pos.balance + pos.pending - pos.debt
		} else {
			supply[(pos.asset-1)/2][(pos.asset-1)%2] += pos.balance + pos.pending - pos.external - pos.debt
		}
	}
	for a := range m.accounts {
		if m.accounts[a].debts != debts[a] {
			return fmt.Errorf("account %d: counts %d owing positions, has %d", a, m.accounts[a].debts, debts[a])
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
// hold after it, or if its events misreport the books (checkBookChanges):
// a broken invariant means the core is wrong, and a test that goes on
// would only report a symptom later.
func (m *Machine) mustHoldInvariants(c *Command, events []Event) {
	err := m.CheckInvariants()
	if err == nil {
		err = m.checkBookChanges(m.booksBefore, events)
	}
	if err != nil {
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
	if n := m.nextTradeID - m.tradeFloor; uint64(len(m.trades)) != n {
		return fmt.Errorf("%d trade entries from floor %d to next trade %d", len(m.trades), m.tradeFloor, m.nextTradeID)
	}
	for i, t := range m.trades {
		switch {
		case !validTradeStatus(t.status):
			return fmt.Errorf("trade %d: status %d", m.tradeFloor+uint64(i), t.status)
		case i == 0 && t.status.Final():
			return fmt.Errorf("trade %d is final at the floor", m.tradeFloor)
		case t.fill.lots <= 0 || t.fill.taker == t.fill.maker:
			return fmt.Errorf("trade %d: fill %+v", m.tradeFloor+uint64(i), t.fill)
		}
	}
	return nil
}

// checkGroups: an account has at most Config.GroupsMax groups, each id
// once and none 0, and every live order naming a group names one the
// account has that is not tripped (a trip cancels the group's orders, a
// delete cancels them before the group goes).
func (m *Machine) checkGroups(a int32) error {
	gs := m.accounts[a].groups
	if len(gs) > m.cfg.GroupsMax {
		return fmt.Errorf("account %d: %d order groups, at most %d", a, len(gs), m.cfg.GroupsMax)
	}
	for i := range gs {
		if gs[i].id == 0 || m.findGroup(a, gs[i].id) != i {
			return fmt.Errorf("account %d: order group %d at %d is 0 or listed twice", a, gs[i].id, i)
		}
	}
	for s := m.accounts[a].orders; s >= 0; s = m.pool.Get(s).acctNext {
		o := m.pool.Get(s)
		if o.group == 0 {
			continue
		}
		if i := m.findGroup(a, o.group); i < 0 || gs[i].tripped {
			return fmt.Errorf("account %d: order %x rests in order group %d, which it does not have or which is tripped",
				a, o.id[:4], o.group)
		}
	}
	return nil
}

// checkAccounts checks that every resting order has its maker's approval
// and that no account in debt keeps an order.
func (m *Machine) checkAccounts() error {
	for a := range m.accounts {
		acct := &m.accounts[a]
		if acct.debts > 0 && acct.orders >= 0 {
			return fmt.Errorf("account %d owes in %d positions and keeps orders", a, acct.debts)
		}
		if err := m.checkGroups(int32(a)); err != nil {
			return err
		}
		for x := ExchangeStandard; x <= ExchangeNegRisk; x++ {
			ap := &acct.approvals[x-1]
			if ap.collateral < 0 || ap.collateral > AllowanceMaxUnits {
				return fmt.Errorf("account %d: %s allowance %d", a, x, ap.collateral)
			}
			if !ap.unlimited {
				if locked := m.collateralLocked(int32(a), x); locked > ap.collateral {
					return fmt.Errorf("account %d: BUY orders on the %s lock %d, allowance %d", a, x, locked, ap.collateral)
				}
			}
			for s := acct.orders; s >= 0; s = m.pool.Get(s).acctNext {
				if o := m.pool.Get(s); o.side == Sell && !ap.shares && m.markets[o.market].exchange() == x {
					return fmt.Errorf("account %d: SELL order %x rests on the %s without shares approved", a, o.id[:4], x)
				}
			}
		}
	}
	return nil
}
