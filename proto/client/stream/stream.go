// Package stream is the Go SDK of the exchange's WebSocket streams: the
// CLOB's market channel (Market: books, level changes, trades, market
// status), its user channel (User: the caller's orders, trades, balances
// and transfers, with L2 credentials) and Gamma's sports channel (Sports:
// every game's status and score).
//
//	s := stream.Market(ctx, "http://127.0.0.1:8080", stream.Subscription{AssetIDs: []string{token}})
//	defer s.Close()
//	for m := range s.Messages() {
//		if pc, ok := m.(*clobapi.PriceChangeMessage); ok {
//			b, _ := s.Book(pc.AssetID) // the book after pc, hash checked
//			...
//		}
//	}
//	err := s.Err() // why the stream ended
//
// A Stream keeps its connection: it answers the server's keep-alive,
// pings the server, and when the connection drops or goes quiet it dials
// again after a back-off and resumes from the last position whose frame
// it fully processed, so that the messages it delivers are those of one
// connection that never dropped (nothing twice, nothing lost), as far as
// the server's log reaches; beyond, the server sends a gap and new
// snapshots, which the Stream delivers too.
//
// While it cannot connect it keeps trying, after a back-off that doubles
// up to a bound; WithReconnectNotify tells the caller of each attempt
// that failed and why (Status().LastError holds the last). An upgrade the
// server refuses in a way a new connection would not cure (bad
// credentials, a path it does not serve: a FinalError) ends the Stream,
// and Err says why.
//
// On the market channel it keeps each token's book from the book
// snapshot and every price_change, and checks it against the message's
// hash (clobapi.BookHash) after every message; a book that disagrees is
// dropped and a new snapshot of that token asked for. A token whose
// books keep disagreeing is a bug (of the server or of this client) that
// new snapshots do not cure: after DefaultResyncsMax new snapshots of
// one token within DefaultResyncWindow (WithResyncLimit), its next
// disagreement ends the Stream with a FinalError wrapping a
// *ResyncLimitError, rather than asking the server for snapshots as fast
// as it sends them.
//
// Messages are the types of clobapi (market and user channels) and
// gammaapi (sports channel), as pointers: *clobapi.BookMessage,
// *clobapi.PriceChangeMessage, ..., *gammaapi.SportResult. Control
// messages that concern the caller are delivered too (subscribed, error,
// gap); pings and pongs are not.
package stream

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"sync"
	"time"
)

// Defaults and bounds of a Stream.
const (
	// FrameBytesMax bounds a frame the Stream reads: a snapshot of many
	// books is one frame.
	FrameBytesMax = 16 << 20
	// DefaultPingInterval is how often the Stream pings the server.
	DefaultPingInterval = 10 * time.Second
	// DefaultIdleTimeout is how long a connection may stay silent before
	// the Stream drops it and dials again: three of the server's pings.
	DefaultIdleTimeout = 30 * time.Second
	// DefaultBackoffMin and DefaultBackoffMax bound the wait before a
	// reconnection; it doubles after each failed attempt.
	DefaultBackoffMin = 250 * time.Millisecond
	DefaultBackoffMax = 10 * time.Second
	// DefaultBuffer is how many messages Messages holds unread; a reader
	// slower than that stops the Stream's reading, and then the server
	// closes the connection and the Stream resumes.
	DefaultBuffer = 1024
	// DefaultResyncsMax and DefaultResyncWindow bound the new snapshots a
	// token's disagreeing books call for (see the package doc).
	DefaultResyncsMax   = 5
	DefaultResyncWindow = time.Minute
	// writeTimeout bounds one frame the Stream sends.
	writeTimeout = 10 * time.Second
)

// Subscription is what a CLOB channel subscribes to: token ids (decimal)
// and markets (condition ids, 0x hex). On the user channel AssetIDs must
// be empty and Markets filters (empty: every market).
type Subscription struct {
	AssetIDs []string
	Markets  []string
}

// Option configures a Stream.
type Option func(*config)

type config struct {
	http         *http.Client
	pingInterval time.Duration
	idleTimeout  time.Duration
	backoffMin   time.Duration
	backoffMax   time.Duration
	buffer       int
	from         *uint64
	notify       func(Reconnect)
	resyncsMax   int
	resyncWindow time.Duration
	// now is the clock of the resync limit's window.
	now func() time.Time
}

// WithHTTPClient sets the HTTP client of the upgrade requests.
func WithHTTPClient(h *http.Client) Option { return func(c *config) { c.http = h } }

// WithKeepAlive sets how often the Stream pings the server and how long a
// silent connection is kept.
func WithKeepAlive(ping, idle time.Duration) Option {
	return func(c *config) { c.pingInterval, c.idleTimeout = ping, idle }
}

// WithBackoff sets the first and the longest wait before a reconnection.
func WithBackoff(minWait, maxWait time.Duration) Option {
	return func(c *config) { c.backoffMin, c.backoffMax = minWait, maxWait }
}

// WithBuffer sets how many messages Messages holds unread.
func WithBuffer(n int) Option { return func(c *config) { c.buffer = n } }

// WithFrom starts after a position the caller processed before (a
// previous Stream's Status().Position): no snapshot, the messages of
// every later position.
func WithFrom(position uint64) Option { return func(c *config) { c.from = &position } }

// WithReconnectNotify sets a function told of each reconnection before
// its back-off starts: a dial that failed, or a connection that ended. It
// is called on the Stream's goroutine, which waits for it: it must
// return quickly.
func WithReconnectNotify(f func(Reconnect)) Option { return func(c *config) { c.notify = f } }

// WithResyncLimit sets how many new snapshots of one token the Stream
// asks for within window before the token's next disagreeing book ends
// it (see the package doc).
func WithResyncLimit(n int, window time.Duration) Option {
	return func(c *config) { c.resyncsMax, c.resyncWindow = n, window }
}

// Reconnect is one reconnection the Stream is about to make.
type Reconnect struct {
	// Err is why: the dial's failure, or why the connection ended.
	Err error
	// Attempt counts the reconnections since the Stream last received a
	// frame, from 1: above 1, the server has been out of reach since.
	Attempt int
	// Delay is the back-off before the dial.
	Delay time.Duration
	// Connects is Status().Connects: successful connections so far.
	Connects int
}

// Status is a Stream's state.
type Status struct {
	Connected bool
	// Position is the last position whose frame the Stream processed
	// and delivered; HasPosition is false until it has one.
	Position    uint64
	HasPosition bool
	// Connects counts successful connections (the first included),
	// Gaps the gap messages, HashMismatches the books dropped because
	// they disagreed with the server's hash.
	Connects       int
	Gaps           int
	HashMismatches int
	// LastError is why the last connection ended or the last dial
	// failed (nil before any).
	LastError error
}

// Stream is one channel, kept connected until Close or its context ends.
type Stream struct {
	cfg    config
	ch     channel
	msgs   chan any
	cancel context.CancelFunc
	done   chan struct{}

	mu     sync.Mutex
	status Status
	books  map[string]*Book
	err    error
}

// defaultConfig is a Stream's configuration before its options.
func defaultConfig() config {
	return config{pingInterval: DefaultPingInterval, idleTimeout: DefaultIdleTimeout,
		backoffMin: DefaultBackoffMin, backoffMax: DefaultBackoffMax, buffer: DefaultBuffer,
		resyncsMax: DefaultResyncsMax, resyncWindow: DefaultResyncWindow, now: time.Now}
}

func newStream(ctx context.Context, ch channel, opts []Option) *Stream {
	cfg := defaultConfig()
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.http == nil {
		cfg.http = &http.Client{}
	}
	ctx, cancel := context.WithCancel(ctx)
	s := &Stream{cfg: cfg, ch: ch, msgs: make(chan any, cfg.buffer), cancel: cancel, done: make(chan struct{}), books: map[string]*Book{}}
	if cfg.from != nil {
		s.status.Position, s.status.HasPosition = *cfg.from, true
	}
	go s.run(ctx)
	return s
}

// Messages delivers the messages in the log's order. It is closed when
// the Stream ends (Close, the context, or an error it cannot recover
// from: see Err).
func (s *Stream) Messages() <-chan any { return s.msgs }

// Book returns a copy of a token's book (market channel), if the Stream
// holds one that agrees with the server.
func (s *Stream) Book(assetID string) (Book, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	b, ok := s.books[assetID]
	if !ok {
		return Book{}, false
	}
	return b.clone(), true
}

// Status returns the Stream's state.
func (s *Stream) Status() Status {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.status
}

// Close ends the Stream and waits until it has.
func (s *Stream) Close() error {
	s.cancel()
	<-s.done
	return nil
}

// Err is why the Stream ended, once Messages is closed: nil after Close
// or the end of its context, else a *FinalError it could not recover
// from (a refused upgrade such as bad credentials, a connection closed
// for a policy violation other than a slow reader, or a book that kept
// disagreeing with the server).
func (s *Stream) Err() error {
	select {
	case <-s.done:
	default:
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// run keeps the Stream connected until ctx ends or an error is final.
func (s *Stream) run(ctx context.Context) {
	defer close(s.done)
	defer close(s.msgs)
	wait := s.cfg.backoffMin
	attempt := 0
	for {
		served, err := s.connect(ctx)
		if ctx.Err() != nil {
			return
		}
		s.mu.Lock()
		s.status.Connected, s.status.LastError = false, err
		connects := s.status.Connects
		var final *FinalError
		if errors.As(err, &final) {
			s.err = err
			s.mu.Unlock()
			return
		}
		s.mu.Unlock()
		if served {
			wait, attempt = s.cfg.backoffMin, 0
		}
		attempt++
		// Jitter spreads the reconnections of many clients after a
		// server restart.
		delay := wait/2 + rand.N(wait/2+1)
		if s.cfg.notify != nil {
			s.cfg.notify(Reconnect{Err: err, Attempt: attempt, Delay: delay, Connects: connects})
		}
		t := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
		wait = min(2*wait, s.cfg.backoffMax)
	}
}

// position returns the position to resume from, if any.
func (s *Stream) position() *uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.status.HasPosition {
		return nil
	}
	p := s.status.Position
	return &p
}

// deliver hands a frame's messages to the reader, then records the
// frame's position as processed.
func (s *Stream) deliver(ctx context.Context, msgs []any, pos uint64, hasPos bool) error {
	for _, m := range msgs {
		select {
		case s.msgs <- m:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	if hasPos {
		s.mu.Lock()
		if !s.status.HasPosition || pos > s.status.Position {
			s.status.Position, s.status.HasPosition = pos, true
		}
		s.mu.Unlock()
	}
	return nil
}
