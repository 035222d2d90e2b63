package bench

import "testing"

// TestStreamsSmall runs the stream figures at a tiny size: 60 subscribers
// beside 600 orders, each figure reported, no subscriber closed, and
// every subscriber read messages (the book of its token changed).
func TestStreamsSmall(t *testing.T) {
	figs, err := CLOBStreams(CLOBConfig{Orders: 600, Runs: 1, Warmup: 60, Clients: 4, CrossPct: 50, Subscribers: 60})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]float64{}
	for _, f := range figs {
		t.Logf("%s %v %s", f.Name, f.Value, f.Unit)
		got[f.Name] = f.Value
	}
	for _, name := range []string{"clob_signed_orders_per_sec_ws", "clob_signed_orders_per_sec_no_ws", "clob_ws_rate_pct",
		"ws_msgs_per_sec", "ws_event_p99_ms"} {
		if got[name] <= 0 {
			t.Errorf("%s = %v, want above 0", name, got[name])
		}
	}
	if got["ws_subscribers"] != 60 {
		t.Errorf("ws_subscribers = %v, want all 60 still connected", got["ws_subscribers"])
	}
}
