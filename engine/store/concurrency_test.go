package store

import (
	"strings"
	"sync"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"pred.dev/engine/machine"
	"pred.dev/proto/pb"
)

// TestQueriesDuringCommits reads while the apply loop commits: every
// answer is one consistent snapshot, so the wallet's order count always
// matches the log position the answer reports.
func TestQueriesDuringCommits(t *testing.T) {
	h := newHarness(t)
	h.skipInvariants = true
	h.faucet(alice, 100_000)
	h.createMarket(mkA, 0)
	h.commit()
	ordersAt := map[uint64]int{h.seq: 0}
	const batches = 150

	type seen struct {
		seq    uint64
		orders int
	}
	var observed []seen
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		q := &pb.QueryRequest{Query: &pb.QueryRequest_Orders{Orders: &pb.OrdersQuery{Account: alice[:], Limit: PageLimitMax}}}
		for {
			select {
			case <-done:
				return
			default:
			}
			resp := h.db.Query(q, nil)
			if resp.GetError() != nil {
				t.Errorf("query: %v", resp.GetError())
				return
			}
			observed = append(observed, seen{resp.GetSeq(), len(resp.GetOrders().GetOrders())})
		}
	}()
	for i := range batches {
		h.nowMs += 1000
		h.place(orderSpec{account: alice, mk: mkA, outcome: machine.Yes, side: machine.Buy, cents: 10 + uint64(i%50), shares: 1})
		h.place(orderSpec{account: alice, mk: mkA, outcome: machine.No, side: machine.Buy, cents: 10 + uint64(i%40), shares: 1})
		ordersAt[h.seq] = 2 * (i + 1)
		h.commit()
	}
	close(done)
	wg.Wait()
	if len(observed) == 0 {
		t.Fatal("the reader saw no answer")
	}
	for _, o := range observed {
		want, ok := ordersAt[o.seq]
		if !ok {
			t.Fatalf("answer at seq %d, which no commit ended at", o.seq)
		}
		if o.orders != want {
			t.Fatalf("answer at seq %d lists %d orders, want %d", o.seq, o.orders, want)
		}
	}
}

// TestRecordOutOfOrder: commands recorded against the log order make the
// commit fail instead of storing a read model that disagrees with it.
func TestRecordOutOfOrder(t *testing.T) {
	h := newHarness(t)
	h.b.Record(h.m, CommandRecord{Seq: 5, TimeMs: startMs})
	h.b.Record(h.m, CommandRecord{Seq: 4, TimeMs: startMs})
	h.b.SetApplied(5, startMs)
	err := h.b.Commit(false)
	if err == nil || !strings.Contains(err.Error(), "seq 4 recorded after seq 5") {
		t.Fatalf("commit after out-of-order records: %v", err)
	}
	if seq, _, _ := h.db.Applied(); seq != 0 {
		t.Fatalf("applied %d after a refused commit", seq)
	}
}

// TestCollector: the Prometheus collector reports what was committed.
func TestCollector(t *testing.T) {
	h := newHarness(t)
	h.faucet(alice, 10)
	h.faucet(bob, 10)
	h.commit()
	h.b.SetApplied(h.seq, h.nowMs)
	if err := h.b.Commit(true); err != nil {
		t.Fatal(err)
	}
	reg := prometheus.NewPedanticRegistry()
	if err := reg.Register(h.db.Collector()); err != nil {
		t.Fatal(err)
	}
	got := gather(t, reg)
	// The harness's faucet is three commands: the credit and two approvals.
	if got["pred_store_commands_total"] != 6 || got["pred_store_batches_total"] != 2 {
		t.Fatalf("commands %v, batches %v; want 6 and 2", got["pred_store_commands_total"], got["pred_store_batches_total"])
	}
	if got["pred_store_disk_bytes"] == 0 {
		t.Fatal("no disk use reported for a database with data")
	}
	st := h.db.Stats()
	if st.Keys < 6 || st.Bytes == 0 {
		t.Fatalf("stats %+v: two faucets write at least their transfers, listings, balances and the position", st)
	}
}

// gather reads every single-valued metric of reg.
func gather(t *testing.T, reg *prometheus.Registry) map[string]float64 {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]float64{}
	for _, mf := range mfs {
		m := mf.GetMetric()[0]
		out[mf.GetName()] = m.GetCounter().GetValue() + m.GetGauge().GetValue()
	}
	return out
}
