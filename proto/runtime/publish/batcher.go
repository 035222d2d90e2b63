package publish

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/reflect/protoreflect"

	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
)

// batchIDLen is the length of a random batch id: enough that two
// publishers never collide within the stream's duplicate window.
const batchIDLen = 16

// Field numbers of CommandBatch, read from its descriptor so the
// hand-assembled encoding below cannot drift from the schema.
var (
	batchIDField  = fieldNumber("batch_id")
	commandsField = fieldNumber("commands")
)

// batchIDFieldSize is the encoded size of the batch_id field.
var batchIDFieldSize = protowire.SizeTag(batchIDField) + protowire.SizeBytes(batchIDLen)

func fieldNumber(name string) protowire.Number {
	fd := (&pb.CommandBatch{}).ProtoReflect().Descriptor().Fields().ByName(protoreflect.Name(name))
	return fd.Number()
}

// commandFieldSize is the encoded size of one element of the commands field.
func commandFieldSize(cmdBytes []byte) int {
	return protowire.SizeTag(commandsField) + protowire.SizeBytes(len(cmdBytes))
}

// batch is one CMD message being assembled.
type batch struct {
	id   [batchIDLen]byte
	reqs []*request
	// sizeBytes is the encoded CommandBatch size so far.
	sizeBytes int
}

func newBatch(batchMax int) *batch {
	b := &batch{reqs: make([]*request, 0, batchMax), sizeBytes: batchIDFieldSize}
	_, _ = rand.Read(b.id[:]) // crypto/rand.Read never fails since Go 1.24.
	return b
}

func (b *batch) fits(r *request, bytesMax int) bool {
	return b.sizeBytes+commandFieldSize(r.cmdBytes) <= bytesMax
}

func (b *batch) wantsResult() bool {
	for _, r := range b.reqs {
		if r.wantsResult {
			return true
		}
	}
	return false
}

func (b *batch) add(r *request) {
	b.reqs = append(b.reqs, r)
	b.sizeBytes += commandFieldSize(r.cmdBytes)
}

// encode assembles the framed CommandBatch from the already encoded
// commands, so the batcher goroutine never marshals a command itself.
func (b *batch) encode() []byte {
	buf := make([]byte, journal.FrameHeaderLen, journal.FrameHeaderLen+b.sizeBytes)
	buf = protowire.AppendTag(buf, batchIDField, protowire.BytesType)
	buf = protowire.AppendBytes(buf, b.id[:])
	for _, r := range b.reqs {
		buf = protowire.AppendTag(buf, commandsField, protowire.BytesType)
		buf = protowire.AppendBytes(buf, r.cmdBytes)
	}
	journal.SealFrame(buf)
	return buf
}

// runBatcher is the only goroutine that forms batches. It takes the first
// queued command, collects more for Window or until BatchMax or the byte
// limit, publishes, and repeats. It returns once intake is closed and
// drained.
func (p *Publisher) runBatcher() {
	defer close(p.batcherDone)
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	var next *request
	for {
		if next == nil {
			r, ok := <-p.intake
			if !ok {
				return
			}
			next = r
		}
		b := newBatch(p.cfg.BatchMax)
		b.add(next)
		timer.Reset(p.cfg.Window)
		var open bool
		next, open = p.fill(b, timer)
		timer.Stop()
		p.publish(b)
		if !open {
			return
		}
	}
}

// fill adds queued commands to b until the window timer fires, b is full,
// or intake closes (open false). A command that does not fit in b's byte
// limit is returned to start the next batch.
func (p *Publisher) fill(b *batch, timer *time.Timer) (next *request, open bool) {
	for len(b.reqs) < p.cfg.BatchMax {
		select {
		case r, ok := <-p.intake:
			if !ok {
				return nil, false
			}
			if !b.fits(r, p.batchBytesMax) {
				return r, true
			}
			b.add(r)
		case <-timer.C:
			return nil, true
		}
	}
	return nil, true
}

// publish sends b asynchronously, so the next batch can follow before this
// one's fsync completes, and leaves the ack to a goroutine of its own.
func (p *Publisher) publish(b *batch) {
	msgID := hex.EncodeToString(b.id[:])
	msg := nats.NewMsg(journal.CommandSubject)
	msg.Data = b.encode()
	// Only a batch that someone waits on asks for results: encoding and
	// decoding events that no caller reads costs both the engine and the
	// publisher for nothing.
	if b.wantsResult() {
		msg.Header.Set(journal.HeaderReply, p.replySubject)
	}
	paf, err := p.js.PublishMsgAsync(msg, jetstream.WithMsgID(msgID))
	if err != nil {
		p.log.Warn("command batch not sent", zap.String("batch_id", msgID),
			zap.Int("commands", len(b.reqs)), zap.Error(err))
		p.finish(b, ackOutcome{err: joinCause(ErrNotAppended, err)})
		return
	}
	p.acks.Add(1)
	go p.awaitBatchAck(b, msgID, paf)
}

// awaitBatchAck waits for the log's verdict on b. The JetStream context
// fails the future after AckTimeout, so this always ends.
func (p *Publisher) awaitBatchAck(b *batch, msgID string, paf jetstream.PubAckFuture) {
	defer p.acks.Done()
	select {
	case ack := <-paf.Ok():
		if ack.Duplicate {
			p.log.Info("command batch was already in the log", zap.String("batch_id", msgID),
				zap.Uint64("seq", ack.Sequence))
		}
		p.finish(b, ackOutcome{seq: ack.Sequence})
	case err := <-paf.Err():
		p.log.Warn("command batch not acknowledged", zap.String("batch_id", msgID),
			zap.Int("commands", len(b.reqs)), zap.Error(err))
		p.finish(b, ackOutcome{err: classifyAckErr(err)})
	}
}

// classifyAckErr tells a definite refusal (an API error from the stream,
// or nobody serving the subject) from an unknown outcome (timeout, lost
// connection, unreadable ack).
func classifyAckErr(err error) error {
	var apiErr *jetstream.APIError
	if errors.As(err, &apiErr) || errors.Is(err, jetstream.ErrNoStreamResponse) {
		return joinCause(ErrNotAppended, err)
	}
	return joinCause(ErrAckUnknown, err)
}

// joinCause reads "sentinel: cause" and matches both with errors.Is.
func joinCause(sentinel, cause error) error {
	return fmt.Errorf("%w: %w", sentinel, cause)
}

// finish hands every command of b its ack outcome and drops the batch's
// hold on their in-flight slots.
func (p *Publisher) finish(b *batch, o ackOutcome) {
	for _, r := range b.reqs {
		r.ack <- o
		p.release(r)
	}
}
