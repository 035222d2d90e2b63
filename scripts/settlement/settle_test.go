package settlement_test

import (
	"math/big"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus"

	"pred.dev/proto/chain/chaintest"
	"pred.dev/proto/chain/ctfid"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/eventually"
	"pred.dev/proto/runtime/lease"
	"pred.dev/proto/runtime/query"
	"pred.dev/settler/settle"
)

// book records what a test expects: each order's market kind and id.
type book struct {
	orders map[common.Hash]bool // order id -> negRisk
}

func (b *book) add(negRisk bool, id common.Hash) common.Hash {
	if b.orders == nil {
		b.orders = map[common.Hash]bool{}
	}
	b.orders[id] = negRisk
	return id
}

// checkSettled asserts what every test of settlement ends with: every
// trade CONFIRMED with its transaction, every order filled on chain by
// exactly what the engine filled (no fill lost, none twice), and at most
// settlements transactions in all (matches of one event batch may share
// one).
func (h *harness) checkSettled(b *book, trades []*pb.TradeRecord, settlements int) {
	h.t.Helper()
	filled := map[common.Hash]uint64{}
	hashes := map[common.Hash]bool{}
	for _, tr := range trades {
		if tr.GetStatus() != pb.TradeStatus_TRADE_STATUS_CONFIRMED || len(tr.GetTxHash()) != 32 {
			h.t.Errorf("trade %d: %s, hash %x", tr.GetTradeId(), tr.GetStatus(), tr.GetTxHash())
		}
		hashes[common.BytesToHash(tr.GetTxHash())] = true
		filled[common.BytesToHash(tr.GetTakerOrderId())] += tr.GetSize()
		filled[common.BytesToHash(tr.GetMakerOrderId())] += tr.GetSize()
	}
	if len(hashes) == 0 || len(hashes) > settlements {
		h.t.Errorf("%d transactions settled the trades, want 1 to %d", len(hashes), settlements)
	}
	for id, negRisk := range b.orders {
		if got := h.filledOnChain(negRisk, id); got != filled[id] {
			h.t.Errorf("order %s: filled %d on chain, %d in the engine", id.Hex()[:10], got, filled[id])
		}
	}
}

// checkBalances asserts that the chain holds what the engine's ledger says
// for each wallet, in collateral and in every token of the markets.
func (h *harness) checkBalances(wallets []*chaintest.Trader, markets ...ctfid.Market) {
	h.t.Helper()
	for _, w := range wallets {
		tokens := []*big.Int{nil}
		for _, m := range markets {
			tokens = append(tokens, m.Yes, m.No)
		}
		for _, tok := range tokens {
			if e, c := h.balance(w.Maker, tok), h.onChain(w.Maker, tok); e != c {
				h.t.Errorf("wallet %s token %v: engine %d, chain %d", w.Maker.Hex()[:10], tok, e, c)
			}
		}
	}
}

// TestTradesSettleOnChain: every kind of match settles and is CONFIRMED
// with its transaction hash: a MINT, a COMPLEMENTARY sale of shares the
// seller got from that MINT a moment before (its call waits for the
// first), a negRisk market's trade (on the negRisk exchange), and a taker
// that swept 17 makers (two calls: 15 makers, then 2). Afterwards each
// wallet holds on chain exactly what the engine's ledger says.
func TestTradesSettleOnChain(t *testing.T) {
	h := newHarness(t)
	h.startSettler(nil)
	m, nr := h.market(false), h.market(true)
	a, b, c := h.trader(100), h.trader(100), h.trader(100)
	var bk book

	bk.add(false, h.order(a, false, chaintest.Buy, m.Yes, 10, 400_000, 0))
	bk.add(false, h.order(b, false, chaintest.Buy, m.No, 10, 600_000, 0)) // MINT
	bk.add(false, h.order(a, false, chaintest.Sell, m.Yes, 10, 450_000, 0))
	bk.add(false, h.order(c, false, chaintest.Buy, m.Yes, 10, 450_000, 0)) // COMPLEMENTARY
	bk.add(true, h.order(a, true, chaintest.Buy, nr.Yes, 5, 500_000, 0))
	bk.add(true, h.order(b, true, chaintest.Buy, nr.No, 5, 500_000, 0)) // negRisk MINT
	for range 17 {
		bk.add(false, h.order(b, false, chaintest.Buy, m.No, 1, 600_000, 0))
	}
	bk.add(false, h.order(c, false, chaintest.Buy, m.Yes, 17, 400_000, 0)) // sweeps 17 makers

	trades := h.waitFinal(20)
	h.checkSettled(&bk, trades, 5)
	h.checkBalances([]*chaintest.Trader{a, b, c}, m, nr)
	if n := h.counter("settler_trades_failed_total"); n != 0 {
		t.Errorf("%v trades failed", n)
	}
}

// TestGTDFilledBeforeExpirationSettlesAfter: a GTD order the book filled
// a moment before its expiration is mined in a block after it; the
// exchange checks the expiration at the match's time, so it settles.
func TestGTDFilledBeforeExpirationSettlesAfter(t *testing.T) {
	h := newHarness(t)
	m := h.market(false)
	a, b := h.trader(100), h.trader(100)
	// The engine's clock is the wall clock: the order expires two seconds
	// after it is filled.
	exp := time.Now().Unix() + 2
	var bk book
	bk.add(false, h.order(a, false, chaintest.Buy, m.Yes, 10, 400_000, exp))
	bk.add(false, h.order(b, false, chaintest.Buy, m.No, 10, 600_000, 0))
	// Settle only once the expiration has passed.
	h.paused.Store(true)
	eventually.True(t, "the order's expiration has passed", func() bool { return time.Now().Unix() > exp })
	h.startSettler(nil)
	// The settlement is sent while no block is sealed: the block that
	// holds it comes after the expiration.
	filled := eventually.Value(t, "the engine has the trade", func() ([]*pb.TradeRecord, bool) {
		ts := h.trades()
		return ts, len(ts) == 1
	})
	h.waitStatus(filled[0].GetTradeId(), pb.TradeStatus_TRADE_STATUS_SUBMITTED)
	h.paused.Store(false)
	trades := h.waitFinal(1)
	h.checkSettled(&bk, trades, 1)
	rc, err := h.env.Chain.Backend.TransactionReceipt(h.ctx, common.BytesToHash(trades[0].GetTxHash()))
	if err != nil {
		t.Fatal(err)
	}
	head, err := h.env.Chain.Backend.HeaderByNumber(h.ctx, rc.BlockNumber)
	if err != nil {
		t.Fatal(err)
	}
	if int64(head.Time) <= exp {
		t.Fatalf("the match was mined at %d, not after the expiration %d: the test proves nothing", head.Time, exp)
	}
}

// TestSettlerKilledAtEachStep: the settler stops dead (as a killed
// process: nothing more written) after a settlement's record, after its
// call is queued, after a status is appended and after a retry is
// recorded, each while trades stream in, and is started again: every
// trade ends CONFIRMED, every order is filled on chain by exactly what
// the engine filled, one transaction per settlement.
func TestSettlerKilledAtEachStep(t *testing.T) {
	h := newHarness(t)
	m := h.market(false)
	a, b := h.trader(1000), h.trader(1000)
	var bk book
	trades, settlements := 0, 0
	for i, point := range []string{settle.CrashRecorded, settle.CrashQueued, settle.CrashReported, settle.CrashReported} {
		hits := 0
		crashAt := i%2 + 1 // the first or second time the step is reached
		h.startSettler(func(c *settle.Config) {
			c.Crash = func(p string) bool {
				if p != point {
					return false
				}
				hits++
				return hits == crashAt
			}
		})
		for range 3 {
			bk.add(false, h.order(a, false, chaintest.Buy, m.Yes, 2, 400_000, 0))
			bk.add(false, h.order(b, false, chaintest.Buy, m.No, 2, 600_000, 0))
			trades++
			settlements++
		}
		h.crashed(point)
		h.startSettler(nil)
		h.waitFinal(trades)
		h.settler()
		<-h.ran
	}
	h.checkSettled(&bk, h.trades(), settlements)
	h.checkBalances([]*chaintest.Trader{a, b}, m)
}

// TestSettlerRestartedWithOtherLimits: a settler cutting calls of at most
// two matches is killed with calls queued past its cursor while trades
// stream in, and is started again with other limits (four matches, five
// fills, another gather window): it cuts what the killed one had cut
// the same way (its records and transactions are found, nothing is
// settled twice) and the new limits only after the stream's end at its
// start. Every trade ends CONFIRMED, every order is filled on chain by
// exactly what the engine filled, and the switch is counted.
func TestSettlerRestartedWithOtherLimits(t *testing.T) {
	h := newHarness(t)
	m := h.market(false)
	a, b := h.trader(1000), h.trader(1000)
	var bk book
	trades := 0
	cross := func(n int) {
		for range n {
			bk.add(false, h.order(a, false, chaintest.Buy, m.Yes, 2, 400_000, 0))
			bk.add(false, h.order(b, false, chaintest.Buy, m.No, 2, 600_000, 0))
			trades++
		}
	}
	hits := 0
	h.startSettler(func(c *settle.Config) {
		c.MatchesMax, c.FillsMax = 2, 2
		c.CursorEvery = time.Hour // the cursor stays behind what is queued
		c.Crash = func(p string) bool {
			if p != settle.CrashQueued {
				return false
			}
			hits++
			return hits == 4
		}
	})
	cross(6)
	h.crashed(settle.CrashQueued)
	h.startSettler(func(c *settle.Config) {
		c.MatchesMax, c.FillsMax, c.GatherWindow = 4, 5, 400*time.Millisecond
	})
	cross(6)
	h.checkSettled(&bk, h.waitFinal(trades), trades)
	h.checkBalances([]*chaintest.Trader{a, b}, m)
	if n := h.counter("settler_segment_param_switches_total"); n < 1 {
		t.Errorf("settler_segment_param_switches_total %v, want at least 1", n)
	}
	if n := h.counter("settler_trades_failed_total"); n != 0 {
		t.Errorf("%v trades failed", n)
	}
}

// TestBypassMakesFailed: a maker moves its USDW out of its wallet
// directly on chain (around the exchange) while its bid rests. The trade
// that fills the bid cannot settle: every attempt is refused, and after
// the last one the trade is FAILED, counted, and every open order of the
// maker whose funds are missing is cancelled; the taker's orders stay.
// FAILED reverses the fill in the engine: both ledgers say again what
// the chain holds.
func TestBypassMakesFailed(t *testing.T) {
	h := newHarness(t)
	h.startSettler(func(c *settle.Config) { c.AttemptsMax = 2 })
	m := h.market(false)
	a, b := h.trader(100), h.trader(100)
	h.order(a, false, chaintest.Buy, m.Yes, 10, 400_000, 0)
	other := h.order(a, false, chaintest.Buy, m.Yes, 5, 300_000, 0)
	bRest := h.order(b, false, chaintest.Buy, m.No, 5, 50_000, 0) // crosses nothing
	// a pays its whole USDW to an address of its own, around the exchange.
	sink := common.HexToAddress("0x000000000000000000000000000000000000dEaD")
	if err := a.ExecSafe(h.ctx, chaintest.Call(h.env.D.Contracts.Collateral, chaintest.PackUSDW("transfer", sink, big.NewInt(100*unit)))); err != nil {
		t.Fatal(err)
	}
	h.order(b, false, chaintest.Buy, m.No, 10, 600_000, 0)
	trades := h.waitFinal(1)
	if s := trades[0].GetStatus(); s != pb.TradeStatus_TRADE_STATUS_FAILED {
		t.Fatalf("the trade is %s, want FAILED", s)
	}
	if n := h.counter("settler_trades_failed_total"); n != 1 {
		t.Errorf("settler_trades_failed_total %v, want 1", n)
	}
	// The fill is reversed for both: the chain made none of it.
	if got := h.balance(a.Maker, m.Yes); got != 0 {
		t.Errorf("a's engine YES %d, want 0: the failed fill reversed", got)
	}
	if got := h.balance(b.Maker, m.No); got != 0 {
		t.Errorf("b's engine NO %d, want 0: the failed fill reversed", got)
	}
	if got := h.balance(b.Maker, nil); got != 100*unit {
		t.Errorf("b's engine USDW %d, want its 100 back", got)
	}
	// a's other order is cancelled; b's stays.
	eventually.True(t, "a's other order is CANCELED", func() bool { return h.orderStatus(other) == pb.OrderStatus_ORDER_STATUS_CANCELED })
	if s := h.orderStatus(bRest); s != pb.OrderStatus_ORDER_STATUS_LIVE {
		t.Errorf("b's resting order is %s, want LIVE", s)
	}
}

// TestTakersBatchedAndSplitAroundAGhost: takers whose orders arrive
// together have their matches settled in one matchOrdersBatch; when one
// match of a batch cannot settle (its maker moved its USDW around the
// exchange), the batch is split and every other match still CONFIRMED,
// that one alone FAILED.
func TestTakersBatchedAndSplitAroundAGhost(t *testing.T) {
	h := newHarness(t)
	h.startSettler(func(c *settle.Config) { c.AttemptsMax = 2 })
	m := h.market(false)
	a, b, ghost := h.trader(100), h.trader(100), h.trader(100)
	var bk book
	takers := func(n int) {
		t.Helper()
		cmds := make([]*pb.Command, n)
		for i := range cmds {
			var id common.Hash
			cmds[i], id = h.orderCommand(b, false, chaintest.Buy, m.No, 1, 600_000, 0)
			bk.add(false, id)
		}
		// Appended together, they share a log message, and so an event batch.
		var wg sync.WaitGroup
		for _, c := range cmds {
			wg.Go(func() {
				if _, err := h.pub.Append(h.ctx, c); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
	}
	const n = 12
	for range n {
		bk.add(false, h.order(a, false, chaintest.Buy, m.Yes, 1, 400_000, 0))
	}
	takers(n)
	trades := h.waitFinal(n)
	h.checkSettled(&bk, trades, n)
	hashes := map[string]bool{}
	for _, tr := range trades {
		hashes[string(tr.GetTxHash())] = true
	}
	if len(hashes) >= n {
		t.Errorf("%d takers' matches took %d transactions: not batched", n, len(hashes))
	}

	// Now the third of the makers' bids is the ghost's, which has nothing.
	var ghostOrder common.Hash
	for i := range n {
		if i == 2 {
			ghostOrder = h.order(ghost, false, chaintest.Buy, m.Yes, 1, 400_000, 0)
			continue
		}
		bk.add(false, h.order(a, false, chaintest.Buy, m.Yes, 1, 400_000, 0))
	}
	sink := common.HexToAddress("0x000000000000000000000000000000000000dEaD")
	if err := ghost.ExecSafe(h.ctx, chaintest.Call(h.env.D.Contracts.Collateral, chaintest.PackUSDW("transfer", sink, big.NewInt(100*unit)))); err != nil {
		t.Fatal(err)
	}
	takers(n)
	all := h.waitFinal(2 * n)
	var failed, confirmed int
	for _, tr := range all {
		switch tr.GetStatus() {
		case pb.TradeStatus_TRADE_STATUS_FAILED:
			failed++
			if common.BytesToHash(tr.GetMakerOrderId()) != ghostOrder {
				t.Errorf("trade %d FAILED, not the ghost's", tr.GetTradeId())
			}
		case pb.TradeStatus_TRADE_STATUS_CONFIRMED:
			confirmed++
		}
	}
	if failed != 1 || confirmed != 2*n-1 {
		t.Fatalf("%d FAILED and %d CONFIRMED, want 1 and %d", failed, confirmed, 2*n-1)
	}
	for id, negRisk := range bk.orders {
		var want uint64
		for _, tr := range all {
			if tr.GetStatus() == pb.TradeStatus_TRADE_STATUS_CONFIRMED &&
				(common.BytesToHash(tr.GetTakerOrderId()) == id || common.BytesToHash(tr.GetMakerOrderId()) == id) {
				want += tr.GetSize()
			}
		}
		if got := h.filledOnChain(negRisk, id); got != want {
			t.Errorf("order %s filled %d on chain, want %d", id.Hex()[:10], got, want)
		}
	}
	if got := h.counter("settler_trades_failed_total"); got != 1 {
		t.Errorf("settler_trades_failed_total %v", got)
	}
}

// TestTwoSettlersOneLeads: two settlers campaign for the lease; one
// settles, and when it stops the other takes over where it was: every
// trade CONFIRMED once.
func TestTwoSettlersOneLeads(t *testing.T) {
	h := newHarness(t)
	open := func(holder string) *lease.Lease {
		js, err := jetstream.New(h.nc)
		if err != nil {
			t.Fatal(err)
		}
		l, err := lease.Open(h.ctx, js, lease.Config{Bucket: settle.LeaseBucket, Key: settle.LeaseKey, Holder: holder, TTL: time.Second})
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	h.startSettlerWith(nil, open("first"))
	firstReg, stopFirst, firstRan := h.reg, h.settler, h.ran
	h.startSettlerWith(nil, open("second"))
	secondReg := h.reg
	m := h.market(false)
	a, b := h.trader(100), h.trader(100)
	var bk book
	round := func() {
		for range 3 {
			bk.add(false, h.order(a, false, chaintest.Buy, m.Yes, 1, 400_000, 0))
			bk.add(false, h.order(b, false, chaintest.Buy, m.No, 1, 600_000, 0))
		}
	}
	round()
	h.waitFinal(3)
	settled := func(reg *prometheus.Registry) float64 {
		mfs, err := reg.Gather()
		if err != nil {
			t.Fatal(err)
		}
		for _, mf := range mfs {
			if mf.GetName() == "settler_settlements_total" {
				return mf.GetMetric()[0].GetCounter().GetValue()
			}
		}
		return 0
	}
	one, two := settled(firstReg), settled(secondReg)
	if one == 0 || two != 0 {
		t.Fatalf("the first settler made %v settlements and the second %v: one should lead", one, two)
	}
	stopFirst()
	<-firstRan
	round()
	h.checkSettled(&bk, h.waitFinal(6), 6)
	if settled(secondReg) == 0 {
		t.Fatal("the second settler did not take over")
	}
}

func (h *harness) orderStatus(id common.Hash) pb.OrderStatus {
	h.t.Helper()
	resp, err := query.Do(h.ctx, h.nc, &pb.QueryRequest{Query: &pb.QueryRequest_Order{Order: &pb.OrderQuery{OrderId: id[:]}}})
	if err != nil {
		h.t.Fatal(err)
	}
	return resp.GetOrder().GetStatus()
}
