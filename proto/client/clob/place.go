package clob

import (
	"context"
	"errors"
	"fmt"
	"time"

	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/client/internal/rest"
	"pred.dev/proto/errcode"
)

// When the answer to POST /order never comes (a timeout, a dropped
// connection, a 5xx that may have appended the order), the order's fate
// is unknown, but not unknowable: its id is the EIP-712 hash the client
// computed, and GET /order/{id} knows every order that reached the log.
// PlaceOrder asks it before any retry, and places the same signed order
// again only when it is not found (the API's "When an answer never
// comes" rule). Sending the same bytes again is safe: if the first copy
// landed after all, the engine refuses the second as a duplicate.

// Bounds of PlaceOrder's reconciliation.
const (
	// orderPostsMax bounds the POST /order of one signed order.
	orderPostsMax = 3
	// orderLookupsMax bounds the GET /order/{id} of one reconciliation
	// while the API does not answer it (a 503, a timeout).
	orderLookupsMax = 12
	// orderLookupGapMin and orderLookupGapMax space those lookups,
	// doubling from the first to the second: about 20 s in all.
	orderLookupGapMin = 200 * time.Millisecond
	orderLookupGapMax = 2 * time.Second
)

// ErrOutcomeUnknown is wrapped by PlaceOrder's error when it could not
// learn what became of an order whose answer was lost: the order may
// rest in the book. GET /order/{id} (GetOrder) tells, later.
var ErrOutcomeUnknown = errors.New("clob: the order's outcome is unknown")

// OrderOutcome is what PlaceOrder learned of one placement.
type OrderOutcome struct {
	// Response is the answer to POST /order, or, when that answer was
	// lost and GET /order/{id} found the order, one made from the order:
	// Success, OrderID, Status ("live" while any of it rests, else
	// "matched" if any of it matched, else "live": it rested, then was
	// cancelled) and TradeIDs, without MakingAmount and TakingAmount
	// (the fills' prices are in GET /trades).
	Response clobapi.OrderResponse
	// Lost is the error that made the outcome unknown, nil if the first
	// answer arrived.
	Lost error
	// Order is the order as GET /order/{id} showed it, when a lost answer
	// was reconciled.
	Order *clobapi.OpenOrder
	// Posts counts the POST /order sent: more than 1 when the order was
	// not found and sent again.
	Posts int
}

// PlaceOrder places a signed order whose id (its EIP-712 hash, as
// BuildOrder returns it) is orderID. When the answer is lost it does not
// guess: it reads GET /order/{orderID} (asking again while the API is
// unavailable), returns the order's outcome if the order is there (an
// INVALID one as the engine's refusal, an *APIError with its code), and
// sends the same signed order again only if it is not. It gives up with
// an error wrapping ErrOutcomeUnknown.
func (c *Client) PlaceOrder(ctx context.Context, req *clobapi.PostOrderRequest, orderID string) (OrderOutcome, error) {
	var out OrderOutcome
	for {
		out.Posts++
		resp, err := c.PostOrder(ctx, req)
		switch {
		case err == nil:
			out.Response = resp
			return out, nil
		case out.Lost != nil && errors.Is(err, errcode.InvalidOrderDuplicated):
			// The lost copy landed after all, just ahead of this one.
		case !outcomeUnknown(err):
			return out, err
		}
		if out.Lost == nil {
			out.Lost = err
		}
		if ctx.Err() != nil {
			return out, unknown(orderID, err)
		}
		o, err := c.lookUpOrder(ctx, orderID)
		if errors.Is(err, errcode.OrderNotFound) {
			if out.Posts >= orderPostsMax {
				return out, unknown(orderID, fmt.Errorf("still not found after %d placements: %w", out.Posts, out.Lost))
			}
			continue
		}
		if err != nil {
			return out, unknown(orderID, err)
		}
		out.Order = &o
		out.Response = responseOf(o)
		if o.Status == orderStatusInvalid {
			code := errcode.Code(o.CancelReason)
			return out, &APIError{API: c.rest.API, Status: code.Status(), Code: code, OrderID: o.ID,
				Message: fmt.Sprintf("order %s reached the exchange and was refused (its answer was lost; GET /order/%s): %s", o.ID, o.ID, code.Message())}
		}
		return out, nil
	}
}

// orderStatusInvalid is the status of an order the engine refused.
const orderStatusInvalid = "INVALID"

// outcomeUnknown reports whether a failed POST /order may have placed
// the order: no answer (unless the connection was never made), or a 5xx
// other than those that say nothing was appended.
func outcomeUnknown(err error) bool {
	var na *rest.NoAnswerError
	if errors.As(err, &na) {
		return na.MayHaveArrived()
	}
	var ae *APIError
	if !errors.As(err, &ae) || ae.Status < 500 {
		return false
	}
	switch ae.Code {
	case errcode.EngineUnavailable, errcode.Overloaded, errcode.NoReplicaAvailable:
		return false // each says nothing was appended
	}
	return true
}

// lookUpOrder reads GET /order/{id}, asking again while the API does not
// answer: a 404 ORDER_NOT_FOUND is an answer.
func (c *Client) lookUpOrder(ctx context.Context, id string) (clobapi.OpenOrder, error) {
	gap := orderLookupGapMin
	var err error
	for range orderLookupsMax {
		var o clobapi.OpenOrder
		if o, err = c.GetOrder(ctx, id); err == nil || !retryLookup(err) {
			return o, err
		}
		select {
		case <-ctx.Done():
			return o, err
		case <-time.After(gap):
		}
		gap = min(2*gap, orderLookupGapMax)
	}
	return clobapi.OpenOrder{}, err
}

// retryLookup reports whether a failed GET /order/{id} is worth asking
// again: no answer, or the API busy or unavailable.
func retryLookup(err error) bool {
	var na *rest.NoAnswerError
	var ae *APIError
	return errors.As(err, &na) || errors.As(err, &ae) && (ae.Status >= 500 || ae.Code == errcode.RateLimited)
}

func unknown(orderID string, err error) error {
	return fmt.Errorf("%w: order %s (read it with GET /order/%s before placing it again): %w", ErrOutcomeUnknown, orderID, orderID, err)
}

// responseOf is the placement answer an order stands for, found after
// its answer was lost.
func responseOf(o clobapi.OpenOrder) clobapi.OrderResponse {
	status := clobapi.InsertStatusLive
	if o.Status != "LIVE" && o.SizeMatched != "0" {
		status = clobapi.InsertStatusMatched
	}
	trades := o.AssociateTrades
	if trades == nil {
		trades = []string{}
	}
	return clobapi.OrderResponse{Success: true, OrderID: o.ID, Status: status, TransactionsHashes: []string{}, TradeIDs: trades}
}
