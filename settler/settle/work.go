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
// trades are final.
func (s *Settler) work(ctx context.Context, rec *Record, rev uint64, sweep bool, spawned *[]*entry) (*Record, uint64, bool, error) {
	now := s.cfg.Now()
	if !rec.RetryAt.IsZero() {
		if now.Before(rec.RetryAt) {
			return nil, 0, false, nil
		}
		if err := s.st.enqueue(ctx, rec, s.gasHint(rec)); err != nil {
			return nil, 0, false, err
		}
		next := *rec
		next.RetryAt = time.Time{}
		r, err := s.st.update(ctx, &next, rev)
		if err != nil {
			return nil, 0, false, err
		}
		rec, rev = &next, r
	}
	tx, err := s.st.tx(ctx, rec.TxID())
	if err != nil {
		return rec, rev, false, err
	}
	if tx == nil {
		if sweep {
			// Not decided by the relayer: make sure it is queued at all.
			if q, err := s.st.queued(ctx, rec.TxID()); err == nil && !q {
				s.log.Warn("a settlement's call was not in the queue; queued again", zap.String("id", rec.ID))
				return rec, rev, false, s.st.enqueue(ctx, rec, s.gasHint(rec))
			}
		}
		return rec, rev, false, nil
	}
	if tx.Reorgs > rec.Reorgs {
		if rec, rev, err = s.reorged(ctx, rec, rev, tx); err != nil {
			return nil, 0, false, err
		}
	}
	if to, ok := target(tx.State); ok {
		path := steps(rec.Reported, to)
		if len(path) == 0 {
			return rec, rev, false, nil
		}
		if err := s.report(ctx, rec, path, tx.TransactionHash); err != nil {
			return rec, rev, false, err
		}
		if rec.Reorgs == 0 && rank(rec.Reported) < rank(pb.TradeStatus_TRADE_STATUS_MINED) && rank(to) >= rank(pb.TradeStatus_TRADE_STATUS_MINED) {
			s.m.lagMined.Observe(now.Sub(rec.MatchedAt).Seconds())
		}
		next := *rec
		next.Reported, next.TxHash = to, tx.TransactionHash
		if final(to) {
			return nil, 0, true, s.st.remove(ctx, rec.ID)
		}
		r, err := s.st.update(ctx, &next, rev)
		if err != nil {
			return rec, rev, false, err
		}
		return &next, r, false, nil
	}
	if tx.State != relayerapi.StateFailed && tx.State != relayerapi.StateInvalid {
		return rec, rev, false, nil
	}
	// The attempt did nothing on chain: try again, or give up.
	next := *rec
	next.Reason = tx.Reason
	if tx.TransactionHash != "" {
		next.TxHash = tx.TransactionHash
	}
	if len(rec.Matches) == 1 && rec.attempts() >= s.cfg.AttemptsMax {
		s.log.Error("a settlement failed for good", zap.String("id", rec.ID), zap.Uint32("attempts", rec.attempts()),
			zap.String("reason", tx.Reason))
		if err := s.reportFailed(ctx, &next); err != nil {
			return rec, rev, false, err
		}
		return nil, 0, true, s.st.remove(ctx, rec.ID)
	}
	if broadcast(rec.Reported) {
		if err := s.report(ctx, rec, []pb.TradeStatus{pb.TradeStatus_TRADE_STATUS_RETRYING}, next.TxHash); err != nil {
			return rec, rev, false, err
		}
		next.Reported = pb.TradeStatus_TRADE_STATUS_RETRYING
	}
	if len(rec.Matches) > 1 {
		// One match may spoil a batch (all or nothing): each goes on its
		// own now, so the others settle whatever that one does. The new
		// records are written before the batch's becomes its first match,
		// so a crash in between splits it again, to the same records.
		singles, err := s.split(&next, now.Add(s.cfg.RetryBackoff))
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
