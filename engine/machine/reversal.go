package machine

// A FAILED trade is one the chain never made: the exchange's call
// reverted, so neither party's wallet moved. The engine moved both ledgers
// when it matched, so left alone the honest party would hold a balance the
// chain does not back (a ghost fill). So when the settler reports a trade
// FAILED, its fill is reversed in the ledger, in the same command, and a
// replay reverses it the same way:
//
//   - each party gets back what the fill took from it and gives back what
//     the fill gave it: a BUY its collateral and fee back, its shares
//     taken; a SELL its shares back, its proceeds taken;
//   - the fee account returns the taker's fee;
//   - a minted pair is unminted, a merged one minted again;
//   - a finite USDW allowance gets back what the fill spent of it.
//
// Afterwards both parties' ledgers say what their wallets hold on chain
// again. What a party must give back it may no longer hold (it sold the
// shares, withdrew the collateral, or locked them in orders): its orders
// locking that asset are cancelled first (CauseTradeFailed), and what the
// balance still lacks is kept as a debt (debt.go) that blocks the wallet's
// orders until a credit pays it. The orders of the fill are not put back
// on the book.
//
// In a resolved market the shares were paid out at resolution, so the
// shares' payout is moved instead, and the rounding dust of that payout
// goes to or comes from the fee account, as payOut's does.

// reverse undoes trade id's fill; ref is the command that failed it.
func (m *Machine) reverse(id uint64, f *fillRec, ref Hash) {
	mk := &m.markets[f.market]
	// net sums the collateral the reversal gives the parties, so that in
	// a resolved market the fee account can balance it.
	net := m.reverseSide(id, f.taker, f.market, f.takerOutcome, f.takerSide, f.lots, f.takerNotional, f.fee, ref)
	net += m.reverseSide(id, f.maker, f.market, f.makerOutcome, f.makerSide, f.lots, f.makerNotional, 0, ref)
	fees := m.accounts[m.feeAccount].coll
	switch {
	case mk.status == MarketResolved:
		// The pairs were paid out: whatever the parties got back on
		// balance comes from, or goes to, the fee account.
		m.reverseLeg(id, fees, -net, f.market, ref)
		return
	case f.takerSide == Buy && f.makerSide == Buy:
		mk.pairs -= f.lots
		m.markMarket(f.market)
	case f.takerSide == Sell && f.makerSide == Sell:
		mk.pairs += f.lots
		m.markMarket(f.market)
	}
	m.reverseLeg(id, fees, -f.fee, f.market, ref)
}

// reverseSide reverses one order's side of a fill of lots: a BUY paid
// notional+fee and got the shares, a SELL gave the shares and got
// notional-fee. It returns the collateral it gives the account.
func (m *Machine) reverseSide(id uint64, a, market int32, outcome uint8, side Side, lots, notional, f int64, ref Hash) int64 {
	coll, shares := notional+f, lots*LotUnits
	if side == Buy {
		m.spendAllowance(a, market, -coll)
	} else {
		coll, shares = -(notional - f), -shares
	}
	mk := &m.markets[market]
	if mk.status != MarketResolved {
		tok := m.positionFor(a, assetOf(market, outcome))
		// Credits first: what the account gets back is never counted as
		// owed.
		if side == Buy {
			m.reverseLeg(id, m.accounts[a].coll, coll, market, ref)
			m.reverseLeg(id, tok, -shares, market, ref)
		} else {
			m.reverseLeg(id, tok, -shares, market, ref)
			m.reverseLeg(id, m.accounts[a].coll, coll, market, ref)
		}
		return coll
	}
	// Resolved: the shares are worth their payout, paid in collateral.
	num, den := uint64(mk.payout[outcome]), uint64(mk.payout[0])+uint64(mk.payout[1])
	worth := payoutOf(max(shares, -shares), num, den)
	if shares > 0 {
		worth = -worth // the account gives the payout of shares it got
	}
	m.reverseLeg(id, m.accounts[a].coll, coll+worth, market, ref)
	return coll + worth
}

// reverseLeg moves units into position p (out of it when negative). Its
// Transfer names the whole amount; a part the balance lacks shows as debt.
func (m *Machine) reverseLeg(id uint64, p int32, units int64, market int32, ref Hash) {
	if units == 0 {
		return
	}
	kind, amount := TransferReversalIn, units
	if units < 0 {
		kind, amount = TransferReversalOut, -units
	}
	m.transferAsset(m.positions[p].account, m.positions[p].asset, kind, uint64(amount), ref)
	e := &m.out[len(m.out)-1]
	e.Seq = id
	e.Market = market
	if units > 0 {
		m.creditTo(p, units, ref)
	} else {
		m.debitFrom(p, amount, CauseTradeFailed, ref)
	}
}
