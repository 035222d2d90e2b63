package e2e

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/journal"
	"pred.dev/proto/runtime/leaderread"
	"pred.dev/proto/runtime/natscheck"
	"pred.dev/proto/runtime/streams"
	"pred.dev/scripts/cluster"
)

// TestConfigurationRefusedOnACluster runs the start-time checks every
// binary makes (pred.dev/proto/runtime/natscheck) against three real
// nats-server processes in one cluster: replicas beyond the cluster's
// servers are refused, and so is a stream or bucket that exists at
// another replica count than a process asks for, with the command that
// scales it; the leader reads (leaderread) answer from every node.
func TestConfigurationRefusedOnACluster(t *testing.T) {
	t.Parallel()
	c := startNATSCluster(t)
	ctx := context.Background()
	nc, err := nats.Connect(c.URL())
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}

	if err := natscheck.Cluster(nc, "-replicas", 3); err != nil {
		t.Fatalf("three replicas on three servers: %v", err)
	}
	if err := natscheck.Cluster(nc, "-replicas", 5); err == nil || !strings.Contains(err.Error(), "has 3 servers") {
		t.Fatalf("five replicas on three servers: %v, want a refusal counting 3 servers", err)
	}
	// Through one node's URL, the others are counted from the gossip.
	first, err := nats.Connect(c.Nodes[0].ClientURL())
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	if err := natscheck.Cluster(first, "-kv-replicas", 4); err == nil || !strings.Contains(err.Error(), "has 3 servers") {
		t.Fatalf("four replicas through one node of three: %v, want a refusal counting 3 servers", err)
	}

	// The engine's log at R3, then an engine started with -replicas 1.
	if err := streams.Ensure(ctx, js, streams.Config{Replicas: 3}); err != nil {
		t.Fatal(err)
	}
	err = streams.Ensure(ctx, js, streams.Config{Replicas: 1})
	if !errors.Is(err, natscheck.ErrReplicas) || !strings.Contains(err.Error(), "-replicas 3") ||
		!strings.Contains(err.Error(), "nats stream edit "+journal.CommandStream+" --replicas 1") {
		t.Fatalf("the log at R3 opened with -replicas 1: %v, want ErrReplicas naming -replicas 3 and the nats CLI command", err)
	}
	st, err := js.Stream(ctx, journal.CommandStream)
	if err != nil || st.CachedInfo().Config.Replicas != 3 {
		t.Fatalf("the refused start changed the log: %v", err)
	}

	// A bucket made at R1 (a gateway started without -kv-replicas 3).
	kvcfg := jetstream.KeyValueConfig{Bucket: "config_test", Replicas: 1}
	raw, err := natscheck.CreateOrUpdateKeyValue(ctx, js, natscheck.KVReplicasFlag, kvcfg)
	if err != nil {
		t.Fatal(err)
	}
	kvcfg.Replicas = 3
	_, err = natscheck.CreateOrUpdateKeyValue(ctx, js, natscheck.KVReplicasFlag, kvcfg)
	if !errors.Is(err, natscheck.ErrReplicas) || !strings.Contains(err.Error(), "-kv-replicas 1") ||
		!strings.Contains(err.Error(), "nats stream edit KV_config_test --replicas 3") {
		t.Fatalf("the R1 bucket opened with -kv-replicas 3: %v", err)
	}

	// Leader reads through a connection to each node.
	rev, err := raw.Put(ctx, "k", []byte("v"))
	if err != nil {
		t.Fatal(err)
	}
	for i, n := range c.Nodes {
		one, err := nats.Connect(n.ClientURL())
		if err != nil {
			t.Fatal(err)
		}
		onejs, err := jetstream.New(one)
		if err != nil {
			t.Fatal(err)
		}
		e, err := leaderread.WrapKV(onejs, raw).Get(ctx, "k")
		if err != nil || string(e.Value()) != "v" || e.Revision() != rev {
			t.Errorf("node %d: leader read %v, %v; want v at %d", i, e, err, rev)
		}
		seq, err := leaderread.NewFence(onejs, journal.CommandStream).Seq(ctx)
		if err != nil || seq != 0 {
			t.Errorf("node %d: fence on the empty log %d, %v", i, seq, err)
		}
		one.Close()
	}
}

// startNATSCluster starts three nats-server processes in one cluster on free
// ports, stopped when the test ends.
func startNATSCluster(t *testing.T) *cluster.NATS {
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
