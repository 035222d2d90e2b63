package service

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"

	"pred.dev/proto/journal"
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
// starts as a gated standby and campaigns for the lease (journal's lease
// bucket); the winner leads while it renews the lease and exits (Run
// returns ErrLeaseLost) when it cannot, and a standby takes over once the
// lease expires, or at once when a leader stops cleanly and releases it.
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
	cfg := jetstream.OrderedConsumerConfig{HeadersOnly: true, DeliverPolicy: jetstream.DeliverLastPolicy}
	return s.consume(ctx, journal.EventStream, cfg, func(msg jetstream.Msg) error {
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
// stream does not cover it yet. It returns false if ctx ended.
func (s *Service) gate(ctx context.Context, seq uint64) bool {
	for s.gated.Load() && seq > s.evtCovered.Load() {
		select {
		case <-s.evtMoved.wait():
		case <-ctx.Done():
			return false
		}
	}
	return true
}

// campaign waits for the lease, takes over, and leads until ctx ends or
// the lease is lost. clock is the leader's clock, run while it leads.
func (s *Service) campaign(ctx context.Context, promotions chan<- promotion, clock func(context.Context) error) error {
	kv, err := journal.EnsureLeaseBucket(ctx, s.js, s.cfg.LeaseTTL, s.cfg.Replicas)
	if err != nil {
		return err
	}
	rev, sent, err := s.acquire(ctx, kv)
	if err != nil || rev == 0 {
		return err
	}
	s.log.Info("lease acquired: taking over", zap.String("instance", s.cfg.InstanceID))
	if err := s.takeOver(ctx, promotions); err != nil {
		s.release(kv, rev)
		return err
	}
	cctx, stopClock := context.WithCancel(ctx)
	clockDone := make(chan error, 1)
	go func() { clockDone <- clock(cctx) }()
	err = s.hold(ctx, kv, rev, sent, clockDone)
	stopClock()
	if cerr := <-clockDone; err == nil {
		err = cerr
	}
	return err
}

// acquire polls for the lease until it gets it (rev > 0) or ctx ends
// (rev 0). sent is when the winning request left.
func (s *Service) acquire(ctx context.Context, kv jetstream.KeyValue) (rev uint64, sent time.Time, err error) {
	t := time.NewTicker(s.cfg.LeaseTTL / 4)
	defer t.Stop()
	for {
		sent = time.Now()
		rev, err := kv.Create(ctx, journal.LeaseKey, []byte(s.cfg.InstanceID))
		if err == nil {
			return rev, sent, nil
		}
		if !errors.Is(err, jetstream.ErrKeyExists) && ctx.Err() == nil {
			s.log.Warn("lease campaign", zap.Error(err))
		}
		select {
		case <-ctx.Done():
			return 0, sent, nil
		case <-t.C:
		}
	}
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

// hold renews the lease at a third of its TTL until ctx ends (then it
// releases it) or a renewal fails for good. The lease counts as lost a
// TTL after the last successful renewal was sent: by then the bucket may
// have expired it and a standby taken it.
func (s *Service) hold(ctx context.Context, kv jetstream.KeyValue, rev uint64, sent time.Time, clockDone chan error) error {
	ttl := s.cfg.LeaseTTL
	t := time.NewTicker(ttl / 3)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			s.release(kv, rev)
			return nil
		case err := <-clockDone:
			// The clock stops only on error: a leader without it would
			// never expire an order. Step down.
			clockDone <- err
			s.release(kv, rev)
			return err
		case <-t.C:
		}
		if time.Since(sent) >= ttl {
			return ErrLeaseLost
		}
		try := time.Now()
		rctx, cancel := context.WithDeadline(ctx, sent.Add(ttl))
		next, err := kv.Update(rctx, journal.LeaseKey, []byte(s.cfg.InstanceID), rev)
		cancel()
		switch {
		case err == nil:
			rev, sent = next, try
		case errors.Is(err, jetstream.ErrKeyExists), errors.Is(err, jetstream.ErrKeyNotFound):
			return fmt.Errorf("%w: renewal refused: %v", ErrLeaseLost, err)
		case ctx.Err() == nil:
			s.log.Warn("lease renewal failed; retrying", zap.Error(err))
		}
	}
}

// leaseReleaseWait bounds the release at shutdown.
const leaseReleaseWait = time.Second

// release deletes the lease if this engine still holds it, so that a
// standby takes over at once instead of after the TTL.
func (s *Service) release(kv jetstream.KeyValue, rev uint64) {
	ctx, cancel := context.WithTimeout(context.Background(), leaseReleaseWait)
	defer cancel()
	if err := kv.Delete(ctx, journal.LeaseKey, jetstream.LastRevision(rev)); err != nil {
		s.log.Warn("lease not released; it expires by itself", zap.Error(err))
		return
	}
	s.log.Info("lease released")
}
