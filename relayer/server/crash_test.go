package server_test

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/proto/client/relayer"
	"pred.dev/proto/client/relayerapi"
	"pred.dev/relayer/onchain"
	relayersvc "pred.dev/relayer/server"
	"pred.dev/relayer/worker"
)

// audit checks every transaction the hot key sent: its nonces are 0..n-1,
// each once, and every one succeeded (none reverted: nothing was executed
// twice, which a Safe refuses with a revert). It returns n.
func (h *harness) audit(t testing.TB) int {
	t.Helper()
	ctx := ctxT(t)
	b := h.chain.env.Sim().Client()
	hot := crypto.PubkeyToAddress(h.hot.PublicKey)
	head, err := b.BlockNumber(ctx)
	if err != nil {
		t.Fatal(err)
	}
	signer := types.LatestSignerForChainID(new(big.Int).SetUint64(h.chain.env.ChainID))
	seen := map[uint64]bool{}
	for n := uint64(1); n <= head; n++ {
		blk, err := b.BlockByNumber(ctx, new(big.Int).SetUint64(n))
		if err != nil {
			t.Fatal(err)
		}
		for _, tx := range blk.Transactions() {
			from, err := types.Sender(signer, tx)
			if err != nil || from != hot {
				continue
			}
			if seen[tx.Nonce()] {
				t.Errorf("hot-key nonce %d mined twice", tx.Nonce())
			}
			seen[tx.Nonce()] = true
			rc, err := b.TransactionReceipt(ctx, tx.Hash())
			if err != nil {
				t.Fatal(err)
			}
			if rc.Status != types.ReceiptStatusSuccessful {
				t.Errorf("hot-key transaction %s (nonce %d) reverted in block %d", tx.Hash().Hex(), tx.Nonce(), n)
			}
		}
	}
	for i := range uint64(len(seen)) {
		if !seen[i] {
			t.Errorf("hot-key nonce %d is missing: a gap", i)
		}
	}
	return len(seen)
}

// workload is what each trader of a crash test submits, all at once
// without waiting: its wallet's deployment and approvals, then a transfer
// (Safe nonce 1), a transfer beyond its balance (nonce 2: INVALID, the
// simulation reverts), and two more transfers (nonces 2 and 3).
type workload struct {
	u   *user
	to  common.Address // where its transfers go
	ids []string
}

var wantStates = []relayerapi.State{relayerapi.StateConfirmed, relayerapi.StateConfirmed, relayerapi.StateConfirmed,
	relayerapi.StateInvalid, relayerapi.StateConfirmed, relayerapi.StateConfirmed}

const paidPerTrader = 5

func (h *harness) startWorkload(t testing.TB, traders int) []*workload {
	t.Helper()
	ctx := ctxT(t)
	col := h.chain.env.D.Contracts.Collateral
	var loads []*workload
	for range traders {
		u := h.user()
		if err := h.chain.env.Fund(ctx, u.c.Wallet(), big.NewInt(10_000_000)); err != nil {
			t.Fatal(err)
		}
		to := common.BytesToAddress(crypto.Keccak256(u.addr[:])[:20])
		loads = append(loads, &workload{u: u, to: to})
	}
	var wg sync.WaitGroup
	errs := make(chan error, traders)
	for _, l := range loads {
		wg.Go(func() {
			to := l.to
			subs, err := l.u.c.Onboard(ctx)
			if err != nil {
				errs <- err
				return
			}
			for _, s := range subs {
				l.ids = append(l.ids, s.TransactionID)
			}
			for _, c := range []struct {
				nonce  int64
				amount int64
			}{{1, 1_000_000}, {2, 50_000_000}, {2, 2_000_000}, {3, 3_000_000}} {
				req, err := l.u.c.SafeRequest(l.u.c.Tx(big.NewInt(c.nonce), relayer.Transfer(col, to, big.NewInt(c.amount))))
				if err != nil {
					errs <- err
					return
				}
				r, err := l.u.c.Submit(ctx, req)
				if err != nil {
					errs <- err
					return
				}
				l.ids = append(l.ids, r.TransactionID)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	return loads
}

// check waits for every submission to end and checks it ended as it
// should, and that each wallet executed each of its transactions once.
func (h *harness) check(t testing.TB, loads []*workload) {
	t.Helper()
	ctx := ctxT(t)
	for i, l := range loads {
		for j, id := range l.ids {
			tx := l.u.waitEnd(t, id)
			if tx.State != wantStates[j] {
				t.Errorf("trader %d submission %d: %s (%s), want %s", i, j, tx.State, tx.Reason, wantStates[j])
			}
		}
		n, err := l.u.c.Nonce(ctx, l.u.addr)
		if err != nil || n.Int64() != 4 {
			t.Errorf("trader %d's Safe nonce is %v (%v), want 4", i, n, err)
		}
		got, err := h.chain.env.USDWOf(ctx, l.to)
		if err != nil || got.Int64() != 6_000_000 {
			t.Errorf("trader %d's recipient holds %v (%v), want 6", i, got, err)
		}
	}
	if n := h.audit(t); n != paidPerTrader*len(loads) {
		t.Errorf("the hot key sent %d transactions for %d paid submissions", n, paidPerTrader*len(loads))
	}
}

// apiOnly makes the harness's first replica an API without a worker, so
// that tests start and kill workers of their own.
func apiOnly() option { return withConfig(func(c *relayersvc.Config) { c.HotKey = nil }) }

func (h *harness) worker(crash func(string) bool) *replica {
	return h.startWith(func(c *relayersvc.Config) {
		c.HotKey = h.hot
		c.Worker.Crash = crash
	})
}

// crashed waits for the replica's worker to stop at the crash point and
// stops the replica, as a killed process would be gone.
func (rp *replica) crashed(t testing.TB, point string) {
	t.Helper()
	select {
	case err := <-rp.ran:
		if !errors.Is(err, worker.ErrCrashed) {
			t.Fatalf("the worker ended with %v", err)
		}
		rp.cancel()
		<-rp.served
		rp.cancel = nil
	case <-time.After(waitMax):
		t.Fatalf("the worker never reached %s", point)
	}
}

// TestWorkerCrashAtEachStep: the worker is killed once at each step where
// a crash could lose or repeat something (a nonce recorded and not
// broadcast, broadcast and not recorded EXECUTED, EXECUTED and the queue
// message not past the cursor, MINED and the wallet's next not taken, an
// INVALID recorded), and another worker takes over: every submission ends
// as it should, executed exactly once, with no hot-key nonce skipped or
// used twice.
func TestWorkerCrashAtEachStep(t *testing.T) {
	for _, point := range []string{worker.CrashNonceRecorded, worker.CrashBroadcast, worker.CrashExecuted, worker.CrashMined, worker.CrashInvalid} {
		t.Run(point, func(t *testing.T) {
			h := newHarness(t, apiOnly())
			var hits atomic.Int32
			w := h.worker(func(p string) bool { return p == point && hits.Add(1) == 3 })
			loads := h.startWorkload(t, 3)
			w.crashed(t, point)
			h.worker(nil)
			h.check(t, loads)
		})
	}
}

// TestKillWorkersUnderLoad kills the worker again and again while traders
// submit: at random steps (as kill -9 would stop it) and by cutting its
// NATS connection (its lease then expires and another worker takes over).
// Every accepted submission still ends as it should, executed once, with
// no hot-key nonce gap or reuse.
func TestKillWorkersUnderLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("long")
	}
	h := newHarness(t, apiOnly())
	const kills, cuts = 10, 2
	var killed atomic.Int32
	rng := rand.New(rand.NewPCG(1, 2))
	var rngMu sync.Mutex
	crash := func(string) bool {
		rngMu.Lock()
		defer rngMu.Unlock()
		if killed.Load() >= kills || rng.IntN(100) >= 4 {
			return false
		}
		killed.Add(1)
		return true
	}
	w := h.worker(crash)
	var loads []*workload
	loaded := make(chan struct{})
	go func() {
		defer close(loaded)
		loads = h.startWorkload(t, 16)
	}()
	cut := 0
	restarts := 0
	deadline := time.After(waitMax)
	cutEvery := time.NewTicker(700 * time.Millisecond)
	defer cutEvery.Stop()
	for loaded != nil || killed.Load() < kills && restarts < kills+cuts+5 {
		select {
		case <-loaded:
			loaded = nil
		case err := <-w.ran:
			if !errors.Is(err, worker.ErrCrashed) {
				t.Fatalf("the worker ended with %v", err)
			}
			w.cancel()
			<-w.served
			w.cancel = nil
			restarts++
			w = h.worker(crash)
		case <-cutEvery.C:
			if cut >= cuts {
				continue
			}
			cut++
			old := w
			old.nc.Close()
			go func() { _ = old.stop() }()
			restarts++
			w = h.worker(crash)
		case <-deadline:
			t.Fatalf("%d kills in %s", killed.Load(), waitMax)
		}
		if loaded == nil && killed.Load() >= kills && cut >= cuts {
			break
		}
	}
	t.Logf("%d kills at random steps, %d NATS cuts, %d workers", killed.Load(), cut, restarts+1)
	h.check(t, loads)
}

// TestTwoWorkersAreFenced: two workers that both believe they hold the hot
// key (no lease: one paused past its lease and woke up) cannot both pay:
// the nonce record of each assignment is created once, so one of them
// stops with ErrFenced, and every submission is executed once.
func TestTwoWorkersAreFenced(t *testing.T) {
	h := newHarness(t, apiOnly())
	var wg sync.WaitGroup
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	results := make(chan error, 2)
	start := func() {
		w, err := worker.New(worker.Config{HotKey: h.hot, Env: relayersvc.Env(h.chain.env.D), Confirmations: 2, Poll: 20 * time.Millisecond},
			h.st, h.chain.env.Chain.Backend, nil, h.log)
		if err != nil {
			t.Fatal(err)
		}
		wg.Go(func() { results <- w.Run(ctx) })
	}
	loads := h.startWorkload(t, 4)
	start()
	start()
	first := <-results
	if !errors.Is(first, worker.ErrFenced) {
		t.Fatalf("a worker ended with %v, want ErrFenced", first)
	}
	h.check(t, loads)
	cancel()
	wg.Wait()
	if second := <-results; second != nil {
		t.Fatalf("the other worker ended with %v", second)
	}
}

// gatedBackend is the test chain with a hook before two of its calls, so
// that a test can order two workers' steps: the pending nonce (read when a
// worker recovers) and the gas estimate (the last check before a nonce is
// assigned).
type gatedBackend struct {
	onchain.Backend
	beforePending  func()
	beforeEstimate func()
}

func (b gatedBackend) PendingNonceAt(ctx context.Context, a common.Address) (uint64, error) {
	if b.beforePending != nil {
		b.beforePending()
	}
	return b.Backend.PendingNonceAt(ctx, a)
}

func (b gatedBackend) EstimateGas(ctx context.Context, msg ethereum.CallMsg) (uint64, error) {
	if b.beforeEstimate != nil {
		b.beforeEstimate()
	}
	return b.Backend.EstimateGas(ctx, msg)
}

// TestFencedWorkersFlightIsFollowed orders the race behind a CI failure
// of TestTwoWorkersAreFenced: worker B recovers while worker A records and
// broadcasts nonce 0, then B takes nonce 1 before A does, so A is fenced.
// Every transaction, the one A broadcast on nonce 0 included, must still
// end as it should: B follows it (or stops too, seeing a flight it does
// not know, and leaves it to A). Before the fix B read the hot key's
// pending nonce after listing the nonce records, started at nonce 1
// without the record of nonce 0, and nobody followed that transaction: it
// stayed EXECUTED.
func TestFencedWorkersFlightIsFollowed(t *testing.T) {
	h := newHarness(t, apiOnly())
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	real := h.chain.env.Chain.Backend
	hot := crypto.PubkeyToAddress(h.hot.PublicKey)
	// until polls cond every 5 ms; it gives up after waitMax, or when
	// stop is closed, and lets the gated call go on either way.
	until := func(cond func() bool, stop <-chan struct{}) {
		for deadline := time.Now().Add(waitMax); time.Now().Before(deadline) && !cond(); {
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}
	nonceRecorded := func(n uint64) func() bool {
		return func() bool {
			entries, err := h.st.Nonces(ctx)
			if err != nil {
				return false
			}
			for _, e := range entries {
				if e.N.Nonce == n {
					return true
				}
			}
			return false
		}
	}
	bEnded := make(chan struct{})
	aEnded := make(chan struct{})
	var aEstimates atomic.Int32
	aBackend := gatedBackend{Backend: real, beforeEstimate: func() {
		// A's second check waits until B has recorded nonce 1.
		if aEstimates.Add(1) == 2 {
			until(nonceRecorded(1), bEnded)
		}
	}}
	var bListed atomic.Bool
	bBackend := gatedBackend{Backend: real, beforePending: func() {
		// B's recovery waits until A's first transaction is in the pool.
		if bListed.CompareAndSwap(false, true) {
			until(func() bool {
				n, err := real.PendingNonceAt(ctx, hot)
				return err == nil && n > 0
			}, aEnded)
		}
	}}
	newWorker := func(b onchain.Backend) *worker.Worker {
		w, err := worker.New(worker.Config{HotKey: h.hot, Env: relayersvc.Env(h.chain.env.D), Confirmations: 2, Poll: 20 * time.Millisecond},
			h.st, b, nil, h.log)
		if err != nil {
			t.Fatal(err)
		}
		return w
	}
	loads := h.startWorkload(t, 3)
	var wg sync.WaitGroup
	var aErr, bErr error
	wg.Go(func() { defer close(aEnded); aErr = newWorker(aBackend).Run(ctx) })
	wg.Go(func() { defer close(bEnded); bErr = newWorker(bBackend).Run(ctx) })
	// One of the two is fenced; the other finishes everything.
	select {
	case <-aEnded:
	case <-bEnded:
	case <-time.After(waitMax):
		t.Fatal("neither worker was fenced")
	}
	h.check(t, loads)
	cancel()
	wg.Wait()
	fenced := 0
	for _, err := range []error{aErr, bErr} {
		switch {
		case errors.Is(err, worker.ErrFenced):
			fenced++
		case err != nil:
			t.Errorf("a worker ended with %v", err)
		}
	}
	if fenced != 1 {
		t.Errorf("%d workers were fenced (A: %v, B: %v), want 1", fenced, aErr, bErr)
	}
}

// TestLeaseFailover: of two relayer processes, one works; when it stops
// renewing its lease (its NATS connection is cut), the other takes over
// within the lease's TTL and finishes the work.
func TestLeaseFailover(t *testing.T) {
	h := newHarness(t, apiOnly())
	a := h.worker(nil)
	b := h.worker(nil)
	loads := h.startWorkload(t, 2)
	l := loads[0]
	l.u.wait(t, l.ids[0], relayerapi.StateMined)
	va, vb := h.leaderMetric(t, a), h.leaderMetric(t, b)
	if va+vb != 1 {
		t.Fatalf("relayer_worker_leader is %v and %v: not one leader", va, vb)
	}
	leader, standby := a, b
	if vb == 1 {
		leader, standby = b, a
	}
	leader.nc.Close()
	go func() { _ = leader.stop() }()
	// Work submitted after the cut is the standby's alone.
	loads = append(loads, h.startWorkload(t, 2)...)
	h.check(t, loads)
	if v := h.leaderMetric(t, standby); v != 1 {
		t.Fatalf("the standby did not take over (relayer_worker_leader %v)", v)
	}
}

// leaderMetric reads relayer_worker_leader from a replica's /metrics.
func (h *harness) leaderMetric(t testing.TB, rp *replica) float64 {
	t.Helper()
	body := httpGet(t, rp.url+"/metrics")
	var v float64
	for _, line := range splitLines(body) {
		if _, err := fmt.Sscanf(line, "relayer_worker_leader %g", &v); err == nil {
			return v
		}
	}
	t.Fatalf("no relayer_worker_leader in /metrics")
	return 0
}
