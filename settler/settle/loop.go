package settle

import (
	"context"
	"errors"
	"fmt"
	"pred.dev/proto/journal"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"
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
	watch, err := st.txs.WatchFiltered(ctx, []string{journal.RelayerTxKeyPrefix + "*"}, jetstream.UpdatesOnly(), jetstream.IgnoreDeletes())
	if err != nil {
		return fmt.Errorf("settle: watching the relayer's records: %w", err)
	}
	defer func() { _ = watch.Stop() }()
	l, cursor, err := s.openLoop(ctx)
	if err != nil {
		return err
	}
	defer l.wg.Wait()
	fresh := make(chan *entry, 64)
	ingestErr := make(chan error, 1)
	go func() { ingestErr <- s.ingest(ctx, cursor, fresh) }()
	for _, e := range l.open {
		l.kick(e, true)
	}
	return l.serve(ctx, fresh, ingestErr, watch.Updates())
}

// loop is Run's state: the settlements not yet final, each worked on by
// one goroutine at a time.
type loop struct {
	s       *Settler
	ctx     context.Context
	open    map[string]*entry
	byFirst map[uint64]*entry // by the first trade id (the relayer's tx ids)
	done    chan result
	wg      sync.WaitGroup
}

// openLoop reads the open settlements and the cursor after which EVT is
// read.
func (s *Settler) openLoop(ctx context.Context) (*loop, cursorRecord, error) {
	recs, revs, err := s.st.open(ctx)
	if err != nil {
		return nil, cursorRecord{}, err
	}
	cursor, err := s.resume(ctx)
	if err != nil {
		return nil, cursor, err
	}
	l := &loop{s: s, ctx: ctx, open: map[string]*entry{}, byFirst: map[uint64]*entry{}, done: make(chan result, 64)}
	now := s.cfg.Now()
	for i, r := range recs {
		l.add(r, revs[i], now)
	}
	s.openCount.Store(int64(len(l.open)))
	s.log.Info("settler started", zap.Uint64("evt_cursor", cursor.Seq), zap.Stringer("params", cursor.Params),
		zap.Int("pending_switches", len(cursor.Pending)), zap.Int("open", len(l.open)))
	return l, cursor, nil
}

// serve runs the loop until ctx ends, ingest fails, or a step crashes.
func (l *loop) serve(ctx context.Context, fresh <-chan *entry, ingestErr <-chan error, updates <-chan jetstream.KeyValueEntry) error {
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
			l.fresh(e)
		case u := <-updates:
			l.updated(u)
		case r := <-l.done:
			if errors.Is(r.err, ErrCrashed) {
				return r.err
			}
			l.finished(r)
		case <-tick.C:
			l.sweep()
		}
	}
}

func (l *loop) add(rec *Record, rev uint64, now time.Time) *entry {
	e := &entry{rec: rec, rev: rev, seen: now}
	l.open[rec.ID], l.byFirst[rec.first()] = e, e
	l.s.m.open.Set(float64(len(l.open)))
	return e
}

// kick has a goroutine step e, or a step again once the one under way
// ends.
func (l *loop) kick(e *entry, sweep bool) {
	e.sweep = e.sweep || sweep
	if e.busy {
		e.again = true
		return
	}
	e.busy, e.again, e.seen = true, false, l.s.cfg.Now()
	rec, rev, sw := e.rec, e.rev, e.sweep
	e.sweep = false
	l.wg.Add(1)
	go func() {
		defer l.wg.Done()
		r := result{e: e}
		r.rec, r.rev, r.removed, r.err = l.s.work(l.ctx, rec, rev, sw, &r.spawned)
		select {
		case l.done <- r:
		case <-l.ctx.Done():
		}
	}()
}

// fresh follows a settlement ingest made.
func (l *loop) fresh(e *entry) {
	if _, ok := l.open[e.rec.ID]; ok {
		l.s.openCount.Add(-1) // read again after a restart: followed already
		return
	}
	l.kick(l.add(e.rec, e.rev, l.s.cfg.Now()), false)
}

// updated steps the settlement whose current attempt's relayer record
// changed.
func (l *loop) updated(u jetstream.KeyValueEntry) {
	if u == nil {
		return
	}
	first, attempt, ok := parseTxID(strings.TrimPrefix(u.Key(), journal.RelayerTxKeyPrefix))
	if e := l.byFirst[first]; ok && e != nil && e.rec.Attempt == attempt {
		l.kick(e, false)
	}
}

// finished takes a step's result.
func (l *loop) finished(r result) {
	e := r.e
	e.busy = false
	if r.err != nil {
		// Tried again in about a second (by the sweep), not at
		// once: the store or the log may be away a while.
		l.s.log.Warn("settlement step failed; tried again", zap.String("id", e.rec.ID), zap.Error(r.err))
		e.seen = l.s.cfg.Now().Add(retryStepAfter - l.s.cfg.SweepAfter)
	}
	if r.rec != nil {
		e.rec, e.rev = r.rec, r.rev
	}
	for _, sp := range r.spawned {
		if _, ok := l.open[sp.rec.ID]; !ok {
			l.s.openCount.Add(1)
			l.kick(l.add(sp.rec, sp.rev, l.s.cfg.Now()), false)
		}
	}
	if r.removed {
		delete(l.open, e.rec.ID)
		delete(l.byFirst, e.rec.first())
		l.s.openCount.Add(-1)
		l.s.m.open.Set(float64(len(l.open)))
		return
	}
	if e.again {
		l.kick(e, false)
	}
}

// sweep steps the settlements whose retry is due, and those not heard of
// for SweepAfter.
func (l *loop) sweep() {
	now := l.s.cfg.Now()
	for _, e := range l.open {
		switch {
		case e.busy:
		case !e.rec.RetryAt.IsZero() && !now.Before(e.rec.RetryAt):
			l.kick(e, false)
		case now.Sub(e.seen) >= l.s.cfg.SweepAfter:
			l.kick(e, true)
		}
	}
}
