package server_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/client/relayerapi"
	"pred.dev/proto/journal"
	"pred.dev/proto/runtime/eventually"
	"pred.dev/relayer/worker"
)

// TestReorgReturnsToExecuted: a MINED transaction whose block leaves the
// chain (the simulated chain forked below it) is recorded STATE_EXECUTED
// again, with reorgs 1 and a reason naming the block, then mined again
// and CONFIRMED, reorgs still 1: a follower of the record tells "mined,
// then reorganized out" from "never mined". GET /transaction shows the
// field (the exchange validated against the document); the hot key's
// nonce is mined once; relayer_reorgs_total counts it. The same holds
// when the worker is killed the moment it sees the block gone, before it
// writes anything: the next worker finds the MINED record's block hash
// no longer on the chain and sees the reorganization again.
func TestReorgReturnsToExecuted(t *testing.T) {
	t.Run("running", func(t *testing.T) { testReorg(t, false) })
	t.Run("killed-on-seeing-it", func(t *testing.T) { testReorg(t, true) })
}

func testReorg(t *testing.T, kill bool) {
	var h *harness
	var w *replica
	if kill {
		h = newHarness(t, apiOnly())
		var hits atomic.Int32
		w = h.worker(func(p string) bool { return p == worker.CrashReorgSeen && hits.Add(1) == 1 })
	} else {
		h = newHarness(t)
	}
	h.chain.pause()
	u, sub, exec := h.deployExecuted(t)
	ctx := ctxT(t)

	// Every version of the record from here on.
	kv, err := h.js.KeyValue(ctx, journal.RelayerTxBucket)
	if err != nil {
		t.Fatal(err)
	}
	watch, err := kv.Watch(ctx, journal.RelayerTxKeyPrefix+sub.TransactionID)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = watch.Stop() }()
	var mu sync.Mutex
	var seen []relayerapi.Transaction
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		for e := range watch.Updates() {
			if e == nil || e.Operation() != jetstream.KeyValuePut {
				continue
			}
			var rec relayerapi.TxRecord
			if err := json.Unmarshal(e.Value(), &rec); err == nil {
				mu.Lock()
				seen = append(seen, rec.Tx)
				mu.Unlock()
			}
		}
	}()

	// One block holds it; the worker waits for a second to confirm it.
	sim := h.chain.env.Sim()
	hash := common.HexToHash(exec.TransactionHash)
	eventually.True(t, hash.Hex()+" is mined", func() bool {
		h.chain.env.Chain.Mine()
		_, err := sim.Client().TransactionReceipt(ctx, hash)
		return err == nil
	})
	mined := u.wait(t, sub.TransactionID, relayerapi.StateMined)
	rc, err := sim.Client().TransactionReceipt(ctx, hash)
	if err != nil {
		t.Fatal(err)
	}
	block, err := sim.Client().HeaderByHash(ctx, rc.BlockHash)
	if err != nil {
		t.Fatal(err)
	}
	if mined.Reorgs != 0 || mined.BlockNumber != block.Number.Uint64() {
		t.Fatalf("MINED: reorgs %d, block %d; want 0, %d", mined.Reorgs, mined.BlockNumber, block.Number)
	}

	// The fork: the block leaves the chain; its transaction goes back to
	// the pool, and is mined again as blocks come.
	h.chain.mu.Lock()
	err = sim.Fork(block.ParentHash)
	h.chain.mu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	h.chain.resume()
	if kill {
		w.crashed(t, worker.CrashReorgSeen)
		w = h.worker(nil)
	}
	final := u.wait(t, sub.TransactionID, relayerapi.StateConfirmed)
	if final.Reorgs != 1 || final.Reason != "" || final.TransactionHash != exec.TransactionHash {
		t.Fatalf("CONFIRMED: reorgs %d, reason %q, hash %s; want 1, none, %s", final.Reorgs, final.Reason,
			final.TransactionHash, exec.TransactionHash)
	}
	rc2, err := sim.Client().TransactionReceipt(ctx, hash)
	if err != nil {
		t.Fatal(err)
	}
	if rc2.BlockHash == block.Hash() {
		t.Fatal("confirmed in the block that left the chain")
	}

	// The record went MINED (0) -> EXECUTED (1, the note) -> MINED (1) ->
	// CONFIRMED (1).
	_ = watch.Stop()
	<-watched
	mu.Lock()
	defer mu.Unlock()
	var path []string
	for _, tx := range seen {
		path = append(path, fmt.Sprintf("%s/%d", tx.State, tx.Reorgs))
		if tx.State == relayerapi.StateExecuted && tx.Reorgs == 1 &&
			(!strings.Contains(tx.Reason, "reorganized out") || !strings.Contains(tx.Reason, block.Hash().Hex()) || tx.BlockNumber != 0) {
			t.Errorf("EXECUTED after the reorg: reason %q, block %d", tx.Reason, tx.BlockNumber)
		}
	}
	want := []string{"STATE_MINED/0", "STATE_EXECUTED/1", "STATE_MINED/1", "STATE_CONFIRMED/1"}
	i := 0
	for _, p := range path {
		if i < len(want) && p == want[i] {
			i++
		}
	}
	if i != len(want) {
		t.Fatalf("the record went %v, want %v in order", path, want)
	}
	metrics := h.url()
	if kill {
		metrics = w.url // the worker that recorded it
	}
	if v := metricAt(t, metrics, "relayer_reorgs_total"); v != 1 {
		t.Errorf("relayer_reorgs_total %v, want 1", v)
	}
	if n := h.audit(t); n != 1 {
		t.Fatalf("%d hot-key transactions mined, want 1", n)
	}
}
