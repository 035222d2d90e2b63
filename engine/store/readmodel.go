package store

import (
	"pred.dev/engine/machine"
	"pred.dev/engine/wire"
	"pred.dev/proto/pb"
)

// The read model's records: the values stored under the keys of keys.go
// for orders, trades, transfers, balances and markets, which queries read.
// (The core's own state records are machine's, in its persist.go.)

// scopeMaxBytes bounds the stored scope id; a longer one is cut, since the
// store's records keep lengths in 16 bits.
const scopeMaxBytes = 1 << 10

// orderState is the mutable part of an order. An INVALID order (a place
// the engine refused) has a reject reason instead of a cancel cause; the
// two share one byte of the stored state, read by the status.
type orderState struct {
	status    machine.OrderStatus
	cause     machine.CancelCause
	reason    machine.Reason
	remaining uint64
	updatedMs int64
}

// orderRec is an order as stored: the body written once and its state.
type orderRec struct {
	id          machine.Hash
	seq         uint64
	market      int32
	outcome     machine.Outcome
	side        machine.Side
	typ         machine.OrderType
	postOnly    bool
	hasSigned   bool
	account     machine.Address
	owner       machine.KeyID
	price       uint64
	size        uint64
	feeBps      uint32
	expiration  uint64
	createdMs   int64
	makerAmount uint64
	takerAmount uint64
	signed      wire.Signed
	state       orderState
	// The place's request options; all zero for most orders, which then
	// store none (flagOptions).
	selfTrade    machine.SelfTrade
	cancelOnHalt bool
	group        uint32
}

const (
	flagPostOnly = 1 << iota
	flagSigned
	// flagOptions: the body ends with the request options of issue 26
	// (self-trade mode, cancel on halt, group). Bodies written before
	// them, and orders with the defaults, end without.
	flagOptions
)

// encodeOrder writes an order body with its state; scope is the signed
// scope id (the entry's own ScopeID is ignored while batched).
func encodeOrder(e *enc, o *orderRec, scope []byte) []byte {
	e.reset()
	var flags uint8
	if o.postOnly {
		flags |= flagPostOnly
	}
	if o.hasSigned {
		flags |= flagSigned
	}
	options := o.selfTrade != 0 || o.cancelOnHalt || o.group != 0
	if options {
		flags |= flagOptions
	}
	e.u8(flags)
	e.u8(uint8(o.outcome))
	e.u8(uint8(o.side))
	e.u8(uint8(o.typ))
	e.u64(o.seq)
	e.u32(uint32(o.market))
	e.raw(o.account[:])
	e.raw(o.owner[:])
	e.u64(o.price)
	e.u64(o.size)
	e.u32(o.feeBps)
	e.u64(o.expiration)
	e.i64(o.createdMs)
	e.u64(o.makerAmount)
	e.u64(o.takerAmount)
	appendState(e, &o.state)
	if o.hasSigned {
		s := &o.signed
		e.u64(s.Salt)
		e.raw(s.Signer[:])
		e.raw(s.Taker[:])
		e.u64(s.Nonce)
		e.u32(s.SignatureType)
		e.raw(s.Signature[:])
		e.bytes16(scope)
	}
	if options {
		e.u8(uint8(o.selfTrade))
		e.flag(o.cancelOnHalt)
		e.u32(o.group)
	}
	return e.b
}

func appendState(e *enc, s *orderState) {
	e.u8(uint8(s.status))
	if s.status == machine.StatusInvalid {
		e.u8(uint8(s.reason))
	} else {
		e.u8(uint8(s.cause))
	}
	e.u64(s.remaining)
	e.i64(s.updatedMs)
}

func encodeState(e *enc, s *orderState) []byte {
	e.reset()
	appendState(e, s)
	return e.b
}

func decodeOrder(id machine.Hash, v []byte, o *orderRec) error {
	d := newDec(v)
	flags := d.u8()
	*o = orderRec{id: id, postOnly: flags&flagPostOnly != 0, hasSigned: flags&flagSigned != 0}
	o.outcome, o.side, o.typ = machine.Outcome(d.u8()), machine.Side(d.u8()), machine.OrderType(d.u8())
	o.seq = d.u64()
	o.market = int32(d.u32())
	o.account = d.addr()
	copy(o.owner[:], d.take(len(o.owner)))
	o.price, o.size = d.u64(), d.u64()
	o.feeBps = d.u32()
	o.expiration = d.u64()
	o.createdMs = d.i64()
	o.makerAmount, o.takerAmount = d.u64(), d.u64()
	readState(d, &o.state)
	if o.hasSigned {
		s := &o.signed
		s.Salt = d.u64()
		s.Signer, s.Taker = d.addr(), d.addr()
		s.Nonce = d.u64()
		s.SignatureType = d.u32()
		copy(s.Signature[:], d.take(len(s.Signature)))
		s.ScopeID = d.bytes16()
	}
	if flags&flagOptions != 0 {
		o.selfTrade, o.cancelOnHalt, o.group = machine.SelfTrade(d.u8()), d.flag(), d.u32()
	}
	return d.done("order body")
}

func readState(d *dec, s *orderState) {
	s.status, s.cause, s.reason = machine.OrderStatus(d.u8()), 0, 0
	if s.status == machine.StatusInvalid {
		s.reason = machine.Reason(d.u8())
	} else {
		s.cause = machine.CancelCause(d.u8())
	}
	s.remaining = d.u64()
	s.updatedMs = d.i64()
}

func decodeState(v []byte, s *orderState) error {
	d := newDec(v)
	readState(d, s)
	return d.done("order state")
}

// openValue is the value of an open-order entry: enough to sort a wallet's
// open orders and filter them by token without reading their bodies.
func encodeOpen(e *enc, seq uint64, outcome machine.Outcome) []byte {
	e.reset()
	e.u64(seq)
	e.u8(uint8(outcome))
	return e.b
}

func decodeOpen(v []byte) (seq uint64, outcome machine.Outcome, err error) {
	d := newDec(v)
	seq, outcome = d.u64(), machine.Outcome(d.u8())
	return seq, outcome, d.done("open order entry")
}

// tradeRec is a trade as stored; owners and token ids are resolved when
// read (the owners from the orders' bodies, the tokens from the market).
type tradeRec struct {
	id           uint64
	market       int32
	matchType    machine.MatchType
	takerOutcome machine.Outcome
	makerOutcome machine.Outcome
	takerSide    machine.Side
	makerSide    machine.Side
	takerOrder   machine.Hash
	makerOrder   machine.Hash
	takerAccount machine.Address
	makerAccount machine.Address
	takerPrice   uint64
	makerPrice   uint64
	size         uint64
	fee          uint64
	feeBps       uint32
	timeMs       int64
}

func encodeTrade(e *enc, t *tradeRec) []byte {
	e.reset()
	e.u32(uint32(t.market))
	e.u8(uint8(t.matchType))
	e.u8(uint8(t.takerOutcome))
	e.u8(uint8(t.makerOutcome))
	e.u8(uint8(t.takerSide))
	e.u8(uint8(t.makerSide))
	e.raw(t.takerOrder[:])
	e.raw(t.makerOrder[:])
	e.raw(t.takerAccount[:])
	e.raw(t.makerAccount[:])
	e.u64(t.takerPrice)
	e.u64(t.makerPrice)
	e.u64(t.size)
	e.u64(t.fee)
	e.u32(t.feeBps)
	e.i64(t.timeMs)
	return e.b
}

func decodeTrade(id uint64, v []byte, t *tradeRec) error {
	d := newDec(v)
	*t = tradeRec{id: id, market: int32(d.u32())}
	t.matchType = machine.MatchType(d.u8())
	t.takerOutcome, t.makerOutcome = machine.Outcome(d.u8()), machine.Outcome(d.u8())
	t.takerSide, t.makerSide = machine.Side(d.u8()), machine.Side(d.u8())
	t.takerOrder, t.makerOrder = d.hash(), d.hash()
	t.takerAccount, t.makerAccount = d.addr(), d.addr()
	t.takerPrice, t.makerPrice = d.u64(), d.u64()
	t.size, t.fee = d.u64(), d.u64()
	t.feeBps = d.u32()
	t.timeMs = d.i64()
	return d.done("trade")
}

// tradeStatus is the settler's latest report on a trade.
type tradeStatus struct {
	status    machine.TradeStatus
	txHash    machine.Hash
	updatedMs int64
}

func encodeTradeStatus(e *enc, s *tradeStatus) []byte {
	e.reset()
	e.u8(uint8(s.status))
	e.raw(s.txHash[:])
	e.i64(s.updatedMs)
	return e.b
}

func decodeTradeStatus(v []byte, s *tradeStatus) error {
	d := newDec(v)
	s.status = machine.TradeStatus(d.u8())
	s.txHash = d.hash()
	s.updatedMs = d.i64()
	return d.done("trade status")
}

// transferRec is one movement of a wallet's collateral or shares.
type transferRec struct {
	seq     uint64
	kind    machine.TransferKind
	account machine.Address
	amount  uint64
	ref     machine.Hash
	market  int32 // -1 unless a payout or a reversal
	timeMs  int64
	// token is the asset moved, zero for collateral.
	token machine.Hash
	// tradeID names the FAILED trade of a reversal, else 0.
	tradeID uint64
}

func encodeTransfer(e *enc, t *transferRec) []byte {
	e.reset()
	e.u8(uint8(t.kind))
	e.raw(t.account[:])
	e.u64(t.amount)
	e.raw(t.ref[:])
	e.u32(uint32(t.market))
	e.i64(t.timeMs)
	e.raw(t.token[:])
	e.u64(t.tradeID)
	return e.b
}

func decodeTransfer(seq uint64, v []byte, t *transferRec) error {
	d := newDec(v)
	*t = transferRec{seq: seq, kind: machine.TransferKind(d.u8())}
	t.account = d.addr()
	t.amount = d.u64()
	t.ref = d.hash()
	t.market = int32(d.u32())
	t.timeMs = d.i64()
	t.token = d.hash()
	t.tradeID = d.u64()
	return d.done("transfer")
}

// encodeApproval writes what a wallet lets an exchange move: the USDW
// allowance the engine counts, unlimited, shares approved.
func encodeApproval(e *enc, ev *machine.Event) []byte {
	e.reset()
	e.u64(ev.Amount)
	e.u8(flags(ev.Unlimited, ev.Approved))
	return e.b
}

func decodeApproval(v []byte, out *pb.ExchangeApproval) error {
	d := newDec(v)
	out.CollateralAllowance = d.u64()
	f := d.u8()
	out.CollateralUnlimited, out.SharesApproved = f&1 != 0, f&2 != 0
	return d.done("approval")
}

func flags(a, b bool) uint8 {
	var f uint8
	if a {
		f |= 1
	}
	if b {
		f |= 2
	}
	return f
}

// encodeBalance writes a balance record; pending (the withdrawal
// reservation) and debt are written only when one is not zero, so that
// most records stay 16 bytes (after the version byte).
func encodeBalance(e *enc, b *balanceEntry) []byte {
	e.reset()
	e.u64(b.balance)
	e.u64(b.locked)
	if b.pending != 0 || b.debt != 0 {
		e.u64(b.pending)
	}
	if b.debt != 0 {
		e.u64(b.debt)
	}
	return e.b
}

func decodeBalance(v []byte, out *pb.Balance) error {
	d := newDec(v)
	out.Balance, out.Locked = d.u64(), d.u64()
	if len(v) > 1+16 { // the version byte, balance and locked
		out.Pending = d.u64()
	}
	if len(v) > 1+24 {
		out.Debt = d.u64()
	}
	return d.done("balance")
}

// marketRec is a market as stored, with its index.
type marketRec struct {
	index int32
	info  machine.MarketInfo
}

func encodeMarket(e *enc, m *machine.MarketInfo) []byte {
	e.reset()
	e.raw(m.ID[:])
	e.raw(m.Tokens[0][:])
	e.raw(m.Tokens[1][:])
	e.u64(m.Params.TickSize)
	e.u64(m.Params.MinSize)
	e.u64(m.Params.MaxSize)
	e.u32(m.Params.FeeRateBps)
	e.flag(m.Params.NegRisk)
	e.u8(uint8(m.Status))
	e.u32(m.Payout[0])
	e.u32(m.Payout[1])
	e.u64(m.PairsUnits)
	return e.b
}

func decodeMarket(index int32, v []byte, m *marketRec) error {
	d := newDec(v)
	m.index = index
	mi := &m.info
	mi.ID, mi.Tokens[0], mi.Tokens[1] = d.hash(), d.hash(), d.hash()
	mi.Params = machine.MarketParams{TickSize: d.u64(), MinSize: d.u64(), MaxSize: d.u64(),
		FeeRateBps: d.u32(), NegRisk: d.flag()}
	mi.Status = machine.MarketStatus(d.u8())
	mi.Payout = [2]uint32{d.u32(), d.u32()}
	mi.PairsUnits = d.u64()
	return d.done("market")
}

func encodeMarketIndex(e *enc, index int32) []byte {
	e.reset()
	e.u32(uint32(index))
	return e.b
}

func decodeMarketIndex(v []byte) (int32, error) {
	d := newDec(v)
	i := int32(d.u32())
	return i, d.done("market index")
}

func encodeTokenRef(e *enc, index int32, outcome machine.Outcome) []byte {
	e.reset()
	e.u32(uint32(index))
	e.u8(uint8(outcome))
	return e.b
}

func decodeTokenRef(v []byte) (int32, machine.Outcome, error) {
	d := newDec(v)
	i, o := int32(d.u32()), machine.Outcome(d.u8())
	return i, o, d.done("token")
}

// lastTrade is a market's latest trade in YES terms: the price of YES and
// whether the taker bought YES (a taker buying NO sells YES).
type lastTrade struct {
	yesPrice uint64
	yesSide  machine.Side
	timeMs   int64
	tradeID  uint64
}

func encodeLastTrade(e *enc, l *lastTrade) []byte {
	e.reset()
	e.u64(l.yesPrice)
	e.u8(uint8(l.yesSide))
	e.i64(l.timeMs)
	e.u64(l.tradeID)
	return e.b
}

func decodeLastTrade(v []byte, l *lastTrade) error {
	d := newDec(v)
	l.yesPrice, l.yesSide, l.timeMs, l.tradeID = d.u64(), machine.Side(d.u8()), d.i64(), d.u64()
	return d.done("last trade")
}

func encodePricePoint(e *enc, yesPrice uint64) []byte {
	e.reset()
	e.u64(yesPrice)
	return e.b
}

func decodePricePoint(v []byte) (uint64, error) {
	d := newDec(v)
	p := d.u64()
	return p, d.done("price point")
}

// applied is the log position the stored state reflects, with the store's
// own counters that must advance with it.
type applied struct {
	seq          uint64
	timeMs       int64
	nextTransfer uint64
}

func encodeApplied(e *enc, a *applied) []byte {
	e.reset()
	e.u64(a.seq)
	e.i64(a.timeMs)
	e.u64(a.nextTransfer)
	return e.b
}

func decodeApplied(v []byte, a *applied) error {
	d := newDec(v)
	a.seq, a.timeMs, a.nextTransfer = d.u64(), d.i64(), d.u64()
	return d.done("applied position")
}
