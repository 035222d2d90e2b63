package settle

import (
	"context"

	"go.uber.org/zap"

	"pred.dev/proto/client/relayerapi"
)

// reorged brings a settlement up to its relayer transaction's count of
// reorganizations (tx.Reorgs, above rec.Reorgs): a block that held the
// transaction left the chain, and the relayer's worker follows it again
// until it is mined again. If the trades were reported on their way
// (SUBMITTED or MINED) they are reported RETRYING (one SetTradeStatus, as
// for any status); then, as the transaction is mined again, the caller
// reports SUBMITTED, MINED and CONFIRMED from there. A crash between the
// report and the record's update reports RETRYING again: a no-op in the
// engine, and the same command id.
func (s *Settler) reorged(ctx context.Context, rec *Record, rev uint64, tx *relayerapi.Transaction) (*Record, uint64, error) {
	report, reported, _ := reorgPlan(rec, tx)
	if err := s.report(ctx, rec, report, rec.TxHash); err != nil {
		return nil, 0, err
	}
	next := *rec
	next.Reorgs, next.Reported = tx.Reorgs, reported
	r, err := s.st.update(ctx, &next, rev)
	if err != nil {
		return nil, 0, err
	}
	s.m.reorgs.Add(float64(tx.Reorgs - rec.Reorgs))
	s.log.Warn("a settlement's transaction left the chain (a reorganization); its trades are RETRYING until it is mined again",
		zap.String("id", rec.ID), zap.String("tx", rec.TxID()), zap.String("hash", rec.TxHash),
		zap.String("was", rec.Reported.String()), zap.String("state", string(tx.State)), zap.Uint32("reorgs", tx.Reorgs),
		zap.String("reason", tx.Reason))
	return &next, r, nil
}
