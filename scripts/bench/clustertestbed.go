package bench

import (
	"context"
	"os"
	"path/filepath"

	"github.com/nats-io/nats.go"

	"pred.dev/scripts/cluster"
)

// clusterReplicas is the streams' replica count on the cluster: one per
// node, as the cluster runs them.
const clusterReplicas = 3

// newClusterTestbed starts three nats-server processes (./bin's, at the
// go.mod's version) in one JetStream cluster on free loopback ports, in
// a temporary directory.
func newClusterTestbed() (*testbed, error) {
	dir, err := os.MkdirTemp("", "pred-bench-cluster-")
	if err != nil {
		return nil, err
	}
	c, err := cluster.StartFreeNATS(context.Background(), filepath.Join(dir, "nats"), clusterReplicas)
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	nc, err := nats.Connect(c.URL(), nats.MaxReconnects(-1))
	if err != nil {
		_ = c.Stop()
		os.RemoveAll(dir)
		return nil, err
	}
	return &testbed{dir: dir, cluster: c, replicas: clusterReplicas, nc: nc}, nil
}
