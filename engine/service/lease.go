package service

import (
	"context"
	"errors"
	"fmt"

	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"

	"pred.dev/proto/journal"
	"pred.dev/proto/runtime/follow"
	"pred.dev/proto/runtime/lease"
	"pred.dev/proto/runtime/natscheck"
)

// Leadership. The leader is the engine that publishes events, answers
// publishers and appends ticks; every engine applies the same log and so
// computes the same events, but only the leader's reach the EVT stream.
//
// An engine that does not lead is gated: it applies a CMD message only
// once an EVT message covers it. So it is never ahead of the EVT stream,
// and when it takes over it knows exactly where to start publishing: the
// first command the EVT stream does not cover, none of which it has
// applied yet. Without the gate, a standby would have applied commands
// whose events the dead leader never published, and they would be lost.
//
// Without a lease (Config.LeaseTTL zero) a ModeLeader engine leads from
// its start and followers never lead. With one, every ModeLeader engine
// starts as a gated standby and campaigns for the lease (package lease of
// the runtime, on journal.LeaseBucket); the winner leads while it renews
// the lease and exits (Run returns ErrLeaseLost) when it cannot, and a
// standby takes over once the lease expires, or at once when a leader
// stops cleanly and releases it (the standby watches the key).
//
// What keeps the EVT stream consistent is not the lease but fencing: each
// EVT publish names the stream sequence it must follow. Of two engines
// that both believe they lead (a leader paused past its lease, say), the
// second to publish fails, Run returns ErrFenced, and the stream holds
// each command's events exactly once.

// ErrLeaseLost stops a leader that could not renew its lease in time.
var ErrLeaseLost = errors.New("service: the leader lease was lost; another engine may lead now")

// ErrFenced stops an engine whose EVT publish found events it did not
// publish: another engine leads.
var ErrFenced = errors.New("service: another engine published events: this one no longer leads")

// promotion is a standby's move to leader, handed to the apply loop so
// that it happens between two batches.
type promotion struct {
	// lastPublished is the CMD sequence the EVT stream covers up to and
	// evtSeq the EVT stream's last sequence, read together.
	lastPublished uint64
	evtSeq        uint64
	done          chan error
}

// eventMark is where the EVT stream stands: its last sequence and the CMD
// sequence its last message covers up to.
func eventMark(ctx context.Context, js jetstream.JetStream) (cmdSeq, evtSeq uint64, err error) {
	evt, err := js.Stream(ctx, journal.EventStream)
	if err != nil {
		return 0, 0, err
	}
	info, err := evt.Info(ctx)
	if err != nil {
		return 0, 0, err
	}
	if info.State.Msgs == 0 {
		return 0, info.State.LastSeq, nil
	}
	msg, err := evt.GetMsg(ctx, info.State.LastSeq)
	if err != nil {
		return 0, 0, fmt.Errorf("service: read the last EVT message: %w", err)
	}
	if cmdSeq, err = journal.EventCmdSeq(msg.Header); err != nil {
		return 0, 0, fmt.Errorf("service: EVT message %d: %w", info.State.LastSeq, err)
	}
	return cmdSeq, info.State.LastSeq, nil
}

// watchEvents follows the EVT stream's headers and raises the gate's mark
// as messages arrive.
func (s *Service) watchEvents(ctx context.Context) error {
	opts := follow.Options{Start: follow.FromLast(), HeadersOnly: true}
	return s.follow(ctx, journal.EventStream, opts, func(msg jetstream.Msg) error {
		seq, err := journal.EventCmdSeq(msg.Headers())
		if err != nil {
			return err
		}
		if seq > s.evtCovered.Load() {
			s.evtCovered.Store(seq)
			s.evtMoved.wake()
		}
		return nil
	})
}

// gate holds a CMD message back while the engine is gated and the EVT
// stream does not cover it yet, noting its sequence in heldBack. It
// returns false if ctx ended.
func (s *Service) gate(ctx context.Context, seq uint64) bool {
	for {
		moved := s.evtMoved.wait() // before the check, so no wake is lost
		if !s.gated.Load() || seq <= s.evtCovered.Load() {
			return true
		}
		if s.heldBack.Swap(seq) != seq {
			s.heldBackMoved.wake()
		}
		select {
		case <-moved:
		case <-ctx.Done():
			return false
		}
	}
}

// campaign waits for the lease, takes over, and leads until ctx ends or
// the lease is lost. clock is the leader's clock, run while it leads.
func (s *Service) campaign(ctx context.Context, promotions chan<- promotion, clock func(context.Context) error) error {
	l, err := lease.Open(ctx, s.js, lease.Config{Bucket: journal.LeaseBucket, Key: journal.LeaseKey,
		Holder: s.cfg.InstanceID, TTL: s.cfg.LeaseTTL, Replicas: s.cfg.Replicas, ReplicasFlag: natscheck.ReplicasFlag, Logger: s.log})
	if err != nil {
		return err
	}
	held, err := l.Acquire(ctx)
	if err != nil || !held {
		return err
	}
	s.log.Info("lease acquired: taking over", zap.String("instance", s.cfg.InstanceID))
	if err := s.takeOver(ctx, promotions); err != nil {
		l.Release()
		return err
	}
	// The clock stops only on error: a leader without it would never
	// expire an order, so it steps down (Hold releases the lease when its
	// context ends).
	lctx, stepDown := context.WithCancel(ctx)
	defer stepDown()
	clockDone := make(chan error, 1)
	go func() {
		err := clock(lctx)
		if err != nil {
			stepDown()
		}
		clockDone <- err
	}()
	err = l.Hold(lctx)
	stepDown()
	if cerr := <-clockDone; err == nil {
		err = cerr
	}
	if errors.Is(err, lease.ErrLost) {
		return fmt.Errorf("%w (%v)", ErrLeaseLost, err)
	}
	return err
}

// takeOver turns this standby into the leader, from where the EVT stream
// ends now.
func (s *Service) takeOver(ctx context.Context, promotions chan<- promotion) error {
	cmdSeq, evtSeq, err := eventMark(ctx, s.js)
	if err != nil {
		return err
	}
	p := promotion{lastPublished: cmdSeq, evtSeq: evtSeq, done: make(chan error, 1)}
	select {
	case promotions <- p:
	case <-ctx.Done():
		return nil
	}
	if err := <-p.done; err != nil {
		return err
	}
	s.gated.Store(false)
	s.evtMoved.wake()
	s.log.Info("leading", zap.Uint64("events_from_cmd_seq", cmdSeq+1))
	return nil
}
