package store

import (
	"math"
	"math/bits"

	"pred.dev/engine/machine"
	"pred.dev/engine/wire"
)

// emptyValue is the value of a key-only index entry.
var emptyValue = []byte{}

// priceOne is 1 USDW per share in micro-USDW: a YES and a NO share.
const priceOne = machine.UnitsPerShare

func (b *Batch) accepted(r Resolver, rec *CommandRecord, e *machine.Event) {
	at, ok := b.orderAt[e.OrderID]
	if !ok {
		at = int32(len(b.orders))
		b.orders = append(b.orders, orderEntry{})
		b.orderAt[e.OrderID] = at
	}
	en := &b.orders[at]
	*en = orderEntry{isNew: true}
	o := &en.rec
	o.id, o.seq, o.market = e.OrderID, e.Seq, e.Market
	o.outcome, o.side, o.typ, o.postOnly = e.Outcome, e.Side, e.OrderType, e.PostOnly
	o.account = r.Account(e.Account)
	if e.Owner >= 0 {
		o.owner = r.Owner(e.Owner)
	}
	o.price, o.size, o.feeBps = e.Price, e.Size, e.FeeRateBps
	o.expiration, o.createdMs = e.Expiration, e.TimeMs
	o.selfTrade, o.cancelOnHalt, o.group = e.SelfTrade, e.CancelOnHalt, e.Group
	if c := rec.Cmd; c != nil && c.Kind.PlacesOrder() && c.ID == e.OrderID {
		o.makerAmount, o.takerAmount = c.Order.MakerAmount, c.Order.TakerAmount
	}
	b.signed(en, rec.Signed)
	o.state = orderState{status: machine.StatusLive, remaining: e.Size, updatedMs: e.TimeMs}
}

// refused files a place the engine refused as an INVALID order, so that a
// client that lost the answer (a timeout) finds out by asking for the
// order. The order is taken from the command; the event names its market.
// Two refusals leave no record: a duplicate id, which names an order the
// engine accepted before and must not be touched, and an unknown token,
// which names no market to file the order under. Refused ids are not
// spent: if the same order is accepted later, accepted overwrites the
// record. An INVALID order has no sequence and is in no listing; it is
// found by its id.
func (b *Batch) refused(r Resolver, rec *CommandRecord, e *machine.Event) {
	c := rec.Cmd
	if c == nil || !c.Kind.PlacesOrder() || c.ID != e.OrderID || e.Market < 0 ||
		e.Reason == machine.ReasonDuplicateOrder {
		return
	}
	at, ok := b.orderAt[e.OrderID]
	if !ok {
		at = int32(len(b.orders))
		b.orders = append(b.orders, orderEntry{})
		b.orderAt[e.OrderID] = at
	}
	en := &b.orders[at]
	*en = orderEntry{isNew: true}
	o := &en.rec
	spec := &c.Order
	o.id, o.market, o.outcome = e.OrderID, e.Market, e.Outcome
	o.side, o.typ, o.postOnly = spec.Side, spec.Type, spec.PostOnly
	o.selfTrade, o.cancelOnHalt, o.group = spec.SelfTrade, spec.CancelOnHalt, spec.Group
	o.account, o.owner = spec.Maker, c.Owner
	shares, coll := spec.TakerAmount, spec.MakerAmount
	if spec.Side == machine.Sell {
		shares, coll = coll, shares
	}
	o.price, o.size, o.feeBps = impliedPrice(coll, shares), shares, spec.FeeRateBps
	o.expiration, o.createdMs = spec.Expiration, rec.TimeMs
	o.makerAmount, o.takerAmount = spec.MakerAmount, spec.TakerAmount
	b.signed(en, rec.Signed)
	o.state = orderState{status: machine.StatusInvalid, reason: e.Reason, remaining: shares, updatedMs: rec.TimeMs}
}

// impliedPrice is collateral per share in micro-USDW, rounded down (a
// refused order's amounts need not imply an exact price), 0 without shares.
func impliedPrice(coll, shares uint64) uint64 {
	if shares == 0 {
		return 0
	}
	hi, lo := bits.Mul64(coll, machine.UnitsPerShare)
	if hi >= shares {
		return math.MaxUint64
	}
	q, _ := bits.Div64(hi, lo, shares)
	return q
}

// signed keeps a new order's signed fields, its scope in the batch's
// buffer.
func (b *Batch) signed(en *orderEntry, s *wire.Signed) {
	if s == nil {
		return
	}
	o := &en.rec
	o.hasSigned = true
	o.signed = *s
	o.signed.ScopeID = nil
	scope := s.ScopeID[:min(len(s.ScopeID), scopeMaxBytes)]
	en.scopeOff, en.scopeLen = int32(len(b.scopes)), int32(len(scope))
	b.scopes = append(b.scopes, scope...)
}

// order returns the batch's entry for an order, creating a state-only one
// for an order accepted in an earlier batch. Only resting orders change
// state across batches, so such an entry starts LIVE.
func (b *Batch) order(r Resolver, id machine.Hash, account, market int32) *orderEntry {
	if at, ok := b.orderAt[id]; ok {
		return &b.orders[at]
	}
	b.orderAt[id] = int32(len(b.orders))
	b.orders = append(b.orders, orderEntry{})
	en := &b.orders[len(b.orders)-1]
	en.rec.id, en.rec.market = id, market
	en.rec.account = r.Account(account)
	en.rec.state.status = machine.StatusLive
	return en
}

func (b *Batch) orderState(r Resolver, id machine.Hash, account, market int32, s orderState) {
	b.order(r, id, account, market).rec.state = s
}

func (b *Batch) trade(r Resolver, e *machine.Event) {
	t := tradeRec{id: e.Seq, market: e.Market, matchType: e.MatchType,
		takerOutcome: e.Outcome, makerOutcome: e.MakerOutcome, takerSide: e.Side, makerSide: e.MakerSide,
		takerOrder: e.OrderID, makerOrder: e.MakerOrderID,
		takerAccount: r.Account(e.Account), makerAccount: r.Account(e.MakerAccount),
		takerPrice: e.Price, makerPrice: e.MakerPrice, size: e.Size, fee: e.Fee, feeBps: e.FeeRateBps, timeMs: e.TimeMs}
	b.set(b.key.start(pTrade).desc(t.id).bytes(), encodeTrade(&b.val, &t))
	b.set(b.key.start(pWalletTrades).addr(&t.takerAccount).desc(t.id).bytes(), emptyValue)
	b.set(b.key.start(pWalletTrades).addr(&t.makerAccount).desc(t.id).bytes(), emptyValue)
	b.set(b.key.start(pOrderTrades).hash(&t.takerOrder).u64(t.id).bytes(), emptyValue)
	b.set(b.key.start(pOrderTrades).hash(&t.makerOrder).u64(t.id).bytes(), emptyValue)

	b.fill(r, e.OrderID, e.Account, e.Market, e.Remaining, e.TimeMs)
	b.fill(r, e.MakerOrderID, e.MakerAccount, e.Market, e.MakerRemaining, e.TimeMs)
	if e.MatchType != machine.Complementary {
		b.touchMarket(e.Market) // minted or merged pairs change the market's pool
	}
	yesPrice, yesSide := inYesTerms(e.Outcome, e.Side, e.Price)
	b.lasts[e.Market] = lastTrade{yesPrice: yesPrice, yesSide: yesSide, timeMs: e.TimeMs, tradeID: e.Seq}
	b.pricePoint(e.Market, e.TimeMs, yesPrice)
}

// fill updates an order's remaining size after a trade; an order that
// trades is still in the book until an OrderFilled says otherwise.
func (b *Batch) fill(r Resolver, id machine.Hash, account, market int32, remaining uint64, timeMs int64) {
	s := &b.order(r, id, account, market).rec.state
	s.status, s.remaining, s.updatedMs = machine.StatusLive, remaining, timeMs
}

// inYesTerms converts a taker's price and side in its own token to the
// YES token: buying NO at p is selling YES at 1-p.
func inYesTerms(o machine.Outcome, side machine.Side, price uint64) (uint64, machine.Side) {
	if o == machine.Yes {
		return price, side
	}
	return priceOne - price, flip(side)
}

func flip(s machine.Side) machine.Side {
	if s == machine.Buy {
		return machine.Sell
	}
	return machine.Buy
}

// pricePoint keeps the latest trade price of the market's current minute.
// Engine time never goes back, so when a trade starts a new minute the
// previous minute's point is final and is written at once.
func (b *Batch) pricePoint(market int32, timeMs int64, yesPrice uint64) {
	minute := timeMs / minuteMs
	if p, ok := b.points[market]; ok && p.minute != minute {
		b.writePricePoint(market, p)
	}
	b.points[market] = pricePoint{minute: minute, yesPrice: yesPrice}
}

func (b *Batch) writePricePoint(market int32, p pricePoint) {
	b.set(b.key.start(pPriceHistory).u32(uint32(market)).u64(uint64(p.minute)).bytes(),
		encodePricePoint(&b.val, p.yesPrice))
}

func (b *Batch) balance(r Resolver, e *machine.Event) {
	k := uint64(uint32(e.Account))<<32 | uint64(uint32(e.Asset))
	at, ok := b.balanceAt[k]
	if !ok {
		at = int32(len(b.balances))
		b.balanceAt[k] = at
		token, isToken := r.AssetToken(e.Asset)
		b.balances = append(b.balances, balanceEntry{account: r.Account(e.Account), token: token, isToken: isToken})
	}
	en := &b.balances[at]
	en.balance, en.locked, en.pending, en.debt = e.Balance, e.Locked, e.Pending, e.Debt
}

func (b *Batch) tradeStatus(e *machine.Event) {
	s := tradeStatus{status: e.TradeStatus, txHash: e.OrderID, updatedMs: b.nowMs}
	b.set(b.key.start(pTradeStatus).u64(e.Seq).bytes(), encodeTradeStatus(&b.val, &s))
}

func (b *Batch) transfer(r Resolver, e *machine.Event) {
	t := transferRec{seq: b.pos.nextTransfer, kind: e.TransferKind, account: r.Account(e.Account),
		amount: e.Amount, ref: e.OrderID, market: e.Market, timeMs: b.nowMs, tradeID: e.Seq}
	if e.Asset > 0 {
		t.token, _ = r.AssetToken(e.Asset)
	}
	b.pos.nextTransfer++
	b.set(b.key.start(pTransfer).desc(t.seq).bytes(), encodeTransfer(&b.val, &t))
	b.set(b.key.start(pWalletXfers).addr(&t.account).desc(t.seq).bytes(), emptyValue)
}

// flushOrders writes each order changed in the batch once. A new order
// gets its body with its final state and its listing entries, and an open
// entry only if it is still LIVE; an older order gets its state, and loses
// its open entry when it left the book.
func (b *Batch) flushOrders() {
	for i := range b.orders {
		en := &b.orders[i]
		o := &en.rec
		if en.isNew {
			b.newOrder(en)
			continue
		}
		b.set(b.key.start(pOrderState).hash(&o.id).bytes(), encodeState(&b.val, &o.state))
		if o.state.status != machine.StatusLive {
			b.del(b.key.start(pOpenOrders).addr(&o.account).u32(uint32(o.market)).hash(&o.id).bytes())
		}
	}
}

func (b *Batch) newOrder(en *orderEntry) {
	o := &en.rec
	scope := b.scopes[en.scopeOff : en.scopeOff+en.scopeLen]
	b.set(b.key.start(pOrder).hash(&o.id).bytes(), encodeOrder(&b.val, o, scope))
	if o.state.status == machine.StatusInvalid {
		return // found by id only
	}
	b.set(b.key.start(pAllOrders).desc(o.seq).hash(&o.id).bytes(), emptyValue)
	b.set(b.key.start(pWalletOrders).addr(&o.account).desc(o.seq).hash(&o.id).bytes(), emptyValue)
	if o.state.status == machine.StatusLive {
		b.set(b.key.start(pOpenOrders).addr(&o.account).u32(uint32(o.market)).hash(&o.id).bytes(),
			encodeOpen(&b.val, o.seq, o.outcome))
	}
}

func (b *Batch) flushBalances() {
	for i := range b.balances {
		en := &b.balances[i]
		b.set(b.key.balance(&en.account, &en.token, en.isToken), encodeBalance(&b.val, en))
	}
}

func (b *Batch) flushMarkets() {
	for i, m := range b.markets {
		b.set(b.key.start(pMarket).u32(uint32(i)).bytes(), encodeMarket(&b.val, &m))
		b.set(b.key.start(pMarketByID).hash(&m.ID).bytes(), encodeMarketIndex(&b.val, i))
		b.set(b.key.start(pToken).hash(&m.Tokens[0]).bytes(), encodeTokenRef(&b.val, i, machine.Yes))
		b.set(b.key.start(pToken).hash(&m.Tokens[1]).bytes(), encodeTokenRef(&b.val, i, machine.No))
	}
}

func (b *Batch) flushLastTrades() {
	for i, l := range b.lasts {
		b.set(b.key.start(pLastTrade).u32(uint32(i)).bytes(), encodeLastTrade(&b.val, &l))
	}
}

func (b *Batch) flushPricePoints() {
	for i, p := range b.points {
		b.writePricePoint(i, p)
	}
}
