package leaderread

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// FenceTimeout bounds one request for a stream's last sequence. The
// request is shared, so it does not run on one reader's context; each
// reader still stops waiting when its own context ends.
const FenceTimeout = 5 * time.Second

// ErrLeaderless means the stream's group had no leader when asked: no
// answer can be trusted to hold every acknowledged write, so the read
// fails (and the caller answers "unavailable, retry") rather than be stale.
var ErrLeaderless = errors.New("leaderread: the stream has no leader; retry")

// Fence reads a stream's last sequence from its leader for readers that
// must see every write acknowledged before they arrived. It is safe for
// concurrent use; at most one request is in flight, and every reader is
// answered by a request sent after it called Seq, so a burst of N reads
// costs two requests, not N.
type Fence struct {
	js     jetstream.JetStream
	stream string

	mu      sync.Mutex
	running bool
	next    *round // the readers waiting for a request not yet sent
}

// round is one request and the readers it answers.
type round struct {
	done chan struct{}
	seq  uint64
	err  error
}

// NewFence returns a fence on a stream (a KV bucket's stream is
// "KV_<bucket>").
func NewFence(js jetstream.JetStream, stream string) *Fence {
	return &Fence{js: js, stream: stream}
}

// Seq returns the stream's last sequence as its leader had it at some
// moment after Seq was called.
func (f *Fence) Seq(ctx context.Context) (uint64, error) {
	f.mu.Lock()
	r := f.next
	if r == nil {
		r = &round{done: make(chan struct{})}
		f.next = r
	}
	if !f.running {
		f.running = true
		go f.run()
	}
	f.mu.Unlock()
	select {
	case <-r.done:
		return r.seq, r.err
	case <-ctx.Done():
		return 0, ctx.Err()
	}
}

// run sends one request per round while readers wait. A round is taken
// before its request is sent, so a reader that joins it arrived before the
// request left; readers arriving during the request form the next round.
func (f *Fence) run() {
	for {
		f.mu.Lock()
		r := f.next
		f.next = nil
		if r == nil {
			f.running = false
			f.mu.Unlock()
			return
		}
		f.mu.Unlock()
		r.seq, r.err = f.fetch()
		close(r.done)
	}
}

func (f *Fence) fetch() (uint64, error) {
	ctx, cancel := context.WithTimeout(context.Background(), FenceTimeout)
	defer cancel()
	// js.Stream is one $JS.API.STREAM.INFO request, answered by the leader.
	st, err := f.js.Stream(ctx, f.stream)
	if err != nil {
		return 0, fmt.Errorf("leaderread: %s info: %w", f.stream, err)
	}
	info := st.CachedInfo()
	if info.Cluster != nil && info.Cluster.Leader == "" {
		return 0, fmt.Errorf("%w (stream %s)", ErrLeaderless, f.stream)
	}
	return info.State.LastSeq, nil
}
