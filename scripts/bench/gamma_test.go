package bench

import "testing"

// TestGammaSmall runs the Gamma figures at a tiny size: every answer is a
// 200, a page of events is full, and each figure is reported.
func TestGammaSmall(t *testing.T) {
	figs, err := Gamma(GammaConfig{MarketReads: 400, EventLists: 100, Runs: 1, Clients: 4, Events: 20})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"gamma_market_reads_per_sec", "gamma_market_reads_p99_ms", "gamma_event_list_per_sec", "gamma_event_list_p99_ms"}
	if len(figs) != len(want) {
		t.Fatalf("figures %v", figs)
	}
	for i, f := range figs {
		if f.Name != want[i] || f.Value <= 0 {
			t.Errorf("figure %d: %+v, want %s above 0", i, f, want[i])
		}
	}
}
