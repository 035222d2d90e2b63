package chaos

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestClusterFaults is the campaign's short seeded version: the whole
// cluster under a small load of signed orders, cancels, reads,
// withdrawals and balance reads through HAProxy, while every kind of
// fault is made once, in the order seed 21 shuffles (each process role
// killed and paused, the NATS nodes partitioned, the chain slowed,
// stalled and reorganised). After each the load goes on; after all
// nothing accepted is lost or applied twice, every engine equals a
// replay, every trade is CONFIRMED, the chain equals the ledger and the
// clients' history is linearizable.
func TestClusterFaults(t *testing.T) {
	faults := AllFaults
	rep, err := RunCluster(context.Background(), ClusterConfig{Traders: 4, Withdrawers: 2, Pause: 100 * time.Millisecond,
		Steady: 2 * time.Second, Seed: 21, WorkDir: workDir(t), Log: testWriter{t}, Faults: faults})
	t.Log("\n" + rep.Lines())
	if err != nil {
		t.Fatal(err)
	}
	// Every failure is one line at the end, where CI's cut keeps it.
	problems := rep.Problems()
	if len(rep.Faults) != len(faults) {
		problems = append(problems, fmt.Sprintf("%d of %d faults made", len(rep.Faults), len(faults)))
	}
	for _, f := range rep.Faults {
		if f.Orders == 0 || f.Orders == f.Failed {
			problems = append(problems, fmt.Sprintf("%s: %d orders sent in its window, %d failed: the load did not go on", f.Fault, f.Orders, f.Failed))
		}
	}
	if len(problems) > 0 {
		t.Fatalf("the cluster run failed: %s", strings.Join(problems, "; "))
	}
}
