package machine

// The ledger: per wallet and asset, a balance and the part of it locked by
// open orders. Asset 0 is collateral (USDW); market i's YES token is asset
// 2i+1 and its NO token 2i+2. Available is always balance - locked.

type account struct {
	addr Address
	// coll is the account's collateral position; every account has one.
	coll int32
	// orders heads the list of the account's resting orders, newest first.
	orders int32
	// lastAsset and lastPos remember the last token position looked up:
	// a market maker replacing a quote asks for the same one again, and
	// the position index is large enough that each lookup is a cache miss.
	lastAsset int32
	lastPos   int32
	// deployed: the account is a proxy wallet the SafeFactory deployed
	// (KindWalletDeployed). Orders of signature type 2 need it.
	deployed bool
	// dirty: the account's record must be written (persist.go).
	dirty bool
	// debts counts the account's positions with a debt; while it is not
	// zero the account keeps no orders and may place none.
	debts int32
	// approvals are what the wallet lets each exchange move, by
	// Exchange-1 (approvals.go).
	approvals [exchangeCount]approval
	// groups are the account's order groups (groups.go), at most
	// Config.GroupsMax.
	groups []group
}

type position struct {
	balance int64
	locked  int64
	// pending is reserved for a withdrawal asked for through an API
	// (KindWithdraw): already out of balance, still on chain until the
	// watcher sees the transfer (KindWithdrawalObserved consumes it).
	// The chain holds balance + pending.
	pending int64
	// external counts the shares of a token position that entered
	// (deposits) minus those that left (observed withdrawals) from outside
	// the exchange, so that per market YES supply = NO supply = pairs
	// still holds once external shares are taken out. Zero for collateral,
	// which the machine's credited and withdrawn counters cover.
	external int64
	// debt is what the position owes the ledger: the part of a debit that
	// its balance could not cover (an observed transfer out of more than
	// the ledger held, or a FAILED trade taking back what was spent since).
	// The next credits pay it back before anything reaches the balance.
	// The chain holds balance + pending - debt.
	debt    int64
	account int32
	asset   int32
	// epoch is the command that last touched the position, so that its
	// final value is emitted once per command.
	epoch uint32
	dirty bool
}

const collateral int32 = 0

func assetOf(market int32, outcome uint8) int32 { return 2*market + 1 + int32(outcome) }

func positionKey(acct, asset int32) key16 { return key16{uint64(acct)<<32 | uint64(uint32(asset))} }

// accountFor returns the index of addr's account, creating it.
func (m *Machine) accountFor(addr Address) int32 {
	if a, ok := m.account(addr); ok {
		return a
	}
	a := int32(len(m.accounts))
	m.accounts = append(m.accounts, account{addr: addr, orders: -1, lastAsset: -1})
	m.accountIdx.put(addrKey(addr), a)
	m.accounts[a].coll = m.positionFor(a, collateral)
	m.markAccount(a)
	return a
}

// account looks a wallet's account up.
func (m *Machine) account(addr Address) (int32, bool) {
	return m.accountIdx.get(addrKey(addr))
}

// positionFor returns the index of the account's position in asset,
// creating an empty one.
func (m *Machine) positionFor(acct, asset int32) int32 {
	k := positionKey(acct, asset)
	if p, ok := m.positionAt.get(k); ok {
		return p
	}
	p := int32(len(m.positions))
	m.positions = append(m.positions, position{account: acct, asset: asset})
	m.positionAt.put(k, p)
	if asset != collateral {
		mk := &m.markets[(asset-1)/2]
		mk.holders = append(mk.holders, p)
	}
	return p
}

// position returns the index of an existing position, or -1.
func (m *Machine) position(acct, asset int32) int32 {
	a := &m.accounts[acct]
	if a.lastAsset == asset {
		return a.lastPos
	}
	if p, ok := m.positionAt.get(positionKey(acct, asset)); ok {
		a.lastAsset, a.lastPos = asset, p
		return p
	}
	return -1
}

func (m *Machine) available(p int32) int64 {
	return m.positions[p].balance - m.positions[p].locked
}

// touch records that position p changed in this command.
func (m *Machine) touch(p int32) *position {
	pos := &m.positions[p]
	if pos.epoch != m.epoch {
		pos.epoch = m.epoch
		m.touched = append(m.touched, p)
	}
	return pos
}

func (m *Machine) lock(p int32, units int64) {
	m.touch(p).locked += units
}

func (m *Machine) release(p int32, units int64) {
	if units != 0 {
		m.touch(p).locked -= units
	}
}

// emitBalances reports the final value of every position the command
// touched, in the order they were first touched.
func (m *Machine) emitBalances() {
	for _, p := range m.touched {
		pos := &m.positions[p]
		e := m.emit(EvBalanceChanged)
		e.Account = pos.account
		e.Asset = pos.asset
		e.Balance = uint64(pos.balance)
		e.Locked = uint64(pos.locked)
		e.Pending = uint64(pos.pending)
		e.Debt = uint64(pos.debt)
		m.markPosition(p)
	}
}

// Accounts returns the number of accounts; indexes run from 0.
func (m *Machine) Accounts() int { return len(m.accounts) }

// Account returns the wallet of account index i.
func (m *Machine) Account(i int32) Address { return m.accounts[i].addr }

// Balance returns an account's balance and lock in an asset (0 for
// collateral, see AssetOf), zero if it has none.
func (m *Machine) Balance(addr Address, asset int32) (balance, locked uint64) {
	a, ok := m.account(addr)
	if !ok {
		return 0, 0
	}
	p := m.position(a, asset)
	if p < 0 {
		return 0, 0
	}
	return uint64(m.positions[p].balance), uint64(m.positions[p].locked)
}

// AssetOf returns the asset index of a market's token.
func AssetOf(market int32, outcome Outcome) int32 { return assetOf(market, uint8(outcome-1)) }
