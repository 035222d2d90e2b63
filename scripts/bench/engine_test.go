package bench

import (
	"strings"
	"testing"
)

// TestJournalCompareSmall runs the journal at a tiny size on one
// embedded server and on the three-node cluster at R3: both report their
// rates and latencies, and the cluster's rate in percent of the single
// server's.
func TestJournalCompareSmall(t *testing.T) {
	figs, err := JournalCompare(EngineConfig{JournalOps: 2_000, Callers: 16, BaselineOps: 100})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"journal_cmds_per_sec", "journal_ack_p50_ms", "journal_ack_p99_ms", "journal_result_p99_ms",
		"journal_fsync_per_msg_cmds_per_sec", "journal_group_commit_ratio",
		"cluster_journal_cmds_per_sec", "cluster_journal_ack_p50_ms", "cluster_journal_ack_p99_ms", "cluster_journal_result_p99_ms",
		"cluster_journal_rate_pct"}
	if len(figs) != len(want) {
		t.Fatalf("figures %v", figs)
	}
	for i, f := range figs {
		t.Logf("%s %v %s", f.Name, f.Value, f.Unit)
		// A latency can round to 0 ms; a rate cannot be 0.
		if f.Name != want[i] || f.Value < 0 || !strings.HasSuffix(f.Name, "_ms") && f.Value <= 0 {
			t.Errorf("figure %d: %+v, want %s", i, f, want[i])
		}
	}
}
