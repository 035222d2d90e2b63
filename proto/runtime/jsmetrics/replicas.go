package jsmetrics

import "github.com/nats-io/nats.go/jetstream"

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

// peerSet is each server some stream names, and whether any stream's
// leader reports it offline.
type peerSet map[string]bool

func (p peerSet) add(r replicas) {
	if r.leader != "" {
		p[r.leader] = p[r.leader] || false
	}
	for _, f := range r.followers {
		p[f.Name] = p[f.Name] || f.Offline
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
