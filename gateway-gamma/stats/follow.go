package stats

import (
	"context"
	"fmt"
	"sync/atomic"

	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"

	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/follow"
)

// Follower feeds a Stats from the EVT stream, from its first message.
type Follower struct {
	stats  *Stats
	log    *zap.Logger
	target uint64 // the stream's last sequence at start: ready once reached
	ready  atomic.Bool
	cancel context.CancelFunc
	done   chan struct{}
	err    atomic.Pointer[error]
}

// Follow starts folding EVT into st; the stream must exist. It returns
// at once; Ready reports when the fold has caught up with the stream as
// it was at the start.
func Follow(ctx context.Context, js jetstream.JetStream, st *Stats, log *zap.Logger) (*Follower, error) {
	f := &Follower{stats: st, log: log, done: make(chan struct{})}
	s, err := js.Stream(ctx, journal.EventStream)
	if err != nil {
		return nil, fmt.Errorf("stats: stream %s: %w", journal.EventStream, err)
	}
	info, err := s.Info(ctx)
	if err != nil {
		return nil, fmt.Errorf("stats: stream %s: %w", journal.EventStream, err)
	}
	f.target = info.State.LastSeq
	f.ready.Store(f.target == 0)
	runCtx, cancel := context.WithCancel(context.Background())
	f.cancel = cancel
	fl, err := f.newFollower(ctx, js)
	if err != nil {
		cancel()
		return nil, err
	}
	go f.run(runCtx, fl)
	return f, nil
}

func (f *Follower) newFollower(ctx context.Context, js jetstream.JetStream) (*follow.Follower, error) {
	return follow.New(ctx, js, journal.EventStream, follow.Options{Start: follow.FromSeq(1), Only: Kinds,
		Corrupt: func(seq uint64, err error) {
			f.log.Error("skipped a corrupt EVT message", zap.Uint64("seq", seq), zap.Error(err))
		}})
}

func (f *Follower) run(ctx context.Context, fl *follow.Follower) {
	defer close(f.done)
	err := fl.RunEvents(ctx, func(seq uint64, b *pb.EventBatch) error {
		f.stats.Apply(seq, b)
		if seq >= f.target {
			f.ready.Store(true)
		}
		return nil
	})
	if err != nil {
		f.log.Error("the statistics stopped following the event stream", zap.Error(err))
		f.err.Store(&err)
	}
}

// Ready reports whether the fold has caught up with the stream as it was
// when Follow started, and still follows it.
func (f *Follower) Ready() error {
	if p := f.err.Load(); p != nil {
		return fmt.Errorf("stopped: %v", *p)
	}
	if !f.ready.Load() {
		return fmt.Errorf("catching up: at EVT %d of %d", f.stats.Seq(), f.target)
	}
	return nil
}

// Stop ends the follower.
func (f *Follower) Stop() {
	f.cancel()
	<-f.done
}
