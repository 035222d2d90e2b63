// Package follow reads a JetStream stream in order from a chosen position
// and hands each message to a callback: the one way every process follows
// the command log or the event stream. The engine follows CMD (and EVT's
// headers while it waits to lead); the gateways' caches, the settler and
// the tools follow EVT, one decoded event batch at a time (Events).
//
// A follower reads through an ordered consumer: an ephemeral consumer that
// the client recreates after a reconnect or a gap, resuming after the last
// message it delivered, so a NATS restart costs no message and delivers
// none twice.
package follow

import (
	"context"
	"errors"
	"fmt"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
)

// ErrConnClosed ends a follower whose NATS connection closed for good (a
// reconnect limit ran out, or its owner closed it).
var ErrConnClosed = errors.New("follow: the NATS connection is closed")

// ErrStop, returned by a callback, ends the follower without an error.
var ErrStop = errors.New("follow: stop")

// Start is where a follower begins.
type Start struct {
	policy jetstream.DeliverPolicy
	seq    uint64
}

// FromSeq starts at stream sequence seq; 0 and 1 both mean the first
// message.
func FromSeq(seq uint64) Start {
	if seq <= 1 {
		return Start{policy: jetstream.DeliverAllPolicy}
	}
	return Start{policy: jetstream.DeliverByStartSequencePolicy, seq: seq}
}

// FromNew delivers only messages published after the follower is created.
func FromNew() Start { return Start{policy: jetstream.DeliverNewPolicy} }

// FromLast delivers the stream's last message, if any, then new ones.
func FromLast() Start { return Start{policy: jetstream.DeliverLastPolicy} }

// Options configure a follower. The zero value follows from the first
// message, whole messages, with the client's default pull size.
type Options struct {
	Start Start
	// HeadersOnly delivers headers without payloads.
	HeadersOnly bool
	// PullMax is how many messages the follower asks the server for at a
	// time; 0 keeps the client's default.
	PullMax int
	// Corrupt, for event batches (RunEvents, Events), is told of an EVT
	// message that fails its frame check or does not decode, which is then
	// skipped. Nil: the follower stops with that error.
	Corrupt func(seq uint64, err error)
	// Only, for event batches, keeps the events of these kinds
	// (journal.EventsOf) and drops the batch's results: a follower that
	// reads a few kinds skips decoding the rest. The zero filter keeps
	// every event and the results.
	Only journal.EventFilter
}

// Follower follows one stream. Create it with New, which positions it,
// then call Run or RunEvents once.
type Follower struct {
	js     jetstream.JetStream
	stream string
	opts   Options
	cons   jetstream.Consumer
}

// New creates the follower's consumer on stream. Messages published from
// here on are delivered whatever the start, even before Run begins.
func New(ctx context.Context, js jetstream.JetStream, stream string, opts Options) (*Follower, error) {
	cfg := jetstream.OrderedConsumerConfig{DeliverPolicy: opts.Start.policy, OptStartSeq: opts.Start.seq,
		HeadersOnly: opts.HeadersOnly}
	cons, err := js.OrderedConsumer(ctx, stream, cfg)
	if err != nil {
		return nil, failed(js, stream, err)
	}
	return &Follower{js: js, stream: stream, opts: opts, cons: cons}, nil
}

// Run calls fn with each message in stream order until ctx ends (nil), fn
// returns an error (that error, or nil for ErrStop), or the connection closes
// for good (ErrConnClosed). fn runs on Run's goroutine, one message at a
// time; the next message is not read before it returns.
func (f *Follower) Run(ctx context.Context, fn func(jetstream.Msg) error) error {
	var opts []jetstream.PullMessagesOpt
	if f.opts.PullMax > 0 {
		opts = append(opts, jetstream.PullMaxMessages(f.opts.PullMax))
	}
	it, err := f.cons.Messages(opts...)
	if err != nil {
		return failed(f.js, f.stream, err)
	}
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-ctx.Done():
		case <-done:
		}
		it.Stop()
	}()
	for {
		msg, err := it.Next()
		switch {
		case ctx.Err() != nil:
			return nil
		case err != nil:
			return failed(f.js, f.stream, err)
		}
		if err := fn(msg); err != nil {
			if errors.Is(err, ErrStop) {
				return nil
			}
			return err
		}
	}
}

// failed says why following stream failed: ErrConnClosed if the
// connection is closed for good, else err.
func failed(js jetstream.JetStream, stream string, err error) error {
	if errors.Is(err, jetstream.ErrConnectionClosed) || errors.Is(err, nats.ErrConnectionClosed) || js.Conn().IsClosed() {
		return ErrConnClosed
	}
	return fmt.Errorf("follow: %s: %w", stream, err)
}

// RunEvents is Run on the EVT stream with each message decoded (only
// the events Options.Only keeps): fn gets the EVT stream sequence and the
// event batch, which covers the CMD messages
// batch.FirstCommandSeq..batch.CommandSeq.
func (f *Follower) RunEvents(ctx context.Context, fn func(seq uint64, batch *pb.EventBatch) error) error {
	return f.Run(ctx, func(msg jetstream.Msg) error {
		meta, err := msg.Metadata()
		if err != nil {
			return fmt.Errorf("follow: %s message without metadata: %w", f.stream, err)
		}
		seq := meta.Sequence.Stream
		batch, err := journal.DecodeEventBatchOf(msg.Data(), f.opts.Only)
		if err != nil {
			err = fmt.Errorf("follow: %s message %d: %w", f.stream, seq, err)
			if f.opts.Corrupt == nil {
				return err
			}
			f.opts.Corrupt(seq, err)
			return nil
		}
		return fn(seq, batch)
	})
}

// Stream follows a stream: New, then Run.
func Stream(ctx context.Context, js jetstream.JetStream, stream string, opts Options, fn func(jetstream.Msg) error) error {
	f, err := New(ctx, js, stream, opts)
	if err != nil {
		return err
	}
	return f.Run(ctx, fn)
}

// Events follows the EVT stream one event batch at a time: New, then
// RunEvents.
func Events(ctx context.Context, js jetstream.JetStream, opts Options, fn func(seq uint64, batch *pb.EventBatch) error) error {
	f, err := New(ctx, js, journal.EventStream, opts)
	if err != nil {
		return err
	}
	return f.RunEvents(ctx, fn)
}
