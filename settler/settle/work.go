package settle

import (
	"context"
	"time"

	"go.uber.org/zap"

	"pred.dev/proto/client/relayerapi"
	"pred.dev/proto/pb"
)

// work moves one settlement as far as the relayer's record of its current
// attempt allows. It returns the record as it now is, or removed once its
// trades are final. What to do is stepPlan's (plan.go); work reads and
// writes the records and the log.
func (s *Settler) work(ctx context.Context, rec *Record, rev uint64, sweep bool, spawned *[]*entry) (*Record, uint64, bool, error) {
	now := s.cfg.Now()
	if !rec.RetryAt.IsZero() {
		if now.Before(rec.RetryAt) {
			return nil, 0, false, nil
		}
		var err error
		if rec, rev, err = s.requeue(ctx, rec, rev); err != nil {
			return nil, 0, false, err
		}
	}
	tx, err := s.st.tx(ctx, rec.TxID())
	if err != nil {
		return rec, rev, false, err
	}
	if tx == nil {
		return rec, rev, false, s.unheard(ctx, rec, sweep)
	}
	if tx.Reorgs > rec.Reorgs {
		if rec, rev, err = s.reorged(ctx, rec, rev, tx); err != nil {
			return nil, 0, false, err
		}
	}
	p := stepPlan(rec, tx.State, s.cfg.AttemptsMax)
	switch p.move {
	case moveNone:
		return rec, rev, false, nil
	case moveAdvance:
		return s.advance(ctx, rec, rev, tx, p, now)
	}
	return s.ended(ctx, rec, rev, tx, p, now, spawned)
}

// requeue queues the next attempt of a settlement whose retry is due.
func (s *Settler) requeue(ctx context.Context, rec *Record, rev uint64) (*Record, uint64, error) {
	if err := s.st.enqueue(ctx, rec, s.gasHint(rec)); err != nil {
		return nil, 0, err
	}
	next := *rec
	next.RetryAt = time.Time{}
	r, err := s.st.update(ctx, &next, rev)
	if err != nil {
		return nil, 0, err
	}
	return &next, r, nil
}

// unheard handles a settlement whose attempt the relayer has not decided:
// on a sweep, it makes sure the call is queued at all.
func (s *Settler) unheard(ctx context.Context, rec *Record, sweep bool) error {
	if !sweep {
		return nil
	}
	if q, err := s.st.queued(ctx, rec.TxID()); err == nil && !q {
		s.log.Warn("a settlement's call was not in the queue; queued again", zap.String("id", rec.ID))
		return s.st.enqueue(ctx, rec, s.gasHint(rec))
	}
	return nil
}

// advance reports the statuses of p and records where the trades are, or
// removes the record once they are final.
func (s *Settler) advance(ctx context.Context, rec *Record, rev uint64, tx *relayerapi.Transaction, p plan, now time.Time) (*Record, uint64, bool, error) {
	if err := s.report(ctx, rec, p.report, tx.TransactionHash); err != nil {
		return rec, rev, false, err
	}
	mined := rank(pb.TradeStatus_TRADE_STATUS_MINED)
	if rec.Reorgs == 0 && rank(rec.Reported) < mined && rank(p.reported) >= mined {
		s.m.lagMined.Observe(now.Sub(rec.MatchedAt).Seconds())
	}
	if p.final {
		return nil, 0, true, s.st.remove(ctx, rec.ID)
	}
	next := *rec
	next.Reported, next.TxHash = p.reported, tx.TransactionHash
	r, err := s.st.update(ctx, &next, rev)
	if err != nil {
		return rec, rev, false, err
	}
	return &next, r, false, nil
}

// ended handles an attempt that did nothing on chain: the trades FAILED
// for good, or reported RETRYING (if they were on their way) and tried
// again, a batch split into its matches.
func (s *Settler) ended(ctx context.Context, rec *Record, rev uint64, tx *relayerapi.Transaction, p plan, now time.Time,
	spawned *[]*entry) (*Record, uint64, bool, error) {
	next := *rec
	next.Reason = tx.Reason
	if tx.TransactionHash != "" {
		next.TxHash = tx.TransactionHash
	}
	if p.move == moveGiveUp {
		s.log.Error("a settlement failed for good", zap.String("id", rec.ID), zap.Uint32("attempts", rec.attempts()),
			zap.String("reason", tx.Reason))
		if err := s.reportFailed(ctx, &next); err != nil {
			return rec, rev, false, err
		}
		return nil, 0, true, s.st.remove(ctx, rec.ID)
	}
	if err := s.report(ctx, rec, p.report, next.TxHash); err != nil {
		return rec, rev, false, err
	}
	next.Reported = p.reported
	if p.move == moveSplit {
		return s.splitBatch(ctx, rec, rev, &next, tx, now, spawned)
	}
	next.Attempt, next.Reorgs = next.Attempt+1, 0
	next.RetryAt = now.Add(s.cfg.RetryBackoff << (rec.attempts() - 1))
	r, err := s.st.update(ctx, &next, rev)
	if err != nil {
		return rec, rev, false, err
	}
	s.m.retries.Inc()
	s.log.Warn("settlement attempt ended without effect; tried again", zap.String("id", rec.ID), zap.String("state", string(tx.State)),
		zap.String("reason", tx.Reason), zap.Uint32("next_attempt", next.Attempt), zap.Time("at", next.RetryAt))
	if err := s.crash(CrashRetry); err != nil {
		return nil, 0, false, err
	}
	return &next, r, false, nil
}

// splitBatch goes on with each match of a batch that ended without effect
// on its own: one match may spoil a batch (all or nothing), so the others
// settle whatever that one does. The new records are written before the
// batch's becomes its first match, so a crash in between splits it
// again, to the same records.
func (s *Settler) splitBatch(ctx context.Context, rec *Record, rev uint64, next *Record, tx *relayerapi.Transaction, now time.Time,
	spawned *[]*entry) (*Record, uint64, bool, error) {
	singles, err := s.split(next, now.Add(s.cfg.RetryBackoff))
	if err != nil {
		return rec, rev, false, err
	}
	for _, sg := range singles[1:] {
		r, rv, _, err := s.st.create(ctx, sg)
		if err != nil {
			return rec, rev, false, err
		}
		*spawned = append(*spawned, &entry{rec: r, rev: rv})
	}
	r, err := s.st.update(ctx, singles[0], rev)
	if err != nil {
		return rec, rev, false, err
	}
	s.m.retries.Inc()
	s.log.Warn("a batch of matches ended without effect; each is tried on its own", zap.String("id", rec.ID),
		zap.Int("matches", len(singles)), zap.String("state", string(tx.State)), zap.String("reason", tx.Reason))
	if err := s.crash(CrashRetry); err != nil {
		return nil, 0, false, err
	}
	return singles[0], r, false, nil
}
