package settle

import (
	"context"
	"fmt"
	"time"

	"go.uber.org/zap"

	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/follow"
)

// resume reads the cursor record and, if the configured parameters are
// not its target, schedules a switch to them after the EVT stream's last
// message, and writes the record at once: were this run to crash before
// its first cursor, the next would otherwise schedule the switch later
// than this run took it, and cut this run's segments differently.
func (s *Settler) resume(ctx context.Context) (cursorRecord, error) {
	want := paramsOf(&s.cfg)
	c, err := s.st.cursor(ctx, want)
	if err != nil {
		return c, err
	}
	if c.target() == want {
		return c, nil
	}
	evt, err := s.js.Stream(ctx, journal.EventStream)
	if err != nil {
		return c, fmt.Errorf("settle: the event stream: %w", err)
	}
	info, err := evt.Info(ctx)
	if err != nil {
		return c, fmt.Errorf("settle: the event stream: %w", err)
	}
	from := c.target()
	c, _ = c.retarget(want, info.State.LastSeq)
	if err := s.st.setCursor(ctx, c); err != nil {
		return c, err
	}
	sw := c.Pending[len(c.Pending)-1]
	s.log.Info("segment parameters change scheduled", zap.Stringer("from", from), zap.Stringer("to", sw.Params),
		zap.Uint64("after_seq", sw.AfterSeq))
	return c, nil
}

// ingest follows EVT after the cursor, gathers the groups of consecutive
// messages into segments (gatherer), makes each segment's settlements,
// and hands them to the loop; it writes the cursor, never inside a
// segment, once the segments below it are recorded and queued.
func (s *Settler) ingest(ctx context.Context, cursor cursorRecord, fresh chan<- *entry) error {
	var written time.Time
	last := cursor
	ga := newGatherer(cursor, s.cfg.MakersMax)
	ga.adopted = func(from params, to paramSwitch, at uint64) {
		s.m.switches.Inc()
		s.log.Info("segment parameters changed", zap.Stringer("from", from), zap.Stringer("to", to.Params),
			zap.Uint64("after_seq", to.AfterSeq), zap.Uint64("at_seq", at))
	}
	err := follow.Events(ctx, s.js, follow.Options{Start: follow.FromSeq(cursor.Seq + 1), PullMax: 256},
		func(seq uint64, b *pb.EventBatch) error {
			for _, sg := range ga.add(seq, b) {
				for s.openCount.Load() >= int64(s.cfg.OpenMax) {
					select {
					case <-ctx.Done():
						return follow.ErrStop
					case <-time.After(5 * time.Millisecond):
					}
				}
				es, err := s.settlements(ctx, sg)
				if err != nil {
					return err
				}
				for _, e := range es {
					s.openCount.Add(1)
					select {
					case fresh <- e:
					case <-ctx.Done():
						return follow.ErrStop
					}
				}
			}
			if err := s.crash(CrashQueued); err != nil {
				return err
			}
			// Taken only here, once every segment the message ended is
			// queued: a stop in between leaves last where it was.
			if m := ga.mark(); m.Seq > last.Seq {
				last = m
			}
			if now := s.cfg.Now(); now.Sub(written) >= s.cfg.CursorEvery && last.Seq > cursor.Seq {
				if err := s.st.setCursor(ctx, last); err != nil {
					return err
				}
				written = now
				s.m.cursor.Set(float64(last.Seq))
			}
			return nil
		})
	if err == nil && last.Seq > cursor.Seq {
		_ = s.st.setCursor(context.Background(), last)
	}
	return err
}
