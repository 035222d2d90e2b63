package chaos

import (
	"context"
	"testing"
	"time"
)

// TestClusterClockSkew sets the API replicas' clocks apart (replica 1
// ahead, replica 2 behind, by as much as the documented tolerance
// between services allows) under the load, with fresh Gamma logins,
// refreshes and relayer keys across the replicas, then kills a CLOB
// gateway: orders go on, nothing is lost, the engine stays
// deterministic, and a market-stream client resuming across both
// faults saw exactly the log.
func TestClusterClockSkew(t *testing.T) {
	faults := []Fault{FaultClockSkew, FaultGateway}
	rep, err := RunCluster(context.Background(), ClusterConfig{Traders: 4, Pause: 100 * time.Millisecond,
		Steady: 2 * time.Second, Seed: 24, WorkDir: workDir(t), Log: testWriter{t}, Faults: faults})
	t.Log("\n" + rep.Lines())
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK() || len(rep.Faults) != len(faults) || rep.StreamGaps != 0 {
		t.Fatalf("the cluster lost something: %+v", rep)
	}
	for _, f := range rep.Faults {
		if f.Orders == 0 || f.Orders == f.Failed {
			t.Errorf("%s: %d orders sent in its window, %d failed: the load did not go on", f.Fault, f.Orders, f.Failed)
		}
	}
}
