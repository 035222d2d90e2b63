package machine

// Money enters the ledger as deposits the settler observes on chain (or
// faucet credits on a devnet) and leaves it as withdrawals; each is
// applied once per command id, however often the command is delivered.
// A deposit or withdrawal moves collateral (USDW) or the shares of one
// market token (Args.Token), since users may move shares in and out of
// their proxy wallet as well as split and merge outside the exchange.
//
// A withdrawal has two halves. Asked for through an API, it is first a
// reservation (KindWithdraw): the engine takes the amount out of the
// available balance into the position's pending amount, and only then is
// the Safe transfer relayed, so the funds cannot back an order in the
// meantime. When the chain watcher sees a transfer out of the wallet
// (KindWithdrawalObserved), it consumes the pending amount first: the
// relayed transfer is not debited twice. Whatever the reservation does not
// cover was moved around the exchange (the owner signed a Safe transaction
// of their own): it lowers the balance, cancelling the wallet's orders that
// lock the asset, newest first, until the balance covers what stays
// locked. A balance never goes negative: a transfer of more than the ledger
// holds is debited only what it holds, and the Transfer event says how
// much that was (the reconciliation check then reports the difference).

// BalanceMaxUnits bounds any balance, far inside int64.
const BalanceMaxUnits = 1 << 60

// moneyAsset returns the asset a money command moves: collateral without
// Args or with a zero Args.Token, else the token's. An unknown token is
// refused.
func (m *Machine) moneyAsset(c *Command) (int32, bool) {
	if c.Kind == KindFaucet || c.Args == nil || c.Args.Token == (Hash{}) {
		return collateral, true
	}
	ref, ok := m.token(c.Args.Token)
	if !ok {
		m.rejectCommand(ReasonTokenNotFound)
		return 0, false
	}
	return assetOf(ref.market, ref.outcome), true
}

func (m *Machine) credit(c *Command) {
	if c.Amount == 0 || c.Amount > m.cfg.CreditMax {
		m.rejectCommand(ReasonInvalidCommand)
		return
	}
	if m.seen.has(idKey(c.ID)) {
		m.rejectCommand(ReasonDuplicateCommand)
		return
	}
	asset, ok := m.moneyAsset(c)
	if !ok {
		return
	}
	// A new account starts at zero and cannot overflow, so every refusal
	// after creating one is impossible and the command leaves no trace.
	a := m.accountFor(c.Account)
	p := m.positionFor(a, asset)
	if m.positions[p].balance+int64(c.Amount) > BalanceMaxUnits {
		m.rejectCommand(ReasonInvalidCommand)
		return
	}
	m.markSeen(c.ID)
	kind := TransferDeposit
	if c.Kind == KindFaucet {
		kind = TransferFaucet
	}
	m.transferAsset(a, asset, kind, c.Amount, c.ID)
	if asset == collateral {
		m.creditedUnits += c.Amount
	} else {
		m.touch(p).external += int64(c.Amount)
	}
	m.creditTo(p, int64(c.Amount), c.ID)
}

// withdraw reserves funds for a withdrawal asked for through an API.
func (m *Machine) withdraw(c *Command) {
	if c.Amount == 0 {
		m.rejectCommand(ReasonInvalidCommand)
		return
	}
	asset, ok := m.moneyAsset(c)
	if !ok {
		return
	}
	p := m.existingPosition(c.Account, asset)
	if p < 0 || m.available(p) < int64(c.Amount) {
		m.rejectCommand(ReasonNotEnoughBalance)
		return
	}
	if !m.spendID(c.ID) {
		return
	}
	pos := m.touch(p)
	pos.balance -= int64(c.Amount)
	pos.pending += int64(c.Amount)
	m.markPosition(p) // pending is not in the balance event
	m.transferAsset(pos.account, asset, TransferWithdrawalReserved, c.Amount, c.ID)
}

// withdrawalReleased returns a reservation whose transfer failed.
func (m *Machine) withdrawalReleased(c *Command) {
	if c.Amount == 0 {
		m.rejectCommand(ReasonInvalidCommand)
		return
	}
	asset, ok := m.moneyAsset(c)
	if !ok {
		return
	}
	p := m.existingPosition(c.Account, asset)
	if p < 0 || m.positions[p].pending == 0 {
		m.rejectCommand(ReasonNotEnoughBalance)
		return
	}
	if !m.spendID(c.ID) {
		return
	}
	pos := m.touch(p)
	back := min(pos.pending, int64(c.Amount))
	pos.pending -= back
	m.markPosition(p)
	m.transferAsset(pos.account, asset, TransferWithdrawalReleased, uint64(back), c.ID)
	m.creditTo(p, back, c.ID)
}

// withdrawalObserved applies a transfer out of a wallet seen on chain.
func (m *Machine) withdrawalObserved(c *Command) {
	if c.Amount == 0 || c.Amount > BalanceMaxUnits {
		m.rejectCommand(ReasonInvalidCommand)
		return
	}
	asset, ok := m.moneyAsset(c)
	if !ok {
		return
	}
	if !m.spendID(c.ID) {
		return
	}
	a := m.accountFor(c.Account)
	p := m.positionFor(a, asset)
	pos := m.touch(p)
	settled := min(pos.pending, int64(c.Amount))
	pos.pending -= settled
	rest := int64(c.Amount) - settled
	m.markPosition(p)
	// All of it left the chain, whatever the ledger held: what the balance
	// cannot cover becomes debt (debt.go).
	if asset == collateral {
		m.withdrawnUnits += c.Amount
	} else {
		pos.external -= int64(c.Amount)
	}
	debit := m.debitFrom(p, rest, CauseWithdrawal, c.ID)
	if settled > 0 {
		m.transferAsset(a, asset, TransferWithdrawalSettled, uint64(settled), c.ID)
	}
	if debit > 0 || settled == 0 {
		m.transferAsset(a, asset, TransferWithdrawal, uint64(debit), c.ID)
	}
}

// walletDeployed records that a proxy wallet exists on chain.
func (m *Machine) walletDeployed(c *Command) {
	if c.Account == (Address{}) {
		m.rejectCommand(ReasonInvalidCommand)
		return
	}
	if a, ok := m.account(c.Account); ok && m.accounts[a].deployed {
		m.rejectCommand(ReasonDuplicateCommand)
		return
	}
	a := m.accountFor(c.Account)
	m.accounts[a].deployed = true
	m.markAccount(a)
}

// deployed reports whether addr is a proxy wallet seen deployed.
func (m *Machine) deployed(addr Address) bool {
	a, ok := m.account(addr)
	return ok && m.accounts[a].deployed
}

// Deployed reports whether the proxy wallet addr was seen deployed.
func (m *Machine) Deployed(addr Address) bool { return m.deployed(addr) }

// Pending returns what an account has reserved for withdrawals in an
// asset: out of its balance, not yet seen leaving the chain.
func (m *Machine) Pending(addr Address, asset int32) uint64 {
	p := m.existingPosition(addr, asset)
	if p < 0 {
		return 0
	}
	return uint64(m.positions[p].pending)
}

// existingPosition returns an account's position in asset, or -1.
func (m *Machine) existingPosition(addr Address, asset int32) int32 {
	a, ok := m.account(addr)
	if !ok {
		return -1
	}
	return m.position(a, asset)
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

// transferAsset reports a movement of collateral or of a token's shares;
// Asset is -1 for collateral, as on the other events that name no token.
func (m *Machine) transferAsset(acct, asset int32, kind TransferKind, amount uint64, ref Hash) {
	m.transfer(acct, kind, amount, ref, -1)
	if asset != collateral {
		m.out[len(m.out)-1].Asset = asset
	}
}
