package machine

// Collateral enters the ledger as deposits the settler observes on chain
// (or faucet credits on a devnet) and leaves it as withdrawals. Each is
// applied once per command id, however often the command is delivered.

// BalanceMaxUnits bounds any balance, far inside int64.
const BalanceMaxUnits = 1 << 60

func (m *Machine) credit(c *Command) {
	if c.Amount == 0 || c.Amount > m.cfg.CreditMax {
		m.rejectCommand(ReasonInvalidCommand)
		return
	}
	if m.seen.has(idKey(c.ID)) {
		m.rejectCommand(ReasonDuplicateCommand)
		return
	}
	// A new account starts at zero and cannot overflow, so every refusal
	// after creating one is impossible and the command leaves no trace.
	a := m.accountFor(c.Account)
	if m.positions[m.accounts[a].coll].balance+int64(c.Amount) > BalanceMaxUnits {
		m.rejectCommand(ReasonInvalidCommand)
		return
	}
	m.markSeen(c.ID)
	m.touch(m.accounts[a].coll).balance += int64(c.Amount)
	m.creditedUnits += c.Amount
	kind := TransferDeposit
	if c.Kind == KindFaucet {
		kind = TransferFaucet
	}
	m.transfer(a, kind, c.Amount, c.ID, -1)
}

func (m *Machine) withdraw(c *Command) {
	if c.Amount == 0 {
		m.rejectCommand(ReasonInvalidCommand)
		return
	}
	a, ok := m.account(c.Account)
	if !ok || m.available(m.accounts[a].coll) < int64(c.Amount) {
		m.rejectCommand(ReasonNotEnoughBalance)
		return
	}
	if !m.spendID(c.ID) {
		return
	}
	m.touch(m.accounts[a].coll).balance -= int64(c.Amount)
	m.withdrawnUnits += c.Amount
	m.transfer(a, TransferWithdrawal, c.Amount, c.ID, -1)
}

// spendID marks a command id as applied, rejecting a repeat.
func (m *Machine) spendID(id Hash) bool {
	if m.seen.has(idKey(id)) {
		m.rejectCommand(ReasonDuplicateCommand)
		return false
	}
	m.markSeen(id)
	return true
}

func (m *Machine) transfer(acct int32, kind TransferKind, amount uint64, ref Hash, market int32) {
	e := m.emit(EvTransfer)
	e.Account = acct
	e.TransferKind = kind
	e.Amount = amount
	e.OrderID = ref
	e.Market = market
}
