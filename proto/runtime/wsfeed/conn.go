package wsfeed

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
	"go.uber.org/zap"

	"pred.dev/proto/errcode"
)

// Conn is one client's stream connection. Send and the control messages
// may be called from any goroutine; frames are written in the order they
// were queued, by the connection's writer goroutine.
type Conn struct {
	srv     *Server
	ws      *websocket.Conn
	sock    *corkConn // under ws: the writer corks it around a batch
	channel string
	ip      string

	queue chan item
	// taken is signalled (without blocking) each time the writer takes a
	// frame: SendWait's wait for room.
	taken chan struct{}
	// position is the last position queued, which pings and control
	// messages carry.
	position atomic.Uint64
	done     chan struct{} // closed when the connection has ended

	mu          sync.Mutex
	closing     bool // nothing more is queued
	queuedBytes int
	keys        []string
}

// item is a queued frame or, last, the close.
type item struct {
	frame []byte
	close *errcode.Error
}

func newConn(s *Server, ws *websocket.Conn, sock *corkConn, channel, ip string) *Conn {
	return &Conn{srv: s, ws: ws, sock: sock, channel: channel, ip: ip, queue: make(chan item, s.limits.SendQueueFrames),
		taken: make(chan struct{}, 1), done: make(chan struct{})}
}

// Channel is the channel the connection was accepted on.
func (c *Conn) Channel() string { return c.channel }

// Done is closed when the connection has ended.
func (c *Conn) Done() <-chan struct{} { return c.done }

// Position is the last position queued on the connection.
func (c *Conn) Position() uint64 { return c.position.Load() }

// Run serves the connection until it ends (ctx done, the client gone,
// the server closed, or a failure): it starts the writer and the pinger
// and calls onMessage with each text frame the client sends, other than
// a {"type":"ping"} which it answers itself, one at a time and in order,
// on a goroutine of its own. Run returns once every goroutine of the
// connection has stopped.
//
// The reader only reads: a request may take long (a resume replays the
// log, waiting for the client to take each frame), and a reader stuck
// in it would read no pong, so the pinger would drop a client that did
// nothing wrong. Requests wait in a queue of RequestQueueMax; past it
// the reader waits too, which only a client sending requests faster than
// they are answered meets.
func (c *Conn) Run(ctx context.Context, onMessage func(ctx context.Context, data []byte)) {
	ctx, cancel := context.WithCancel(ctx)
	stop := context.AfterFunc(c.srv.ctx, cancel)
	defer stop()
	requests := make(chan []byte, RequestQueueMax)
	var wg sync.WaitGroup
	wg.Add(3)
	go func() { defer wg.Done(); c.write(ctx); cancel() }()
	go func() { defer wg.Done(); c.ping(ctx) }()
	go func() { defer wg.Done(); serve(ctx, requests, onMessage) }()
	c.read(ctx, requests)
	cancel()
	close(requests)
	// A close in progress (Fail) finishes its handshake in the writer;
	// otherwise the socket is dropped now.
	c.stopQueue()
	wg.Wait()
	_ = c.ws.CloseNow()
	close(c.done)
	c.srv.ended(c)
}

// serve answers the requests in order until they end or ctx does.
func serve(ctx context.Context, requests <-chan []byte, onMessage func(ctx context.Context, data []byte)) {
	for data := range requests {
		if ctx.Err() != nil {
			continue // drained: the connection is ending
		}
		onMessage(ctx, data)
	}
}

func (c *Conn) read(ctx context.Context, requests chan<- []byte) {
	for {
		typ, data, err := c.ws.Read(ctx)
		if err != nil {
			if ce := websocket.CloseStatus(err); ce == -1 && ctx.Err() == nil {
				c.srv.log.Debug("stream read ended", zap.String("channel", c.channel), zap.Error(err))
			}
			return
		}
		switch {
		case typ != websocket.MessageText:
			c.SendError("", errcode.Errorf(errcode.StreamMalformedMessage, "binary frames are not read: send JSON in text frames"))
		case isPing(data):
			c.sendControl(typePong)
		default:
			select {
			case requests <- data:
			case <-ctx.Done():
				return
			}
		}
	}
}

// write drains the queue until it is closed or a close item ends it.
// A frame that comes within FlushInterval of the last write waits for
// the rest of the interval; then every frame queued by then (at most
// WriteBatchFramesMax) goes into the corked socket and out together.
//
// Why: a system call and a wake-up per frame and per connection are
// what a busy book costs its subscribers (a CPU profile of 5,000 of
// them spent 30% of the machine in the write and read calls of single
// frames, and the CLOB's order rate fell to a tenth). Waiting while the
// frames come faster than the interval makes that cost one per interval
// at most; waiting on a timer, not on the queue, the writer is not woken
// by each frame the hub queues.
func (c *Conn) write(ctx context.Context) {
	timer := time.NewTimer(0)
	<-timer.C
	var last time.Time
	for {
		select {
		case <-ctx.Done():
			return
		case it, ok := <-c.queue:
			if !ok {
				return
			}
			if wait := c.srv.limits.FlushInterval - time.Since(last); wait > 0 && it.close == nil {
				timer.Reset(wait)
				select {
				case <-ctx.Done():
					return
				case <-timer.C:
				}
			}
			c.sock.cork()
			done := c.writeBatch(ctx, it)
			last = time.Now()
			if err := c.sock.uncork(); err != nil || done {
				return
			}
		}
	}
}

// WriteBatchFramesMax bounds the frames one write of a corked socket
// carries (CorkBytesMax bounds its bytes).
const WriteBatchFramesMax = 256

// writeBatch writes it and the frames queued behind it; done says the
// connection's writing has ended (a close, an error, the queue closed).
func (c *Conn) writeBatch(ctx context.Context, it item) (done bool) {
	for n := 1; ; n++ {
		select {
		case c.taken <- struct{}{}:
		default:
		}
		if it.close != nil {
			// The close handshake waits for the client's answer to the
			// close frame: it must leave now, with what precedes it.
			if err := c.sock.uncork(); err == nil {
				c.closeWith(it.close)
			}
			return true
		}
		if err := c.writeFrame(ctx, it.frame); err != nil {
			return true
		}
		if n == WriteBatchFramesMax {
			return false
		}
		var ok bool
		select {
		case it, ok = <-c.queue:
			if !ok {
				return true
			}
		default:
			return false
		}
	}
}

// writeFrame hands one frame to the library. The socket is corked, so
// this never waits on the network; the deadline is uncork's.
func (c *Conn) writeFrame(ctx context.Context, frame []byte) error {
	c.mu.Lock()
	c.queuedBytes -= len(frame)
	c.mu.Unlock()
	if err := c.ws.Write(ctx, websocket.MessageText, frame); err != nil {
		return err
	}
	c.srv.metrics.Frames.WithLabelValues(c.channel).Inc()
	c.srv.metrics.Bytes.WithLabelValues(c.channel).Add(float64(len(frame)))
	return nil
}

// closeWith ends the connection with err's code as the close reason.
// The close handshake waits for the client's close frame for a bounded
// time (the library's), which Run's reader receives.
func (c *Conn) closeWith(err *errcode.Error) {
	c.srv.metrics.Closes.WithLabelValues(c.channel, string(err.Code)).Inc()
	_ = c.ws.Close(closeStatus(err.Code), closeReason(err))
}

// closeStatus is the close code for the error that ends a connection.
func closeStatus(code errcode.Code) websocket.StatusCode {
	switch code {
	case errcode.StreamShuttingDown:
		return websocket.StatusGoingAway
	case errcode.InternalError:
		return websocket.StatusInternalError
	}
	return websocket.StatusPolicyViolation
}

// ping sends the server's ping message and a WebSocket ping every
// PingInterval; a client that does not answer the WebSocket ping within
// PongTimeout is dropped.
func (c *Conn) ping(ctx context.Context) {
	t := time.NewTicker(c.srv.limits.PingInterval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		c.sendControl(typePing)
		pctx, cancel := context.WithTimeout(ctx, c.srv.limits.PongTimeout)
		err := c.ws.Ping(pctx)
		cancel()
		if err != nil {
			if ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded) {
				c.srv.metrics.Closes.WithLabelValues(c.channel, string(errcode.StreamPongTimeout)).Inc()
				_ = c.ws.CloseNow()
			}
			return
		}
	}
}

// Send queues a frame of position (a channel's JSON array). It returns
// false if the connection is closing or ended; a full queue fails the
// connection as a slow consumer, and a frame above OutboundFrameBytes
// (a channel's bug) with an internal error.
func (c *Conn) Send(position uint64, frame []byte) bool {
	if len(frame) > c.srv.limits.OutboundFrameBytes {
		c.srv.log.Error("stream frame above the outbound limit", zap.String("channel", c.channel),
			zap.Int("bytes", len(frame)), zap.Int("limit", c.srv.limits.OutboundFrameBytes))
		c.Fail(errcode.Errorf(errcode.InternalError, "a message was larger than the server sends; resume with from"))
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closing {
		return false
	}
	if len(c.queue) == cap(c.queue) || c.queuedBytes+len(frame) > c.srv.limits.SendQueueBytes {
		c.srv.metrics.SlowConsumers.WithLabelValues(c.channel).Inc()
		c.failLocked(errcode.Errorf(errcode.StreamSlowConsumer,
			"the send queue is full (%d frames or %d bytes unread): read faster; reconnect and resume with from",
			c.srv.limits.SendQueueFrames, c.srv.limits.SendQueueBytes))
		return false
	}
	if position > c.position.Load() {
		c.position.Store(position)
	}
	c.queuedBytes += len(frame)
	c.queue <- item{frame: frame}
	return true
}

// SendWait is Send for a producer that can wait (a resume replaying
// history, which would fill any queue at once): while the queue is full
// it waits for the writer to take a frame, and only a writer that takes
// none within WriteTimeout makes it a slow consumer. It returns false if
// the connection is closing or ctx ends.
func (c *Conn) SendWait(ctx context.Context, position uint64, frame []byte) bool {
	t := time.NewTimer(c.srv.limits.WriteTimeout)
	defer t.Stop()
	for {
		c.mu.Lock()
		closing := c.closing
		full := len(c.queue) == cap(c.queue) || c.queuedBytes+len(frame) > c.srv.limits.SendQueueBytes
		c.mu.Unlock()
		if closing {
			return false
		}
		if !full {
			return c.Send(position, frame)
		}
		select {
		case <-c.taken:
			t.Reset(c.srv.limits.WriteTimeout)
		case <-t.C:
			return c.Send(position, frame) // still full: the slow consumer's close
		case <-ctx.Done():
			return false
		case <-c.done:
			return false
		}
	}
}

// SendError queues an error message answering request id; the
// connection stays open.
func (c *Conn) SendError(id string, err *errcode.Error) {
	c.sendRaw(errorFrame(c.Position(), id, err))
}

// SendControl queues a control message (a channel's subscribed or gap
// message) that is not at a position of its own.
func (c *Conn) SendControl(frame []byte) bool { return c.sendRaw(frame) }

func (c *Conn) sendControl(typ string) { c.sendRaw(controlFrame(typ, c.Position())) }

func (c *Conn) sendRaw(frame []byte) bool { return c.Send(0, frame) }

// Fail ends the connection for err: an error message (if the queue takes
// it) then a close with err's code and message as the reason (1008, or
// 1001 when the server shuts down). What was queued before is dropped:
// the client resumes from its last position.
func (c *Conn) Fail(err *errcode.Error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.closing {
		c.failLocked(err)
	}
}

func (c *Conn) failLocked(err *errcode.Error) {
	c.closing = true
	for len(c.queue) > 0 {
		select {
		case <-c.queue:
		default:
		}
	}
	c.queuedBytes = 0
	// The queue has room for both (SendQueueFrames is at least 2): only
	// the writer takes from it now.
	c.queue <- item{frame: errorFrame(c.Position(), "", err)}
	c.queue <- item{close: err}
}

// FailWithin fails the connection with err unless ok is closed within d
// (an authenticated channel's wait for credentials).
func (c *Conn) FailWithin(d time.Duration, ok <-chan struct{}, err *errcode.Error) {
	go func() {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-ok:
		case <-c.done:
		case <-t.C:
			c.Fail(err)
		}
	}()
}

// stopQueue makes Send refuse frames once the connection is ending, and
// ends the writer unless a close is queued.
func (c *Conn) stopQueue() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.closing {
		c.closing = true
		close(c.queue)
	}
}
