package chaos

import (
	"context"
	"testing"
	"time"
)

// TestClusterFaults runs the whole cluster under a small load of signed
// orders through HAProxy and kills, one at a time, the NATS node leading
// the command stream, a CLOB gateway, the engine leader, the relayer
// worker's holder and the settler leader, each restarted after: orders
// are accepted again after each, no accepted order is lost or applied
// twice, every engine equals a replay, every trade is CONFIRMED and the
// chain equals the ledger.
func TestClusterFaults(t *testing.T) {
	faults := AllFaults
	rep, err := RunCluster(context.Background(), ClusterConfig{Traders: 4, Withdrawers: 2, Pause: 100 * time.Millisecond,
		Steady: 2 * time.Second, Seed: 21, WorkDir: workDir(t), Log: testWriter{t}, Faults: faults})
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
