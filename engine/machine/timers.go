package machine

import "slices"

// Timers run on Tick commands, which the shell appends to the log at a
// fixed interval: GTD orders expire and silent API keys lose their orders
// at a point in the log, never at a point in wall-clock time.

type owner struct {
	key        KeyID
	lastBeatMs int64
	beating    bool
	// orders heads the list of the key's resting orders, newest first.
	orders int32
	dirty  bool
}

// Owners returns the number of API keys the engine knows.
func (m *Machine) Owners() int { return len(m.owners) }

// Owner returns the API key of owner index i.
func (m *Machine) Owner(i int32) KeyID { return m.owners[i].key }

// ownerFor returns the index of an API key, creating it; -1 for the zero
// key (orders placed by tools without one).
func (m *Machine) ownerFor(k KeyID) int32 {
	if k == (KeyID{}) {
		return -1
	}
	if i, ok := m.ownerIdx[k]; ok {
		return i
	}
	i := int32(len(m.owners))
	m.owners = append(m.owners, owner{key: k, orders: -1})
	m.ownerIdx[k] = i
	m.markOwner(i)
	return i
}

// heartbeat starts or feeds the dead-man switch of an API key.
func (m *Machine) heartbeat(c *Command) {
	i := m.ownerFor(c.Owner)
	if i < 0 {
		m.rejectCommand(ReasonInvalidCommand)
		return
	}
	w := &m.owners[i]
	w.lastBeatMs = m.nowMs
	if !w.beating {
		w.beating = true
		at, _ := slices.BinarySearch(m.beating, i)
		m.beating = slices.Insert(m.beating, at, i)
	}
	m.markOwner(i)
}

// tick runs the timers that are not run before every command: Apply has
// already expired the GTD orders due at the tick's time.
func (m *Machine) tick() {
	m.enforceHeartbeats()
}

// expireOrders removes every GTD order whose expiration engine time has
// reached (expireAtMs <= nowMs), earliest first.
func (m *Machine) expireOrders() {
	for {
		s, ok := m.expiry.top()
		if !ok || m.pool.Get(s).expireAtMs > m.nowMs {
			return
		}
		o := m.pool.Get(s)
		m.release(o.lockSlot(), o.locked)
		e := m.emit(EvOrderExpired)
		e.OrderID = o.id
		e.Account = o.account
		e.Market = o.market
		e.Remaining = uint64(o.remaining) * LotUnits
		m.unrest(s, &o.id)
	}
}

// enforceHeartbeats cancels every order of a key whose last heartbeat is
// older than the timeout, and stops watching the key until it beats again.
func (m *Machine) enforceHeartbeats() {
	keep := m.beating[:0]
	for _, i := range m.beating {
		w := &m.owners[i]
		if m.nowMs-w.lastBeatMs <= m.cfg.HeartbeatTimeoutMs {
			keep = append(keep, i)
			continue
		}
		w.beating = false
		m.markOwner(i)
		for s := w.orders; s >= 0; {
			next := m.pool.Get(s).ownerNext
			m.cancelResting(s, &m.pool.Get(s).id, CauseHeartbeat)
			s = next
		}
	}
	m.beating = keep
}
