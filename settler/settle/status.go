package settle

import (
	"strconv"

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
