// Package natsconn connects a service to NATS the one way every service
// needs: reconnecting forever, and noticing within seconds that its node
// stopped answering.
//
// The second part is the reason it exists. nats.go pings its server every
// two minutes and gives up on it after two unanswered pings, so a client
// whose node is cut off by a partition (or paused) keeps a TCP connection
// that hears nothing for up to four minutes: every publish times out, and
// the service cannot move to a node that works. The fault campaign's
// partitions showed it (scripts/chaos, nats_leader_partition). With
// PingInterval and PingsOutstandingMax below, a dead node is given up after
// about six seconds and the client reconnects to another of its URLs.
package natsconn

import (
	"time"

	"github.com/nats-io/nats.go"
)

const (
	// PingInterval is how often the client pings its node when idle. A
	// ping is a few bytes; a node serves thousands of clients at this
	// rate without noticing.
	PingInterval = 2 * time.Second
	// PingsOutstandingMax unanswered pings make the client give the node
	// up and reconnect: three, so that one slow fsync or GC pause on a
	// healthy node (a second or two) does not make every client leave it.
	PingsOutstandingMax = 3
	// ReconnectWait spaces the attempts to reconnect to one URL; the
	// client tries its other URLs in between.
	ReconnectWait = 250 * time.Millisecond
)

// Options are the options every service connects with: its name (seen in
// the servers' connection lists), reconnection forever, and the pings.
func Options(name string) []nats.Option {
	return []nats.Option{nats.Name(name), nats.MaxReconnects(-1), nats.ReconnectWait(ReconnectWait),
		nats.PingInterval(PingInterval), nats.MaxPingsOutstanding(PingsOutstandingMax)}
}

// Connect connects to the comma-separated urls as name, with Options and
// then extra.
func Connect(urls, name string, extra ...nats.Option) (*nats.Conn, error) {
	return nats.Connect(urls, append(Options(name), extra...)...)
}
