package stream

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"

	"pred.dev/proto/errcode"
	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/follow"
	"pred.dev/proto/runtime/streams"
	"pred.dev/proto/runtime/wsfeed"
)

// Hub is one replica's streams: it follows the EVT stream on its own,
// keeps the projection (every market and its book) and hands each
// position's messages to the connections subscribed to them. Replicas do
// not coordinate: the same EVT message gives the same messages on each.
type Hub struct {
	cfg  Config
	feed *wsfeed.Server
	log  *zap.Logger
	js   jetstream.JetStream

	mu      sync.RWMutex
	proj    *projection
	ready   bool
	readyAt uint64 // the command sequence the seeded books reflect
	clients map[*client]struct{}
	routes  *routes
	// advanced is closed, and replaced, at each position applied: the
	// broadcast a resume from a position ahead waits on.
	advanced chan struct{}

	stop context.CancelFunc
	done chan struct{}
}

// refollowWait is the pause before the hub follows again after its
// follower failed.
const refollowWait = time.Second

// Start returns a hub that seeds its projection from the engine and
// then follows EVT from the position the seed is at, in the background
// (retrying while the engine does not answer: a gateway may start before
// it), until Close. Subscriptions wait for the seed.
func Start(cfg Config, nc *nats.Conn, q querier, feed *wsfeed.Server, log *zap.Logger) (*Hub, error) {
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, fmt.Errorf("stream: jetstream: %w", err)
	}
	h := &Hub{cfg: cfg.withDefaults(), feed: feed, log: log, js: js, clients: map[*client]struct{}{}, routes: newRoutes(),
		advanced: make(chan struct{}), done: make(chan struct{})}
	h.proj = h.newProjection()
	ctx, stop := context.WithCancel(context.Background())
	h.stop = stop
	go h.boot(ctx, q)
	return h, nil
}

// seedTimeout bounds one attempt at seeding.
const seedTimeout = time.Minute

func (h *Hub) boot(ctx context.Context, q querier) {
	for {
		f, err := h.seed(ctx, q)
		if err == nil {
			h.run(ctx, f)
			return
		}
		if ctx.Err() != nil {
			close(h.done)
			return
		}
		h.log.Warn("the streams cannot seed their books yet; retrying", zap.Error(err))
		select {
		case <-ctx.Done():
			close(h.done)
			return
		case <-time.After(refollowWait):
		}
	}
}

// seed reads every market and book from the engine and positions a
// follower after the last EVT message before the answers.
func (h *Hub) seed(ctx context.Context, q querier) (*follow.Follower, error) {
	ctx, cancel := context.WithTimeout(ctx, seedTimeout)
	defer cancel()
	last, err := streams.LastSeq(ctx, h.js, journal.EventStream)
	if err != nil {
		return nil, err
	}
	// Following first, then asking: every command after the answers is in
	// a message the follower delivers.
	f, err := h.follower(ctx, last+1)
	if err != nil {
		return nil, err
	}
	proj := h.newProjection()
	top, err := proj.seed(ctx, q)
	if err != nil {
		return nil, err
	}
	lastCmd, timeMs, err := h.batchAt(ctx, last)
	if err != nil {
		return nil, err
	}
	proj.position, proj.timeMs = last, timeMs
	h.mu.Lock()
	h.proj, h.readyAt, h.ready = proj, top, lastCmd >= top
	close(h.advanced)
	h.advanced = make(chan struct{})
	h.mu.Unlock()
	return f, nil
}

// batchAt reads the command sequence and time of the EVT message at seq
// (none for 0).
func (h *Hub) batchAt(ctx context.Context, seq uint64) (uint64, int64, error) {
	if seq == 0 {
		return 0, 0, nil
	}
	st, err := h.js.Stream(ctx, journal.EventStream)
	if err != nil {
		return 0, 0, fmt.Errorf("stream: %w", err)
	}
	msg, err := st.GetMsg(ctx, seq)
	if err != nil {
		return 0, 0, fmt.Errorf("stream: EVT message %d: %w", seq, err)
	}
	b, err := journal.DecodeEventBatch(msg.Data)
	if err != nil {
		return 0, 0, fmt.Errorf("stream: EVT message %d: %w", seq, err)
	}
	return b.GetCommandSeq(), b.GetTimeMs(), nil
}

func (h *Hub) follower(ctx context.Context, from uint64) (*follow.Follower, error) {
	return follow.New(ctx, h.js, journal.EventStream, follow.Options{Start: follow.FromSeq(from),
		Corrupt: func(seq uint64, err error) {
			h.log.Error("undecodable event batch: the streams skip it", zap.Uint64("evt_seq", seq), zap.Error(err))
		}})
}

// run applies the event batches until ctx ends, following again from the
// next position after a failure.
func (h *Hub) run(ctx context.Context, f *follow.Follower) {
	defer close(h.done)
	for {
		err := f.RunEvents(ctx, h.onBatch)
		if ctx.Err() != nil {
			return
		}
		h.log.Error("the stream feed stopped; following again", zap.Error(err))
		for {
			select {
			case <-ctx.Done():
				return
			case <-time.After(refollowWait):
			}
			if f, err = h.follower(ctx, h.Position()+1); err == nil {
				break
			}
			h.log.Error("the stream feed cannot follow", zap.Error(err))
		}
	}
}

// newProjection is a projection that makes the /ws/user messages of the
// wallets a client follows only (followed).
func (h *Hub) newProjection() *projection {
	p := newProjection()
	p.forAccount = h.followed
	return p
}

// followed says whether a /ws/user client follows account. The
// projection asks while it applies a batch, under the hub's lock, which
// every change of the routes holds too.
func (h *Hub) followed(account []byte) bool {
	var k [20]byte
	copy(k[:], account)
	return len(h.routes.account[k]) > 0
}

func (h *Hub) onBatch(seq uint64, b *pb.EventBatch) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if seq <= h.proj.position {
		return nil // delivered again after a refollow
	}
	items := h.proj.apply(seq, b)
	if !h.ready && b.GetCommandSeq() >= h.readyAt {
		h.ready = true
	}
	if h.ready {
		for _, c := range h.routes.candidates(items) {
			c.deliver(seq, items)
		}
	}
	close(h.advanced)
	h.advanced = make(chan struct{})
	return nil
}

// Position is the last position applied.
func (h *Hub) Position() uint64 {
	h.mu.RLock()
	defer h.mu.RUnlock()
	return h.proj.position
}

// await waits until the hub is ready and at position at least p, for at
// most ResumeWait.
func (h *Hub) await(ctx context.Context, p uint64) error {
	ctx, cancel := context.WithTimeout(ctx, h.cfg.ResumeWait)
	defer cancel()
	for {
		h.mu.RLock()
		ready, adv, at := h.ready, h.advanced, h.proj.position
		h.mu.RUnlock()
		if ready && at >= p {
			return nil
		}
		select {
		case <-adv:
		case <-ctx.Done():
			if !ready {
				return errcode.Errorf(errcode.EngineUnavailable, "the streams of this server are starting (reading the books from the engine): retry in a few seconds")
			}
			return errcode.Errorf(errcode.StreamPositionAhead,
				"from %d is ahead of this server, which is at %d and did not reach it within %s: retry; the subscription resumes from the same position", p, at, h.cfg.ResumeWait)
		}
	}
}

// register adds c to the deliveries, or files it again after its
// subscription changed (the hub's write lock held).
func (h *Hub) register(c *client) {
	h.clients[c] = struct{}{}
	h.routes.reroute(c)
}

func (h *Hub) unregister(c *client) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.clients, c)
	h.routes.remove(c)
}

// Close stops following and ends every connection.
func (h *Hub) Close() {
	h.feed.Close()
	h.stop()
	<-h.done
}

// firstSeq is the EVT stream's first position still held.
func (h *Hub) firstSeq(ctx context.Context) (uint64, error) {
	st, err := h.js.Stream(ctx, journal.EventStream)
	if err != nil {
		return 0, err
	}
	info, err := st.Info(ctx)
	if err != nil {
		return 0, err
	}
	return info.State.FirstSeq, nil
}

// history reads the EVT messages from+1..to.
func (h *Hub) history(ctx context.Context, from, to uint64) ([]positioned, error) {
	if to <= from {
		return nil, nil
	}
	out := make([]positioned, 0, to-from)
	f, err := h.follower(ctx, from+1)
	if err != nil {
		return nil, err
	}
	err = f.RunEvents(ctx, func(seq uint64, b *pb.EventBatch) error {
		if seq > to {
			return follow.ErrStop
		}
		out = append(out, positioned{seq: seq, batch: b})
		if seq == to {
			return follow.ErrStop
		}
		return nil
	})
	if err == nil && ctx.Err() != nil {
		err = ctx.Err()
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

// positioned is an EVT message.
type positioned struct {
	seq   uint64
	batch *pb.EventBatch
}
