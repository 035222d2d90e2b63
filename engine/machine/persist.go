package machine

import (
	"encoding/binary"
	"errors"
	"fmt"

	"pred.dev/engine/book"
)

// The machine's state persists as key/value records (this file; the
// store's read model has records of its own). The shell writes what
// Changes reports after each batch of commands, in one storage batch with
// the log position it reached; on start it feeds every stored record back
// through Load, in key order. Keys start with the record kind, and the
// kinds are numbered in the order Load needs them: markets before the
// positions in their tokens, orders by sequence so that each price level
// gets its orders back in time priority, trade statuses by trade id after
// the meta record that holds their floor.
const (
	RecMeta     byte = 1
	RecMarket   byte = 2
	RecAccount  byte = 3
	RecOwner    byte = 4
	RecPosition byte = 5
	RecOrder    byte = 6
	RecSeen     byte = 7
	RecTrade    byte = 8
)

// recordVersion is the first byte of the meta record; the other records
// follow its layout version.
//
// Version 2 dropped the GTD margin from the meta record (version 1 expired
// GTD orders 60 s before their signed expiration and stored their expiry
// time that way) and added the trade status floor and the RecTrade
// records. A version 1 data dir is refused (ErrStateVersion): its history
// was made under the old expiry rule, and continuing it under the new one
// would give a state that no replay of the log reproduces.
//
// Version 3 added the deployed flag to RecAccount (one byte after the
// address) and the withdrawal reservation and external shares to
// RecPosition. A version 2 data dir is refused: its log may hold orders of
// proxy wallets that version 3 would refuse (no WalletDeployed before
// them), so continuing it would again give a state no replay reproduces.
//
// Version 4 added the approvals to RecAccount, the debt to RecPosition,
// and a RecTrade for every trade from the floor up (MATCHED ones too) with
// what its fill moved. A version 3 data dir is refused for the same
// reason: its log may hold orders of wallets that never approved the
// exchange, which version 4 refuses.
//
// Version 5 added the order's request options to RecOrder (at its end:
// one byte, the self-trade mode and the cancel-on-halt flag in bit 7, and
// the order group, a u32), and the order groups to RecAccount (at its
// end, only when the account has some: a count, then each group). A
// version 4 data dir is continued, not refused: its orders were all placed
// before the options existed, so they have the defaults (cancel the
// resting order, keep the order through a halt), which is what Load gives
// an order record without the byte. Such records stay until the order
// changes, so Load tells them by their length, not by the version.
const recordVersion = 5

// orderCancelOnHalt is the cancel-on-halt bit of RecOrder's options byte.
const orderCancelOnHalt = 0x80

// changeSet lists what changed since the last Changes call.
type changeSet struct {
	markets       []int32
	accounts      []int32
	owners        []int32
	positions     []int32
	orders        []int32
	deletedOrders []uint64
	seen          seenList
	// trades lists the trade ids whose status entry was written or
	// dropped; Changes writes each as it is then.
	trades []uint64
	buf    []byte
	key    []byte
}

// changesCap sizes the change lists for a batch of commands up front; a
// larger batch grows them once.
const changesCap = 1024

func newChangeSet() changeSet {
	return changeSet{
		positions:     make([]int32, 0, changesCap),
		orders:        make([]int32, 0, changesCap),
		deletedOrders: make([]uint64, 0, changesCap),
	}
}

func (m *Machine) markMarket(i int32) {
	if mk := &m.markets[i]; !mk.dirty {
		mk.dirty = true
		m.changes.markets = append(m.changes.markets, i)
	}
}

func (m *Machine) markAccount(a int32) {
	if acct := &m.accounts[a]; !acct.dirty {
		acct.dirty = true
		m.changes.accounts = append(m.changes.accounts, a)
	}
}

func (m *Machine) markOwner(i int32) {
	if w := &m.owners[i]; !w.dirty {
		w.dirty = true
		m.changes.owners = append(m.changes.owners, i)
	}
}

func (m *Machine) markPosition(p int32) {
	if pos := &m.positions[p]; !pos.dirty {
		pos.dirty = true
		m.changes.positions = append(m.changes.positions, p)
	}
}

func (m *Machine) markOrder(s int32) {
	if o := m.pool.Get(s); !o.dirty {
		o.dirty = true
		m.changes.orders = append(m.changes.orders, s)
	}
}

func (m *Machine) markTrade(id uint64) {
	if n := len(m.changes.trades); n == 0 || m.changes.trades[n-1] != id {
		m.changes.trades = append(m.changes.trades, id)
	}
}

// markSeen spends an order or command id for good.
func (m *Machine) markSeen(id Hash) {
	m.seen.add(idKey(id))
	m.addSeenSum(id)
	m.changes.seen.add(&id)
}

// addSeenSum folds an id into an order-independent digest of the seen set,
// so StateHash covers it without iterating the set. It covers the 16 bytes
// the set keeps of each id.
func (m *Machine) addSeenSum(id Hash) {
	for i := range m.seenSum {
		m.seenSum[i] += binary.LittleEndian.Uint64(id[8*i:])
	}
}

// Changes reports every record written (value non-nil) or deleted (value
// nil) since the previous call, then forgets them. key and value are only
// valid during the call.
func (m *Machine) Changes(fn func(key, value []byte)) {
	cs := &m.changes
	fn(m.encodeKey(RecMeta), m.encodeMeta())
	for _, i := range cs.markets {
		m.markets[i].dirty = false
		fn(m.encodeKey(RecMarket, uint32(i)), m.encodeMarket(i))
	}
	for _, a := range cs.accounts {
		m.accounts[a].dirty = false
		fn(m.encodeKey(RecAccount, uint32(a)), m.encodeAccount(a))
	}
	for _, i := range cs.owners {
		m.owners[i].dirty = false
		fn(m.encodeKey(RecOwner, uint32(i)), m.encodeOwner(i))
	}
	for _, p := range cs.positions {
		pos := &m.positions[p]
		pos.dirty = false
		fn(m.encodeKey(RecPosition, uint32(pos.account), uint32(pos.asset)), m.encodePosition(p))
	}
	for _, seq := range cs.deletedOrders {
		fn(m.orderKey(seq), nil)
	}
	for _, s := range cs.orders {
		o := m.pool.Get(s)
		o.dirty = false
		if o.live {
			o.persisted = true
			fn(m.orderKey(o.seq), m.encodeOrder(s))
		}
	}
	for _, id := range cs.trades {
		k := binary.BigEndian.AppendUint64(append(cs.key[:0], RecTrade), id)
		cs.key = k
		if i, ok := m.tradeAt(id); ok {
			fn(k, m.encodeTrade(i))
		} else {
			fn(k, nil) // final and below the floor, or never written
		}
	}
	m.seen.flush()
	m.seenChunks(fn)
	m.resetChanges()
}

// seenChunkIDsMax bounds the ids of one seen record.
const seenChunkIDsMax = 4_096

// seenChunks writes the newly spent ids as records of up to
// seenChunkIDsMax ids each (16 bytes apiece), keyed by their first id.
// A record per id would make the spent ids, one per order ever placed, the
// bulk of the keys the engine writes.
func (m *Machine) seenChunks(fn func(key, value []byte)) {
	cs := &m.changes
	for _, ids := range cs.seen.chunks {
		if len(ids) == 0 {
			break
		}
		cs.key = append(append(cs.key[:0], RecSeen), ids[:16]...)
		fn(cs.key, ids)
	}
}

func (m *Machine) resetChanges() {
	cs := &m.changes
	cs.markets, cs.accounts, cs.owners = cs.markets[:0], cs.accounts[:0], cs.owners[:0]
	cs.positions, cs.orders = cs.positions[:0], cs.orders[:0]
	cs.deletedOrders = cs.deletedOrders[:0]
	cs.seen.reset()
	cs.trades = cs.trades[:0]
}

func (m *Machine) encodeKey(kind byte, parts ...uint32) []byte {
	k := append(m.changes.key[:0], kind)
	for _, p := range parts {
		k = binary.BigEndian.AppendUint32(k, p)
	}
	m.changes.key = k
	return k
}

func (m *Machine) orderKey(seq uint64) []byte {
	k := binary.BigEndian.AppendUint64(append(m.changes.key[:0], RecOrder), seq)
	m.changes.key = k
	return k
}

// enc appends little-endian fields to a reused buffer.
type enc struct{ b []byte }

func (e *enc) u8(v uint8)   { e.b = append(e.b, v) }
func (e *enc) u32(v uint32) { e.b = binary.LittleEndian.AppendUint32(e.b, v) }
func (e *enc) u64(v uint64) { e.b = binary.LittleEndian.AppendUint64(e.b, v) }
func (e *enc) i64(v int64)  { e.u64(uint64(v)) }
func (e *enc) bytes(v []byte) {
	e.b = append(e.b, v...)
}
func (e *enc) flag(v bool) {
	if v {
		e.u8(1)
	} else {
		e.u8(0)
	}
}

func (m *Machine) encoder() *enc { return &enc{b: m.changes.buf[:0]} }

func (m *Machine) done(e *enc) []byte {
	m.changes.buf = e.b
	return e.b
}

func (m *Machine) encodeMeta() []byte {
	e := m.encoder()
	e.u8(recordVersion)
	e.i64(m.nowMs)
	e.u64(m.nextOrderSeq)
	e.u64(m.nextTradeID)
	e.u64(m.creditedUnits)
	e.u64(m.withdrawnUnits)
	e.u64(m.tradeFloor)
	// The rules that decide outcomes travel with the state, so that an
	// engine restarted with different flags refuses to continue instead of
	// diverging from the log's history.
	e.bytes(m.cfg.FeeAccount[:])
	e.i64(m.cfg.HeartbeatTimeoutMs)
	e.u32(m.cfg.FeeRateMaxBps)
	e.u64(uint64(m.cfg.CancelListMax))
	e.u64(m.cfg.CreditMax)
	if m.cfg.GroupsMax != GroupsMaxDefault {
		e.u64(uint64(m.cfg.GroupsMax)) // a meta record without it had the default
	}
	return m.done(e)
}

func (m *Machine) encodeMarket(i int32) []byte {
	mk := &m.markets[i]
	e := m.encoder()
	e.bytes(mk.id[:])
	e.bytes(mk.tokens[0][:])
	e.bytes(mk.tokens[1][:])
	e.u64(mk.params.TickSize)
	e.u64(mk.params.MinSize)
	e.u64(mk.params.MaxSize)
	e.u32(mk.params.FeeRateBps)
	e.flag(mk.params.NegRisk)
	e.u8(uint8(mk.status))
	e.u32(mk.payout[0])
	e.u32(mk.payout[1])
	e.i64(mk.pairs)
	return m.done(e)
}

func (m *Machine) encodeOwner(i int32) []byte {
	w := &m.owners[i]
	e := m.encoder()
	e.bytes(w.key[:])
	e.i64(w.lastBeatMs)
	e.flag(w.beating)
	return m.done(e)
}

func (m *Machine) encodePosition(p int32) []byte {
	e := m.encoder()
	e.i64(m.positions[p].balance)
	e.i64(m.positions[p].locked)
	e.i64(m.positions[p].pending)
	e.i64(m.positions[p].external)
	e.i64(m.positions[p].debt)
	return m.done(e)
}

func (m *Machine) encodeAccount(a int32) []byte {
	e := m.encoder()
	e.b = append(e.b, m.accounts[a].addr[:]...)
	e.flag(m.accounts[a].deployed)
	for _, ap := range m.accounts[a].approvals {
		e.i64(ap.collateral)
		e.flag(ap.unlimited)
		e.flag(ap.shares)
	}
	m.appendGroups(e, a)
	return m.done(e)
}

// encodeTrade encodes trades[i]: its status and fill.
func (m *Machine) encodeTrade(i int) []byte {
	t := &m.trades[i]
	e := m.encoder()
	e.u8(uint8(t.status))
	e.u32(uint32(t.fill.market))
	e.u32(uint32(t.fill.taker))
	e.u32(uint32(t.fill.maker))
	e.u8(t.fill.takerOutcome)
	e.u8(t.fill.makerOutcome)
	e.u8(uint8(t.fill.takerSide))
	e.u8(uint8(t.fill.makerSide))
	e.i64(t.fill.lots)
	e.i64(t.fill.takerNotional)
	e.i64(t.fill.makerNotional)
	e.i64(t.fill.fee)
	return m.done(e)
}

func (m *Machine) encodeOrder(s int32) []byte {
	e := m.encoder()
	appendOrder(e, m.pool.Get(s), m.pool.Get(s).id)
	return m.done(e)
}

func appendOrder(e *enc, o *order, id Hash) {
	e.bytes(id[:])
	e.u64(o.seq)
	e.u32(uint32(o.market))
	e.u32(uint32(o.account))
	e.u32(uint32(o.owner))
	e.u32(uint32(o.price))
	e.i64(o.remaining)
	e.i64(o.size)
	e.i64(o.locked)
	e.i64(o.expireAtMs)
	e.i64(o.createdMs)
	e.u64(o.expiration)
	e.u32(o.feeBps)
	e.u8(o.outcome)
	e.u8(uint8(o.side))
	e.u8(uint8(o.typ))
	e.flag(o.postOnly)
	opts := uint8(o.selfTrade)
	if o.cancelOnHalt {
		opts |= orderCancelOnHalt
	}
	e.u8(opts)
	e.u32(o.group)
}

// ErrCorruptRecord is returned by Load for a record it cannot decode.
var ErrCorruptRecord = errors.New("machine: corrupt state record")

// ErrStateVersion is returned by Load for state records written by an
// engine whose records this one does not continue.
var ErrStateVersion = errors.New("machine: state records of another version")

// ErrConfigMismatch is returned by Load when the stored state was built
// under different rules than the machine's Config.
var ErrConfigMismatch = errors.New("machine: stored state was built with a different engine config")

// dec reads little-endian fields and remembers the first short read.
type dec struct {
	b   []byte
	bad bool
}

func (d *dec) take(n int) []byte {
	if len(d.b) < n {
		d.bad = true
		return make([]byte, n)
	}
	v := d.b[:n]
	d.b = d.b[n:]
	return v
}

func (d *dec) u8() uint8    { return d.take(1)[0] }
func (d *dec) u32() uint32  { return binary.LittleEndian.Uint32(d.take(4)) }
func (d *dec) u64() uint64  { return binary.LittleEndian.Uint64(d.take(8)) }
func (d *dec) i64() int64   { return int64(d.u64()) }
func (d *dec) flag() bool   { return d.u8() != 0 }
func (d *dec) hash() Hash   { return Hash(d.take(32)) }
func (d *dec) addr() []byte { return d.take(20) }

// Load restores one record. Call it on a new machine for every stored
// record, in key order; the machine then equals the one that wrote them.
func (m *Machine) Load(key, value []byte) error {
	if len(key) == 0 {
		return fmt.Errorf("%w: empty key", ErrCorruptRecord)
	}
	d := &dec{b: value}
	var err error
	switch key[0] {
	case RecMeta:
		err = m.loadMeta(d)
	case RecMarket:
		m.loadMarket(d)
	case RecAccount:
		m.loadAccount(d)
	case RecOwner:
		m.loadOwner(d)
	case RecPosition:
		err = m.loadPosition(key, d)
	case RecOrder:
		err = m.loadOrder(d)
	case RecSeen:
		return m.loadSeen(key, value)
	case RecTrade:
		err = m.loadTrade(key, d)
	default:
		return fmt.Errorf("%w: unknown kind %d", ErrCorruptRecord, key[0])
	}
	if err == nil && (d.bad || len(d.b) != 0) {
		err = fmt.Errorf("%w: kind %d value of %d bytes", ErrCorruptRecord, key[0], len(value))
	}
	m.resetChanges()
	return err
}

func (m *Machine) loadSeen(key, value []byte) error {
	if len(key) != 17 || len(value) == 0 || len(value)%16 != 0 || string(value[:16]) != string(key[1:]) {
		return fmt.Errorf("%w: seen record of %d key and %d value bytes", ErrCorruptRecord, len(key), len(value))
	}
	for ; len(value) > 0; value = value[16:] {
		var id Hash
		copy(id[:], value[:16])
		if m.seen.has(idKey(id)) {
			return fmt.Errorf("%w: id %x stored twice", ErrCorruptRecord, id[:8])
		}
		m.seen.add(idKey(id))
		m.addSeenSum(id)
	}
	m.resetChanges()
	return nil
}

func (m *Machine) loadMeta(d *dec) error {
	switch v := d.u8(); v {
	case recordVersion, 4:
	case 3:
		return fmt.Errorf("%w: the data dir was written by an engine that did not know approvals (state "+
			"version 3), whose log may hold orders of wallets that never approved the exchange, which this "+
			"engine (version %d) refuses: start it on a new data dir (on a devnet, delete the old one)",
			ErrStateVersion, recordVersion)
	case 2:
		return fmt.Errorf("%w: the data dir was written by an engine without wallet deployments (state "+
			"version 2), whose log may hold proxy-wallet orders this engine (version %d) refuses until the "+
			"wallet is deployed: start it on a new data dir (on a devnet, delete the old one)",
			ErrStateVersion, recordVersion)
	case 1:
		return fmt.Errorf("%w: the data dir was written by an engine that expired GTD orders 60 s before "+
			"their expiration (state version 1); this engine (version %d) expires them at their expiration and "+
			"cannot continue that history: start it on a new data dir (on a devnet, delete the old one)",
			ErrStateVersion, recordVersion)
	default:
		return fmt.Errorf("%w: meta version %d", ErrCorruptRecord, v)
	}
	m.nowMs = d.i64()
	m.nextOrderSeq = d.u64()
	m.nextTradeID = d.u64()
	m.creditedUnits = d.u64()
	m.withdrawnUnits = d.u64()
	m.tradeFloor = d.u64()
	feeAcct := Address(d.addr())
	hb, feeMax := d.i64(), d.u32()
	cancelMax, creditMax := d.u64(), d.u64()
	groupsMax := uint64(GroupsMaxDefault)
	if len(d.b) > 0 {
		groupsMax = d.u64()
	}
	c := m.cfg
	if groupsMax != uint64(c.GroupsMax) {
		return ErrConfigMismatch
	}
	if feeAcct != c.FeeAccount || hb != c.HeartbeatTimeoutMs ||
		feeMax != c.FeeRateMaxBps || cancelMax != uint64(c.CancelListMax) || creditMax != c.CreditMax {
		return ErrConfigMismatch
	}
	if m.tradeFloor == 0 || m.tradeFloor > m.nextTradeID {
		return fmt.Errorf("%w: trade status floor %d with next trade %d", ErrCorruptRecord, m.tradeFloor, m.nextTradeID)
	}
	return nil
}

// loadTrade restores one trade; they load by id, after the meta record,
// one for every id from the floor up to the next trade.
func (m *Machine) loadTrade(key []byte, d *dec) error {
	if len(key) != 9 {
		return fmt.Errorf("%w: trade key of %d bytes", ErrCorruptRecord, len(key))
	}
	id := binary.BigEndian.Uint64(key[1:])
	var t tradeEntry
	t.status = TradeStatus(d.u8())
	f := &t.fill
	f.market, f.taker, f.maker = int32(d.u32()), int32(d.u32()), int32(d.u32())
	f.takerOutcome, f.makerOutcome = d.u8(), d.u8()
	f.takerSide, f.makerSide = Side(d.u8()), Side(d.u8())
	f.lots, f.takerNotional, f.makerNotional, f.fee = d.i64(), d.i64(), d.i64(), d.i64()
	if id != m.tradeFloor+uint64(len(m.trades)) || id >= m.nextTradeID || !validTradeStatus(t.status) ||
		int(f.market) >= len(m.markets) || int(f.taker) >= len(m.accounts) || int(f.maker) >= len(m.accounts) ||
		f.market < 0 || f.taker < 0 || f.maker < 0 || f.takerOutcome > 1 || f.makerOutcome > 1 || f.lots <= 0 {
		return fmt.Errorf("%w: trade %d (floor %d, %d loaded, next %d)", ErrCorruptRecord, id, m.tradeFloor,
			len(m.trades), m.nextTradeID)
	}
	m.trades = append(m.trades, t)
	return nil
}

func (m *Machine) loadAccount(d *dec) {
	a := m.accountFor(Address(d.addr()))
	acct := &m.accounts[a]
	acct.deployed = d.flag()
	for i := range acct.approvals {
		ap := &acct.approvals[i]
		ap.collateral, ap.unlimited, ap.shares = d.i64(), d.flag(), d.flag()
	}
	m.loadGroups(d, a)
	acct.dirty = false
}

func (m *Machine) loadMarket(d *dec) {
	mk := market{id: d.hash()}
	mk.tokens[0], mk.tokens[1] = d.hash(), d.hash()
	p := MarketParams{TickSize: d.u64(), MinSize: d.u64(), MaxSize: d.u64(), FeeRateBps: d.u32(), NegRisk: d.flag()}
	mk.status = MarketStatus(d.u8())
	mk.payout = [2]uint32{d.u32(), d.u32()}
	mk.pairs = d.i64()
	if d.bad || !m.validParams(&p) {
		d.bad = true
		return
	}
	mk.setParams(p)
	mk.book = m.newBook(mk.ticks)
	i := int32(len(m.markets))
	m.markets = append(m.markets, mk)
	m.marketIdx[mk.id] = i
	m.addTokens(i, mk.tokens)
}

func (m *Machine) loadOwner(d *dec) {
	i := m.ownerFor(KeyID(d.take(16)))
	w := &m.owners[i]
	w.lastBeatMs = d.i64()
	w.beating = d.flag()
	w.dirty = false
	if w.beating {
		m.beating = append(m.beating, i) // owners load in index order
	}
}

func (m *Machine) loadPosition(key []byte, d *dec) error {
	if len(key) != 9 {
		return fmt.Errorf("%w: position key of %d bytes", ErrCorruptRecord, len(key))
	}
	acct := int32(binary.BigEndian.Uint32(key[1:]))
	asset := int32(binary.BigEndian.Uint32(key[5:]))
	if int(acct) >= len(m.accounts) || asset < 0 || int(asset) > 2*len(m.markets) {
		return fmt.Errorf("%w: position of unknown account %d or asset %d", ErrCorruptRecord, acct, asset)
	}
	p := m.positionFor(acct, asset)
	m.positions[p].balance = d.i64()
	m.positions[p].locked = d.i64()
	m.positions[p].pending = d.i64()
	m.positions[p].external = d.i64()
	if m.positions[p].debt = d.i64(); m.positions[p].debt > 0 {
		m.accounts[acct].debts++
	}
	return nil
}

func (m *Machine) loadOrder(d *dec) error {
	id := d.hash()
	var o order
	o.seq = d.u64()
	o.market = int32(d.u32())
	o.account = int32(d.u32())
	o.owner = int32(d.u32())
	o.price = int32(d.u32())
	o.remaining, o.size, o.locked = d.i64(), d.i64(), d.i64()
	o.expireAtMs, o.createdMs = d.i64(), d.i64()
	o.expiration = d.u64()
	o.feeBps = d.u32()
	o.outcome, o.side, o.typ, o.postOnly = d.u8(), Side(d.u8()), OrderType(d.u8()), d.flag()
	if len(d.b) > 0 { // written by version 5 or later
		opts := d.u8()
		o.selfTrade, o.cancelOnHalt = SelfTrade(opts&^orderCancelOnHalt), opts&orderCancelOnHalt != 0
		o.group = d.u32()
		if o.selfTrade > SelfTradeCancelBoth {
			d.bad = true
		}
	}
	if d.bad || int(o.market) >= len(m.markets) || int(o.account) >= len(m.accounts) ||
		int(o.owner) >= len(m.owners) || o.outcome > 1 {
		return fmt.Errorf("%w: order %x", ErrCorruptRecord, id[:8])
	}
	mk := &m.markets[o.market]
	if o.price <= 0 || o.price >= mk.ticks || o.remaining <= 0 {
		return fmt.Errorf("%w: order %x", ErrCorruptRecord, id[:8])
	}
	o.bookSide = book.Bid
	if (o.side == Buy) != (o.outcome == 0) {
		o.bookSide = book.Ask
	}
	o.collSlot = m.accounts[o.account].coll
	o.tokSlot = -1
	if o.side == Sell {
		o.tokSlot = m.positionFor(o.account, assetOf(o.market, o.outcome))
	}
	s := m.rest(mk, &o, id)
	m.levels = m.levels[:0] // loading is no command: no book changes to report
	m.pool.Get(s).persisted = true
	m.pool.Get(s).dirty = false
	return nil
}
