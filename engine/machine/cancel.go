package machine

// Traders cancel only their own orders: an order of another account is
// reported as not found, which tells the caller nothing about it.

func (m *Machine) cancelOne(c *Command) {
	if len(c.OrderIDs) != 1 {
		m.rejectCommand(ReasonInvalidCommand)
		return
	}
	m.cancelID(c.Account, c.OrderIDs[0])
}

func (m *Machine) cancelList(c *Command) {
	if len(c.OrderIDs) == 0 {
		m.rejectCommand(ReasonInvalidCommand)
		return
	}
	if len(c.OrderIDs) > m.cfg.CancelListMax {
		m.rejectCommand(ReasonTooManyOrders)
		return
	}
	for _, id := range c.OrderIDs {
		m.cancelID(c.Account, id)
	}
}

func (m *Machine) cancelID(addr Address, id Hash) {
	s, ok := m.live.get(idKey16(&id))
	if !ok || m.accounts[m.pool.Get(s).account].addr != addr {
		m.rejectOrder(id, ReasonOrderNotFound)
		return
	}
	m.cancelResting(s, &id, CauseUser)
}

// cancelMarket cancels the account's orders on a market, or on one token.
func (m *Machine) cancelMarket(c *Command) {
	market, outcome := int32(-1), -1
	if c.Args.Market != (Hash{}) {
		i, ok := m.marketIdx[c.Args.Market]
		if !ok {
			m.rejectCommand(ReasonMarketNotFound)
			return
		}
		market = i
	}
	if c.Args.Token != (Hash{}) {
		r, ok := m.token(c.Args.Token)
		if !ok || (market >= 0 && r.market != market) {
			m.rejectCommand(ReasonTokenNotFound)
			return
		}
		market, outcome = r.market, int(r.outcome)
	}
	if market < 0 {
		m.rejectCommand(ReasonInvalidCommand)
		return
	}
	m.cancelAccountOrders(c.Account, func(o *order) bool {
		return o.market == market && (outcome < 0 || int(o.outcome) == outcome)
	})
}

func (m *Machine) cancelAll(c *Command) {
	m.cancelAccountOrders(c.Account, func(*order) bool { return true })
}

// cancelAccountOrders cancels the account's resting orders that match,
// newest first. An unknown account simply has none.
func (m *Machine) cancelAccountOrders(addr Address, match func(*order) bool) {
	a, ok := m.account(addr)
	if !ok {
		return
	}
	for s := m.accounts[a].orders; s >= 0; {
		next := m.pool.Get(s).acctNext
		if match(m.pool.Get(s)) {
			m.cancelResting(s, &m.pool.Get(s).id, CauseUser)
		}
		s = next
	}
}
