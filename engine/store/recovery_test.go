package store

import (
	"fmt"
	"testing"

	"google.golang.org/protobuf/proto"

	"pred.dev/engine/loadgen"
	"pred.dev/engine/machine"
	"pred.dev/proto/pb"
)

// TestRecovery closes the store, reopens it and restores a new machine
// from it: the state hash, the applied position and the answers are those
// before the restart, and writing continues where it stopped.
func TestRecovery(t *testing.T) {
	h := newHarness(t)
	runScenarioTo(t, h, 6, nil)
	before := h.dump([]machine.Address{alice, bob, carol, dave}, []market{mkA, mkB})
	wantHash := h.m.StateHash()
	if err := h.db.Close(); err != nil {
		t.Fatal(err)
	}

	h.open()
	seq, timeMs, err := h.db.Applied()
	if err != nil {
		t.Fatal(err)
	}
	wantEq(t, "applied seq", seq, h.seq)
	wantEq(t, "applied time", timeMs, h.nowMs)
	m := machine.New(machine.DefaultConfig())
	if err := h.db.LoadState(m.Load); err != nil {
		t.Fatal(err)
	}
	if m.StateHash() != wantHash {
		t.Fatalf("restored state hash %x, want %x", m.StateHash(), wantHash)
	}
	h.m = m
	after := h.dump([]machine.Address{alice, bob, carol, dave}, []market{mkA, mkB})
	wantDumpsEqual(t, before, after)

	// The next transfer continues the sequence the first run left off.
	h.nowMs += minute
	h.faucet(carol, 5)
	h.commit()
	got := h.transfers(&pb.TransfersQuery{Account: carol[:], Limit: 1}).GetTransfers()[0]
	wantEq(t, "transfer seq after restart", got.GetSeq(), uint64(5))
}

// TestRecoveryEmpty opens a new database: nothing applied, no state.
func TestRecoveryEmpty(t *testing.T) {
	h := newHarness(t)
	seq, timeMs, err := h.db.Applied()
	if err != nil || seq != 0 || timeMs != 0 {
		t.Fatalf("applied %d %d %v on a new database", seq, timeMs, err)
	}
	n := 0
	if err := h.db.LoadState(func(k, v []byte) error { n++; return nil }); err != nil || n != 0 {
		t.Fatalf("new database has %d state records (%v)", n, err)
	}
}

// TestBatchingDoesNotChangeAnswers replays one log into fresh stores with
// a commit after every command and with one commit in all: coalescing must
// not change a single answer or the state the core records restore. (The
// records themselves may differ: spent ids are stored in one record per
// batch.)
func TestBatchingDoesNotChangeAnswers(t *testing.T) {
	h := newHarness(t)
	runScenarioTo(t, h, 8, nil)
	wallets := []machine.Address{alice, bob, carol, dave}
	want := h.dump(wallets, []market{mkA, mkB})
	wantCore := h.coreHash()
	for _, every := range []int{1, 3, len(h.log)} {
		r := h.replay(func(i int) bool { return (i+1)%every == 0 || i == len(h.log)-1 })
		wantDumpsEqual(t, want, r.dump(wallets, []market{mkA, mkB}))
		if got := r.coreHash(); got != wantCore {
			t.Fatalf("core records restore a different state with a commit every %d commands", every)
		}
	}
}

// TestLoadgenBatching does the same on a generated workload, where many
// orders rest across batches, trade partially and are cancelled.
func TestLoadgenBatching(t *testing.T) {
	w := loadgen.Generate(loadgen.Config{Seed: 5, Markets: 3, Users: 20, UsersPerMarket: 8, RestingPerMarket: 30, Ops: 1500})
	cmds := append(append(append([]machine.Command{}, w.Setup...), w.Warm...), w.Commands...)
	var dumps [2]*dump
	var wallets []machine.Address
	for u := 0; u <= w.Config.Users; u++ {
		wallets = append(wallets, loadgen.UserAddress(u))
	}
	for run, batch := range []int{1, 257} {
		h := newHarnessWith(t, loadgen.MachineConfig(w.Config))
		var markets []market
		for i := range cmds {
			c := cmds[i]
			h.nowMs = c.TimeMs
			h.apply(c, nil)
			if c.Kind == machine.KindCreateMarket {
				markets = append(markets, market{id: c.Args.Market, yes: c.Args.Tokens[0], no: c.Args.Tokens[1]})
			}
			if (i+1)%batch == 0 {
				h.commit()
			}
		}
		h.commit()
		checkAllBalances(t, h, wallets, markets)
		dumps[run] = h.dump(wallets, markets)
	}
	if len(dumps[0].items) < 1000 {
		t.Fatalf("dump of %d items: the workload exercised too little", len(dumps[0].items))
	}
	wantDumpsEqual(t, dumps[0], dumps[1])
}

func newHarnessWith(t *testing.T, cfg machine.Config) *harness {
	h := &harness{t: t, dir: t.TempDir(), m: machine.New(cfg), nowMs: startMs}
	h.open()
	return h
}

func checkAllBalances(t *testing.T, h *harness, wallets []machine.Address, markets []market) {
	t.Helper()
	for _, a := range wallets {
		for _, mk := range markets {
			for _, o := range []machine.Outcome{machine.Yes, machine.No} {
				tok := mk.token(o)
				got := h.query(&pb.QueryRequest{Query: &pb.QueryRequest_Balance{Balance: &pb.BalanceQuery{Account: a[:], TokenId: tok[:]}}}).GetBalance()
				mi, _, _ := h.m.TokenIndex(tok)
				bal, locked := h.m.Balance(a, machine.AssetOf(mi, o))
				if got.GetBalance() != bal || got.GetLocked() != locked {
					t.Fatalf("balance of %x: store %d/%d, machine %d/%d", a, got.GetBalance(), got.GetLocked(), bal, locked)
				}
			}
		}
	}
}

// replay applies the harness's log to a fresh machine and store,
// committing after the commands commitAfter picks.
func (h *harness) replay(commitAfter func(i int) bool) *harness {
	r := newHarness(h.t)
	for i, l := range h.log {
		r.nowMs = l.cmd.TimeMs
		r.apply(l.cmd, l.signed)
		if commitAfter(i) {
			r.commit()
		}
	}
	return r
}

// coreHash loads the stored core records into a new machine and returns
// its state hash.
func (h *harness) coreHash() [32]byte {
	m := machine.New(machine.DefaultConfig())
	if err := h.db.LoadState(m.Load); err != nil {
		h.t.Fatal(err)
	}
	return m.StateHash()
}

// dump is every answer the store gives about some wallets and markets.
type dump struct {
	names []string
	items []proto.Message
}

func (d *dump) add(name string, m proto.Message) {
	d.names = append(d.names, name)
	d.items = append(d.items, m)
}

func (h *harness) dump(wallets []machine.Address, markets []market) *dump {
	d := &dump{}
	for _, id := range h.allOrders(&pb.OrdersQuery{}, 7) {
		d.add(fmt.Sprintf("order %x", id[:8]), h.order(id))
	}
	for _, a := range wallets {
		d.add(fmt.Sprintf("orders of %x", a), h.orders(&pb.OrdersQuery{Account: a[:], Limit: PageLimitMax}))
		d.add(fmt.Sprintf("open orders of %x", a), h.orders(&pb.OrdersQuery{Account: a[:], OpenOnly: true, Limit: PageLimitMax}))
		d.add(fmt.Sprintf("trades of %x", a), h.trades(&pb.TradesQuery{Account: a[:], Limit: PageLimitMax}))
		d.add(fmt.Sprintf("transfers of %x", a), h.transfers(&pb.TransfersQuery{Account: a[:], Limit: PageLimitMax}))
		d.add(fmt.Sprintf("collateral of %x", a), h.query(&pb.QueryRequest{Query: &pb.QueryRequest_Balance{
			Balance: &pb.BalanceQuery{Account: a[:]}}}).GetBalance())
	}
	for _, id := range h.allTrades(&pb.TradesQuery{}, 7) {
		d.add(fmt.Sprintf("trade %d", id), h.trades(&pb.TradesQuery{FromId: id, Limit: 1}))
	}
	d.add("transfers", h.transfers(&pb.TransfersQuery{Limit: PageLimitMax}))
	for _, mk := range markets {
		for _, tok := range []machine.Hash{mk.yes, mk.no} {
			d.add(fmt.Sprintf("book %x", tok[:8]), h.book(tok, 0))
			d.add(fmt.Sprintf("history %x", tok[:8]), h.query(&pb.QueryRequest{Query: &pb.QueryRequest_PriceHistory{
				PriceHistory: &pb.PriceHistoryQuery{TokenId: tok[:], Interval: "ALL"}}}).GetPriceHistory())
		}
		d.add(fmt.Sprintf("market %x", mk.id[:8]), h.query(&pb.QueryRequest{Query: &pb.QueryRequest_Market{
			Market: &pb.MarketQuery{Market: mk.id[:]}}}).GetMarket())
	}
	return d
}

func wantDumpsEqual(t *testing.T, want, got *dump) {
	t.Helper()
	if len(want.items) != len(got.items) {
		t.Fatalf("dumps of %d and %d items", len(want.items), len(got.items))
	}
	for i := range want.items {
		if !proto.Equal(want.items[i], got.items[i]) {
			t.Fatalf("%s differs:\nwant %v\ngot  %v", want.names[i], want.items[i], got.items[i])
		}
	}
}

// TestCheckpointBatch: a second batch committed between two commits of the
// apply loop's batch (as a checkpoint does) neither rewinds the applied
// position nor reuses a transfer sequence.
func TestCheckpointBatch(t *testing.T) {
	h := newHarness(t)
	h.faucet(alice, 10)
	h.commit()
	cp := h.db.NewBatch()
	h.m.Changes(cp.SetState)
	cp.SetApplied(h.seq, h.nowMs)
	if err := cp.Commit(true); err != nil {
		t.Fatal(err)
	}
	h.nowMs += minute
	h.faucet(alice, 20)
	h.commit()
	var seqs []uint64
	for _, tr := range h.transfers(&pb.TransfersQuery{Account: alice[:]}).GetTransfers() {
		seqs = append(seqs, tr.GetSeq())
	}
	wantTrades(t, "transfer seqs", seqs, []uint64{2, 1})
	seq, _, err := h.db.Applied()
	if err != nil || seq != h.seq {
		t.Fatalf("applied %d (%v), want %d", seq, err, h.seq)
	}
}
