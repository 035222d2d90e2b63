package settle

import (
	"pred.dev/proto/client/relayerapi"
	"pred.dev/proto/pb"
)

// The step machine of a settlement, as pure functions: given its record
// and the relayer's record of its current attempt, what to report and
// what comes next. work (work.go) reads the records, executes the plan
// and writes them back; the scenario files in testdata/scenarios test
// the plans.

// move is what a step does once the relayer's transaction has a state.
type move int

const (
	// moveNone: nothing to do until the transaction moves on.
	moveNone move = iota
	// moveAdvance: report the statuses up to the one the state means.
	moveAdvance
	// moveGiveUp: the last attempt ended without effect: FAILED.
	moveGiveUp
	// moveSplit: a batch ended without effect: each match on its own.
	moveSplit
	// moveRetry: an attempt ended without effect: another after a wait.
	moveRetry
)

var moveNames = [...]string{"none", "advance", "give-up", "split", "retry"}

func (m move) String() string { return moveNames[m] }

// plan is a step's decision.
type plan struct {
	move move
	// report are the statuses to append, in order, before the record
	// changes (for moveGiveUp, reportFailed appends FAILED itself).
	report []pb.TradeStatus
	// reported is the record's status after the step.
	reported pb.TradeStatus
	// final: the trades are final after the step; the record goes.
	final bool
}

// reorgPlan is what a transaction that left the chain tx.Reorgs - rec.Reorgs
// times does to a settlement: its trades reported on their way are
// RETRYING until it is mined again (reorged executes it). ok is false
// when no reorganization is news.
func reorgPlan(rec *Record, tx *relayerapi.Transaction) (report []pb.TradeStatus, reported pb.TradeStatus, ok bool) {
	if tx.Reorgs <= rec.Reorgs {
		return nil, rec.Reported, false
	}
	if broadcast(rec.Reported) {
		return []pb.TradeStatus{pb.TradeStatus_TRADE_STATUS_RETRYING}, pb.TradeStatus_TRADE_STATUS_RETRYING, true
	}
	return nil, rec.Reported, true
}

// stepPlan is what the state of the current attempt's transaction does to
// a settlement (after any reorganization, reorgPlan): a state that moves
// the trades has every status between where they are and where it puts
// them reported (steps); an attempt that ended without effect is retried
// with a backoff, a batch split into single matches, and a single match
// out of attempts given up.
func stepPlan(rec *Record, state relayerapi.State, attemptsMax uint32) plan {
	if to, ok := target(state); ok {
		path := steps(rec.Reported, to)
		if len(path) == 0 {
			return plan{move: moveNone, reported: rec.Reported}
		}
		return plan{move: moveAdvance, report: path, reported: to, final: final(to)}
	}
	if state != relayerapi.StateFailed && state != relayerapi.StateInvalid {
		return plan{move: moveNone, reported: rec.Reported}
	}
	if len(rec.Matches) == 1 && rec.attempts() >= attemptsMax {
		return plan{move: moveGiveUp, reported: pb.TradeStatus_TRADE_STATUS_FAILED, final: true}
	}
	p := plan{move: moveRetry, reported: rec.Reported}
	if len(rec.Matches) > 1 {
		p.move = moveSplit
	}
	if broadcast(rec.Reported) {
		p.report, p.reported = []pb.TradeStatus{pb.TradeStatus_TRADE_STATUS_RETRYING}, pb.TradeStatus_TRADE_STATUS_RETRYING
	}
	return p
}
