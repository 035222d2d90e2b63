package bench

import "testing"

// TestClusterCLOBSmall runs the CLOB figures on the cluster at a tiny
// size: every order through HAProxy is accepted and each figure is
// reported.
func TestClusterCLOBSmall(t *testing.T) {
	figs, err := ClusterCLOB(CLOBConfig{Orders: 200, Runs: 1, Warmup: 20, Clients: 4, CrossPct: 50})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"cluster_clob_signed_orders_per_sec", "cluster_clob_order_p50_ms", "cluster_clob_order_p99_ms", "cluster_clob_orders_trading_pct"}
	if len(figs) != len(want) {
		t.Fatalf("figures %v", figs)
	}
	for i, f := range figs {
		t.Logf("%s %v %s", f.Name, f.Value, f.Unit)
		if f.Name != want[i] || f.Value <= 0 {
			t.Errorf("figure %d: %+v, want %s above 0", i, f, want[i])
		}
	}
}
