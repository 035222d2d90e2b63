package chainwatch_test

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"go.uber.org/zap/zaptest"

	"pred.dev/proto/chain/chaintest"
	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/natstest"
	"pred.dev/proto/runtime/publish"
	"pred.dev/proto/runtime/streams"
	"pred.dev/settler/chainwatch"
)

// harness: a simulated chain with the exchange deployed, embedded NATS
// with the command log, a publisher, and a way to read back what the
// watcher appended.
type harness struct {
	t   testing.TB
	ctx context.Context
	env *chaintest.Env
	js  jetstream.JetStream
	pub *publish.Publisher
	reg *prometheus.Registry
	// read counts the CMD messages already returned by appended.
	read uint64
}

func newHarness(t testing.TB) *harness {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	env, err := chaintest.NewSimulated(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(env.Close)
	nc := natstest.Connect(t, natstest.Start(t))
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	if err := streams.Ensure(ctx, js, streams.Config{}); err != nil {
		t.Fatal(err)
	}
	pub, err := publish.New(nc, publish.Config{}, zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = pub.Close() })
	return &harness{t: t, ctx: ctx, env: env, js: js, pub: pub}
}

func (h *harness) watcher(confirmations uint64) *chainwatch.Watcher {
	h.t.Helper()
	cfg := chainwatch.DefaultConfig(h.env.D)
	cfg.Confirmations = confirmations
	h.reg = prometheus.NewRegistry()
	cfg.Registerer = h.reg
	w, err := chainwatch.New(h.ctx, cfg, h.env.Chain.Backend, h.js, h.pub, zaptest.NewLogger(h.t))
	if err != nil {
		h.t.Fatal(err)
	}
	return w
}

// catchUp steps until the watcher has handled every confirmed block.
func (h *harness) catchUp(w *chainwatch.Watcher) {
	h.t.Helper()
	for range 100 {
		done, err := w.Step(h.ctx)
		if err != nil {
			h.t.Fatal(err)
		}
		if done {
			return
		}
	}
	h.t.Fatal("the watcher did not catch up in 100 steps")
}

// appended returns the commands appended since the last call, one line
// each: "kind account amount [token]".
func (h *harness) appended() (lines []string, ids [][]byte) {
	h.t.Helper()
	info, err := h.js.Stream(h.ctx, journal.CommandStream)
	if err != nil {
		h.t.Fatal(err)
	}
	st, err := info.Info(h.ctx)
	if err != nil {
		h.t.Fatal(err)
	}
	for seq := h.read + 1; seq <= st.State.LastSeq; seq++ {
		msg, err := info.GetMsg(h.ctx, seq)
		if err != nil {
			h.t.Fatal(err)
		}
		b, err := journal.DecodeCommandBatch(msg.Data)
		if err != nil {
			h.t.Fatal(err)
		}
		for _, c := range b.GetCommands() {
			lines = append(lines, h.describe(c))
			ids = append(ids, c.GetId())
		}
	}
	h.read = st.State.LastSeq
	return lines, ids
}

func (h *harness) describe(c *pb.Command) string {
	tok := func(b []byte) string {
		if len(b) == 0 {
			return "usdw"
		}
		return new(big.Int).SetBytes(b).String()[:6]
	}
	a := func(b []byte) string { return common.BytesToAddress(b).Hex()[:8] }
	switch x := c.GetBody().(type) {
	case *pb.Command_WalletDeployed:
		return fmt.Sprintf("deployed %s owner=%s", a(x.WalletDeployed.GetWallet()), a(x.WalletDeployed.GetOwner()))
	case *pb.Command_Deposit:
		return fmt.Sprintf("deposit %s %d %s", a(x.Deposit.GetAccount()), x.Deposit.GetAmount(), tok(x.Deposit.GetTokenId()))
	case *pb.Command_WithdrawalObserved:
		return fmt.Sprintf("withdrawal %s %d %s", a(x.WithdrawalObserved.GetAccount()), x.WithdrawalObserved.GetAmount(),
			tok(x.WithdrawalObserved.GetTokenId()))
	case *pb.Command_CollateralApproval:
		amount := fmt.Sprint(x.CollateralApproval.GetAmount())
		if x.CollateralApproval.GetUnlimited() {
			amount = "unlimited"
		}
		return fmt.Sprintf("approve %s usdw %s %s", a(x.CollateralApproval.GetAccount()), amount,
			exchangeName(x.CollateralApproval.GetExchange()))
	case *pb.Command_SharesApproval:
		return fmt.Sprintf("approve %s shares %v %s", a(x.SharesApproval.GetAccount()), x.SharesApproval.GetApproved(),
			exchangeName(x.SharesApproval.GetExchange()))
	}
	return fmt.Sprintf("%T", c.GetBody())
}

// approvedAll is what chaintest's NewTrader approves: USDW (unlimited)
// and shares, on both exchanges.
func approvedAll(wallet string) []string {
	return []string{"approve " + wallet + " usdw unlimited standard", "approve " + wallet + " shares true standard",
		"approve " + wallet + " usdw unlimited neg_risk", "approve " + wallet + " shares true neg_risk"}
}

func exchangeName(x pb.Exchange) string {
	return strings.ToLower(strings.TrimPrefix(x.String(), "EXCHANGE_"))
}

func expect(t *testing.T, what string, got []string, want ...string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("%s:\n got:\n  %s\nwant:\n  %s", what, strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

var unit = big.NewInt(chaintest.Unit)

func units(n int64) *big.Int { return new(big.Int).Mul(big.NewInt(n), unit) }

// TestWalletsDepositsWithdrawals follows a chain where wallets are made,
// funded, split outside the exchange, move shares and USDW between them
// and to outside addresses, and trade through the exchange; it checks the
// exact commands appended: deployments, deposits and withdrawals, none for
// the exchange's settlement or for addresses that are not proxy wallets,
// and nothing again after a restart.
func TestWalletsDepositsWithdrawals(t *testing.T) {
	h := newHarness(t)
	ctx, env := h.ctx, h.env
	w := h.watcher(0)
	h.catchUp(w)
	if lines, _ := h.appended(); len(lines) != 0 {
		t.Fatalf("a fresh deployment appended %v", lines)
	}

	mk, err := env.NewMarket(ctx, false)
	if err != nil {
		t.Fatal(err)
	}
	alice, err := env.NewTrader(ctx, true, units(100))
	if err != nil {
		t.Fatal(err)
	}
	bob, err := env.NewTrader(ctx, true, units(50))
	if err != nil {
		t.Fatal(err)
	}
	eoa, err := env.NewTrader(ctx, false, units(7)) // not a proxy wallet: ignored
	if err != nil {
		t.Fatal(err)
	}
	A, B := alice.Maker.Hex()[:8], bob.Maker.Hex()[:8]
	yes, no := mk.Yes.String()[:6], mk.No.String()[:6]
	h.catchUp(w)
	got, _ := h.appended()
	want := append([]string{"deployed " + A + " owner=" + alice.Owner.Hex()[:8]}, approvedAll(A)...)
	want = append(want, "deposit "+A+" 100000000 usdw", "deployed "+B+" owner="+bob.Owner.Hex()[:8])
	want = append(want, approvedAll(B)...)
	want = append(want, "deposit "+B+" 50000000 usdw")
	// The EOA's approvals count (an EOA maker needs them too); its
	// deposit does not (the watcher credits proxy wallets only).
	want = append(want, approvedAll(eoa.Maker.Hex()[:8])...)
	expect(t, "wallets, their approvals and faucet deposits", got, want...)

	// alice splits 10 USDW into YES+NO outside the exchange, gives bob 4
	// YES, and sends 3 USDW to an outside address.
	c := env.D.Contracts
	if err := alice.ExecSafe(ctx,
		chaintest.Call(c.Collateral, chaintest.PackUSDW("approve", c.ConditionalTokens, units(10))),
		chaintest.Call(c.ConditionalTokens, chaintest.PackCTF("splitPosition", c.Collateral, common.Hash{}, mk.ConditionID,
			[]*big.Int{big.NewInt(1), big.NewInt(2)}, units(10))),
		chaintest.Call(c.ConditionalTokens, chaintest.PackCTF("safeTransferFrom", alice.Maker, bob.Maker, mk.Yes, units(4), []byte{})),
		chaintest.Call(c.Collateral, chaintest.PackUSDW("transfer", eoa.Maker, units(3))),
	); err != nil {
		t.Fatal(err)
	}
	h.catchUp(w)
	got, _ = h.appended()
	expect(t, "split, share transfer, transfer out", got,
		"withdrawal "+A+" 10000000 usdw", "deposit "+A+" 10000000 "+yes, "deposit "+A+" 10000000 "+no,
		"withdrawal "+A+" 4000000 "+yes, "deposit "+B+" 4000000 "+yes,
		"withdrawal "+A+" 3000000 usdw")

	// A trade settled by the exchange moves USDW and shares between the
	// wallets: the engine did that at match time, so nothing is appended.
	sell := alice.Order(false, chaintest.Sell, mk.Yes, 2*chaintest.Unit, 600_000, 0)
	buy := bob.Order(false, chaintest.Buy, mk.Yes, 2*chaintest.Unit, 600_000, 0)
	if r, err := env.Match(ctx, false, buy, []chaintest.Order{sell}, []*big.Int{units(2)}); err != nil || r.Status != 1 {
		t.Fatalf("match: %v %v", r, err)
	}
	h.catchUp(w)
	got, _ = h.appended()
	expect(t, "settlement", got)
	if n := testutil.ToFloat64(counter(t, h.reg, "settler_chainwatch_ignored_total", "settlement")); n < 2 {
		t.Fatalf("settlement transfers ignored: %v, want at least 2", n)
	}
	if n := testutil.ToFloat64(counter(t, h.reg, "settler_chainwatch_ignored_total", "not_proxy")); n < 1 {
		t.Fatalf("transfers to an outside address ignored: %v, want at least 1", n)
	}

	// A restarted watcher resumes from its cursor: nothing again.
	w2 := h.watcher(0)
	if w2.Cursor() != w.Cursor() || !w2.IsProxy(alice.Maker) || !w2.IsProxy(bob.Maker) || w2.IsProxy(eoa.Maker) {
		t.Fatalf("restarted at %+v (was %+v), proxies %v", w2.Cursor(), w.Cursor(), w2.Proxies())
	}
	h.catchUp(w2)
	if got, _ := h.appended(); len(got) != 0 {
		t.Fatalf("a restart appended %v", got)
	}
}

// counter finds a counter of the registry by name and label value.
func counter(t *testing.T, reg *prometheus.Registry, name, label string) prometheus.Collector {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() != name {
			continue
		}
		for _, m := range mf.GetMetric() {
			if len(m.GetLabel()) == 0 || m.GetLabel()[0].GetValue() == label {
				v := m.GetCounter().GetValue()
				return prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "x"}, func() float64 { return v })
			}
		}
	}
	return prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "x"}, func() float64 { return 0 })
}

// TestIdempotentIDs: a watcher that lost its cursor after appending (a
// crash between the log's ack and the cursor write) appends the same
// commands with the same ids, which the engine applies once.
func TestIdempotentIDs(t *testing.T) {
	h := newHarness(t)
	w := h.watcher(0)
	trader, err := h.env.NewTrader(h.ctx, true, units(5))
	if err != nil {
		t.Fatal(err)
	}
	h.catchUp(w)
	first, firstIDs := h.appended()
	if len(first) != 6 {
		t.Fatalf("appended %v, want a deployment, four approvals and a deposit of %s", first, trader.Maker.Hex())
	}
	kv, err := h.js.KeyValue(h.ctx, chainwatch.DefaultBucket)
	if err != nil {
		t.Fatal(err)
	}
	if err := kv.Purge(h.ctx, chainwatch.DefaultKey); err != nil {
		t.Fatal(err)
	}
	again := h.watcher(0)
	h.catchUp(again)
	second, secondIDs := h.appended()
	expect(t, "the same commands", second, first...)
	for i := range firstIDs {
		if string(firstIDs[i]) != string(secondIDs[i]) {
			t.Fatalf("command %d has id %x, then %x", i, firstIDs[i], secondIDs[i])
		}
	}
}

// TestConfirmations: a transfer is appended only once Confirmations blocks
// follow its block.
func TestConfirmations(t *testing.T) {
	h := newHarness(t)
	trader, err := h.env.NewTrader(h.ctx, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	w := h.watcher(3)
	for range 4 {
		h.env.Sim().Commit()
	}
	h.catchUp(w)
	h.appended()
	if err := h.env.Fund(h.ctx, trader.Maker, units(9)); err != nil {
		t.Fatal(err)
	}
	funded := h.lastBlockWithTxs()
	for {
		head, err := h.env.Chain.Backend.BlockNumber(h.ctx)
		if err != nil {
			t.Fatal(err)
		}
		h.catchUp(w)
		got, _ := h.appended()
		if head < funded+3 {
			if len(got) != 0 {
				t.Fatalf("appended %v with %d confirmations of 3", got, head-funded)
			}
			h.env.Sim().Commit()
			continue
		}
		expect(t, "after 3 confirmations", got, "deposit "+trader.Maker.Hex()[:8]+" 9000000 usdw")
		return
	}
}

// lastBlockWithTxs returns the newest block that holds a transaction.
func (h *harness) lastBlockWithTxs() uint64 {
	h.t.Helper()
	head, err := h.env.Chain.Backend.BlockNumber(h.ctx)
	if err != nil {
		h.t.Fatal(err)
	}
	for n := head; n > 0; n-- {
		b, err := h.env.Sim().Client().BlockByNumber(h.ctx, new(big.Int).SetUint64(n))
		if err != nil {
			h.t.Fatal(err)
		}
		if len(b.Transactions()) > 0 {
			return n
		}
	}
	h.t.Fatal("no block with transactions")
	return 0
}

// TestReorg: a handled block replaced by a reorganisation deeper than the
// confirmations is detected, counted and scanned again from ReorgRewind
// blocks back: what the new chain also holds is appended again under the
// same ids (the engine applies an id once), and the watcher goes on.
func TestReorg(t *testing.T) {
	h := newHarness(t)
	trader, err := h.env.NewTrader(h.ctx, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	w := h.watcher(0)
	h.catchUp(w)
	_, before := h.appended()
	sim := h.env.Sim()
	parent, err := h.env.Chain.Backend.HeaderByNumber(h.ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := h.env.Fund(h.ctx, trader.Maker, units(2)); err != nil {
		t.Fatal(err)
	}
	h.catchUp(w)
	got, ids := h.appended()
	expect(t, "before the reorganisation", got, "deposit "+trader.Maker.Hex()[:8]+" 2000000 usdw")
	known := map[string]bool{string(ids[0]): true}
	for _, id := range before {
		known[string(id)] = true
	}
	// Replace the funding block with empty ones; the funding transaction
	// goes back to the pool and is mined again later.
	if err := sim.Fork(parent.Hash()); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		sim.Commit()
	}
	h.catchUp(w)
	if n := testutil.ToFloat64(counter(t, h.reg, "settler_chainwatch_reorgs_total", "")); n != 1 {
		t.Fatalf("reorgs counted %v, want 1", n)
	}
	got, ids = h.appended()
	for i, id := range ids {
		if !known[string(id)] {
			t.Errorf("after the reorganisation, %s has a new id: a transfer counted twice", got[i])
		}
	}
	if len(got) == 0 {
		t.Fatal("the rescan appended nothing: the deployment at least is still on the chain")
	}
}

// TestApprovals: every approval that names an exchange becomes a command,
// of any wallet: a finite allowance (a larger one than the engine counts
// is sent capped), unlimited, revoked; shares approved and revoked; and an
// approval of anything else (here the conditional tokens as spender, which
// a split needs) is no business of the exchange.
func TestApprovals(t *testing.T) {
	h := newHarness(t)
	ctx, c := h.ctx, h.env.D.Contracts
	w := h.watcher(0)
	for _, safe := range []bool{true, false} {
		tr, err := h.env.NewTrader(ctx, safe, nil)
		if err != nil {
			t.Fatal(err)
		}
		h.catchUp(w)
		h.appended()
		huge := new(big.Int).Lsh(big.NewInt(1), 100)
		if err := tr.Do(ctx,
			chaintest.Call(c.Collateral, chaintest.PackUSDW("approve", c.Exchange, units(25))),
			chaintest.Call(c.Collateral, chaintest.PackUSDW("approve", c.NegRiskExchange, huge)),
			chaintest.Call(c.Collateral, chaintest.PackUSDW("approve", c.ConditionalTokens, units(5))),
			chaintest.Call(c.ConditionalTokens, chaintest.PackCTF("setApprovalForAll", c.NegRiskExchange, false)),
			chaintest.Call(c.Collateral, chaintest.PackUSDW("approve", c.Exchange, new(big.Int))),
		); err != nil {
			t.Fatal(err)
		}
		h.catchUp(w)
		got, ids := h.appended()
		W := tr.Maker.Hex()[:8]
		expect(t, fmt.Sprintf("approvals of a wallet (Safe %v)", safe), got,
			"approve "+W+" usdw 25000000 standard", "approve "+W+" usdw 4611686018427387904 neg_risk",
			"approve "+W+" shares false neg_risk", "approve "+W+" usdw 0 standard")
		for i := range ids {
			for j := range i {
				if string(ids[i]) == string(ids[j]) {
					t.Fatalf("approvals %d and %d share the id %x", j, i, ids[i])
				}
			}
		}
	}
}
