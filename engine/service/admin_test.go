package service

import (
	"testing"

	"pred.dev/proto/journal"
	"pred.dev/proto/runtime/jsmetrics"
	"pred.dev/proto/runtime/natstest"
)

// TestAdminReportsTheStreams: the engine's metrics include the
// JetStream gauges of the streams it keeps, with what it applied.
func TestAdminReportsTheStreams(t *testing.T) {
	t.Parallel()
	srv := natstest.Start(t)
	nc := natstest.Connect(t, srv)
	s := running(t, testConfig(t, nc, ModeLeader))
	last := appendAll(t, nc, workload(50))
	waitApplied(t, s, last)
	got, err := jsmetrics.Sample(s.met.reg)
	if err != nil {
		t.Fatal(err)
	}
	stream := `{stream="` + journal.CommandStream + `"}`
	if got["pred_jetstream_stream_replicas_current"+stream] != 1 || got["pred_jetstream_stream_last_seq"+stream] != float64(last) {
		t.Fatalf("the engine's registry reports %v", got)
	}
	if got["engine_applied_seq"] != float64(last) || got["engine_leader"] != 1 {
		t.Fatalf("engine gauges: applied %v leader %v, want %d and 1", got["engine_applied_seq"], got["engine_leader"], last)
	}
}
