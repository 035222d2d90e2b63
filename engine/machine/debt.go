package machine

// Debt. A balance never goes negative, yet the chain can take more from a
// wallet than the ledger holds for it: a transfer out observed on chain of
// funds the ledger had already spent on a fill that has not settled yet,
// or a FAILED trade's reversal taking back shares or collateral the wallet
// has sold or withdrawn since. The part of such a debit that the balance
// cannot cover is kept as the position's debt, so that the ledger still
// says what the chain holds (balance + pending - debt) and the
// reconciliation of that wallet comes back to zero once the chain catches
// up. A wallet that owes anything keeps no orders (CauseDebt) and may
// place none (ReasonAccountInDebt); every credit to an owing position
// (a deposit, a faucet, a released reservation, a payout, a reversal's
// refund) pays its debt back first.

// creditTo adds units to position p, paying its debt back first.
func (m *Machine) creditTo(p int32, units int64, ref Hash) {
	pos := m.touch(p)
	if pos.debt > 0 && units > 0 {
		repay := min(pos.debt, units)
		pos.debt -= repay
		units -= repay
		m.transferAsset(pos.account, pos.asset, TransferDebtRepaid, uint64(repay), ref)
		if pos.debt == 0 {
			m.accounts[pos.account].debts--
		}
	}
	pos.balance += units
}

// debitFrom takes units out of position p and returns what its balance
// gave. When its available balance does not cover them, the account's
// orders locking p are cancelled (cause), newest first, until it does;
// what the balance still lacks becomes debt.
func (m *Machine) debitFrom(p int32, units int64, cause CancelCause, ref Hash) int64 {
	pos := &m.positions[p]
	if pos.balance-units < pos.locked {
		m.cancelLocking(pos.account, p, max(pos.balance-units, 0), cause)
	}
	pos = m.touch(p)
	taken := min(units, pos.balance)
	pos.balance -= taken
	if short := units - taken; short > 0 {
		m.incurDebt(p, short, ref)
	}
	return taken
}

// incurDebt adds units to position p's debt. The account's first debt
// cancels all its orders.
func (m *Machine) incurDebt(p int32, units int64, ref Hash) {
	pos := m.touch(p)
	if pos.debt == 0 {
		m.accounts[pos.account].debts++
	}
	pos.debt += units
	a := pos.account
	m.transferAsset(a, pos.asset, TransferDebt, uint64(units), ref)
	for s := m.accounts[a].orders; s >= 0; {
		next := m.pool.Get(s).acctNext
		m.cancelResting(s, &m.pool.Get(s).id, CauseDebt)
		s = next
	}
}

// cancelLocking cancels the account's orders that lock position p, newest
// first, until its lock fits in keep.
func (m *Machine) cancelLocking(a, p int32, keep int64, cause CancelCause) {
	for s := m.accounts[a].orders; s >= 0 && m.positions[p].locked > keep; {
		o := m.pool.Get(s)
		next := o.acctNext
		if o.lockSlot() == p {
			m.cancelResting(s, &o.id, cause)
		}
		s = next
	}
}

// Debt returns what an account owes the ledger in an asset.
func (m *Machine) Debt(addr Address, asset int32) uint64 {
	p := m.existingPosition(addr, asset)
	if p < 0 {
		return 0
	}
	return uint64(m.positions[p].debt)
}
