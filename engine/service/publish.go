package service

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"
	"google.golang.org/protobuf/proto"

	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
)

// The leader records each batch's events on the EVT stream before it
// commits the batch to Pebble. Every publish names the stream sequence it
// must follow (jetstream's expected last sequence), which fences off any
// other engine that believes it leads (lease.go). A NATS restart or a lost
// acknowledgement is ridden out: the leader reads what reached the stream,
// counts its own messages there as published and sends the rest again,
// for up to publishRetryMax or until the engine stops, after which it
// halts and its restart resumes from the stream.

const (
	// publishAckWaitMax bounds the wait for one round of acknowledgements.
	publishAckWaitMax = 10 * time.Second
	// publishRetryMax bounds how long a leader retries a round before it
	// halts; publishBackoffMin and Max space the retries.
	publishRetryMax   = 30 * time.Second
	publishBackoffMin = 50 * time.Millisecond
	publishBackoffMax = time.Second
)

// publish records the events of the ready batches on EVT in as few
// messages as fit, and waits until the stream has them all.
func (c *committer) publish(ready []*sealedBatch) error {
	for _, b := range ready {
		if b.evtSeqNew {
			c.evtSeq = b.evtSeq
		}
	}
	msgs := eventMessages(ready)
	deadline := time.Now().Add(publishRetryMax)
	backoff := publishBackoffMin
	for done := 0; done < len(msgs); {
		n, err := c.publishFrom(msgs[done:])
		done += n
		if err == nil {
			continue
		}
		if errors.Is(err, ErrFenced) || time.Now().After(deadline) {
			return err
		}
		if c.s.cfg.Conn.IsClosed() {
			return fmt.Errorf("%w (%v)", ErrConnClosed, err)
		}
		c.s.log.Warn("EVT publish failed; retrying", zap.Error(err), zap.Duration("backoff", backoff))
		select {
		case <-time.After(backoff):
		case <-c.stop:
			// Stopping: the batches stay uncommitted, and the restart
			// publishes what the stream lacks.
			return fmt.Errorf("service: stopped with events of %d EVT messages unpublished: %w", len(msgs)-done, err)
		}
		backoff = min(2*backoff, publishBackoffMax)
		n, err = c.reconcile(msgs[done:])
		done += n
		if errors.Is(err, ErrFenced) {
			return err
		}
	}
	return nil
}

// publishFrom publishes msgs, each expecting to follow the one before,
// and returns how many the stream acknowledged in order before the first
// failure. It waits for every acknowledgement, so that no message of the
// round can still land after it returns.
func (c *committer) publishFrom(msgs []*pb.EventBatch) (int, error) {
	futures := make([]jetstream.PubAckFuture, 0, len(msgs))
	var sendErr error
	for i, evt := range msgs {
		msg, err := journal.NewEventMsg(evt)
		if err != nil {
			return 0, err
		}
		f, err := c.s.js.PublishMsgAsync(msg, jetstream.WithExpectLastSequence(c.evtSeq+uint64(i)))
		if err != nil {
			sendErr = fmt.Errorf("service: publish events of CMD %d..%d: %w", evt.FirstCommandSeq, evt.CommandSeq, err)
			break
		}
		futures = append(futures, f)
	}
	n, err := waitAcks(futures, 2*publishAckWaitMax)
	c.evtSeq += uint64(n)
	if err == nil {
		err = sendErr
	}
	return n, err
}

// reconcile reads what the EVT stream holds after the last message this
// leader knows it published, after a failed round: messages of its own
// (the same message ids, in order) count as published, and returns how
// many; anything else is another engine's, and the leader is fenced.
func (c *committer) reconcile(msgs []*pb.EventBatch) (int, error) {
	ctx, cancel := context.WithTimeout(context.Background(), publishAckWaitMax)
	defer cancel()
	st, err := c.s.js.Stream(ctx, journal.EventStream)
	if err != nil {
		return 0, err
	}
	info, err := st.Info(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	for seq := c.evtSeq + 1; seq <= info.State.LastSeq; seq++ {
		m, err := st.GetMsg(ctx, seq)
		if err != nil {
			return n, err
		}
		id := m.Header.Get(nats.MsgIdHdr)
		if n >= len(msgs) || id != journal.EventMsgID(msgs[n].CommandSeq) {
			return n, fmt.Errorf("%w: EVT message %d (%s) is not this engine's", ErrFenced, seq, id)
		}
		n++
		c.evtSeq = seq
	}
	return n, nil
}

// fenced says whether a publish failed because the EVT stream had moved
// past the sequence it expected.
func fenced(err error) bool {
	var apiErr *jetstream.APIError
	return errors.As(err, &apiErr) && (apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequence ||
		apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequenceConstant)
}

// evtBytesMax bounds one EVT message, well under NATS's 1 MB default
// payload limit.
const evtBytesMax = 512 << 10

// eventMessages merges the per-message events of the batches applied as
// leader into as few EVT messages as fit evtBytesMax, each covering
// consecutive CMD messages whole. Messages the EVT stream had when the
// engine started leading (up to publishedTo) are skipped.
func eventMessages(ready []*sealedBatch) []*pb.EventBatch {
	var out []*pb.EventBatch
	var cur *pb.EventBatch
	size := 0
	for _, b := range ready {
		if !b.lead {
			continue
		}
		for i := range b.outgoing {
			o := &b.outgoing[i]
			if o.seq <= b.publishedTo {
				continue
			}
			n := proto.Size(o.batch)
			if cur == nil || size+n > evtBytesMax {
				cur = &pb.EventBatch{FirstCommandSeq: o.seq}
				out = append(out, cur)
				size = 0
			}
			base := uint32(len(cur.Events))
			cur.Events = append(cur.Events, o.batch.Events...)
			for _, r := range o.batch.Results {
				cur.Results = append(cur.Results, &pb.CommandResult{CommandId: r.CommandId, FirstEvent: base + r.FirstEvent,
					EventCount: r.EventCount, CommandSeq: r.CommandSeq})
			}
			cur.CommandSeq, cur.TimeMs = o.seq, o.batch.TimeMs
			size += n
		}
	}
	return out
}

// waitAcks waits for every publish and returns how many succeeded before
// the first failure. It does not watch for a stop: a stop lets the round
// in hand finish rather than abandon it half published. Each future ends
// by the JetStream context's publish timeout (publishAckWaitMax); wait is
// a backstop beyond it.
func waitAcks(futures []jetstream.PubAckFuture, wait time.Duration) (int, error) {
	timer := time.NewTimer(wait)
	defer timer.Stop()
	ok, first := 0, error(nil)
	for _, f := range futures {
		var err error
		select {
		case ack := <-f.Ok():
			if ack.Duplicate {
				err = fmt.Errorf("%w: the EVT stream already had message %s", ErrFenced, f.Msg().Header.Get(nats.MsgIdHdr))
			}
		case perr := <-f.Err():
			err = fmt.Errorf("service: EVT publish failed: %w", perr)
			if fenced(perr) {
				err = fmt.Errorf("%w: %v", ErrFenced, perr)
			}
		case <-timer.C:
			return ok, fmt.Errorf("service: EVT publish not acknowledged within %s", wait)
		}
		if err == nil && first == nil {
			ok++
		} else if first == nil {
			first = err
		}
	}
	return ok, first
}
