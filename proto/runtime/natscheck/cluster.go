package natscheck

import (
	"fmt"

	"github.com/nats-io/nats.go"
)

// Cluster refuses replicas > 1 on a NATS that cannot place that many
// copies. The server's INFO names its cluster (empty: a single server)
// and gossips the client URLs of the cluster's other servers, which the
// client keeps in its pool with the URLs it was given; the
// JetStream API has no request that counts the meta group's peers
// without the system account, which the exchange's processes do not hold.
// A cluster that does not advertise its servers (no_advertise), reached
// through one URL, cannot be counted: it passes here, and JetStream
// refuses the stream if it is too small.
func Cluster(nc *nats.Conn, flag string, replicas int) error {
	if replicas <= 1 {
		return nil
	}
	url := nc.ConnectedUrlRedacted()
	if nc.ConnectedClusterName() == "" {
		return fmt.Errorf("%s %d asks for %d copies of every stream and bucket, but the NATS server at %s (%s) is not in a cluster: "+
			"point -nats-url at a JetStream cluster of at least %d servers, or pass %s 1 on a single server",
			flag, replicas, replicas, url, nc.ConnectedServerName(), replicas, flag)
	}
	// The pool holds the URLs given and those the cluster gossiped.
	if servers := len(nc.Servers()); servers > 1 && servers < replicas {
		return fmt.Errorf("%s %d asks for %d copies, but the NATS cluster %s at %s has %d servers: "+
			"add servers to the cluster, or pass %s %d",
			flag, replicas, replicas, nc.ConnectedClusterName(), url, servers, flag, servers)
	}
	return nil
}
