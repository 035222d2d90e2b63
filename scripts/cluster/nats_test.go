package cluster_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/runtime/eventually"
	"pred.dev/scripts/cluster"
)

// startNATS starts a three-node cluster on free ports in a temporary dir,
// stopped when the test ends.
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

// TestNATSSurvivesItsStreamLeader kills the node that leads an R3 stream
// with SIGKILL: another node leads, every acknowledged message is still
// there, writes go on, and the killed node rejoins.
func TestNATSSurvivesItsStreamLeader(t *testing.T) {
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
	if _, err := js.CreateStream(ctx, jetstream.StreamConfig{Name: "T", Subjects: []string{"t"}, Replicas: 3}); err != nil {
		t.Fatal(err)
	}
	const before = 20
	for i := range before {
		if _, err := js.Publish(ctx, "t", []byte(fmt.Sprint(i))); err != nil {
			t.Fatal(err)
		}
	}
	leader, err := cluster.StreamLeader(ctx, nc, "T")
	if err != nil {
		t.Fatal(err)
	}
	i := c.NodeIndex(leader)
	if i < 0 {
		t.Fatalf("stream leader %q is none of the nodes", leader)
	}
	if err := c.KillNode(i); err != nil {
		t.Fatal(err)
	}
	if c.Proc(i).Running() {
		t.Fatalf("%s still runs after SIGKILL", leader)
	}
	next := eventually.Value(t, "another node leads the stream", func() (string, bool) {
		l, err := cluster.StreamLeader(ctx, nc, "T")
		return l, err == nil && l != leader
	})
	t.Logf("%s led the stream and was killed; %s leads now", leader, next)
	eventually.NoError(t, "a write is acknowledged without the killed node", func() error {
		_, err := js.Publish(ctx, "t", []byte("after"), jetstream.WithMsgID("after"))
		return err
	})
	if err := c.RestartNode(ctx, i); err != nil {
		t.Fatal(err)
	}
	s, err := js.Stream(ctx, "T")
	if err != nil {
		t.Fatal(err)
	}
	if info, err := s.Info(ctx); err != nil || info.State.Msgs != before+1 {
		t.Fatalf("the stream holds %v messages (%v), want %d", info, err, before+1)
	}
	eventually.True(t, "the restarted node is a current replica again", func() bool {
		info, err := s.Info(ctx)
		if err != nil || info.Cluster == nil {
			return false
		}
		for _, r := range info.Cluster.Replicas {
			if r.Name == leader {
				return r.Current
			}
		}
		return false
	})
	meta, err := c.MetaLeader(ctx)
	if err != nil || meta == "" {
		t.Fatalf("no meta leader: %q %v", meta, err)
	}
}
