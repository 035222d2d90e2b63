package chaos

import (
	"context"
	"testing"
	"time"
)

// TestNATSPartitions cuts off the NATS node leading the command stream,
// then a node the seed picks, each from the other nodes and every
// client, under the load: orders are accepted again while it is cut
// off, nothing accepted is lost or applied twice, and the history stays
// linearizable.
func TestNATSPartitions(t *testing.T) {
	faults := []Fault{FaultNATSLeaderPartition, FaultNATSNodePartition}
	rep, err := RunCluster(context.Background(), ClusterConfig{Traders: 4, Withdrawers: 2, Pause: 100 * time.Millisecond,
		Steady: 2 * time.Second, Seed: 24, WorkDir: workDir(t), Log: testWriter{t}, Faults: faults})
	t.Log("\n" + rep.Lines())
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK() || len(rep.Faults) != len(faults) {
		t.Fatalf("the cluster lost something: %+v", rep)
	}
}
