package settle

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"

	"pred.dev/proto/client/relayerapi"
)

// entry is a settlement the loop follows.
type entry struct {
	rec   *Record
	rev   uint64
	busy  bool
	again bool
	sweep bool
	seen  time.Time
}

// result is what a worker goroutine did to an entry.
type result struct {
	e       *entry
	rec     *Record
	rev     uint64
	removed bool
	spawned []*entry // settlements split out of it
	err     error
}

// retryStepAfter is when a settlement step that failed (the store or the
// log away) is tried again.
const retryStepAfter = time.Second

// Run settles until ctx ends (nil) or NATS fails for good.
func (s *Settler) Run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	st, err := openStore(ctx, s.sjs, s.cfg.Replicas)
	if err != nil {
		return err
	}
	s.st = st
	// The watch first, then the records: an update between the two is
	// seen twice, never missed.
	// Keys are tx.<id> and subject wildcards are whole tokens: every
	// transaction's updates come, and those not the settler's are skipped.
	watch, err := st.txs.WatchFiltered(ctx, []string{relayerapi.TxKeyPrefix + "*"}, jetstream.UpdatesOnly(), jetstream.IgnoreDeletes())
	if err != nil {
		return fmt.Errorf("settle: watching the relayer's records: %w", err)
	}
	defer func() { _ = watch.Stop() }()
	recs, revs, err := st.open(ctx)
	if err != nil {
		return err
	}
	cursor, err := s.resume(ctx)
	if err != nil {
		return err
	}
	open := map[string]*entry{}
	byFirst := map[uint64]*entry{}
	now := s.cfg.Now()
	add := func(rec *Record, rev uint64) *entry {
		e := &entry{rec: rec, rev: rev, seen: now}
		open[rec.ID], byFirst[rec.first()] = e, e
		s.m.open.Set(float64(len(open)))
		return e
	}
	for i, r := range recs {
		add(r, revs[i])
	}
	s.openCount.Store(int64(len(open)))
	s.log.Info("settler started", zap.Uint64("evt_cursor", cursor.Seq), zap.Stringer("params", cursor.Params),
		zap.Int("pending_switches", len(cursor.Pending)), zap.Int("open", len(open)))

	fresh := make(chan *entry, 64)
	ingestErr := make(chan error, 1)
	go func() { ingestErr <- s.ingest(ctx, cursor, fresh) }()

	done := make(chan result, 64)
	var wg sync.WaitGroup
	defer wg.Wait()
	kick := func(e *entry, sweep bool) {
		e.sweep = e.sweep || sweep
		if e.busy {
			e.again = true
			return
		}
		e.busy, e.again, e.seen = true, false, s.cfg.Now()
		rec, rev, sw := e.rec, e.rev, e.sweep
		e.sweep = false
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := result{e: e}
			r.rec, r.rev, r.removed, r.err = s.work(ctx, rec, rev, sw, &r.spawned)
			select {
			case done <- r:
			case <-ctx.Done():
			}
		}()
	}
	for _, e := range open {
		kick(e, true)
	}
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case err := <-ingestErr:
			if ctx.Err() != nil || err == nil {
				return nil
			}
			return err
		case e := <-fresh:
			if _, ok := open[e.rec.ID]; ok {
				s.openCount.Add(-1) // read again after a restart: followed already
				continue
			}
			kick(add(e.rec, e.rev), false)
		case u := <-watch.Updates():
			if u == nil {
				continue
			}
			first, attempt, ok := parseTxID(strings.TrimPrefix(u.Key(), relayerapi.TxKeyPrefix))
			if e := byFirst[first]; ok && e != nil && e.rec.Attempt == attempt {
				kick(e, false)
			}
		case r := <-done:
			e := r.e
			e.busy = false
			if errors.Is(r.err, ErrCrashed) {
				return r.err
			}
			if r.err != nil {
				// Tried again in about a second (by the sweep), not at
				// once: the store or the log may be away a while.
				s.log.Warn("settlement step failed; tried again", zap.String("id", e.rec.ID), zap.Error(r.err))
				e.seen = s.cfg.Now().Add(retryStepAfter - s.cfg.SweepAfter)
			}
			if r.rec != nil {
				e.rec, e.rev = r.rec, r.rev
			}
			for _, sp := range r.spawned {
				if _, ok := open[sp.rec.ID]; !ok {
					s.openCount.Add(1)
					kick(add(sp.rec, sp.rev), false)
				}
			}
			if r.removed {
				delete(open, e.rec.ID)
				delete(byFirst, e.rec.first())
				s.openCount.Add(-1)
				s.m.open.Set(float64(len(open)))
				continue
			}
			if e.again {
				kick(e, false)
			}
		case <-tick.C:
			now := s.cfg.Now()
			for _, e := range open {
				switch {
				case e.busy:
				case !e.rec.RetryAt.IsZero() && !now.Before(e.rec.RetryAt):
					kick(e, false)
				case now.Sub(e.seen) >= s.cfg.SweepAfter:
					kick(e, true)
				}
			}
		}
	}
}
