package chaos

import (
	"context"
	"fmt"
	"slices"
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

// TestClusterReportProblems: a run that passed every check has no
// problem, and each failed check is named with its figure.
func TestClusterReportProblems(t *testing.T) {
	good := ClusterReport{Faults: []FaultResult{{Fault: AllFaults[0]}}, Accepted: 10, HashMatch: true, Trades: 3, Confirmed: 3,
		HistoryOps: 5, StreamMessages: 7}
	if ps := good.Problems(); len(ps) != 0 || !good.OK() {
		t.Fatalf("a passing run has problems: %q", ps)
	}
	bad := good
	bad.Lost, bad.Confirmed, bad.StreamGaps = 2, 1, -1
	want := []string{"2 accepted orders lost", "1 of 3 trades CONFIRMED", "stream gaps -1 (-1: the check failed)"}
	if ps := bad.Problems(); !slices.Equal(ps, want) || bad.OK() {
		t.Fatalf("problems %q, want %q", ps, want)
	}
}
