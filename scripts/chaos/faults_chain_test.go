package chaos

import (
	"context"
	"testing"
	"time"
)

// TestChainFaults runs the cluster under a small load while the chain
// misbehaves, one fault at a time in the seed's order: its JSON-RPC
// answers late, or not at all, or its last blocks are replaced (twice:
// the seed 24 picks a depth of 2, then of 1). After each the load goes
// on; after all nothing is lost, every trade is CONFIRMED, the chain
// equals the ledger and the history is linearizable.
func TestChainFaults(t *testing.T) {
	faults := []Fault{FaultChainSlow, FaultChainStall, FaultChainReorg, FaultChainReorg}
	rep, err := RunCluster(context.Background(), ClusterConfig{Traders: 4, Pause: 100 * time.Millisecond,
		Steady: 2 * time.Second, Seed: 24, WorkDir: workDir(t), Log: testWriter{t}, Faults: faults})
	t.Log("\n" + rep.Lines())
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK() || len(rep.Faults) != len(faults) {
		t.Fatalf("the cluster lost something: %+v", rep)
	}
	for _, f := range rep.Faults {
		if f.Orders == 0 || f.Orders == f.Failed {
			t.Errorf("%s: %d orders sent in its window, %d failed: the load did not go on", f.Fault, f.Orders, f.Failed)
		}
	}
}
