package machine

import (
	"pred.dev/engine/book"
	"pred.dev/proto/rules"
)

// Approvals. The exchange contract settles a fill by pulling from each
// order's maker what the order gives: USDW through the ERC-20 allowance the
// wallet granted that exchange (transferFrom), outcome shares through the
// conditional tokens' ApprovalForAll. An order whose maker granted neither
// would match here and fail on chain: a ghost fill. So the engine knows
// approvals the way it knows deposits: the chain watcher appends every
// Approval and ApprovalForAll that names one of the two exchanges, after
// the same confirmations, and the engine refuses an order its maker has
// not approved (ReasonCollateralNotApproved for a BUY,
// ReasonSharesNotApproved for a SELL), EOA makers and proxy wallets alike.
//
// A USDW allowance is counted, not only flagged: the chain lowers it by
// every transfer the exchange makes, except the allowance of 2^256-1,
// which OpenZeppelin's ERC-20 never lowers (unlimited). So the ledger
// lowers a finite allowance by what each fill takes from the wallet, and a
// BUY is accepted only while the allowance covers the collateral locked by
// the wallet's BUY orders on that exchange plus this order's lock.
//
// An approval sets the allowance, as approve does on chain, less what the
// wallet's unsettled fills on that exchange will still take: those settle
// after the approval (or before it, which leaves the ledger's count low,
// never high). A revoked or lowered approval cancels the orders it no
// longer covers, newest first, as a withdrawal around the exchange does
// (CauseApprovalRevoked).

// approval is what a wallet lets one exchange move.
type approval struct {
	// collateral is the USDW allowance left, in base units, unless
	// unlimited.
	collateral int64
	unlimited  bool
	// shares: ApprovalForAll on the conditional tokens.
	shares bool
}

// AllowanceMaxUnits caps a finite allowance the ledger counts: a larger
// one is counted as this, which is still far more than any balance
// (BalanceMaxUnits) can spend.
const AllowanceMaxUnits = rules.AllowanceMaxUnits

// exchange returns the exchange a market settles on.
func (mk *market) exchange() Exchange {
	if mk.params.NegRisk {
		return ExchangeNegRisk
	}
	return ExchangeStandard
}

// approve applies an approval observed on chain: KindCollateralApproval
// sets the USDW allowance (Amount, or unlimited when Args.Approved),
// KindSharesApproval sets ApprovalForAll (Args.Approved), each for the
// exchange Args.Exchange. Each chain event applies once (its id).
func (m *Machine) approve(c *Command) {
	x := c.Args.Exchange
	if (x != ExchangeStandard && x != ExchangeNegRisk) || c.Account == (Address{}) ||
		(c.Kind == KindSharesApproval && c.Amount != 0) {
		m.rejectCommand(ReasonInvalidCommand)
		return
	}
	if !m.spendID(c.ID) {
		return
	}
	a := m.accountFor(c.Account)
	ap := &m.accounts[a].approvals[x-1]
	if c.Kind == KindSharesApproval {
		ap.shares = c.Args.Approved
	} else {
		ap.unlimited = c.Args.Approved
		ap.collateral = 0
		if !ap.unlimited {
			ap.collateral = max(0, int64(min(c.Amount, AllowanceMaxUnits))-m.unsettledSpend(a, x))
		}
	}
	m.markAccount(a)
	m.emitApproval(a, x)
	switch {
	case c.Kind == KindSharesApproval && !ap.shares:
		m.cancelUncovered(a, x, Sell, 0)
	case c.Kind == KindCollateralApproval && !ap.unlimited:
		m.cancelUncovered(a, x, Buy, ap.collateral)
	}
}

// approved checks that the maker lets the market's exchange move what
// order t gives, need being the order's lock. The order in slot old
// (book.Nil for none) is cancelled first, so its lock does not count.
func (m *Machine) approved(acct int32, mk *market, t *order, need int64, old int32) Reason {
	ap := &m.accounts[acct].approvals[mk.exchange()-1]
	switch {
	case t.side == Sell:
		if !ap.shares {
			return ReasonSharesNotApproved
		}
	case ap.unlimited:
	case ap.collateral < need || ap.collateral-need < m.collateralLocked(acct, mk.exchange())-m.freedBuy(old, mk.exchange()):
		return ReasonCollateralNotApproved
	}
	return 0
}

// collateralLocked sums the collateral the account's BUY orders on
// exchange x lock. It walks the account's orders, which only accounts
// with a finite allowance pay for.
func (m *Machine) collateralLocked(a int32, x Exchange) int64 {
	var sum int64
	for s := m.accounts[a].orders; s >= 0; {
		o := m.pool.Get(s)
		if o.side == Buy && m.markets[o.market].exchange() == x {
			sum += o.locked
		}
		s = o.acctNext
	}
	return sum
}

// freedBuy is what the order in slot old counts in collateralLocked for
// exchange x: its lock if it is a BUY there, else 0.
func (m *Machine) freedBuy(old int32, x Exchange) int64 {
	if old == book.Nil {
		return 0
	}
	if o := m.pool.Get(old); o.side == Buy && m.markets[o.market].exchange() == x {
		return o.locked
	}
	return 0
}

// cancelUncovered cancels, newest first, the account's orders of side on
// exchange x that its approval no longer covers: every SELL once shares
// are not approved, BUY orders until their locks fit in allowance.
func (m *Machine) cancelUncovered(a int32, x Exchange, side Side, allowance int64) {
	locked := int64(0)
	if side == Buy {
		if locked = m.collateralLocked(a, x); locked <= allowance {
			return
		}
	}
	for s := m.accounts[a].orders; s >= 0; {
		o := m.pool.Get(s)
		next := o.acctNext
		if o.side == side && m.markets[o.market].exchange() == x {
			locked -= o.locked
			m.cancelResting(s, &o.id, CauseApprovalRevoked)
			if side == Buy && locked <= allowance {
				return
			}
		}
		s = next
	}
}

// spendAllowance lowers a finite allowance by what a fill takes from the
// wallet (units > 0) or gives back to it (units < 0: a FAILED trade's
// reversal, since the chain took nothing).
func (m *Machine) spendAllowance(a, market int32, units int64) {
	x := m.markets[market].exchange()
	ap := &m.accounts[a].approvals[x-1]
	if ap.unlimited || units == 0 {
		return
	}
	ap.collateral = min(ap.collateral-units, AllowanceMaxUnits)
	m.markAccount(a)
	m.emitApproval(a, x)
}

// unsettledSpend sums what the account's fills on exchange x that are not
// final yet will still take from its USDW allowance on chain.
func (m *Machine) unsettledSpend(a int32, x Exchange) int64 {
	var sum int64
	for i := range m.trades {
		t := &m.trades[i]
		if t.status.Final() || m.markets[t.fill.market].exchange() != x {
			continue
		}
		if t.fill.taker == a && t.fill.takerSide == Buy {
			sum += t.fill.takerNotional + t.fill.fee
		}
		if t.fill.maker == a && t.fill.makerSide == Buy {
			sum += t.fill.makerNotional
		}
	}
	return sum
}

func (m *Machine) emitApproval(a int32, x Exchange) {
	ap := &m.accounts[a].approvals[x-1]
	e := m.emit(EvApprovalChanged)
	e.Account = a
	e.Exchange = x
	e.Amount = uint64(ap.collateral)
	e.Unlimited = ap.unlimited
	e.Approved = ap.shares
}

// Approval returns what wallet addr lets exchange x move: the USDW
// allowance the ledger counts, whether it is unlimited, and whether its
// outcome shares are approved.
func (m *Machine) Approval(addr Address, x Exchange) (collateral uint64, unlimited, shares bool) {
	a, ok := m.account(addr)
	if !ok || (x != ExchangeStandard && x != ExchangeNegRisk) {
		return 0, false, false
	}
	ap := &m.accounts[a].approvals[x-1]
	return uint64(ap.collateral), ap.unlimited, ap.shares
}
