package store

import (
	"encoding/binary"
	"testing"

	"go.uber.org/zap/zaptest"

	"pred.dev/engine/machine"
	"pred.dev/engine/wire"
	"pred.dev/proto/pb"
)

// harness drives a real machine and records every command it applies into
// a real store, the way the engine's apply loop does.
type harness struct {
	t     *testing.T
	dir   string
	db    *DB
	m     *machine.Machine
	b     *Batch
	seq   uint64
	nowMs int64
	out   []machine.Event
	// log keeps every command applied, for replaying it elsewhere.
	log []logged
	// skipInvariants spares tests of many commands the machine's full
	// invariant check after each one.
	skipInvariants bool
}

type logged struct {
	cmd    machine.Command
	signed *wire.Signed
	commit bool
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	h := &harness{t: t, dir: t.TempDir(), m: machine.New(machine.DefaultConfig()), nowMs: startMs}
	h.open()
	return h
}

// startMs is the engine time the tests start at: 2026-01-01T00:00:00Z.
const startMs = 1_767_225_600_000

func (h *harness) open() {
	h.t.Helper()
	db, err := Open(h.dir, Options{Logger: zaptest.NewLogger(h.t), MemTableSize: 1 << 20})
	if err != nil {
		h.t.Fatal(err)
	}
	h.db, h.b = db, db.NewBatch()
	h.t.Cleanup(func() { _ = db.Close() })
}

// apply applies one command at the harness's time and records it.
func (h *harness) apply(c machine.Command, signed *wire.Signed) []machine.Event {
	h.t.Helper()
	h.seq++
	c.TimeMs = h.nowMs
	h.out = h.m.Apply(&c, h.out[:0])
	h.b.Record(h.m, CommandRecord{Seq: h.seq, TimeMs: c.TimeMs, Cmd: &c, Signed: signed, Events: h.out})
	h.log = append(h.log, logged{cmd: c, signed: signed})
	if h.skipInvariants {
		return h.out
	}
	if err := h.m.CheckInvariants(); err != nil {
		h.t.Fatal(err)
	}
	return h.out
}

// commit ends a batch the way the engine does: core changes, applied
// position, one Pebble batch.
func (h *harness) commit() {
	h.t.Helper()
	h.m.Changes(h.b.SetState)
	h.b.SetApplied(h.seq, h.nowMs)
	if err := h.b.Commit(false); err != nil {
		h.t.Fatal(err)
	}
	if n := len(h.log); n > 0 {
		h.log[n-1].commit = true
	}
}

// machineBooks serves books straight from the machine; the test queries on
// the goroutine that applies, so it may.
type machineBooks struct{ m *machine.Machine }

func (s machineBooks) Levels(id machine.Hash) (bids, asks []machine.Level, timeMs int64, ok bool) {
	i, ok := s.m.MarketIndex(id)
	if !ok {
		return nil, nil, 0, false
	}
	return s.m.Levels(i, true, 0, nil), s.m.Levels(i, false, 0, nil), s.m.NowMs(), true
}

func (h *harness) query(req *pb.QueryRequest) *pb.QueryResponse {
	h.t.Helper()
	resp := h.db.Query(req, machineBooks{h.m})
	if resp.GetError() != nil {
		h.t.Fatalf("query %v: %v", req, resp.GetError())
	}
	if resp.GetSeq() != h.committedSeq() {
		h.t.Fatalf("answer at seq %d, want %d", resp.GetSeq(), h.committedSeq())
	}
	return resp
}

func (h *harness) committedSeq() uint64 {
	for i := len(h.log) - 1; i >= 0; i-- {
		if h.log[i].commit {
			return uint64(i + 1)
		}
	}
	return 0
}

// queryErr runs a query that must fail with code.
func (h *harness) queryErr(req *pb.QueryRequest, code pb.QueryErrorCode) string {
	h.t.Helper()
	resp := h.db.Query(req, machineBooks{h.m})
	if resp.GetError().GetCode() != code {
		h.t.Fatalf("query %v: got %v, want code %v", req, resp.GetError(), code)
	}
	if resp.GetError().GetMessage() == "" {
		h.t.Fatalf("query %v: error without a message", req)
	}
	return resp.GetError().GetMessage()
}

// Fixtures.

func addr(n byte) machine.Address {
	var a machine.Address
	a[0], a[19] = 0xaa, n
	return a
}

func hash(kind, n byte) machine.Hash {
	var h machine.Hash
	h[0], h[31] = kind, n
	return h
}

func key(n byte) machine.KeyID {
	var k machine.KeyID
	k[0], k[15] = 0x4b, n
	return k
}

var nextID uint64

func cmdID() machine.Hash {
	nextID++
	var h machine.Hash
	// The engine tells ids apart by their first 16 bytes.
	h[0] = 0xc0
	binary.BigEndian.PutUint64(h[8:], nextID)
	h[31] = byte(nextID)
	return h
}

type market struct {
	id, yes, no machine.Hash
}

func (mk market) token(o machine.Outcome) machine.Hash {
	if o == machine.No {
		return mk.no
	}
	return mk.yes
}

func newMarket(n byte) market {
	return market{id: hash(0x3a, n), yes: hash(0x3b, n), no: hash(0x3c, n)}
}

// tick001 is a 0.01 tick in micro-USDW.
const tick001 = 10_000

func (h *harness) createMarket(mk market, feeBps uint32) {
	h.t.Helper()
	h.mustApply(machine.Command{Kind: machine.KindCreateMarket, ID: cmdID(), Args: &machine.Args{
		Market: mk.id, Tokens: [2]machine.Hash{mk.yes, mk.no},
		Params: machine.MarketParams{TickSize: tick001, MinSize: machine.UnitsPerShare, MaxSize: 1_000 * machine.UnitsPerShare, FeeRateBps: feeBps}}})
}

// faucet credits a wallet and lets the exchange move its USDW and shares,
// so that it can trade; it returns the credit's command id.
func (h *harness) faucet(a machine.Address, usdw uint64) machine.Hash {
	h.t.Helper()
	id := cmdID()
	h.mustApply(machine.Command{Kind: machine.KindFaucet, ID: id, Account: a, Amount: usdw * machine.UnitsPerShare}, nil)
	h.mustApply(machine.Command{Kind: machine.KindCollateralApproval, ID: cmdID(), Account: a,
		Args: &machine.Args{Exchange: machine.ExchangeStandard, Approved: true}}, nil)
	h.mustApply(machine.Command{Kind: machine.KindSharesApproval, ID: cmdID(), Account: a,
		Args: &machine.Args{Exchange: machine.ExchangeStandard, Approved: true}}, nil)
	return id
}

// mustApply applies a command the machine must not refuse.
func (h *harness) mustApply(c machine.Command, signed ...*wire.Signed) []machine.Event {
	h.t.Helper()
	var s *wire.Signed
	if len(signed) > 0 {
		s = signed[0]
	}
	evs := h.apply(c, s)
	for _, e := range evs {
		if e.Kind == machine.EvOrderRejected || e.Kind == machine.EvCommandRejected {
			h.t.Fatalf("%v refused: %v", c.Kind, e.Reason)
		}
	}
	return evs
}

// orderSpec describes a place command: price in cents of the order's own
// token, size in whole shares.
type orderSpec struct {
	account machine.Address
	owner   machine.KeyID
	mk      market
	outcome machine.Outcome
	side    machine.Side
	cents   uint64
	shares  uint64
	typ     machine.OrderType
	feeBps  uint32
	exp     uint64
}

func (h *harness) place(o orderSpec) machine.Hash {
	h.t.Helper()
	id := cmdID()
	id[0] = 0x0d
	c, signed := placeCommand(o, id)
	h.mustApply(c, signed)
	return id
}

// placeCommand builds the place command of o with order id id, and the
// order's signed fields.
func placeCommand(o orderSpec, id machine.Hash) (machine.Command, *wire.Signed) {
	if o.typ == 0 {
		o.typ = machine.GTC
	}
	shares := o.shares * machine.UnitsPerShare
	coll := shares * o.cents / 100
	spec := machine.OrderSpec{Maker: o.account, TokenID: o.mk.token(o.outcome), MakerAmount: coll, TakerAmount: shares,
		Side: o.side, Type: o.typ, FeeRateBps: o.feeBps, Expiration: o.exp}
	if o.side == machine.Sell {
		spec.MakerAmount, spec.TakerAmount = shares, coll
	}
	signed := &wire.Signed{Salt: uint64(id[31]) + 7, Signer: o.account, Taker: addr(0xee), Nonce: 3,
		SignatureType: 2, ScopeID: []byte("scope-" + string('a'+id[31]%26))}
	signed.Signature[0], signed.Signature[64] = 0x51, 0x1b
	return machine.Command{Kind: machine.KindPlace, ID: id, Owner: o.owner, Order: spec}, signed
}

func (h *harness) cancel(a machine.Address, id machine.Hash) {
	h.t.Helper()
	h.mustApply(machine.Command{Kind: machine.KindCancel, ID: cmdID(), Account: a, OrderIDs: []machine.Hash{id}})
}

func (h *harness) tick() {
	h.t.Helper()
	h.mustApply(machine.Command{Kind: machine.KindTick, ID: cmdID()})
}
