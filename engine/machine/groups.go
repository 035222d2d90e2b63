package machine

import (
	"slices"

	"pred.dev/proto/rules"
)

// Order groups. A maker names a group (a uint32 of its choosing, 0 being
// no group) with a fill limit over a rolling window of the log's clock
// (KindSetGroup), and orders name the group (OrderSpec.Group). When the
// group's fills within the window reach the limit, every live order of
// the group is cancelled in the same command (CauseGroupLimit) and new
// orders naming the group are refused (ReasonGroupLimitReached) until the
// maker resets it (KindResetGroup). A maker quoting many markets bounds
// what one burst of fills (news, a stale price) can take from it before
// it has even seen the fills. KindDeleteGroup cancels the group's orders
// (CauseGroupDeleted) and removes it, freeing its slot of
// Config.GroupsMax: without it a maker that had used that many ids could
// never make another.
//
// The limit is checked when a command's matching is done: every fill of
// that command stands, so one command may fill past the limit by what it
// matches, and then the group's orders go. Checking between fills would
// have to skip the group's orders in the middle of a sweep, which breaks
// what FOK and the book's price-time order promise; the overshoot is at
// most one incoming order's size.
//
// The window counts fills by whole seconds of engine time: a fill at time
// t counts while engine time is before t's second plus the window. Each
// group keeps one bucket per second of the longest window, so its state
// is bounded whatever the fill rate.

// Group bounds: a window of GroupWindowMinSec..GroupWindowMaxSec seconds,
// GroupWindowDefaultSec when a KindSetGroup names none.
const (
	GroupWindowMinSec     = rules.GroupWindowMinSec
	GroupWindowMaxSec     = rules.GroupWindowMaxSec
	GroupWindowDefaultSec = rules.GroupWindowDefaultSec
)

type group struct {
	id        uint32
	windowSec int64
	limitLots int64
	// tripped: the fills reached the limit; the group's orders were
	// cancelled and new ones are refused until a reset.
	tripped bool
	// buckets[s % GroupWindowMaxSec] holds the lots filled in second s
	// (sec says which second it is; a bucket of an older second is empty).
	buckets [GroupWindowMaxSec]groupBucket
}

type groupBucket struct {
	sec  int64
	lots int64
}

// findGroup returns the index of account a's group id, or -1.
func (m *Machine) findGroup(a int32, id uint32) int {
	for i := range m.accounts[a].groups {
		if m.accounts[a].groups[i].id == id {
			return i
		}
	}
	return -1
}

// filled sums the lots of the buckets in the window ending at nowSec.
func (g *group) filled(nowSec int64) int64 {
	var sum int64
	for _, b := range g.buckets {
		if b.lots != 0 && b.sec > nowSec-g.windowSec && b.sec <= nowSec {
			sum += b.lots
		}
	}
	return sum
}

// setGroup creates or updates a group of Command.Account: Args.Group its
// id (not 0), Command.Amount the fill limit in shares (base units, whole
// lots, not 0), Args.WindowSec the window (0 for the default). Updating
// keeps the fills counted and a tripped group tripped: only a reset
// re-arms it, so that raising the limit is not a way around looking at
// what happened. Refused: a bad id, limit or window (ReasonInvalidGroup),
// a new group past Config.GroupsMax (ReasonTooManyGroups).
func (m *Machine) setGroup(c *Command) {
	win := int64(c.Args.WindowSec)
	if win == 0 {
		win = GroupWindowDefaultSec
	}
	if c.Args.Group == 0 || c.Amount == 0 || c.Amount%LotUnits != 0 || c.Amount > SizeMaxUnits ||
		win < GroupWindowMinSec || win > GroupWindowMaxSec || c.Account == (Address{}) {
		m.rejectCommand(ReasonInvalidGroup)
		return
	}
	a := m.accountFor(c.Account)
	i := m.findGroup(a, c.Args.Group)
	if i < 0 {
		if len(m.accounts[a].groups) >= m.cfg.GroupsMax {
			m.rejectCommand(ReasonTooManyGroups)
			return
		}
		m.accounts[a].groups = append(m.accounts[a].groups, group{id: c.Args.Group})
		i = len(m.accounts[a].groups) - 1
	}
	g := &m.accounts[a].groups[i]
	g.limitLots, g.windowSec = int64(c.Amount/LotUnits), win
	m.markAccount(a)
}

// commandGroup finds the group a reset or a delete names: the account of
// Command.Account and the group's index in it. A group the account does
// not have is refused (ReasonGroupNotFound) and ok is false.
func (m *Machine) commandGroup(c *Command) (a int32, i int, ok bool) {
	a, ok = m.account(c.Account)
	if ok {
		if i = m.findGroup(a, c.Args.Group); i >= 0 {
			return a, i, true
		}
	}
	m.rejectCommand(ReasonGroupNotFound)
	return 0, -1, false
}

// resetGroup re-arms a group: its fills are forgotten and it takes orders
// again. Refused for a group the account does not have
// (ReasonGroupNotFound).
func (m *Machine) resetGroup(c *Command) {
	a, i, ok := m.commandGroup(c)
	if !ok {
		return
	}
	g := &m.accounts[a].groups[i]
	g.tripped = false
	g.buckets = [GroupWindowMaxSec]groupBucket{}
	m.markAccount(a)
}

// deleteGroup cancels every live order of a group of Command.Account
// (Args.Group), newest first as a trip does (CauseGroupDeleted), and
// removes the group: its slot is free and its id can be set again, fresh,
// with no fills counted. No live order names the group afterwards, so
// nothing refers to the removed state. Refused, changing nothing, for a
// group the account does not have (ReasonGroupNotFound, as a reset).
func (m *Machine) deleteGroup(c *Command) {
	a, i, ok := m.commandGroup(c)
	if !ok {
		return
	}
	m.cancelGroupOrders(a, c.Args.Group, CauseGroupDeleted)
	// Kept in creation order, which Groups lists.
	m.accounts[a].groups = slices.Delete(m.accounts[a].groups, i, i+1)
	m.markAccount(a)
}

// checkGroup refuses an order naming a group its maker does not have or
// that is tripped.
func (m *Machine) checkGroup(a int32, id uint32) Reason {
	if id == 0 {
		return 0
	}
	i := m.findGroup(a, id)
	if i < 0 {
		return ReasonGroupNotFound
	}
	if m.accounts[a].groups[i].tripped {
		return ReasonGroupLimitReached
	}
	return 0
}

// groupFill counts a fill of q lots of an order of account a in group id
// and notes the group for cancelling once it reaches its limit.
func (m *Machine) groupFill(a int32, id uint32, q int64) {
	i := m.findGroup(a, id)
	if i < 0 {
		return
	}
	g := &m.accounts[a].groups[i]
	sec := m.nowMs / 1000
	b := &g.buckets[sec%GroupWindowMaxSec]
	if b.sec != sec {
		*b = groupBucket{sec: sec}
	}
	b.lots += q
	m.markAccount(a)
	if !g.tripped && g.filled(sec) >= g.limitLots {
		g.tripped = true
		m.tripped = append(m.tripped, trippedGroup{account: a, id: id})
	}
}

type trippedGroup struct {
	account int32
	id      uint32
}

// cancelTripped cancels, newest first, the live orders of the groups that
// reached their limit in this command.
func (m *Machine) cancelTripped() {
	for _, tg := range m.tripped {
		m.cancelGroupOrders(tg.account, tg.id, CauseGroupLimit)
	}
	m.tripped = m.tripped[:0]
}

// cancelGroupOrders cancels the live orders of account a in group id,
// newest first (the account's order list is).
func (m *Machine) cancelGroupOrders(a int32, id uint32, cause CancelCause) {
	for s := m.accounts[a].orders; s >= 0; {
		o := m.pool.Get(s)
		next := o.acctNext
		if o.group == id {
			m.cancelResting(s, &o.id, cause)
		}
		s = next
	}
}

// GroupState reports a group of a wallet: its limit and filled shares in
// the window (base units), its window and whether it is tripped.
func (m *Machine) GroupState(addr Address, id uint32) (limit, filled uint64, windowSec int64, tripped, ok bool) {
	a, ok := m.account(addr)
	if !ok {
		return 0, 0, 0, false, false
	}
	i := m.findGroup(a, id)
	if i < 0 {
		return 0, 0, 0, false, false
	}
	g := &m.accounts[a].groups[i]
	return uint64(g.limitLots) * LotUnits, uint64(g.filled(m.nowMs/1000)) * LotUnits, g.windowSec, g.tripped, true
}

func (m *Machine) appendGroups(e *enc, a int32) {
	gs := m.accounts[a].groups
	if len(gs) == 0 {
		return // an account record without groups ends as before them
	}
	e.u32(uint32(len(gs)))
	for i := range gs {
		g := &gs[i]
		e.u32(g.id)
		e.i64(g.windowSec)
		e.i64(g.limitLots)
		e.flag(g.tripped)
		n := 0
		for _, b := range g.buckets {
			if b.lots != 0 {
				n++
			}
		}
		e.u32(uint32(n))
		for _, b := range g.buckets {
			if b.lots != 0 {
				e.i64(b.sec)
				e.i64(b.lots)
			}
		}
	}
}

func (m *Machine) loadGroups(d *dec, a int32) {
	if len(d.b) == 0 {
		return
	}
	n := int(d.u32())
	if n > m.cfg.GroupsMax {
		d.bad = true
		return
	}
	for range n {
		g := group{id: d.u32(), windowSec: d.i64(), limitLots: d.i64(), tripped: d.flag()}
		k := int(d.u32())
		if k > GroupWindowMaxSec || g.id == 0 || g.windowSec < GroupWindowMinSec || g.windowSec > GroupWindowMaxSec {
			d.bad = true
			return
		}
		for range k {
			b := groupBucket{sec: d.i64(), lots: d.i64()}
			g.buckets[((b.sec%GroupWindowMaxSec)+GroupWindowMaxSec)%GroupWindowMaxSec] = b
		}
		if d.bad {
			return
		}
		m.accounts[a].groups = append(m.accounts[a].groups, g)
	}
}

// GroupInfo is an order group as GroupState reports it: limit and filled
// in shares (base units), filled within the window ending at engine time.
type GroupInfo struct {
	ID        uint32
	Limit     uint64
	Filled    uint64
	WindowSec int64
	Tripped   bool
}

// Groups appends a wallet's order groups to out, in the order they were
// created (at most Config.GroupsMax). Read-only; it runs on the goroutine
// that applies commands.
func (m *Machine) Groups(addr Address, out []GroupInfo) []GroupInfo {
	a, ok := m.account(addr)
	if !ok {
		return out
	}
	now := m.nowMs / 1000
	for i := range m.accounts[a].groups {
		g := &m.accounts[a].groups[i]
		out = append(out, GroupInfo{ID: g.id, Limit: uint64(g.limitLots) * LotUnits,
			Filled: uint64(g.filled(now)) * LotUnits, WindowSec: g.windowSec, Tripped: g.tripped})
	}
	return out
}
