package jsmetrics

import (
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// peerSilentMax is how long a stream's leader may not have heard from a
// follower before the follower counts as offline. Raft heartbeats every
// second; a server killed -9 is only marked Offline by the cluster much
// later (a minute and more), so silence is what reports it in seconds.
const peerSilentMax = 5 * time.Second

// replicas is what one stream's info says of its copies.
type replicas struct {
	leader    string
	current   int
	followers []*jetstream.PeerInfo
}

// replicasOf counts a stream's current copies: its leader's, and each
// follower's that is current and online. A server outside a cluster
// reports no cluster peers: its one copy is current while it answers.
func replicasOf(info *jetstream.StreamInfo) replicas {
	ci := info.Cluster
	if ci == nil || ci.RaftGroup == "" {
		return replicas{current: 1}
	}
	r := replicas{leader: ci.Leader, followers: ci.Replicas}
	if ci.Leader != "" {
		r.current++
	}
	for _, f := range ci.Replicas {
		if f.Current && !f.Offline {
			r.current++
		}
	}
	return r
}

// CurrentReplicas is how many copies of a stream are current: what
// pred_jetstream_stream_replicas_current reports, for tools that read
// stream info themselves (make cluster's table).
func CurrentReplicas(info *jetstream.StreamInfo) int { return replicasOf(info).current }

// peerSet is each server some stream names, and whether any stream's
// leader reports it offline or has not heard from it for peerSilentMax.
type peerSet map[string]bool

func (p peerSet) add(r replicas) {
	if r.leader != "" {
		p[r.leader] = p[r.leader] || false
	}
	for _, f := range r.followers {
		p[f.Name] = p[f.Name] || f.Offline || f.Active > peerSilentMax
	}
}

func (p peerSet) offline() int {
	n := 0
	for _, off := range p {
		if off {
			n++
		}
	}
	return n
}
