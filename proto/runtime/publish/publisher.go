package publish

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"
	"google.golang.org/protobuf/proto"

	"pred.dev/proto/pb"
)

// Errors of the Publisher. Each says what is known about the command's
// fate, which is what a gateway needs to choose its answer.
var (
	// ErrBackpressure: InFlightMax commands are already queued or in flight.
	// Nothing was appended; answer 503 or 429 and let the client retry.
	ErrBackpressure = errors.New("publish: too many commands in flight; nothing was appended")
	// ErrAckUnknown: the publish or its acknowledgement failed or timed out.
	// The command may or may not be in the log.
	ErrAckUnknown = errors.New("publish: log acknowledgement not received; the command may or may not be in the log")
	// ErrNotAppended: the log refused the message or it was never sent.
	// The command is not in the log.
	ErrNotAppended = errors.New("publish: the log did not take the command; nothing was appended")
	// ErrNoResult: the command is in the log and will be applied, but the
	// engine's result did not arrive in time.
	ErrNoResult = errors.New("publish: no result from the engine in time; the command is in the log and will be applied")
	// ErrClosed: the Publisher was closed.
	ErrClosed = errors.New("publish: publisher closed")
	// ErrCommandTooLarge: one command alone exceeds the message size limit.
	ErrCommandTooLarge = errors.New("publish: command too large for one log message")
)

// Config tunes group commit. Zero fields take their defaults.
type Config struct {
	// Window is how long a batch collects commands after its first one.
	// Default 1ms.
	Window time.Duration
	// BatchMax is the most commands per CMD message. Default 256.
	BatchMax int
	// InFlightMax is the most commands queued or awaiting an ack or a
	// result; beyond it Submit and Append return ErrBackpressure. Default 8192.
	InFlightMax int
	// AckTimeout bounds the wait for the log's acknowledgement. Default 5s.
	AckTimeout time.Duration
	// ResultTimeout bounds the wait for the engine's result after the ack.
	// Default 5s.
	ResultTimeout time.Duration
}

const (
	defaultWindow = time.Millisecond
	// The log fsyncs each message, so a batch is what shares one fsync.
	// 64 split 256 waiting callers into four messages and four fsyncs:
	// at 256, the journal bench (256 callers) appended 32-50% more
	// commands a second, with half the ack latency (three alternated
	// pairs). The byte limit still bounds a message.
	defaultBatchMax      = 256
	defaultInFlightMax   = 8192
	defaultAckTimeout    = 5 * time.Second
	defaultResultTimeout = 5 * time.Second

	// headerBytesMax is the room kept in each message for its headers
	// (message id, reply subject), which count against the server's
	// max_payload together with the data.
	headerBytesMax = 1024
	// replyPendingBytesMax bounds result replies buffered in the client
	// before the routing callback runs; the count is bounded by InFlightMax.
	replyPendingBytesMax = 64 << 20
)

func (c Config) withDefaults() (Config, error) {
	if c.Window < 0 || c.BatchMax < 0 || c.InFlightMax < 0 || c.AckTimeout < 0 || c.ResultTimeout < 0 {
		return c, fmt.Errorf("publish: negative publisher setting in %+v", c)
	}
	c.Window = orDefault(c.Window, defaultWindow)
	c.BatchMax = orDefault(c.BatchMax, defaultBatchMax)
	c.InFlightMax = orDefault(c.InFlightMax, defaultInFlightMax)
	c.AckTimeout = orDefault(c.AckTimeout, defaultAckTimeout)
	c.ResultTimeout = orDefault(c.ResultTimeout, defaultResultTimeout)
	return c, nil
}

func orDefault[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}

// Result is the engine's outcome for one command.
type Result struct {
	// Seq is the CMD stream sequence of the message holding the command.
	Seq uint64
	// TimeMs is the engine time at which the command was applied.
	TimeMs int64
	// Events are the events this command produced, in order. They are
	// shared with any other submitter of the same command id: read only.
	Events []*pb.Event
}

// Publisher appends commands to the CMD stream with group commit: commands
// submitted concurrently within Window (or until BatchMax) travel in one
// message, acknowledged, and thus fsynced, once. Several messages may be in
// flight at once. It is safe for concurrent use.
type Publisher struct {
	cfg           Config
	log           *zap.Logger
	js            jetstream.JetStream
	replySubject  string
	replySub      *nats.Subscription
	batchBytesMax int
	waiters       router

	// inFlight counts reserved command slots, at most cfg.InFlightMax.
	inFlight atomic.Int64

	// mu orders sends on intake against closing it.
	mu     sync.RWMutex
	closed bool
	// intake holds commands waiting for the batcher. Its capacity is
	// InFlightMax, so a sender holding a slot never blocks.
	intake chan *request

	batcherDone chan struct{}
	acks        sync.WaitGroup
	// done is closed at the end of Close to release result waiters.
	done      chan struct{}
	closeOnce sync.Once
	closeErr  error
}

// request is one command on its way to the log.
type request struct {
	cmdBytes []byte
	// wantsResult marks a Submit: its batch asks the engine for results.
	wantsResult bool
	// ack receives the outcome of the publish exactly once.
	ack chan ackOutcome
	// refs counts the two holders of the command's in-flight slot: the
	// batch until the ack outcome and the caller until it returns.
	refs atomic.Int32
}

type ackOutcome struct {
	seq uint64
	err error
}

// New starts a Publisher on nc. It subscribes to one reply subject
// for the engine's results of all its commands. Close it to flush and stop;
// nc stays open and remains the caller's.
func New(nc *nats.Conn, cfg Config, log *zap.Logger) (*Publisher, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	if log == nil {
		log = zap.NewNop()
	}
	js, err := jetstream.New(nc,
		jetstream.WithPublishAsyncMaxPending(cfg.InFlightMax),
		jetstream.WithPublishAsyncTimeout(cfg.AckTimeout))
	if err != nil {
		return nil, fmt.Errorf("publish: jetstream context: %w", err)
	}
	p := &Publisher{
		cfg:           cfg,
		log:           log.Named("publisher"),
		js:            js,
		replySubject:  nc.NewInbox(),
		batchBytesMax: int(nc.MaxPayload()) - headerBytesMax,
		waiters:       router{byID: make(map[string][]*waiter)},
		intake:        make(chan *request, cfg.InFlightMax),
		batcherDone:   make(chan struct{}),
		done:          make(chan struct{}),
	}
	if err := p.subscribeReplies(nc); err != nil {
		return nil, err
	}
	go p.runBatcher()
	p.log.Debug("publisher started", zap.String("reply_subject", p.replySubject),
		zap.Duration("window", cfg.Window), zap.Int("batch_max", cfg.BatchMax),
		zap.Int("in_flight_max", cfg.InFlightMax), zap.Int("batch_bytes_max", p.batchBytesMax))
	return p, nil
}

func (p *Publisher) subscribeReplies(nc *nats.Conn) error {
	sub, err := nc.Subscribe(p.replySubject, p.onReply)
	if err != nil {
		return fmt.Errorf("publish: subscribe to results: %w", err)
	}
	if err := sub.SetPendingLimits(p.cfg.InFlightMax, replyPendingBytesMax); err != nil {
		_ = sub.Unsubscribe()
		return fmt.Errorf("publish: limit result buffer: %w", err)
	}
	p.replySub = sub
	return nil
}

// Submit appends cmd to the log and waits until the engine has applied it,
// returning the engine's result. On error, the sentinel it wraps says
// whether the command is in the log: ErrBackpressure and ErrNotAppended
// (no), ErrAckUnknown (unknown), ErrNoResult (yes). Results are matched by
// command id, so cmd must have one. cmd is encoded before Submit returns or
// blocks, so the caller may reuse it afterwards.
func (p *Publisher) Submit(ctx context.Context, cmd *pb.Command) (*Result, error) {
	if len(cmd.GetId()) == 0 {
		return nil, errors.New("publish: Submit needs a command id to match the result")
	}
	r, err := p.newRequest(cmd)
	if err != nil {
		return nil, err
	}
	r.wantsResult = true
	id := string(cmd.GetId())
	w := p.waiters.add(id)
	defer p.waiters.remove(id, w)
	if err := p.enqueue(r); err != nil {
		return nil, err
	}
	defer p.release(r)
	seq, err := p.awaitAck(ctx, r)
	if err != nil {
		return nil, err
	}
	return p.awaitResult(ctx, seq, w)
}

// Append appends cmd to the log and returns its CMD stream sequence once
// the log has acknowledged (and, with SyncAlways, fsynced) it. It does not
// wait for the engine. Errors are as for Submit, without ErrNoResult.
func (p *Publisher) Append(ctx context.Context, cmd *pb.Command) (seq uint64, err error) {
	r, err := p.newRequest(cmd)
	if err != nil {
		return 0, err
	}
	if err := p.enqueue(r); err != nil {
		return 0, err
	}
	defer p.release(r)
	return p.awaitAck(ctx, r)
}

func (p *Publisher) newRequest(cmd *pb.Command) (*request, error) {
	b, err := proto.MarshalOptions{Deterministic: true}.Marshal(cmd)
	if err != nil {
		return nil, fmt.Errorf("publish: encode command: %w", err)
	}
	if n := commandFieldSize(b); n > p.batchBytesMax-batchIDFieldSize {
		return nil, fmt.Errorf("%w: %d bytes, limit %d", ErrCommandTooLarge, n, p.batchBytesMax-batchIDFieldSize)
	}
	return &request{cmdBytes: b, ack: make(chan ackOutcome, 1)}, nil
}

// enqueue reserves an in-flight slot for r and hands it to the batcher.
func (p *Publisher) enqueue(r *request) error {
	p.mu.RLock()
	defer p.mu.RUnlock()
	if p.closed {
		return ErrClosed
	}
	if !p.reserve() {
		return ErrBackpressure
	}
	r.refs.Store(2)
	p.intake <- r
	return nil
}

func (p *Publisher) reserve() bool {
	for {
		n := p.inFlight.Load()
		if n >= int64(p.cfg.InFlightMax) {
			return false
		}
		if p.inFlight.CompareAndSwap(n, n+1) {
			return true
		}
	}
}

// release drops one holder of r's slot and frees the slot after the last.
func (p *Publisher) release(r *request) {
	if r.refs.Add(-1) == 0 {
		p.inFlight.Add(-1)
	}
}

func (p *Publisher) awaitAck(ctx context.Context, r *request) (uint64, error) {
	select {
	case o := <-r.ack:
		return o.seq, o.err
	case <-ctx.Done():
		return 0, fmt.Errorf("%w: %w", ErrAckUnknown, context.Cause(ctx))
	}
}

func (p *Publisher) awaitResult(ctx context.Context, seq uint64, w *waiter) (*Result, error) {
	timer := time.NewTimer(p.cfg.ResultTimeout)
	defer timer.Stop()
	select {
	case res := <-w.result:
		return res, nil
	case <-timer.C:
		return nil, &NoResultError{Seq: seq, err: fmt.Errorf("%w: CMD seq %d, waited %s", ErrNoResult, seq, p.cfg.ResultTimeout)}
	case <-ctx.Done():
		return nil, &NoResultError{Seq: seq, err: fmt.Errorf("%w: CMD seq %d: %w", ErrNoResult, seq, context.Cause(ctx))}
	case <-p.done:
		return nil, &NoResultError{Seq: seq, err: fmt.Errorf("%w: CMD seq %d: %w", ErrNoResult, seq, ErrClosed)}
	}
}

// NoResultError is Submit's error for a command that is in the log but
// whose result did not come. It wraps ErrNoResult and carries the
// command's CMD sequence, so that a reader who must see the command (a
// client asking for its order) can wait until the engine applied it
// (QueryRequest.min_seq) rather than read a state without it.
type NoResultError struct {
	Seq uint64
	err error
}

func (e *NoResultError) Error() string { return e.err.Error() }
func (e *NoResultError) Unwrap() error { return e.err }

// Close stops accepting commands, publishes those already queued, waits
// for their acknowledgements (at most AckTimeout), then releases callers
// still waiting for results with ErrNoResult and unsubscribes. It does not
// close the NATS connection.
func (p *Publisher) Close() error {
	p.closeOnce.Do(func() {
		p.mu.Lock()
		p.closed = true
		close(p.intake)
		p.mu.Unlock()
		<-p.batcherDone
		p.acks.Wait()
		close(p.done)
		if err := p.replySub.Unsubscribe(); err != nil && !errors.Is(err, nats.ErrConnectionClosed) {
			p.closeErr = fmt.Errorf("publish: unsubscribe results: %w", err)
		}
		p.log.Debug("publisher closed")
	})
	return p.closeErr
}
