package settle

import (
	"context"
	"strconv"

	"go.uber.org/zap"

	"pred.dev/proto/client/relayerapi"
	"pred.dev/proto/pb"
)

// ladder is the way of a trade that settles.
var ladder = [...]pb.TradeStatus{pb.TradeStatus_TRADE_STATUS_MATCHED, pb.TradeStatus_TRADE_STATUS_SUBMITTED,
	pb.TradeStatus_TRADE_STATUS_MINED, pb.TradeStatus_TRADE_STATUS_CONFIRMED}

// rank places a status on the ladder: RETRYING is where MATCHED is (its
// next attempt is not broadcast yet).
func rank(s pb.TradeStatus) int {
	switch s {
	case pb.TradeStatus_TRADE_STATUS_SUBMITTED:
		return 1
	case pb.TradeStatus_TRADE_STATUS_MINED:
		return 2
	case pb.TradeStatus_TRADE_STATUS_CONFIRMED:
		return 3
	}
	return 0
}

// target is the trade status a relayer transaction's state means, and
// false for a state that moves no trade (NEW) or ends the attempt
// without effect (FAILED, INVALID).
func target(s relayerapi.State) (pb.TradeStatus, bool) {
	switch s {
	case relayerapi.StateExecuted:
		return pb.TradeStatus_TRADE_STATUS_SUBMITTED, true
	case relayerapi.StateMined:
		return pb.TradeStatus_TRADE_STATUS_MINED, true
	case relayerapi.StateConfirmed:
		return pb.TradeStatus_TRADE_STATUS_CONFIRMED, true
	}
	return 0, false
}

// steps are the statuses to report, in order, to bring a trade from cur
// to to: every one between them, so the engine's transition rules hold
// even when a crash or a fast chain skipped some (a transaction seen
// first CONFIRMED is reported SUBMITTED, MINED, CONFIRMED). Nothing if to
// is not ahead of cur.
func steps(cur, to pb.TradeStatus) []pb.TradeStatus {
	from, end := rank(cur), rank(to)
	if end <= from {
		return nil
	}
	return ladder[from+1 : end+1]
}

// broadcast reports whether a status says a transaction of the trade was
// on its way (so a failed attempt is RETRYING, not still MATCHED).
func broadcast(s pb.TradeStatus) bool {
	return s == pb.TradeStatus_TRADE_STATUS_SUBMITTED || s == pb.TradeStatus_TRADE_STATUS_MINED
}

func final(s pb.TradeStatus) bool {
	return s == pb.TradeStatus_TRADE_STATUS_CONFIRMED || s == pb.TradeStatus_TRADE_STATUS_FAILED
}

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
	next := *rec
	next.Reorgs = tx.Reorgs
	if broadcast(rec.Reported) {
		if err := s.report(ctx, rec, []pb.TradeStatus{pb.TradeStatus_TRADE_STATUS_RETRYING}, rec.TxHash); err != nil {
			return nil, 0, err
		}
		next.Reported = pb.TradeStatus_TRADE_STATUS_RETRYING
	}
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

// label names a settlement's status reports in their command ids: the
// settlement, and after a reorganization its count, so the statuses
// reported again after RETRYING have ids of their own. The RETRYING of a
// reorganization is reported under the count before it: under one label
// at most one RETRYING is ever reported (a reorganization's or a failed
// attempt's), so no two reports share an id.
func (r *Record) label() string {
	if r.Reorgs == 0 {
		return r.ID
	}
	return r.ID + "/reorg" + strconv.FormatUint(uint64(r.Reorgs), 10)
}
