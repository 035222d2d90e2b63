package store

import (
	"encoding/binary"
	"fmt"

	"github.com/cockroachdb/pebble/v2"
	"go.uber.org/zap"

	"pred.dev/engine/machine"
	"pred.dev/engine/wire"
)

// Resolver names what events refer to by index. *machine.Machine is one.
// Owner is never asked for index -1 (an order placed without an API key).
type Resolver interface {
	Market(i int32) machine.MarketInfo
	Account(i int32) machine.Address
	Owner(i int32) machine.KeyID
	AssetToken(asset int32) (machine.Hash, bool)
}

// CommandRecord is one applied command and the events it produced.
type CommandRecord struct {
	// Seq is the CMD stream sequence of the message that carried the
	// command; the commands of one batch are recorded in log order.
	Seq    uint64
	TimeMs int64
	Cmd    *machine.Command
	// Signed is the signed order of a place command, nil otherwise (or
	// when the command came without one, as from a load generator).
	Signed *wire.Signed
	Events []machine.Event
}

// Batch collects the writes of one batch of commands. It is reused: Commit
// writes it and starts the next one.
type Batch struct {
	db *DB
	// pb holds the batch's writes, or run in a bulk load (bulk.go).
	pb  *pebble.Batch
	run *bulkRun
	key keyBuf
	val enc
	err error

	// pos is the position and counters this batch commits; nowMs is
	// engine time, the latest command time recorded.
	pos     applied
	nowMs   int64
	lastSeq uint64

	orders  []orderEntry
	orderAt map[machine.Hash]int32
	scopes  []byte

	balances  []balanceEntry
	balanceAt map[uint64]int32

	markets   map[int32]machine.MarketInfo
	touched   []int32
	lasts     map[int32]lastTrade
	points    map[int32]pricePoint
	commands  int
	keyWrites int
}

// orderEntry is an order changed in this batch: a new order (body still to
// write) or the new state of an order from an earlier batch.
type orderEntry struct {
	rec      orderRec
	isNew    bool
	scopeOff int32
	scopeLen int32
}

type balanceEntry struct {
	account machine.Address
	token   machine.Hash
	isToken bool
	balance uint64
	locked  uint64
	pending uint64
	debt    uint64
}

// pricePoint is the pending history point of a market: the YES price of
// its last trade in one minute.
type pricePoint struct {
	minute   int64
	yesPrice uint64
}

// batchOrdersCap sizes the per-batch tables for a typical batch; a larger
// batch grows them once and they keep the size.
const batchOrdersCap = 2048

// NewBatch returns a write batch, for the goroutine that applies commands.
// Make one and reuse it. A second one (for a checkpoint, say) may be made
// and committed between two commits of the first, but never while the
// first holds records: each batch numbers transfers from the committed
// position.
func (db *DB) NewBatch() *Batch {
	b := &Batch{
		db:        db,
		pos:       db.pos,
		nowMs:     db.pos.timeMs,
		lastSeq:   db.pos.seq,
		orders:    make([]orderEntry, 0, batchOrdersCap),
		orderAt:   make(map[machine.Hash]int32, batchOrdersCap),
		balanceAt: make(map[uint64]int32, batchOrdersCap),
		markets:   map[int32]machine.MarketInfo{},
		lasts:     map[int32]lastTrade{},
		points:    map[int32]pricePoint{},
	}
	if db.bulk {
		b.run = db.takeRun(nil)
	} else {
		b.pb = db.pdb.NewBatch(pebble.WithMaxRetainedSizeBytes(batchRetainBytes))
	}
	return b
}

// Close releases the batch without writing it.
func (b *Batch) Close() error {
	if b.run != nil {
		b.db.giveRun(b.run)
		return nil
	}
	return b.pb.Close()
}

// SetState writes a core state record; a nil value deletes it. Its
// signature matches machine.Changes' callback. The slices are copied.
func (b *Batch) SetState(key, value []byte) {
	b.key.b = append(append(b.key.b[:0], pState), key...)
	if value == nil {
		b.del(b.key.b)
		return
	}
	b.set(b.key.b, value)
}

// SetApplied records the log position the batch reaches and its time.
func (b *Batch) SetApplied(seq uint64, timeMs int64) {
	b.pos.seq, b.pos.timeMs = seq, timeMs
}

func (b *Batch) set(key, value []byte) {
	b.keyWrites++
	var err error
	if b.run != nil {
		err = b.run.add(key, value, false)
	} else {
		err = b.pb.Set(key, value, nil)
	}
	if err != nil && b.err == nil {
		b.err = err
	}
}

func (b *Batch) del(key []byte) {
	b.keyWrites++
	var err error
	if b.run != nil {
		err = b.run.add(key, nil, true)
	} else {
		err = b.pb.Delete(key, nil)
	}
	if err != nil && b.err == nil {
		b.err = err
	}
}

// Commit writes the batch atomically, synced to disk if sync, and starts
// the next one. After an error the batch refuses further commits: its
// counters no longer match the database, and the engine must restart.
func (b *Batch) Commit(sync bool) error { return b.Seal().Commit(sync) }

// Sealed is one batch's writes, ready to commit, possibly on another
// goroutine than the one already recording the next batch: the engine
// applies batch n+1 while batch n waits for its events to be published
// and is written. Sealed batches must be committed in the order they were
// sealed, and a failed one stops the rest.
type Sealed struct {
	db                  *DB
	pb                  *pebble.Batch
	run                 *bulkRun
	pos                 applied
	commands, keyWrites int
	err                 error
}

// Seal ends the batch and returns its writes. The batch goes on recording
// the next one from where this one ends, without waiting for the commit.
func (b *Batch) Seal() *Sealed {
	if b.err == nil {
		b.flushOrders()
		b.flushBalances()
		b.flushMarkets()
		b.flushLastTrades()
		b.flushPricePoints()
		b.set(appliedKey, encodeApplied(&b.val, &b.pos))
	}
	s := &Sealed{db: b.db, pb: b.pb, run: b.run, pos: b.pos, commands: b.commands, keyWrites: b.keyWrites, err: b.err}
	if b.run != nil {
		b.run = b.db.takeRun(b.run)
		b.reset()
		return s
	}
	// The next batch starts a quarter above this one's size. Growing a
	// fresh batch by doubling copies its buffer again and again: in a
	// replay, whose batches run to tens of megabytes, the copies took a
	// fifth of the apply goroutine, and a batch only a little larger
	// than the last would still copy it all once.
	n := len(b.pb.Repr())
	b.pb = b.db.pdb.NewBatchWithSize(min(n+n/4, batchSizeHintMaxBytes),
		pebble.WithMaxRetainedSizeBytes(batchRetainBytes))
	b.reset()
	return s
}

// Seq is the log position the sealed batch reaches.
func (s *Sealed) Seq() uint64 { return s.pos.seq }

// Commit writes the sealed batch atomically, synced to disk if sync.
func (s *Sealed) Commit(sync bool) error {
	if s.err != nil {
		return s.fail(s.err)
	}
	if s.run != nil {
		return s.ingest()
	}
	wo := pebble.NoSync
	if sync {
		wo = pebble.Sync
	}
	if s.db.walDisabled {
		wo = pebble.NoSync // there is no log to sync
	}
	size := len(s.pb.Repr())
	if err := s.pb.Commit(wo); err != nil {
		return s.fail(err)
	}
	if sync && s.db.walDisabled {
		// Without a log, durability is a flushed memtable. The flush runs
		// in the background; until it ends, a crash costs a longer replay.
		if _, err := s.db.pdb.AsyncFlush(); err != nil {
			return s.fail(err)
		}
	}
	s.db.pos = s.pos
	s.db.stats.add(s.commands, s.keyWrites, size)
	err := s.pb.Close()
	s.pb = nil
	return err
}

// ingest commits a bulk load's batch. An ingested table is durable
// once ingested, synced or not.
func (s *Sealed) ingest() error {
	size := s.run.size()
	if err := s.db.ingest(s.run); err != nil {
		return s.fail(err)
	}
	s.db.pos = s.pos
	s.db.stats.add(s.commands, s.keyWrites, size)
	s.db.giveRun(s.run)
	s.run = nil
	return nil
}

func (s *Sealed) fail(err error) error {
	err = fmt.Errorf("store: commit at seq %d: %w", s.pos.seq, err)
	s.db.log.Error("commit failed", zap.Error(err))
	s.Discard()
	return err
}

// Discard drops a sealed batch that will not be committed, as after an
// earlier one failed. A bulk load's apply goroutine waits for its runs
// to come back (bulk.go), so every sealed batch must be committed or
// discarded. Discarding a committed batch does nothing.
func (s *Sealed) Discard() {
	if s.pb != nil {
		_ = s.pb.Close()
		s.pb = nil
	}
	if s.run != nil {
		s.db.giveRun(s.run)
		s.run = nil
	}
}

// reset clears the per-batch tables for the next batch, which continues
// from this one's position and counters.
func (b *Batch) reset() {
	b.orders = b.orders[:0]
	clear(b.orderAt)
	b.scopes = b.scopes[:0]
	b.balances = b.balances[:0]
	clear(b.balanceAt)
	clear(b.markets)
	clear(b.lasts)
	clear(b.points)
	b.commands, b.keyWrites = 0, 0
}

// Record adds one applied command's events to the batch. Call it right
// after the Apply that produced them: market parameters are read from r as
// they are then. Commands must come in log order, from after the applied
// position on; one that does not makes Commit fail, since the read model
// would no longer be the log's.
func (b *Batch) Record(r Resolver, rec CommandRecord) {
	if rec.Seq < b.lastSeq && b.err == nil {
		b.err = fmt.Errorf("store: command of seq %d recorded after seq %d", rec.Seq, b.lastSeq)
	}
	b.lastSeq = rec.Seq
	b.nowMs = max(b.nowMs, rec.TimeMs)
	b.commands++
	for i := range rec.Events {
		b.event(r, &rec, &rec.Events[i])
	}
	for _, i := range b.touched {
		b.markets[i] = r.Market(i)
	}
	b.touched = b.touched[:0]
}

// event files one event. A refused place is filed as an INVALID order
// (see refused); other rejections leave no trace: the refused command's
// sender gets the reason in its reply, and nothing changed.
func (b *Batch) event(r Resolver, rec *CommandRecord, e *machine.Event) {
	switch e.Kind {
	case machine.EvOrderAccepted:
		b.accepted(r, rec, e)
	case machine.EvOrderRejected:
		b.refused(r, rec, e)
	case machine.EvTrade:
		b.trade(r, e)
	case machine.EvOrderFilled:
		b.orderState(r, e.OrderID, e.Account, e.Market,
			orderState{status: machine.StatusMatched, updatedMs: b.nowMs})
	case machine.EvOrderCancelled:
		b.orderState(r, e.OrderID, e.Account, e.Market,
			orderState{status: e.Status, cause: e.Cause, remaining: e.Remaining, updatedMs: b.nowMs})
	case machine.EvOrderDecreased:
		// The order body keeps the signed size; its size now is a record
		// of its own, so that a later batch's state-only entry (which
		// knows nothing of the decrease) cannot lose it.
		b.fill(r, e.OrderID, e.Account, e.Market, e.Remaining, e.TimeMs)
		b.val.b = binary.BigEndian.AppendUint64(b.val.b[:0], e.Size)
		b.set(b.key.start(pOrderSize).hash(&e.OrderID).bytes(), b.val.b)
	case machine.EvOrderExpired:
		b.orderState(r, e.OrderID, e.Account, e.Market,
			orderState{status: machine.StatusCanceled, cause: machine.CauseExpired, remaining: e.Remaining, updatedMs: b.nowMs})
	case machine.EvBalanceChanged:
		b.balance(r, e)
	case machine.EvMarketChanged:
		b.touchMarket(e.Market)
	case machine.EvTradeStatusChanged:
		b.tradeStatus(e)
	case machine.EvTransfer:
		b.transfer(r, e)
	case machine.EvApprovalChanged:
		a := r.Account(e.Account)
		b.set(b.key.approval(&a, e.Exchange), encodeApproval(&b.val, e))
	}
}

// touchMarket asks for market i's record to be rewritten with its
// parameters as they are at the end of this command.
func (b *Batch) touchMarket(i int32) {
	for _, t := range b.touched {
		if t == i {
			return
		}
	}
	b.touched = append(b.touched, i)
}
