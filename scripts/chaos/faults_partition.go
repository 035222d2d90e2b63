package chaos

import (
	"context"

	"pred.dev/scripts/cluster"
)

// The partition faults: a NATS node cut off the network, from the other
// nodes and from every client at once, then joined again (see
// scripts/cluster/netns.go). The node keeps running and believing what it
// believed: a leader of the command stream goes on thinking it leads
// until its Raft group's heartbeats tell it otherwise, and its clients
// hear nothing until their pings go unanswered. The majority side must
// elect another leader, and every client move to a node it reaches,
// without losing an acknowledged write; the healed node must catch up.

const (
	// FaultNATSLeaderPartition cuts off the node leading the command
	// stream, until another leads it.
	FaultNATSLeaderPartition = FaultNATSLeader + partitionSuffix
	// FaultNATSNodePartition cuts off a node the seed picks.
	FaultNATSNodePartition = FaultNATSNode + partitionSuffix
)

const partitionSuffix = "_partition"

func init() {
	for _, ro := range roles[:2] {
		register(ro.name+partitionSuffix, faultKind{victim: ro.victim, strike: partition, heal: heal,
			healed: natsWhole, until: ro.lost, hold: pauseHoldMin, configure: inNetns})
	}
}

// inNetns puts the NATS nodes in network namespaces of their own,
// where a partition can cut one off.
func inNetns(c *cluster.Config) { c.NATSNetns = true }

func partition(_ context.Context, r *clusterRun, victim string) error {
	r.logf("partitioning %s from the other nodes and from the clients", victim)
	return r.c.Partition(victim)
}

func heal(_ context.Context, r *clusterRun, victim string) error {
	r.logf("healing %s's partition", victim)
	return r.c.Heal(victim)
}

// natsWhole holds once every node answers healthy and JetStream has a
// meta leader: the healed node is back in the cluster.
func natsWhole(ctx context.Context, r *clusterRun, _ string) bool {
	return r.c.NATS().Healthy(ctx) == nil
}
