package settlement_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/chain/chaintest"
	"pred.dev/proto/client/relayerapi"
	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/eventually"
	"pred.dev/proto/runtime/follow"
	"pred.dev/settler/settle"
)

// statusLog follows EVT from its start and keeps every trade's
// TradeStatusChanged events in order: what the engine saw.
type statusLog struct {
	mu   sync.Mutex
	seen map[uint64][]pb.TradeStatus
}

func (h *harness) followStatuses() *statusLog {
	h.t.Helper()
	js, err := jetstream.New(h.nc)
	if err != nil {
		h.t.Fatal(err)
	}
	l := &statusLog{seen: map[uint64][]pb.TradeStatus{}}
	ctx, cancel := context.WithCancel(h.ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = follow.Events(ctx, js, follow.Options{Start: follow.FromSeq(1)}, func(_ uint64, b *pb.EventBatch) error {
			l.mu.Lock()
			defer l.mu.Unlock()
			for _, ev := range b.GetEvents() {
				if c := ev.GetTradeStatusChanged(); c != nil {
					l.seen[c.GetTradeId()] = append(l.seen[c.GetTradeId()], c.GetStatus())
				}
			}
			return nil
		})
	}()
	h.t.Cleanup(func() { cancel(); <-done })
	return l
}

func (l *statusLog) of(id uint64) []pb.TradeStatus {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.seen[id])
}

// waitStatus waits until the engine's trade id has status s.
func (h *harness) waitStatus(id uint64, s pb.TradeStatus) *pb.TradeRecord {
	h.t.Helper()
	return eventually.Value(h.t, fmt.Sprintf("trade %d is %s", id, s), func() (*pb.TradeRecord, bool) {
		for _, tr := range h.trades() {
			if tr.GetTradeId() == id && tr.GetStatus() == s {
				return tr, true
			}
		}
		return nil, false
	})
}

// TestReorgShowsRetrying: a settlement's transaction is mined and its
// trade reported MINED; then the chain forks below that block, so the
// block leaves the chain. The relayer's worker records its transaction
// EXECUTED again (one reorg, a note), the settler reports the trade
// RETRYING, and as the same transaction is mined again on the new chain,
// SUBMITTED, MINED and CONFIRMED: the engine saw SUBMITTED, MINED,
// RETRYING, SUBMITTED, MINED, CONFIRMED. The fill is settled once on
// chain: one relayer transaction, one attempt, the orders filled by
// exactly what the engine filled. The same with the settler stopped dead
// right after it appended the RETRYING (its record not yet updated) and
// started again: the engine sees the same.
func TestReorgShowsRetrying(t *testing.T) {
	t.Run("settler running", func(t *testing.T) { testReorg(t, false) })
	t.Run("settler killed after RETRYING", func(t *testing.T) { testReorg(t, true) })
}

func testReorg(t *testing.T, kill bool) {
	h := newHarness(t)
	statuses := h.followStatuses()
	var forked, crashed atomic.Bool
	h.startSettler(func(c *settle.Config) {
		if kill {
			c.Crash = func(p string) bool { return p == settle.CrashReported && forked.Load() && !crashed.Swap(true) }
		}
	})
	m := h.market(false)
	a, b := h.trader(100), h.trader(100)
	var bk book

	// No block is sealed but those the test seals.
	h.paused.Store(true)
	bk.add(false, h.order(a, false, chaintest.Buy, m.Yes, 10, 400_000, 0))
	bk.add(false, h.order(b, false, chaintest.Buy, m.No, 10, 600_000, 0)) // MINT
	ts := eventually.Value(t, "the engine has a trade", func() ([]*pb.TradeRecord, bool) {
		ts := h.trades()
		return ts, len(ts) > 0
	})
	if len(ts) != 1 {
		t.Fatalf("%d trades, want 1", len(ts))
	}
	id := ts[0].GetTradeId()
	sent := common.BytesToHash(h.waitStatus(id, pb.TradeStatus_TRADE_STATUS_SUBMITTED).GetTxHash())

	// One block holds the settlement; the worker needs one more to confirm
	// it (2 confirmations), which is not sealed until after the fork.
	sim := h.env.Sim()
	deadline := time.Now().Add(waitMax)
	for {
		h.env.Chain.Mine()
		if _, err := h.env.Chain.Backend.TransactionReceipt(h.ctx, sent); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the settlement %s is not mined", sent.Hex())
		}
		// The pool promotes it. Each try seals a block, so this pace is
		// the chain's, not a wait eventually could poll at its own.
		time.Sleep(50 * time.Millisecond)
	}
	mined := common.BytesToHash(h.waitStatus(id, pb.TradeStatus_TRADE_STATUS_MINED).GetTxHash())
	rc, err := h.env.Chain.Backend.TransactionReceipt(h.ctx, mined)
	if err != nil {
		t.Fatal(err)
	}
	block, err := sim.Client().HeaderByHash(h.ctx, rc.BlockHash)
	if err != nil {
		t.Fatal(err)
	}
	head, err := h.env.Chain.Backend.BlockNumber(h.ctx)
	if err != nil {
		t.Fatal(err)
	}
	if head != block.Number.Uint64() {
		t.Fatalf("head %d, the settlement's block %d: it may be confirmed already", head, block.Number)
	}

	// The fork: the head goes back to the block's parent, so the block
	// leaves the chain; its transaction returns to the pool. Then blocks
	// again.
	h.sealMu.Lock()
	err = sim.Fork(block.ParentHash)
	h.sealMu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	if got, err := h.env.Chain.Backend.HeaderByNumber(h.ctx, block.Number); err == nil && got.Hash() == block.Hash() {
		t.Fatal("the settlement's block is still on the chain after the fork")
	}
	forked.Store(true)
	h.paused.Store(false)
	if kill {
		h.crashed("after RETRYING")
		h.waitStatus(id, pb.TradeStatus_TRADE_STATUS_RETRYING) // what it appended last
		h.startSettler(nil)
	}

	trades := h.waitFinal(1)
	h.checkSettled(&bk, trades, 1)
	h.checkBalances([]*chaintest.Trader{a, b}, m)
	want := []pb.TradeStatus{pb.TradeStatus_TRADE_STATUS_SUBMITTED, pb.TradeStatus_TRADE_STATUS_MINED,
		pb.TradeStatus_TRADE_STATUS_RETRYING, pb.TradeStatus_TRADE_STATUS_SUBMITTED, pb.TradeStatus_TRADE_STATUS_MINED,
		pb.TradeStatus_TRADE_STATUS_CONFIRMED}
	eventually.NoError(t, fmt.Sprintf("the engine saw %v", want), func() error {
		if got := statuses.of(id); !slices.Equal(got, want) {
			return fmt.Errorf("it saw %v", got)
		}
		return nil
	})

	// Mined again, in another block at the height.
	final := common.BytesToHash(trades[0].GetTxHash())
	rc2, err := h.env.Chain.Backend.TransactionReceipt(h.ctx, final)
	if err != nil {
		t.Fatal(err)
	}
	if rc2.BlockHash == block.Hash() {
		t.Fatal("the settlement is in the block that left the chain")
	}

	// One relayer transaction, one attempt: recorded CONFIRMED with one
	// reorg; nothing queued again.
	js, err := jetstream.New(h.nc)
	if err != nil {
		t.Fatal(err)
	}
	kv, err := js.KeyValue(h.ctx, journal.RelayerTxBucket)
	if err != nil {
		t.Fatal(err)
	}
	first := strconv.FormatUint(id, 10)
	e, err := kv.Get(h.ctx, journal.RelayerTxKeyPrefix+"settle-"+first+"-1")
	if err != nil {
		t.Fatal(err)
	}
	var rec relayerapi.TxRecord
	if err := json.Unmarshal(e.Value(), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Tx.State != relayerapi.StateConfirmed || rec.Tx.Reorgs != 1 || rec.Tx.TransactionHash != final.Hex() {
		t.Errorf("the relayer's record: %s, %d reorgs, hash %s; want CONFIRMED, 1, %s", rec.Tx.State, rec.Tx.Reorgs,
			rec.Tx.TransactionHash, final.Hex())
	}
	if _, err := kv.Get(h.ctx, journal.RelayerTxKeyPrefix+"settle-"+first+"-2"); !errors.Is(err, jetstream.ErrKeyNotFound) {
		t.Errorf("a second attempt: %v", err)
	}
	if n := h.counter("settler_reorgs_total"); n != 1 {
		t.Errorf("settler_reorgs_total %v, want 1", n)
	}
	if n := h.counter("settler_retries_total"); n != 0 {
		t.Errorf("settler_retries_total %v, want 0 (a reorg is not a new attempt)", n)
	}
}
