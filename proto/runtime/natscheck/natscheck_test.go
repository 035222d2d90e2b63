package natscheck_test

import (
	"context"
	"strings"
	"testing"

	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/runtime/natscheck"
	"pred.dev/proto/runtime/natstest"
)

func TestClusterRefusesReplicasOnASingleServer(t *testing.T) {
	t.Parallel()
	nc := natstest.Connect(t, natstest.Start(t))
	if err := natscheck.Cluster(nc, "-replicas", 1); err != nil {
		t.Fatalf("one replica on one server: %v", err)
	}
	err := natscheck.Cluster(nc, "-kv-replicas", 3)
	if err == nil || !strings.Contains(err.Error(), "not in a cluster") || !strings.Contains(err.Error(), "-kv-replicas 1") {
		t.Fatalf("three replicas on one server: %v, want a refusal naming -kv-replicas 1", err)
	}
}

// A stream or bucket at another replica count needs a cluster to exist;
// scripts/e2e's TestConfigurationRefusedOnACluster refuses both on three
// nats-server processes.

func TestAStreamAtItsReplicaCountIsUpdated(t *testing.T) {
	t.Parallel()
	js, err := jetstream.New(natstest.Connect(t, natstest.Start(t)))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	cfg := jetstream.StreamConfig{Name: "S", Subjects: []string{"s"}, Replicas: 1}
	if _, err := natscheck.CreateOrUpdateStream(ctx, js, "-replicas", cfg); err != nil {
		t.Fatalf("create: %v", err)
	}
	cfg.Description = "updated"
	st, err := natscheck.CreateOrUpdateStream(ctx, js, "-replicas", cfg)
	if err != nil || st.CachedInfo().Config.Description != "updated" {
		t.Fatalf("update at the same count: %v", err)
	}
	if _, err := natscheck.CreateOrUpdateKeyValue(ctx, js, "-kv-replicas", jetstream.KeyValueConfig{Bucket: "b"}); err != nil {
		t.Fatalf("create a bucket: %v", err)
	}
	if _, err := natscheck.CreateOrUpdateKeyValue(ctx, js, "-kv-replicas", jetstream.KeyValueConfig{Bucket: "b", Replicas: 1}); err != nil {
		t.Fatalf("open it again: %v", err)
	}
}

func TestCreatingAReplicatedBucketOnASingleServerIsRefused(t *testing.T) {
	t.Parallel()
	js, err := jetstream.New(natstest.Connect(t, natstest.Start(t)))
	if err != nil {
		t.Fatal(err)
	}
	_, err = natscheck.CreateOrUpdateKeyValue(context.Background(), js, "-kv-replicas", jetstream.KeyValueConfig{Bucket: "b", Replicas: 3})
	if err == nil || !strings.Contains(err.Error(), "not in a cluster") {
		t.Fatalf("got %v, want the not-a-cluster refusal", err)
	}
}
