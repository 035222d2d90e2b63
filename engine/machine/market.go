package machine

import (
	"math/bits"
	"slices"

	"pred.dev/engine/book"
	"pred.dev/proto/rules"
)

// SizeMaxUnits bounds a market's orderMaxSize (one billion shares), which
// keeps every notional, fee and balance far inside int64.
const SizeMaxUnits = 1_000_000_000 * UnitsPerShare

type market struct {
	id     Hash
	tokens [2]Hash
	params MarketParams
	// tickPips is the tick in pips; a unit of price has ticks = 10000 /
	// tickPips of them, and valid book prices are minTick..maxTick.
	tickPips int32
	ticks    int32
	minTick  int32
	maxTick  int32
	minLots  int64
	maxLots  int64
	status   MarketStatus
	payout   [2]uint32
	// pairs counts the YES+NO pairs minted and not merged, in lots: the
	// collateral the market holds.
	pairs int64
	book  book.Book
	// holders lists the positions in the market's two tokens.
	holders []int32
	dirty   bool
}

// MarketInfo is a read-only view of a market.
type MarketInfo struct {
	ID     Hash
	Tokens [2]Hash
	Params MarketParams
	Status MarketStatus
	Payout [2]uint32
	// PairsUnits is the number of YES+NO pairs outstanding, in base units.
	PairsUnits uint64
}

// Markets returns the number of markets; indexes run from 0.
func (m *Machine) Markets() int { return len(m.markets) }

// Market returns market i.
func (m *Machine) Market(i int32) MarketInfo {
	mk := &m.markets[i]
	return MarketInfo{ID: mk.id, Tokens: mk.tokens, Params: mk.params, Status: mk.status,
		Payout: mk.payout, PairsUnits: uint64(mk.pairs) * LotUnits}
}

// MarketIndex looks a market up by id.
func (m *Machine) MarketIndex(id Hash) (int32, bool) {
	i, ok := m.marketIdx[id]
	return i, ok
}

// AssetToken returns the token id of an asset and false for collateral.
func (m *Machine) AssetToken(asset int32) (Hash, bool) {
	if asset == collateral {
		return Hash{}, false
	}
	return m.markets[(asset-1)/2].tokens[(asset-1)%2], true
}

// TokenIndex returns the market and outcome of a token id.
func (m *Machine) TokenIndex(token Hash) (market int32, outcome Outcome, ok bool) {
	r, ok := m.token(token)
	return r.market, Outcome(r.outcome + 1), ok
}

// tickPipsOf validates a tick size in micro-USDW.
func tickPipsOf(tick uint64) (int32, bool) {
	switch tick {
	case rules.TickTenth, rules.TickHundredth, rules.TickThousandth, rules.TickTenThousandth:
		return int32(tick / MicroPerPip), true
	}
	return 0, false
}

func (m *Machine) validParams(p *MarketParams) bool {
	if _, ok := tickPipsOf(p.TickSize); !ok {
		return false
	}
	return p.MinSize > 0 && p.MinSize%LotUnits == 0 && p.MaxSize%LotUnits == 0 &&
		p.MinSize <= p.MaxSize && p.MaxSize <= SizeMaxUnits && p.FeeRateBps <= m.cfg.FeeRateMaxBps
}

// setParams applies valid parameters; it does not touch the book.
func (mk *market) setParams(p MarketParams) {
	mk.params = p
	mk.tickPips, _ = tickPipsOf(p.TickSize)
	mk.ticks = PipsPerUnit / mk.tickPips
	mk.minTick = (PriceMinPips + mk.tickPips - 1) / mk.tickPips
	mk.maxTick = PriceMaxPips / mk.tickPips
	mk.minLots = int64(p.MinSize / LotUnits)
	mk.maxLots = int64(p.MaxSize / LotUnits)
}

func (m *Machine) createMarket(c *Command) {
	if _, ok := m.marketIdx[c.Args.Market]; ok {
		m.rejectCommand(ReasonMarketExists)
		return
	}
	_, yesTaken := m.token(c.Args.Tokens[0])
	_, noTaken := m.token(c.Args.Tokens[1])
	if yesTaken || noTaken || c.Args.Tokens[0] == c.Args.Tokens[1] || c.Args.Market == (Hash{}) {
		m.rejectCommand(ReasonInvalidMarketParams)
		return
	}
	if !m.validParams(&c.Args.Params) {
		m.rejectCommand(ReasonInvalidMarketParams)
		return
	}
	i := int32(len(m.markets))
	m.markets = append(m.markets, market{id: c.Args.Market, tokens: c.Args.Tokens, status: MarketActive})
	mk := &m.markets[i]
	mk.setParams(c.Args.Params)
	mk.book = m.newBook(mk.ticks)
	m.marketIdx[c.Args.Market] = i
	m.addTokens(i, c.Args.Tokens)
	m.marketChanged(i, ChangeCreated)
}

// marketChanged emits the market's MarketChanged. A command that also
// cancels the market's orders calls it first, its status already set, so
// that a reader learns why before the cancellations (a game going live
// before its orders go).
func (m *Machine) marketChanged(i int32, why MarketChange) {
	m.markMarket(i)
	e := m.emit(EvMarketChanged)
	e.Market = i
	e.MarketStatus = m.markets[i].status
	e.Change = why
}

// findMarket resolves a command's market, rejecting if unknown.
func (m *Machine) findMarket(id Hash) (int32, bool) {
	i, ok := m.marketIdx[id]
	if !ok {
		m.rejectCommand(ReasonMarketNotFound)
	}
	return i, ok
}

func (m *Machine) configureMarket(c *Command) {
	i, ok := m.findMarket(c.Args.Market)
	if !ok {
		return
	}
	mk := &m.markets[i]
	if mk.status == MarketResolved {
		m.rejectCommand(ReasonInvalidMarketState)
		return
	}
	if !m.validParams(&c.Args.Params) {
		m.rejectCommand(ReasonInvalidMarketParams)
		return
	}
	if c.Args.Params.TickSize != mk.params.TickSize && !m.retick(mk, c.Args.Params) {
		m.rejectCommand(ReasonInvalidMarketParams)
		return
	}
	mk.setParams(c.Args.Params)
	m.marketChanged(i, ChangeConfigured)
}

// retick moves every resting order to a book with the new tick, keeping
// time priority. It refuses (and changes nothing) if an order's price is
// not on the new grid. Every level keeps its YES price and its totals, so
// the book a reader sees does not change: no BookChanged.
func (m *Machine) retick(mk *market, p MarketParams) bool {
	newPips, _ := tickPipsOf(p.TickSize)
	var moved []int32
	for _, side := range [2]book.Side{book.Bid, book.Ask} {
		m.walkBook(mk, side, func(s int32) bool {
			moved = append(moved, s)
			return true
		})
	}
	for _, s := range moved {
		pips := m.pool.Get(s).price * mk.tickPips
		if pips%newPips != 0 {
			return false
		}
	}
	nb := m.newBook(PipsPerUnit / newPips)
	for _, s := range moved {
		o := m.pool.Get(s)
		o.price = o.price * mk.tickPips / newPips
		nb.Add(s, o.bookSide, o.price, o.remaining)
		m.markOrder(s)
	}
	mk.book = nb
	return true
}

// walkBook visits side's orders best price first, oldest first; fn may
// remove the order it is given. It stops when fn returns false.
func (m *Machine) walkBook(mk *market, side book.Side, fn func(s int32) bool) {
	b := mk.book
	for price, ok := b.Best(side); ok; price, ok = b.Worse(side, price) {
		for s := b.Head(side, price); s != book.Nil; {
			next := b.Next(s)
			if !fn(s) {
				return
			}
			s = next
		}
	}
}

func (m *Machine) marketLifecycle(c *Command) {
	i, ok := m.findMarket(c.Args.Market)
	if !ok {
		return
	}
	mk := &m.markets[i]
	from, to, cause, why := mk.status, mk.status, CancelCause(0), MarketChange(0)
	switch c.Kind {
	case KindHaltMarket:
		ok, to, why = from == MarketActive, MarketHalted, ChangeHalted
	case KindResumeMarket:
		ok, to, why = from == MarketHalted, MarketActive, ChangeResumed
	case KindClearMarket:
		ok, cause, why = from == MarketActive || from == MarketHalted, CauseMarketCleared, ChangeCleared
	case KindCloseMarket:
		ok, to, cause, why = from == MarketActive || from == MarketHalted, MarketClosed, CauseMarketClosed, ChangeClosed
	}
	if !ok {
		m.rejectCommand(ReasonInvalidMarketState)
		return
	}
	mk.status = to
	m.marketChanged(i, why)
	if cause != 0 {
		m.cancelBook(i, cause)
	}
	if c.Kind == KindHaltMarket {
		m.cancelOnHalt(i)
	}
}

// cancelOnHalt cancels the market's resting orders that asked for it
// (OrderSpec.CancelOnHalt), in the order cancelBook uses; the rest stay,
// as every order did before the flag, to trade again when the market
// resumes. A maker who cannot watch a halted market should not have to
// race its resumption to pull stale quotes.
func (m *Machine) cancelOnHalt(i int32) {
	mk := &m.markets[i]
	for _, side := range [2]book.Side{book.Bid, book.Ask} {
		m.walkBook(mk, side, func(s int32) bool {
			if o := m.pool.Get(s); o.cancelOnHalt {
				m.cancelResting(s, &o.id, CauseHalted)
			}
			return true
		})
	}
}

// cancelBook cancels every resting order of a market, bids then asks, best
// price first, oldest first.
func (m *Machine) cancelBook(i int32, cause CancelCause) {
	mk := &m.markets[i]
	for _, side := range [2]book.Side{book.Bid, book.Ask} {
		m.walkBook(mk, side, func(s int32) bool {
			m.cancelResting(s, &m.pool.Get(s).id, cause)
			return true
		})
	}
}

func (m *Machine) resolveMarket(c *Command) {
	i, ok := m.findMarket(c.Args.Market)
	if !ok {
		return
	}
	mk := &m.markets[i]
	if mk.status == MarketResolved {
		m.rejectCommand(ReasonInvalidMarketState)
		return
	}
	if len(c.Args.Payout) != 2 || uint64(c.Args.Payout[0])+uint64(c.Args.Payout[1]) == 0 {
		m.rejectCommand(ReasonInvalidPayout)
		return
	}
	// A negRisk market is one of mutually exclusive outcomes: it resolves
	// YES or NO, never a split (the negRisk exchange's adapter refuses
	// [1,1] too); Gamma refuses it first, this is the ledger's own guard.
	if mk.params.NegRisk && (c.Args.Payout[0] == 0) == (c.Args.Payout[1] == 0) {
		m.rejectCommand(ReasonInvalidPayout)
		return
	}
	mk.status = MarketResolved
	mk.payout = [2]uint32{c.Args.Payout[0], c.Args.Payout[1]}
	m.marketChanged(i, ChangeResolved)
	m.cancelBook(i, CauseMarketResolved)
	m.payOut(i, c.ID)
}

// payOut redeems every share of a resolved market for its payout: share
// balances go to zero and collateral is credited. Rounding dust (payouts
// that are not whole base units) goes to the fee account, so collateral is
// conserved exactly.
func (m *Machine) payOut(i int32, ref Hash) {
	mk := &m.markets[i]
	den := uint64(mk.payout[0]) + uint64(mk.payout[1])
	holders := slices.Clone(mk.holders)
	slices.SortFunc(holders, func(a, b int32) int {
		pa, pb := &m.positions[a], &m.positions[b]
		if pa.account != pb.account {
			return int(pa.account - pb.account)
		}
		return int(pa.asset - pb.asset)
	})
	pool := mk.pairs * LotUnits
	for _, p := range holders {
		pos := &m.positions[p]
		if pos.external != pos.pending {
			// Shares from outside are redeemed like any: their payout is
			// collateral entering the exchange (it comes out of the
			// conditional tokens' collateral, not out of the pairs).
			// Shares reserved for a withdrawal are not paid: they are on
			// their way out, to be redeemed on chain by their owner, and
			// count as outside shares until the watcher sees them leave.
			m.touch(p).external = pos.pending
			m.markPosition(p)
		}
		num := uint64(mk.payout[(pos.asset-1)%2])
		if pos.debt > 0 {
			// Shares owed are owed as their payout from now on, which
			// the pairs' collateral no longer holds.
			owed := payoutOf(pos.debt, num, den)
			m.touch(p).debt = 0
			m.accounts[pos.account].debts--
			pool += owed
			if owed > 0 {
				m.incurDebt(m.accounts[pos.account].coll, owed, ref)
			}
		}
		if pos.balance == 0 {
			continue
		}
		credit := payoutOf(pos.balance, num, den)
		m.touch(p).balance = 0
		if credit > 0 {
			pool -= credit
			m.transfer(pos.account, TransferPayout, uint64(credit), ref, i)
			m.creditTo(m.accounts[pos.account].coll, credit, ref)
		}
	}
	if pool < 0 {
		// Shares deposited from outside the exchange paid out more than
		// the pairs held: the difference enters from the chain.
		m.creditedUnits += uint64(-pool)
	} else if pool != 0 {
		m.touch(m.accounts[m.feeAccount].coll).balance += pool
	}
	mk.pairs = 0
}

// payoutOf is what shares of an outcome paying num/den are worth, floored
// per position as ConditionalTokens rounds each redeemed position.
func payoutOf(shares int64, num, den uint64) int64 {
	hi, lo := bits.Mul64(uint64(shares), num)
	q, _ := bits.Div64(hi, lo, den) // hi < den because num <= den
	return int64(q)
}

// Level is one aggregated price level of a market's YES book.
type Level struct {
	// Price is the YES price in micro-USDW per share.
	Price uint64
	// Size is the resting size in share base units.
	Size   uint64
	Orders uint32
}

// Levels appends the levels of market i's YES book on one side, best price
// first, at most max of them (0 means all). It reads the book and so runs
// on the goroutine that applies commands; the shell copies the result out
// for readers.
func (m *Machine) Levels(i int32, bids bool, max int, out []Level) []Level {
	mk := &m.markets[i]
	side := book.Ask
	if bids {
		side = book.Bid
	}
	for p, ok := mk.book.Best(side); ok && (max == 0 || len(out) < max); p, ok = mk.book.Worse(side, p) {
		qty, n := mk.book.Level(side, p)
		out = append(out, Level{Price: uint64(p*mk.tickPips) * MicroPerPip, Size: uint64(qty) * LotUnits, Orders: uint32(n)})
	}
	return out
}

// RestingOrders returns the number of orders resting in all books.
func (m *Machine) RestingOrders() int { return m.live.n }
