package ops

import (
	"context"
	"testing"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/journal"
	"pred.dev/proto/runtime/eventually"
	"pred.dev/proto/runtime/jsmetrics"
	"pred.dev/proto/runtime/streams"
	"pred.dev/scripts/cluster"
)

// TestJetStreamGaugesOnACluster: on three nats-server processes with the
// exchange's streams at R3, the gauges the NATS alerts read say three
// current replicas and no server offline; with a follower killed -9 they
// name it offline and count two current replicas (what NATSNodeDown and
// StreamBelowReplicas fire on); restarted, it catches up to three.
func TestJetStreamGaugesOnACluster(t *testing.T) {
	t.Parallel()
	c := startNATS(t)
	ctx := context.Background()
	nc, err := nats.Connect(c.URL(), nats.MaxReconnects(-1))
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	if err := streams.Ensure(ctx, js, streams.Config{Replicas: 3}); err != nil {
		t.Fatal(err)
	}
	for range 5 {
		if _, err := js.Publish(ctx, journal.CommandSubject, []byte("x")); err != nil {
			t.Fatal(err)
		}
	}
	col, err := jsmetrics.New(nc, []string{journal.CommandStream, journal.EventStream})
	if err != nil {
		t.Fatal(err)
	}
	cmd := `{stream="` + journal.CommandStream + `"}`
	whole := func(g map[string]float64) bool {
		return g["pred_jetstream_meta_leader_known"] == 1 && g["pred_jetstream_peers_offline"] == 0 &&
			g["pred_jetstream_stream_replicas_configured"+cmd] == 3 && g["pred_jetstream_stream_replicas_current"+cmd] == 3
	}
	g := sampleUntil(t, col, "the cluster whole: 3 current replicas, none offline", whole)
	if g["pred_jetstream_stream_last_seq"+cmd] != 5 {
		t.Fatalf("CMD last seq %v, want 5", g["pred_jetstream_stream_last_seq"+cmd])
	}

	leader, err := cluster.StreamLeader(ctx, nc, journal.CommandStream)
	if err != nil {
		t.Fatal(err)
	}
	victim := (c.NodeIndex(leader) + 1) % len(c.Nodes)
	name := c.Nodes[victim].Name
	if err := c.KillNode(victim); err != nil {
		t.Fatal(err)
	}
	sampleUntil(t, col, name+" offline and CMD at 2 current replicas", func(g map[string]float64) bool {
		return g[`pred_jetstream_peer_offline{peer="`+name+`"}`] == 1 && g["pred_jetstream_peers_offline"] == 1 &&
			g["pred_jetstream_stream_replicas_current"+cmd] == 2 && g["pred_jetstream_stream_info_ok"+cmd] == 1
	})

	if err := c.RestartNode(ctx, victim); err != nil {
		t.Fatal(err)
	}
	sampleUntil(t, col, name+" back and caught up", whole)
}

func sampleUntil(t *testing.T, c *jsmetrics.Collector, what string, ok func(map[string]float64) bool) map[string]float64 {
	t.Helper()
	return eventually.Value(t, what, func() (map[string]float64, bool) {
		g, err := jsmetrics.Sample(c)
		return g, err == nil && ok(g)
	})
}

// startNATS starts a three-node cluster on free ports, stopped when the
// test ends.
func startNATS(t *testing.T) *cluster.NATS {
	t.Helper()
	c, err := cluster.StartFreeNATS(context.Background(), t.TempDir(), 3)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := c.Stop(); err != nil {
			t.Error(err)
		}
	})
	return c
}
