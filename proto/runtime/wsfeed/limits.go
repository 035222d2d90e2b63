package wsfeed

import "time"

// Limits are a stream server's bounds, each named in the error that
// enforces it. A zero field takes its default (DefaultLimits).
type Limits struct {
	// ConnsPerIP and ConnsPerKey bound the open connections of one client
	// IP and of one API key (authenticated channels); the next upgrade is
	// refused 429 STREAM_TOO_MANY_CONNECTIONS.
	ConnsPerIP  int
	ConnsPerKey int
	// SubscriptionsMax bounds the ids (tokens, markets, games) one
	// connection subscribes to at once; the channel enforces it with
	// STREAM_TOO_MANY_SUBSCRIPTIONS.
	SubscriptionsMax int
	// InboundBytes bounds one client frame; a larger one closes the
	// connection with 1009 (message too big).
	InboundBytes int64
	// OutboundFrameBytes bounds one server frame; a channel must never
	// build a larger one (Send refuses it and closes the connection).
	OutboundFrameBytes int
	// SendQueueFrames and SendQueueBytes bound what a connection holds
	// unwritten; a full queue is a slow consumer.
	SendQueueFrames int
	SendQueueBytes  int
	// WriteTimeout bounds the write of one frame to the socket.
	WriteTimeout time.Duration
	// PingInterval is how often the server sends its ping message (with
	// the connection's last position) and a WebSocket ping; PongTimeout
	// is how long the client has to answer the WebSocket ping.
	PingInterval time.Duration
	PongTimeout  time.Duration
	// AuthTimeout is how long an authenticated channel waits for the
	// credentials of a connection whose upgrade did not carry them.
	AuthTimeout time.Duration
	// FlushInterval is the least time between two writes to one
	// connection's socket: a frame queued sooner after the last write
	// waits for the rest of it, and goes out with every frame queued
	// meanwhile, in one write. A connection that gets a frame now and
	// then sends each at once.
	FlushInterval time.Duration
}

// DefaultLimits are the limits of every stream unless a service's flags
// say otherwise.
var DefaultLimits = Limits{
	ConnsPerIP:         256,
	ConnsPerKey:        16,
	SubscriptionsMax:   500,
	InboundBytes:       64 << 10,
	OutboundFrameBytes: 1 << 20,
	SendQueueFrames:    1024,
	SendQueueBytes:     4 << 20,
	WriteTimeout:       10 * time.Second,
	PingInterval:       10 * time.Second,
	PongTimeout:        20 * time.Second,
	AuthTimeout:        10 * time.Second,
	FlushInterval:      10 * time.Millisecond,
}

// RequestQueueMax bounds the requests a connection has sent that wait
// for the ones before them to be answered (Conn.Run).
const RequestQueueMax = 16

// sendQueueFramesMin leaves room, once a queue is drained for a slow
// consumer, for its error message and the close.
const sendQueueFramesMin = 2

// withDefaults fills l's zero fields from DefaultLimits.
func (l Limits) withDefaults() Limits {
	d := DefaultLimits
	pick := func(v *int, def int) {
		if *v <= 0 {
			*v = def
		}
	}
	pickDur := func(v *time.Duration, def time.Duration) {
		if *v <= 0 {
			*v = def
		}
	}
	pick(&l.ConnsPerIP, d.ConnsPerIP)
	pick(&l.ConnsPerKey, d.ConnsPerKey)
	pick(&l.SubscriptionsMax, d.SubscriptionsMax)
	if l.InboundBytes <= 0 {
		l.InboundBytes = d.InboundBytes
	}
	pick(&l.OutboundFrameBytes, d.OutboundFrameBytes)
	pick(&l.SendQueueFrames, d.SendQueueFrames)
	l.SendQueueFrames = max(l.SendQueueFrames, sendQueueFramesMin)
	pick(&l.SendQueueBytes, d.SendQueueBytes)
	pickDur(&l.WriteTimeout, d.WriteTimeout)
	pickDur(&l.PingInterval, d.PingInterval)
	pickDur(&l.PongTimeout, d.PongTimeout)
	pickDur(&l.AuthTimeout, d.AuthTimeout)
	pickDur(&l.FlushInterval, d.FlushInterval)
	return l
}
