package chaos

import (
	"fmt"
	"strings"
	"time"

	"github.com/anishathalye/porcupine"

	"pred.dev/proto/pb"
)

// The linearizability check of the load's history, with porcupine: a
// model per order id (porcupine's Partition), whose state is the order
// as the engine records it, its status (pb.OrderStatus, UNSPECIFIED
// while the engine has no such order) and its size matched.
//
// The transitions are the engine's rules for one order (engine/machine):
// a new id is placed LIVE (it rests), MATCHED (it filled on arrival) or
// refused (recorded INVALID when the refusal is the engine's, not at all
// when the gateway refused it before the log); a cancel cancels a LIVE
// order (CANCELED, its size matched kept) and is refused, changing
// nothing, for any other (not found, MATCHED, CANCELED, INVALID); a read
// returns the state. The engine's state machine itself is not stepped:
// it needs the whole exchange (balances, signatures, the book) where the
// model has one order.
//
// What the model abstracts away: the other traders. Their orders fill a
// resting order at any moment, so between two operations a LIVE order
// may become MATCHED and its size matched may grow (never shrink, never
// go back to LIVE once MATCHED). The model lets that happen only when an
// operation's answer shows it (a read seeing MATCHED or more matched, a
// cancel refused on a LIVE order), so a read that sees an order LIVE
// after a read or a placement saw it MATCHED, or CANCELED before its
// cancel was called, or a cancel that succeeds on an order a read saw
// MATCHED, is a violation.

// orderState is the model's state of one order.
type orderState struct {
	Status  pb.OrderStatus
	Matched float64
}

// orderInput and orderOutput are a porcupine operation's.
type (
	orderInput struct {
		Kind opKind
	}
	orderOutput struct {
		Out     outcome
		Status  pb.OrderStatus
		Matched float64
	}
)

// linzHTML is the file in the run's dir where a history that is not
// linearizable is drawn (porcupine's visualization).
const linzHTML = "linearizability.html"

// linzCheckMax bounds porcupine's search; a history it could not decide
// in that time counts as a violation, not as a pass.
const linzCheckMax = time.Minute

var (
	absent   = orderState{}
	invalid  = orderState{Status: pb.OrderStatus_ORDER_STATUS_INVALID}
	live     = orderState{Status: pb.OrderStatus_ORDER_STATUS_LIVE}
	matched  = orderState{Status: pb.OrderStatus_ORDER_STATUS_MATCHED}
	statusOf = map[outcome]orderState{outPlacedLive: live, outPlacedMatched: matched}
)

// orderModel is the model, partitioned by order id (the operation's
// Metadata).
var orderModel = porcupine.NondeterministicModel{
	Partition: partitionByMetadata,
	Init:      func() []any { return []any{absent} },
	Step: func(state, input, output any) []any {
		return step(state.(orderState), input.(orderInput), output.(orderOutput))
	},
	DescribeOperation: func(input, output any) string {
		o := output.(orderOutput)
		if o.Out == outFound {
			return fmt.Sprintf("%s -> %s matched %g", input.(orderInput).Kind, o.Status, o.Matched)
		}
		return fmt.Sprintf("%s -> %s", input.(orderInput).Kind, o.Out)
	},
	DescribeState: func(state any) string {
		s := state.(orderState)
		return fmt.Sprintf("%s matched %g", s.Status, s.Matched)
	},
	DescribeOperationMetadata: func(info any) string { return fmt.Sprint(info) },
}

// partitionByMetadata splits a history by what its operations act on
// (their Metadata: an order id, an account), each checked alone.
func partitionByMetadata(h []porcupine.Operation) [][]porcupine.Operation {
	by := map[any][]porcupine.Operation{}
	var keys []any
	for _, op := range h {
		if _, ok := by[op.Metadata]; !ok {
			keys = append(keys, op.Metadata)
		}
		by[op.Metadata] = append(by[op.Metadata], op)
	}
	out := make([][]porcupine.Operation, 0, len(keys))
	for _, k := range keys {
		out = append(out, by[k])
	}
	return out
}

// step is the engine's rule for one operation on one order: the states
// it may leave, none if the answer is impossible from s.
func step(s orderState, in orderInput, out orderOutput) []any {
	switch in.Kind {
	case opPlace:
		return placeStep(s, out.Out)
	case opCancel:
		return cancelStep(s, out.Out)
	case opRead:
		return readStep(s, out)
	}
	return nil
}

func placeStep(s orderState, out outcome) []any {
	if out == outDuplicated {
		// A retry finds the order its first try placed (or the engine
		// refused as INVALID): it changes nothing.
		if s == absent {
			return nil
		}
		return []any{s}
	}
	if s != absent {
		if out == outRefused {
			// A retry refused before the log, or by the engine as a
			// repeat: nothing changes.
			return []any{s}
		}
		// Placed twice.
		return nil
	}
	switch out {
	case outPlacedLive, outPlacedMatched:
		return []any{statusOf[out]}
	case outPlaced:
		return []any{live, matched}
	case outRefused:
		return []any{absent, invalid}
	case outRefusedInvalid:
		return []any{invalid}
	}
	return nil
}

func cancelStep(s orderState, out outcome) []any {
	isLive := s.Status == pb.OrderStatus_ORDER_STATUS_LIVE
	switch {
	case out == outCanceled && isLive:
		return []any{orderState{Status: pb.OrderStatus_ORDER_STATUS_CANCELED, Matched: s.Matched}}
	case out == outNotCanceled && isLive:
		// Filled by another trader's order just before the cancel.
		return []any{orderState{Status: pb.OrderStatus_ORDER_STATUS_MATCHED, Matched: s.Matched}}
	case out == outNotCanceled || out == outRefused:
		return []any{s}
	}
	return nil
}

func readStep(s orderState, out orderOutput) []any {
	switch {
	case out.Out == outNotFound && s == absent:
		return []any{s}
	case out.Out != outFound || out.Matched < s.Matched:
		return nil
	case out.Status == s.Status,
		// Filled by other traders since the last operation.
		s.Status == pb.OrderStatus_ORDER_STATUS_LIVE && out.Status == pb.OrderStatus_ORDER_STATUS_MATCHED:
		return []any{orderState{Status: out.Status, Matched: out.Matched}}
	}
	return nil
}

// operations are the history's porcupine operations, times in
// nanoseconds since base.
func operations(ops []histOp, base time.Time) []porcupine.Operation {
	out := make([]porcupine.Operation, 0, len(ops))
	for _, op := range ops {
		out = append(out, porcupine.Operation{ClientId: op.Client, Input: orderInput{Kind: op.Kind},
			Call: op.Call.Sub(base).Nanoseconds(), Return: op.Return.Sub(base).Nanoseconds(),
			Output: orderOutput{Out: op.Out, Status: op.Status, Matched: op.Matched}, Metadata: op.Order.Hex()})
	}
	return out
}

// checkLinearizable checks a resolved history (no unknown outcome left)
// and, when it is not linearizable, writes porcupine's visualization to
// htmlPath. It returns the violations: 0, or 1 for a history porcupine
// found illegal or could not decide within linzCheckMax.
func checkLinearizable(ops []histOp, accts []acctOp, htmlPath string) (int, error) {
	base := time.Now()
	for _, op := range ops {
		base = earlier(base, op.Call)
	}
	for _, op := range accts {
		base = earlier(base, op.Call)
	}
	bad, err := check(orderModel.ToModel(), operations(ops, base), htmlPath)
	if bad == 0 {
		bad, err = check(accountModel.ToModel(), acctOperations(accts, base), strings.TrimSuffix(htmlPath, ".html")+"-accounts.html")
	}
	return bad, err
}

// check checks one model's history; see checkLinearizable.
func check(model porcupine.Model, ops []porcupine.Operation, htmlPath string) (int, error) {
	res, info := porcupine.CheckOperationsVerbose(model, ops, linzCheckMax)
	if res == porcupine.Ok {
		return 0, nil
	}
	if err := porcupine.VisualizePath(model, info, htmlPath); err != nil {
		return 1, fmt.Errorf("chaos: the history is not linearizable (%s) and its visualization failed: %w", res, err)
	}
	return 1, fmt.Errorf("chaos: the history is not linearizable (porcupine: %s): see %s", res, htmlPath)
}

func earlier(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}
