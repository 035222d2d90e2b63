package chaos

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/pb"
)

// at builds a history operation on order id between call and ret
// (milliseconds after t0).
func at(client int, id common.Hash, k opKind, call, ret int, out outcome) histOp {
	t0 := time.Unix(0, 0)
	return histOp{Client: client, Kind: k, Order: id, Out: out,
		Call: t0.Add(time.Duration(call) * time.Millisecond), Return: t0.Add(time.Duration(ret) * time.Millisecond)}
}

// found makes op a read that found the order in status s, m matched.
func found(op histOp, s pb.OrderStatus, m float64) histOp {
	op.Out, op.Status, op.Matched = outFound, s, m
	return op
}

var (
	idA = common.HexToHash("0xa")
	idB = common.HexToHash("0xb")
)

const (
	stLive     = pb.OrderStatus_ORDER_STATUS_LIVE
	stMatched  = pb.OrderStatus_ORDER_STATUS_MATCHED
	stCanceled = pb.OrderStatus_ORDER_STATUS_CANCELED
)

func TestLinearizableHistories(t *testing.T) {
	for name, ops := range map[string][]histOp{
		// A cancel and a read of the same order overlap: the read may
		// come first.
		"cancel overlapping a read": {
			at(0, idA, opPlace, 0, 10, outPlacedLive),
			at(0, idA, opCancel, 20, 40, outCanceled),
			found(at(1, idA, opRead, 25, 30, 0), stLive, 0),
			found(at(0, idA, opRead, 50, 60, 0), stCanceled, 0),
		},
		// Another trader's order fills a resting one between two
		// operations: the cancel is refused and the read sees it
		// matched.
		"filled by another trader": {
			at(0, idA, opPlace, 0, 10, outPlacedLive),
			found(at(0, idA, opRead, 20, 30, 0), stLive, 0),
			at(0, idA, opCancel, 40, 50, outNotCanceled),
			found(at(0, idA, opRead, 60, 70, 0), stMatched, 1),
		},
		// The placement's answer was lost; the log shows it applied, so
		// it is answered at the end of the history and the reads seeing
		// the order (or not yet) fit either side of it. The unknown
		// cancel the log shows applied cancels it later.
		"unknown outcomes resolved from the log": {
			at(0, idB, opPlace, 0, 1000, outPlaced),
			at(1, idB, opRead, 5, 8, outNotFound),
			found(at(1, idB, opRead, 10, 20, 0), stLive, 0),
			at(0, idB, opCancel, 30, 1000, outCanceled),
			found(at(1, idB, opRead, 40, 50, 0), stLive, 0),
			found(at(1, idB, opRead, 60, 70, 0), stCanceled, 0),
		},
		// A refused placement leaves no order, or an INVALID one.
		"refused": {
			at(0, idA, opPlace, 0, 10, outRefused),
			at(0, idA, opRead, 20, 30, outNotFound),
			at(0, idB, opPlace, 0, 10, outRefused),
			found(at(0, idB, opRead, 20, 30, 0), pb.OrderStatus_ORDER_STATUS_INVALID, 0),
		},
		// The client never learned its placement's outcome and sent
		// the same order again: the log placed it once (the first try,
		// resolved), the retry was refused as a duplicate.
		"retry after an unknown outcome": {
			at(0, idA, opPlace, 0, 1000, outPlaced),
			at(0, idA, opPlace, 10, 20, outDuplicated),
			found(at(0, idA, opRead, 30, 40, 0), stLive, 0),
		},
		// A retry refused before the log changes nothing.
		"retry refused": {
			at(0, idA, opPlace, 0, 10, outPlacedLive),
			at(0, idA, opPlace, 20, 30, outRefused),
			found(at(0, idA, opRead, 40, 50, 0), stLive, 0),
		},
	} {
		t.Run(name, func(t *testing.T) {
			if n, err := checkLinearizable(ops, nil, filepath.Join(t.TempDir(), linzHTML)); n != 0 || err != nil {
				t.Fatalf("a linearizable history: %d violations, %v", n, err)
			}
		})
	}
}

func TestNotLinearizableHistories(t *testing.T) {
	for name, ops := range map[string][]histOp{
		// The read sees the cancel before the cancel was called.
		"read sees a cancel before its call": {
			at(0, idA, opPlace, 0, 10, outPlacedLive),
			found(at(1, idA, opRead, 20, 30, 0), stCanceled, 0),
			at(0, idA, opCancel, 40, 50, outCanceled),
		},
		// A matched order never rests again.
		"matched then live": {
			at(0, idA, opPlace, 0, 10, outPlacedMatched),
			found(at(0, idA, opRead, 20, 30, 0), stLive, 0),
		},
		// A cancel cannot succeed on an order a read saw matched.
		"cancel after a fill": {
			at(0, idA, opPlace, 0, 10, outPlacedLive),
			found(at(1, idA, opRead, 20, 30, 0), stMatched, 1),
			at(0, idA, opCancel, 40, 50, outCanceled),
		},
		// Size matched never shrinks.
		"matched size shrinks": {
			at(0, idA, opPlace, 0, 10, outPlacedLive),
			found(at(0, idA, opRead, 20, 30, 0), stLive, 0.5),
			found(at(0, idA, opRead, 40, 50, 0), stLive, 0),
		},
		// An order placed twice: the retry was answered placed too.
		"placed twice": {
			at(0, idA, opPlace, 0, 10, outPlacedLive),
			at(0, idA, opPlace, 20, 30, outPlacedLive),
		},
		// A duplicate of an order that was never placed.
		"duplicated though never placed": {
			at(0, idA, opPlace, 0, 10, outDuplicated),
		},
		// An acknowledged placement lost: the order is not found after.
		"acknowledged order not found": {
			at(0, idB, opPlace, 0, 10, outPlacedLive),
			at(1, idB, opRead, 20, 30, outNotFound),
		},
	} {
		t.Run(name, func(t *testing.T) {
			html := filepath.Join(t.TempDir(), linzHTML)
			n, err := checkLinearizable(ops, nil, html)
			if n != 1 || err == nil || !strings.Contains(err.Error(), html) {
				t.Fatalf("a history that is not linearizable: %d violations, %v", n, err)
			}
			if fi, err := os.Stat(html); err != nil || fi.Size() == 0 {
				t.Fatalf("no visualization at %s: %v", html, err)
			}
		})
	}
}

// TestOutcomes: what the API's answers mean to the history; a failure
// that may have reached the log is unknown, never a refusal.
func TestOutcomes(t *testing.T) {
	unavailable := &client.APIError{Status: 503, Code: errcode.EngineUnavailable}
	for _, c := range []struct {
		name string
		got  outcome
		want outcome
	}{
		{"placed live", placeOutcome(clobapi.OrderResponse{Success: true, Status: clobapi.InsertStatusLive}, nil), outPlacedLive},
		{"placed matched", placeOutcome(clobapi.OrderResponse{Success: true, Status: clobapi.InsertStatusMatched}, nil), outPlacedMatched},
		{"success false", placeOutcome(clobapi.OrderResponse{}, nil), outRefused},
		{"400", placeOutcome(clobapi.OrderResponse{}, &client.APIError{Status: 400, Code: errcode.InvalidOrderPrice}), outRefused},
		{"503 nothing appended", placeOutcome(clobapi.OrderResponse{}, unavailable), outRefused},
		{"COMMAND_OUTCOME_UNKNOWN", placeOutcome(clobapi.OrderResponse{}, &client.APIError{Status: 503, Code: errcode.CommandOutcomeUnknown}), outUnknown},
		{"ENGINE_TIMEOUT", placeOutcome(clobapi.OrderResponse{}, &client.APIError{Status: 503, Code: errcode.EngineTimeout}), outUnknown},
		{"no answer", placeOutcome(clobapi.OrderResponse{}, errors.New("EOF")), outUnknown},
		{"duplicated", placeOutcome(clobapi.OrderResponse{}, &client.APIError{Status: 400, Code: errcode.InvalidOrderDuplicated}), outDuplicated},
		{"canceled", cancelOutcome(clobapi.CancelResponse{Canceled: []string{idA.Hex()}}, nil, idA), outCanceled},
		{"not canceled", cancelOutcome(clobapi.CancelResponse{Canceled: []string{idB.Hex()}}, nil, idA), outNotCanceled},
		{"cancel unavailable", cancelOutcome(clobapi.CancelResponse{}, unavailable, idA), outRefused},
		{"cancel lost", cancelOutcome(clobapi.CancelResponse{}, errors.New("timeout"), idA), outUnknown},
	} {
		if c.got != c.want {
			t.Errorf("%s: %s, want %s", c.name, c.got, c.want)
		}
	}
}
