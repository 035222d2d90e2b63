package service

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"

	"pred.dev/engine/machine"
	"pred.dev/engine/store"
	"pred.dev/proto/journal"
	"pred.dev/proto/runtime/follow"
	"pred.dev/proto/runtime/lease"
	"pred.dev/proto/runtime/natscheck"
	"pred.dev/proto/runtime/streams"
)

// Service is one engine: leader, standby, follower or replayer.
type Service struct {
	cfg   Config
	log   *zap.Logger
	js    jetstream.JetStream
	db    *store.DB
	m     *machine.Machine
	books *bookCache
	met   *metrics

	// Written by the apply loop, read by queries and the admin server.
	applied      atomic.Uint64 // last applied CMD stream sequence
	appliedMs    atomic.Int64  // its timestamp
	resting      atomic.Int64
	markets      atomic.Int64
	appliedMoved beacon // woken after every batch

	// Leadership (lease.go). leading is written by the apply loop only.
	// A gated engine applies only what the EVT stream covers: evtCovered
	// is the CMD sequence it covers up to, as the watcher last saw.
	// heldBack is the CMD sequence the gate last held back, waiting for
	// the EVT stream to cover it. leadingMoved wakes when leading is set.
	leading       atomic.Bool
	leadingMoved  beacon
	gated         atomic.Bool
	evtCovered    atomic.Uint64
	evtMoved      beacon
	heldBack      atomic.Uint64
	heldBackMoved beacon
	promotions    chan promotion
	// probes carries reads of the core (queue positions, order groups)
	// to the apply loop, which alone may touch it, between batches.
	probes chan probe

	// writer records the read model and state changes; stage 1 of the
	// pipeline owns it. sealedSeq is the last CMD sequence it sealed.
	writer    *store.Batch
	sealedSeq uint64
	// committing is set while stage 2 publishes and commits: stage 1 then
	// holds its batch open (holdSeal). committed wakes stage 1 when a
	// commit ends (buffered, sent without blocking: a stale wake-up only
	// seals a batch early).
	committing atomic.Bool
	committed  chan struct{}

	// lastPublished is the CMD sequence of the newest event batch the EVT
	// stream held when this engine started leading: commands up to it are
	// applied again after a crash, but their events are not published a
	// second time. evtSeq is the EVT stream's last sequence then; the
	// apply loop owns both and hands evtSeq to stage 2 with the first
	// batch it leads (evtSeqNew).
	lastPublished uint64
	evtSeq        uint64
	evtSeqNew     bool
	// replayTo is the stream's last sequence when a replay started.
	replayTo uint64
}

// Open loads the engine's state from its data dir and checks the streams.
// It does not read the log yet; Run does.
func Open(ctx context.Context, cfg Config) (*Service, error) {
	if err := cfg.withDefaults(); err != nil {
		return nil, err
	}
	if err := checkNoReplay(cfg.DataDir, cfg.Mode); err != nil {
		return nil, err
	}
	s := &Service{cfg: cfg, log: cfg.Logger.With(zap.String("mode", cfg.Mode.String())),
		books: newBookCache(), promotions: make(chan promotion), probes: make(chan probe),
		committed: make(chan struct{}, 1)}
	db, err := store.Open(cfg.DataDir, store.Options{Logger: cfg.Logger, DisableWAL: true,
		BulkLoad: cfg.Mode == ModeReplay})
	if err != nil {
		return nil, err
	}
	s.db = db
	if err := s.load(); err != nil {
		db.Close()
		return nil, err
	}
	err = natscheck.Retry(ctx, s.connect, natscheck.Warn(s.log))
	if err != nil {
		db.Close()
		return nil, err
	}
	s.met = newMetrics(s)
	return s, nil
}

// load rebuilds the core from the stored records.
func (s *Service) load() error {
	s.m = machine.New(s.cfg.Machine)
	if err := s.db.LoadState(s.m.Load); err != nil {
		return fmt.Errorf("service: load state from %s: %w", s.cfg.DataDir, err)
	}
	seq, ms, err := s.db.Applied()
	if err != nil {
		return err
	}
	s.applied.Store(seq)
	s.appliedMs.Store(ms)
	s.sealedSeq = seq
	s.writer = s.db.NewBatch()
	s.resting.Store(int64(s.m.RestingOrders()))
	s.markets.Store(int64(s.m.Markets()))
	for i := range s.m.Markets() {
		s.books.refresh(s.m, int32(i), ms)
	}
	s.log.Info("state loaded", zap.Uint64("applied_seq", seq), zap.Int("markets", s.m.Markets()),
		zap.Int("resting_orders", s.m.RestingOrders()))
	return nil
}

// connect ensures the streams exist (but for a replay) and reads where
// the EVT stream ends.
func (s *Service) connect(ctx context.Context) error {
	js, err := jetstream.New(s.cfg.Conn, jetstream.WithPublishAsyncMaxPending(publishPendingMax),
		jetstream.WithPublishAsyncTimeout(publishAckWaitMax))
	if err != nil {
		return err
	}
	s.js = js
	// A replay only reads the log: it neither creates the streams nor
	// holds them to its -replicas (a cluster's are at R3).
	if s.cfg.Mode == ModeReplay {
		return s.replayEnd(ctx)
	}
	if err := streams.Ensure(ctx, js, streams.Config{Replicas: s.cfg.Replicas}); err != nil {
		return err
	}
	if s.lastPublished, s.evtSeq, err = eventMark(ctx, js); err != nil {
		return err
	}
	s.evtCovered.Store(s.lastPublished)
	if s.cfg.Mode == ModeLeader && s.cfg.LeaseTTL == 0 {
		if err := lease.CheckUnheld(ctx, js, journal.LeaseBucket, journal.LeaseKey, "-lease-ttl"); err != nil {
			return err
		}
	}
	return s.initRole()
}

// initRole sets the role the engine starts in. A leader without a lease
// leads at once; one with a lease starts as a standby, and a follower
// never leads. A replay neither leads nor waits for the EVT stream.
func (s *Service) initRole() error {
	switch {
	case s.cfg.Mode == ModeFollower || s.cfg.LeaseTTL > 0:
		s.gated.Store(true)
	default:
		if err := s.canLead(s.lastPublished); err != nil {
			return err
		}
		s.leading.Store(true)
		s.evtSeqNew = true
	}
	return nil
}

// canLead checks that the engine has applied nothing beyond lastPublished,
// where the EVT stream ends: it would never publish those events.
func (s *Service) canLead(lastPublished uint64) error {
	if s.sealedSeq <= lastPublished {
		return nil
	}
	return fmt.Errorf("service: this engine has applied the log up to CMD %d but the EVT stream covers only up to %d; "+
		"leading from here would never publish the events in between. Lead from a data dir that is not ahead of the "+
		"EVT stream (a follower's or standby's never is)", s.sealedSeq, lastPublished)
}

// replayEnd notes where the replay stops: Config.ReplayTo, or where the
// log ends now.
func (s *Service) replayEnd(ctx context.Context) error {
	last, err := streams.LastSeq(ctx, s.js, journal.CommandStream)
	if err != nil {
		return err
	}
	s.replayTo = last
	if to := s.cfg.ReplayTo; to != 0 {
		if to > last {
			return fmt.Errorf("service: cannot replay to CMD %d: the log ends at %d", to, last)
		}
		s.replayTo = to
	}
	return nil
}

// Run reads and applies the log until ctx ends, an error stops it, or (in
// replay mode) the log's end at start is reached. A corrupt command
// message stops it with an error: the engine never skips or guesses.
func (s *Service) Run(ctx context.Context) error {
	if s.cfg.Mode == ModeReplay && s.applied.Load() >= s.replayTo {
		return s.checkpoint()
	}
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	defer func() {
		cancel()
		wg.Wait()
	}()
	msgs := make(chan jetstream.Msg, pumpBufferMsgs)
	errs := make(chan error, 8)
	start := func(name string, fn func(context.Context) error) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := fn(ctx); err != nil && ctx.Err() == nil {
				if errors.Is(err, nats.ErrConnectionClosed) || s.cfg.Conn.IsClosed() {
					err = ErrConnClosed // whichever goroutine noticed first
				}
				errs <- fmt.Errorf("%s: %w", name, err)
			}
		}()
	}
	start("pump", func(ctx context.Context) error { return s.pump(ctx, msgs) })
	start("connection", s.watchConn)
	if s.cfg.Mode != ModeReplay {
		start("stall", s.watchStall)
		if !s.cfg.NoQueries {
			start("queries", s.serveQueries)
		}
		if s.cfg.AdminAddr != "" {
			start("admin", s.serveAdmin)
		}
	}
	if s.gated.Load() {
		start("events", s.watchEvents)
	}
	switch {
	case s.leading.Load():
		start("clock", s.tick)
	case s.cfg.Mode == ModeLeader:
		start("lease", func(ctx context.Context) error { return s.campaign(ctx, s.promotions, s.tick) })
	}
	sealed := make(chan *sealedBatch, pipelineMax)
	committed := make(chan error, 1)
	go func() { committed <- s.commitLoop(sealed, ctx.Done(), func(err error) { errs <- err }) }()
	err := s.applyLoop(msgs, errs, ctx.Done(), sealed)
	close(sealed)
	if cerr := <-committed; err == nil {
		err = cerr
	}
	if err != nil {
		// The core may hold commands whose writes were never committed:
		// persisting it now would record them against an older log
		// position. The committed state is consistent; a restart resumes
		// from it.
		return err
	}
	return s.checkpoint()
}

// ErrConnClosed stops an engine whose NATS connection closed for good
// (a reconnect limit ran out, or its owner closed it).
var ErrConnClosed = errors.New("service: the NATS connection is closed")

// watchConn ends the run when the connection closes: the consumers would
// otherwise wait forever on it.
func (s *Service) watchConn(ctx context.Context) error {
	closed := s.cfg.Conn.StatusChanged(nats.CLOSED)
	defer s.cfg.Conn.RemoveStatusListener(closed)
	if s.cfg.Conn.IsClosed() {
		return ErrConnClosed
	}
	select {
	case <-closed:
		return ErrConnClosed
	case <-ctx.Done():
		return nil
	}
}

// Close releases the database. Call it after Run returned.
func (s *Service) Close() error { return s.db.Close() }

// State returns the core; only safe when Run is not running.
func (s *Service) State() *machine.Machine { return s.m }

// Applied returns the last applied CMD sequence.
func (s *Service) Applied() uint64 { return s.applied.Load() }

// Leading reports whether the engine leads now.
func (s *Service) Leading() bool { return s.leading.Load() }

// WaitApplied blocks until the engine has applied the log up to seq
// (true) or ctx ends (false).
func (s *Service) WaitApplied(ctx context.Context, seq uint64) bool {
	for {
		moved := s.appliedMoved.wait()
		if s.applied.Load() >= seq {
			return true
		}
		select {
		case <-moved:
		case <-ctx.Done():
			return false
		}
	}
}

// beacon wakes every goroutine waiting for something to move.
type beacon struct {
	mu sync.Mutex
	ch chan struct{}
}

// wait returns a channel closed at the next wake.
func (b *beacon) wait() <-chan struct{} {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.ch == nil {
		b.ch = make(chan struct{})
	}
	return b.ch
}

func (b *beacon) wake() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.ch != nil {
		close(b.ch)
		b.ch = nil
	}
}

// pump reads the CMD stream from the first unapplied message, in order,
// and hands messages to the apply loop, holding back (when gated) what
// the EVT stream does not cover yet.
func (s *Service) pump(ctx context.Context, out chan<- jetstream.Msg) error {
	opts := follow.Options{Start: follow.FromSeq(s.applied.Load() + 1), PullMax: pullMaxMsgs}
	return s.follow(ctx, journal.CommandStream, opts, func(msg jetstream.Msg) error {
		if s.gated.Load() {
			meta, err := msg.Metadata()
			if err != nil {
				return fmt.Errorf("service: CMD message without metadata: %w", err)
			}
			if !s.gate(ctx, meta.Sequence.Stream) {
				return nil
			}
		}
		select {
		case out <- msg:
		case <-ctx.Done():
		}
		return nil
	})
}

// follow reads a stream in order (pred.dev/proto/runtime/follow), which
// rides out reconnects, and calls fn with each message until ctx ends, fn
// fails, or the connection closes for good.
func (s *Service) follow(ctx context.Context, stream string, opts follow.Options, fn func(jetstream.Msg) error) error {
	err := follow.Stream(ctx, s.js, stream, opts, fn)
	if errors.Is(err, follow.ErrConnClosed) {
		return ErrConnClosed
	}
	return err
}

// pullMaxMsgs is how many messages the consumer asks the server for at a
// time; publishPendingMax bounds unacknowledged EVT publishes.
const (
	pullMaxMsgs       = 1_000
	publishPendingMax = 4_096
)
