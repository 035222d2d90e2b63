package chaos

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"

	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/pb"
)

// The client history the linearizability check reads: every place,
// cancel and read of an order the load makes, with the monotonic times
// it was called and answered and what the answer said, including the
// calls whose answer never came (kept as unknown and resolved from the
// log after the run, see resolve.go).

// opKind is what a client operation does to one order.
type opKind uint8

const (
	opPlace opKind = iota + 1
	opCancel
	opRead
)

func (k opKind) String() string {
	switch k {
	case opPlace:
		return "place"
	case opCancel:
		return "cancel"
	case opRead:
		return "read"
	}
	return "?"
}

// outcome is what an operation's answer said.
type outcome uint8

const (
	// outUnknown: no answer, or one that does not say whether the command
	// was appended (a timeout, a dropped connection, a 5xx such as
	// COMMAND_OUTCOME_UNKNOWN or ENGINE_TIMEOUT).
	outUnknown outcome = iota
	// outPlacedLive and outPlacedMatched: the order was placed and rested
	// ("live") or matched on arrival ("matched").
	outPlacedLive
	outPlacedMatched
	// outPlaced: an unknown placement the log shows the engine accepted,
	// without saying whether it rested or matched on arrival.
	outPlaced
	// outRefused: a definite refusal: the gateway's before the log, or
	// the engine's (the order then recorded INVALID).
	outRefused
	// outRefusedInvalid: an unknown placement the engine refused.
	outRefusedInvalid
	// outCanceled and outNotCanceled: the cancel's answer.
	outCanceled
	outNotCanceled
	// outFound and outNotFound: the read's answer.
	outFound
	outNotFound
	// outDuplicated: a placement refused because an order of its id was
	// submitted before (INVALID_ORDER_DUPLICATED): a client's retry of
	// an order whose first answer it never got.
	outDuplicated
)

func (o outcome) String() string {
	names := [...]string{"unknown", "live", "matched", "placed", "refused", "refused INVALID",
		"canceled", "not canceled", "found", "not found", "duplicated"}
	if int(o) < len(names) {
		return names[o]
	}
	return "?"
}

// histOp is one client operation on one order.
type histOp struct {
	Client int
	Kind   opKind
	Order  common.Hash
	// Call and Return are monotonic times; Return is the end of the
	// history for an unknown outcome resolved from the log.
	Call, Return time.Time
	Out          outcome
	// Status and Matched are a found read's order status and size
	// matched (shares).
	Status  pb.OrderStatus
	Matched float64
	// Err is the error of an unknown or refused outcome.
	Err string
}

// history keeps the load's operations, safe for its goroutines.
type history struct{ timeline[histOp] }

func (o histOp) at() time.Time { return o.Call }

// timeline keeps what the load's goroutines record, and gives it back in
// the order of its times.
type timeline[T interface{ at() time.Time }] struct {
	mu    sync.Mutex
	items []T
}

func (l *timeline[T]) add(v T) {
	l.mu.Lock()
	l.items = append(l.items, v)
	l.mu.Unlock()
}

// all is every item so far, by time.
func (l *timeline[T]) all() []T {
	l.mu.Lock()
	out := slices.Clone(l.items)
	l.mu.Unlock()
	slices.SortFunc(out, func(a, b T) int { return a.at().Compare(b.at()) })
	return out
}

// placeOutcome is what a POST /order's answer says.
func placeOutcome(resp clobapi.OrderResponse, err error) outcome {
	switch {
	case errors.Is(err, errcode.InvalidOrderDuplicated):
		return outDuplicated
	case err != nil:
		if definite(err) {
			return outRefused
		}
		return outUnknown
	case !resp.Success:
		return outRefused
	case resp.Status == clobapi.InsertStatusMatched:
		return outPlacedMatched
	}
	return outPlacedLive
}

// cancelOutcome is what a DELETE /order's answer says of order id.
func cancelOutcome(resp clobapi.CancelResponse, err error, id common.Hash) outcome {
	if err != nil {
		if definite(err) {
			return outRefused
		}
		return outUnknown
	}
	for _, c := range resp.Canceled {
		if common.HexToHash(c) == id {
			return outCanceled
		}
	}
	return outNotCanceled
}

// readOutcome fills op from a GET /order/{id}'s answer.
func readOutcome(op *histOp, o clobapi.OpenOrder, err error) {
	switch {
	case errors.Is(err, errcode.OrderNotFound):
		op.Out = outNotFound
	case err != nil:
		op.Out, op.Err = outUnknown, err.Error()
	default:
		op.Out = outFound
		op.Status = pb.OrderStatus(pb.OrderStatus_value["ORDER_STATUS_"+o.Status])
		op.Matched, _ = strconv.ParseFloat(o.SizeMatched, 64)
	}
}

// definite reports whether a failed call certainly appended nothing the
// engine acted on, or was refused by it: a 4xx (the gateway's or the
// engine's refusal), or a 503 whose code says nothing was appended. Any
// other failure may have reached the log.
func definite(err error) bool {
	var ae *client.APIError
	if !errors.As(err, &ae) {
		return false
	}
	return ae.Status < 500 || ae.Code == errcode.EngineUnavailable || ae.Code == errcode.Overloaded
}

// tally counts ops by kind and outcome (a found read by the status it
// saw), for the run's log: how much of the model the history exercised.
func tally(ops []histOp) string {
	n := map[string]int{}
	var labels []string
	for _, op := range ops {
		l := op.Kind.String() + " " + op.Out.String()
		if op.Out == outFound {
			l += " " + strings.TrimPrefix(op.Status.String(), "ORDER_STATUS_")
		}
		if n[l] == 0 {
			labels = append(labels, l)
		}
		n[l]++
	}
	slices.Sort(labels)
	parts := make([]string, 0, len(labels))
	for _, l := range labels {
		parts = append(parts, fmt.Sprintf("%s %d", l, n[l]))
	}
	return strings.Join(parts, ", ")
}
