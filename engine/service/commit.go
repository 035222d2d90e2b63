package service

import (
	"fmt"
	"time"
)

// committer is stage 2 (see apply.go).
type committer struct {
	s        *Service
	lastSync time.Time
	// stop is closed when the engine stops: publishing retries end.
	stop <-chan struct{}
	// evtSeq is the EVT stream's last sequence as this leader knows it:
	// each publish expects to follow it (the fence, see lease.go).
	evtSeq uint64
}

// commitLoop runs stage 2 until in is closed and drained. It reports the
// first error to fail at once, so that stage 1 stops, and returns it; the
// engine must then restart.
func (s *Service) commitLoop(in <-chan *sealedBatch, stop <-chan struct{}, fail func(error)) error {
	c := &committer{s: s, lastSync: time.Now(), stop: stop}
	var ready []*sealedBatch
	window := time.NewTimer(0)
	for first := range in {
		ready = append(ready[:0], first)
		if first.lead {
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
				if !first.lead {
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
	if err := c.publish(ready); err != nil {
		return err
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
	s.appliedMoved.wake()
	return nil
}

// checkpoint makes everything applied so far durable. Call it only when
// both stages have stopped.
func (s *Service) checkpoint() error {
	s.m.Changes(s.writer.SetState)
	s.writer.SetApplied(s.sealedSeq, s.m.NowMs())
	return s.writer.Seal().Commit(true)
}
