package service

import (
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/proto"

	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
)

// committer is stage 2 (see apply.go).
type committer struct {
	s        *Service
	lastSync time.Time
}

// commitLoop runs stage 2 until in is closed and drained. It reports the
// first error to fail at once, so that stage 1 stops, and returns it; the
// engine must then restart.
func (s *Service) commitLoop(in <-chan *sealedBatch, fail func(error)) error {
	c := &committer{s: s, lastSync: time.Now()}
	var ready []*sealedBatch
	window := time.NewTimer(0)
	for first := range in {
		ready = append(ready[:0], first)
		if s.cfg.Mode == ModeLeader {
			window.Reset(s.cfg.EventWindow)
		}
	collect:
		for len(ready) < pipelineMax {
			select {
			case b, ok := <-in:
				if !ok {
					break collect
				}
				ready = append(ready, b)
			case <-window.C:
				break collect
			default:
				if s.cfg.Mode != ModeLeader {
					break collect // nothing to share but the commit: go on
				}
				select {
				case b, ok := <-in:
					if !ok {
						break collect
					}
					ready = append(ready, b)
				case <-window.C:
					break collect
				}
			}
		}
		if err := c.commit(ready); err != nil {
			fail(err)
			for range in {
				// Stage 1 stops at the error; let it hand over what it had.
			}
			return err
		}
	}
	return nil
}

// commit publishes (as leader) and commits the ready batches, then makes
// them visible.
func (c *committer) commit(ready []*sealedBatch) error {
	s := c.s
	if s.cfg.Mode == ModeLeader {
		if err := c.publish(ready); err != nil {
			return err
		}
	}
	for i, b := range ready {
		sync := i == len(ready)-1 && time.Since(c.lastSync) >= s.cfg.CheckpointInterval
		if err := b.writes.Commit(sync); err != nil {
			return fmt.Errorf("service: commit batch ending at %d: %w", b.writes.Seq(), err)
		}
		if sync {
			c.lastSync = time.Now()
		}
		s.applied.Store(b.writes.Seq())
		s.appliedMs.Store(b.nowMs)
		s.resting.Store(b.resting)
		s.markets.Store(b.markets)
		s.met.batch(len(b.outgoing), b.commands, time.Since(b.start))
	}
	s.wakeWaiters()
	return nil
}

// publish records the events of the ready batches on EVT in as few
// messages as fit, and waits until the stream has them all.
func (c *committer) publish(ready []*sealedBatch) error {
	s := c.s
	var futures []jetstream.PubAckFuture
	for _, evt := range eventMessages(ready, s.lastPublished) {
		msg, err := journal.NewEventMsg(evt)
		if err != nil {
			return err
		}
		f, err := s.js.PublishMsgAsync(msg)
		if err != nil {
			return fmt.Errorf("service: publish events of %d..%d: %w", evt.FirstCommandSeq, evt.CommandSeq, err)
		}
		futures = append(futures, f)
	}
	return waitAcks(futures, publishAckWaitMax)
}

// evtBytesMax bounds one EVT message, well under NATS's 1 MB default
// payload limit.
const evtBytesMax = 512 << 10

// eventMessages merges per-message events into as few EVT messages as fit
// evtBytesMax, each covering consecutive CMD messages whole. Messages
// published before a crash (up to lastPublished) are skipped.
func eventMessages(ready []*sealedBatch, lastPublished uint64) []*pb.EventBatch {
	var out []*pb.EventBatch
	var cur *pb.EventBatch
	size := 0
	for _, b := range ready {
		for i := range b.outgoing {
			o := &b.outgoing[i]
			if o.seq <= lastPublished {
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

// publishAckWaitMax bounds the wait for EVT acknowledgements.
const publishAckWaitMax = 10 * time.Second

// waitAcks waits for every publish. It does not watch for a stop: a stop
// lets the batches in hand finish, bounded by the ack timeout, rather than
// abandon them half published.
func waitAcks(futures []jetstream.PubAckFuture, wait time.Duration) error {
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for _, f := range futures {
		select {
		case <-f.Ok():
		case err := <-f.Err():
			return fmt.Errorf("service: EVT publish failed: %w", err)
		case <-timer.C:
			return fmt.Errorf("service: EVT publish not acknowledged within %s", wait)
		}
	}
	return nil
}

// checkpoint makes everything applied so far durable. Call it only when
// both stages have stopped.
func (s *Service) checkpoint() error {
	s.m.Changes(s.writer.SetState)
	s.writer.SetApplied(s.sealedSeq, s.m.NowMs())
	return s.writer.Seal().Commit(true)
}

