package machine

import (
	"bytes"
	"encoding/binary"
	"errors"
	"slices"
	"sort"
	"testing"

	"pred.dev/proto/rules"
)

// tradeRig is a machine with one market where every place command of a
// NO bid trades with a large resting YES bid: n trades cost n commands.
type tradeRig struct {
	t   *testing.T
	m   *Machine
	n   uint64
	out []Event
}

func newTradeRig(t *testing.T) *tradeRig {
	r := &tradeRig{t: t, m: New(DefaultConfig())}
	r.apply(Command{Kind: KindCreateMarket, Args: &Args{Market: Hash{1}, Tokens: [2]Hash{{2}, {3}},
		Params: MarketParams{TickSize: 10_000, MinSize: UnitsPerShare, MaxSize: 100_000 * UnitsPerShare}}})
	for _, a := range []byte{0xa, 0xb} {
		r.apply(Command{Kind: KindFaucet, Account: Address{a}, Amount: 1_000_000 * UnitsPerShare})
		r.apply(Command{Kind: KindCollateralApproval, Account: Address{a}, Args: &Args{Exchange: ExchangeStandard, Approved: true}})
	}
	r.place(0xa, Hash{2}, 50_000) // the resting YES bid: 50,000 shares at 0.50
	return r
}

func (r *tradeRig) apply(c Command) []Event {
	r.t.Helper()
	r.n++
	c.TimeMs = int64(r.n)
	binary.BigEndian.PutUint64(c.ID[8:], r.n)
	c.ID[0] = 0xcc
	r.out = r.m.Apply(&c, r.out[:0])
	if err := r.m.CheckInvariants(); err != nil {
		r.t.Fatal(err)
	}
	return r.out
}

func (r *tradeRig) place(acct byte, token Hash, shares uint64) {
	r.t.Helper()
	spec := OrderSpec{Maker: Address{acct}, TokenID: token, Side: Buy, Type: GTC,
		MakerAmount: shares * UnitsPerShare / 2, TakerAmount: shares * UnitsPerShare}
	for _, e := range r.apply(Command{Kind: KindPlace, Order: spec}) {
		if e.Kind == EvOrderRejected {
			r.t.Fatalf("order refused: %v", e.Reason)
		}
	}
}

// trade makes one trade.
func (r *tradeRig) trade() { r.place(0xb, Hash{3}, 1) }

// report sends a status and returns the command's first event: its only
// one, but for a FAILED trade's reversal, which follows it.
func (r *tradeRig) report(id uint64, s TradeStatus) Event {
	r.t.Helper()
	out := r.apply(Command{Kind: KindSetTradeStatus, Args: &Args{TradeID: id, TradeStatus: s}})
	if len(out) == 0 || (len(out) != 1 && !(out[0].Kind == EvTradeStatusChanged && s == TradeFailed)) {
		r.t.Fatalf("trade %d %v: %d events", id, s, len(out))
	}
	return out[0]
}

func (r *tradeRig) wantStatus(id uint64, s TradeStatus) {
	r.t.Helper()
	if e := r.report(id, s); e.Kind != EvTradeStatusChanged || e.Seq != id || e.TradeStatus != s {
		r.t.Fatalf("trade %d %v: %+v", id, s, e)
	}
}

func (r *tradeRig) wantRefused(id uint64, s TradeStatus, reason Reason) {
	r.t.Helper()
	if e := r.report(id, s); e.Kind != EvCommandRejected || e.Reason != reason {
		r.t.Fatalf("trade %d %v: %+v, want %v", id, s, e, reason)
	}
}

// persisted restores a new machine from everything r.m reported through
// Changes so far, accumulated in db.
func persisted(t *testing.T, m *Machine, db map[string][]byte) *Machine {
	t.Helper()
	m.Changes(func(k, v []byte) {
		if v == nil {
			delete(db, string(k))
		} else {
			db[string(k)] = bytes.Clone(v)
		}
	})
	keys := make([]string, 0, len(db))
	for k := range db {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	r := New(m.Config())
	for _, k := range keys {
		if err := r.Load([]byte(k), db[k]); err != nil {
			t.Fatalf("load %x: %v", k, err)
		}
	}
	if r.StateHash() != m.StateHash() {
		t.Fatalf("restored state differs:\n%s", diffDump(DumpState(m), DumpState(r)))
	}
	return r
}

func diffDump(a, b string) string { return "want:\n" + a + "got:\n" + b }

// TestTradeStatusMemoryIsBounded: a settler that settles trades roughly in
// order leaves the machine remembering only the trades in flight, and what
// it remembers survives a restore.
func TestTradeStatusMemoryIsBounded(t *testing.T) {
	r := newTradeRig(t)
	db := map[string][]byte{}
	const trades = 300
	// Trades are made as the settler goes, which walks a window of 8
	// trades: each is submitted as it is made, then the one 4 behind is
	// mined and the one 8 behind confirmed (every tenth fails instead), so
	// trades finish in order with up to 9 in flight.
	maxKept := 0
	for id := uint64(1); id <= trades+8; id++ {
		if id <= trades {
			r.trade()
			r.wantStatus(id, TradeSubmitted)
		}
		if m := id - 4; id > 4 && m <= trades {
			r.wantStatus(m, TradeMined)
		}
		if c := id - 8; id > 8 && c <= trades {
			if c%10 == 0 {
				r.wantStatus(c, TradeFailed)
			} else {
				r.wantStatus(c, TradeConfirmed)
			}
		}
		maxKept = max(maxKept, len(r.m.trades))
		if id%50 == 0 {
			r.m = persisted(t, r.m, db)
		}
	}
	if maxKept > 9 || len(r.m.trades) != 0 || r.m.tradeFloor != trades+1 {
		t.Fatalf("kept up to %d trades, now %d, floor %d", maxKept, len(r.m.trades), r.m.tradeFloor)
	}
	r.m = persisted(t, r.m, db)
	for k := range db {
		if k[0] == RecTrade {
			t.Fatalf("a record of trade %d outlived its trade's settlement", binary.BigEndian.Uint64([]byte(k[1:])))
		}
	}
	// Forgotten trades are final: nothing follows, whatever it was.
	r.wantRefused(7, TradeConfirmed, ReasonTradeStatusFinal)
	r.wantRefused(10, TradeFailed, ReasonTradeStatusFinal)
	r.wantRefused(10, TradeRetrying, ReasonTradeStatusFinal)

	// A trade stuck at MATCHED holds the floor; the trades after it are
	// kept, final or not, until it settles, and then all go at once.
	for range 5 {
		r.trade()
	}
	for id := uint64(trades + 2); id <= trades+5; id++ {
		r.wantStatus(id, TradeSynthetic)
	}
	if len(r.m.trades) != 5 || r.m.tradeFloor != trades+1 {
		t.Fatalf("kept %d trades, floor %d", len(r.m.trades), r.m.tradeFloor)
	}
	r.m = persisted(t, r.m, db)
	r.wantRefused(trades+3, TradeSynthetic, ReasonTradeStatusFinal)
	r.wantStatus(trades+1, TradeFailed)
	if len(r.m.trades) != 0 || r.m.tradeFloor != trades+6 {
		t.Fatalf("kept %d trades, floor %d", len(r.m.trades), r.m.tradeFloor)
	}
	r.m = persisted(t, r.m, db)
	r.wantRefused(trades+6, TradeSubmitted, ReasonTradeNotFound)
}

func TestTradeStatusTable(t *testing.T) {
	all := []TradeStatus{TradeMatched, TradeSubmitted, TradeMined, TradeConfirmed, TradeRetrying, TradeFailed, TradeSynthetic}
	allowed := map[[2]TradeStatus]bool{
		{TradeMatched, TradeSubmitted}: true, {TradeMatched, TradeFailed}: true, {TradeMatched, TradeSynthetic}: true,
		{TradeSubmitted, TradeMined}: true, {TradeSubmitted, TradeRetrying}: true, {TradeSubmitted, TradeFailed}: true,
		{TradeMined, TradeConfirmed}: true, {TradeMined, TradeRetrying}: true, {TradeMined, TradeFailed}: true,
		{TradeRetrying, TradeSubmitted}: true, {TradeRetrying, TradeFailed}: true,
	}
	for _, from := range all {
		for _, to := range all {
			if got := from.CanFollow(to); got != allowed[[2]TradeStatus{from, to}] {
				t.Errorf("%v -> %v: %v", from, to, got)
			}
		}
		if got, want := from.Final(), tradeNext[from] == 0; got != want {
			t.Errorf("%v final: %v", from, got)
		}
	}
	if TradeStatus(0).CanFollow(TradeSubmitted) || TradeMatched.CanFollow(9) || TradeStatus(200).CanFollow(TradeFailed) {
		t.Error("an unknown status has a transition")
	}
}

// TestLoadRefusesVersion1 checks that state written by the engine that
// expired GTD orders early is refused with a message that says why.
func TestLoadRefusesVersion1(t *testing.T) {
	m := New(DefaultConfig())
	v := append([]byte{1}, make([]byte, 80)...)
	err := m.Load([]byte{RecMeta}, v)
	if !errors.Is(err, ErrStateVersion) || !bytes.Contains([]byte(err.Error()), []byte("60 s before")) {
		t.Fatalf("version 1 meta record: %v", err)
	}
}

// TestTradeStatusList: one command moves a list of trades, each on its own;
// a malformed list, or one over rules.TradeStatusTradesMax, is refused as a
// whole.
func TestTradeStatusList(t *testing.T) {
	r := newTradeRig(t)
	for range 4 {
		r.trade()
	}
	list := func(s TradeStatus, one uint64, ids ...uint64) []Event {
		return r.apply(Command{Kind: KindSetTradeStatus, Args: &Args{TradeID: one, TradeIDs: ids, TradeStatus: s}})
	}
	r.wantStatus(2, TradeSubmitted)
	out := list(TradeSubmitted, 1, 2, 3, 9)
	if len(out) != 3 || out[0].Kind != EvTradeStatusChanged || out[0].Seq != 1 ||
		out[1].Kind != EvTradeStatusChanged || out[1].Seq != 3 ||
		out[2].Kind != EvCommandRejected || out[2].Reason != ReasonTradeNotFound || out[2].Seq != 9 {
		t.Fatalf("list: %+v", out)
	}
	ids := make([]uint64, rules.TradeStatusTradesMax+1)
	for i := range ids {
		ids[i] = uint64(i + 1)
	}
	for _, c := range []struct {
		one  uint64
		ids  []uint64
		want Reason
	}{
		{0, nil, ReasonTradeNotFound},
		{0, []uint64{}, ReasonTradeNotFound},
		{0, []uint64{4, 4}, ReasonInvalidCommand},
		{4, []uint64{4}, ReasonInvalidCommand},
		{0, []uint64{4, 0}, ReasonInvalidCommand},
		{0, ids, ReasonInvalidCommand},
		{ids[0], ids[1:], ReasonInvalidCommand},
	} {
		if out := list(TradeFailed, c.one, c.ids...); len(out) != 1 || out[0].Kind != EvCommandRejected ||
			out[0].Reason != c.want || out[0].Seq != 0 {
			t.Fatalf("%d %v: %+v, want %v", c.one, len(c.ids), out, c.want)
		}
	}
	// The longest list allowed is taken, each trade on its own (each
	// failed trade's reversal follows it; only the statuses are counted).
	out = slices.DeleteFunc(list(TradeFailed, ids[0], ids[1:rules.TradeStatusTradesMax]...), func(e Event) bool {
		return e.Kind != EvTradeStatusChanged && e.Kind != EvCommandRejected
	})
	if len(out) != rules.TradeStatusTradesMax {
		t.Fatalf("%d events", len(out))
	}
	for i, e := range out {
		want := EvTradeStatusChanged
		if i >= 4 {
			want = EvCommandRejected
		}
		if e.Kind != want || e.Seq != uint64(i+1) {
			t.Fatalf("event %d: %+v", i, e)
		}
	}
}
