package service

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"

	"pred.dev/engine/machine"
	"pred.dev/engine/store"
	"pred.dev/proto/journal"
)

// Service is one engine: leader, follower or replayer.
type Service struct {
	cfg   Config
	log   *zap.Logger
	js    jetstream.JetStream
	db    *store.DB
	m     *machine.Machine
	books *bookCache
	met   *metrics

	// Written by the apply loop, read by queries and the admin server.
	applied     atomic.Uint64 // last applied CMD stream sequence
	appliedMs   atomic.Int64  // its timestamp
	resting     atomic.Int64
	markets     atomic.Int64
	appliedMu   sync.Mutex
	appliedWake chan struct{} // closed and replaced after every batch

	// writer records the read model and state changes; stage 1 of the
	// pipeline owns it. sealedSeq is the last CMD sequence it sealed.
	writer    *store.Batch
	sealedSeq uint64

	// lastPublished is the CMD sequence of the newest event batch the EVT
	// stream held at start: commands up to it are applied again after a
	// crash, but their events are not published a second time.
	lastPublished uint64
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
		books: newBookCache(), appliedWake: make(chan struct{})}
	db, err := store.Open(cfg.DataDir, store.Options{Logger: cfg.Logger, DisableWAL: true})
	if err != nil {
		return nil, err
	}
	s.db = db
	if err := s.load(); err != nil {
		db.Close()
		return nil, err
	}
	if err := s.connect(ctx); err != nil {
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

// connect ensures the streams exist and reads where the EVT stream ends.
func (s *Service) connect(ctx context.Context) error {
	js, err := jetstream.New(s.cfg.Conn, jetstream.WithPublishAsyncMaxPending(publishPendingMax))
	if err != nil {
		return err
	}
	s.js = js
	if err := journal.EnsureStreams(ctx, js, journal.StreamConfig{Replicas: s.cfg.Replicas}); err != nil {
		return err
	}
	if s.lastPublished, err = lastEventSeq(ctx, js); err != nil {
		return err
	}
	if s.cfg.Mode == ModeReplay {
		cmd, err := js.Stream(ctx, journal.CommandStream)
		if err != nil {
			return err
		}
		info, err := cmd.Info(ctx)
		if err != nil {
			return err
		}
		s.replayTo = info.State.LastSeq
	}
	return nil
}

// lastEventSeq returns the CMD sequence of the newest EVT message, 0 if
// there is none.
func lastEventSeq(ctx context.Context, js jetstream.JetStream) (uint64, error) {
	evt, err := js.Stream(ctx, journal.EventStream)
	if err != nil {
		return 0, err
	}
	info, err := evt.Info(ctx)
	if err != nil {
		return 0, err
	}
	if info.State.Msgs == 0 {
		return 0, nil
	}
	msg, err := evt.GetMsg(ctx, info.State.LastSeq)
	if err != nil {
		return 0, fmt.Errorf("service: read the last EVT message: %w", err)
	}
	seq, err := strconv.ParseUint(msg.Header.Get(journal.HeaderCmdSeq), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("service: EVT message %d has no valid %s header: %w", info.State.LastSeq, journal.HeaderCmdSeq, err)
	}
	return seq, nil
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
				errs <- fmt.Errorf("%s: %w", name, err)
			}
		}()
	}
	start("pump", func(ctx context.Context) error { return s.pump(ctx, msgs) })
	if s.cfg.Mode != ModeReplay {
		start("queries", s.serveQueries)
		if s.cfg.AdminAddr != "" {
			start("admin", s.serveAdmin)
		}
	}
	if s.cfg.Mode == ModeLeader {
		start("clock", s.tick)
	}
	sealed := make(chan *sealedBatch, pipelineMax)
	committed := make(chan error, 1)
	go func() { committed <- s.commitLoop(sealed, func(err error) { errs <- err }) }()
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

// Close releases the database. Call it after Run returned.
func (s *Service) Close() error { return s.db.Close() }

// State returns the core; only safe when Run is not running.
func (s *Service) State() *machine.Machine { return s.m }

// Applied returns the last applied CMD sequence.
func (s *Service) Applied() uint64 { return s.applied.Load() }

// waitApplied blocks until seq is applied or ctx ends.
func (s *Service) waitApplied(ctx context.Context, seq uint64) bool {
	for {
		s.appliedMu.Lock()
		wake := s.appliedWake
		s.appliedMu.Unlock()
		if s.applied.Load() >= seq {
			return true
		}
		select {
		case <-wake:
		case <-ctx.Done():
			return false
		}
	}
}

func (s *Service) wakeWaiters() {
	s.appliedMu.Lock()
	close(s.appliedWake)
	s.appliedWake = make(chan struct{})
	s.appliedMu.Unlock()
}

// pump reads the CMD stream from the first unapplied message, in order,
// and hands messages to the apply loop.
func (s *Service) pump(ctx context.Context, out chan<- jetstream.Msg) error {
	cons, err := s.js.OrderedConsumer(ctx, journal.CommandStream, jetstream.OrderedConsumerConfig{
		DeliverPolicy: jetstream.DeliverByStartSequencePolicy, OptStartSeq: s.applied.Load() + 1})
	if err != nil {
		return err
	}
	it, err := cons.Messages(jetstream.PullMaxMessages(pullMaxMsgs))
	if err != nil {
		return err
	}
	go func() {
		<-ctx.Done()
		it.Stop()
	}()
	for {
		msg, err := it.Next()
		if err != nil {
			if errors.Is(err, jetstream.ErrMsgIteratorClosed) || ctx.Err() != nil {
				return nil
			}
			return err
		}
		select {
		case out <- msg:
		case <-ctx.Done():
			return nil
		}
	}
}

// pullMaxMsgs is how many messages the consumer asks the server for at a
// time; publishPendingMax bounds unacknowledged EVT publishes.
const (
	pullMaxMsgs       = 1_000
	publishPendingMax = 4_096
)
