package chaos

import (
	"context"
	"fmt"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/query"
	"pred.dev/proto/runtime/streams"
)

// Unknown outcomes are resolved from the log, as etcd's robustness tests
// do: an operation whose answer was lost either reached the command
// stream or did not. Appended, it gets the outcome the engine gave it,
// answered at the end of the history (it may take effect anywhere after
// its call); never appended, it had no effect and is dropped. A read
// changes nothing, so an unanswered one is dropped too.

// resolveQueryMax bounds one query for an order's record.
const resolveQueryMax = 10 * time.Second

// logged is what the command stream holds of the load's orders.
type logged struct {
	// placed are the ids of PlaceOrder commands (an order's command id
	// is its EIP-712 hash); canceled the order ids of cancel commands.
	placed, canceled map[common.Hash]bool
	// withdrawn are the ids of Withdraw commands (reservations).
	withdrawn map[common.Hash]bool
	last      uint64
}

// resolution is a history with its unknown outcomes resolved.
type resolution struct {
	ops []histOp
	// unknown counts the operations whose outcome the client never
	// learned, applied those the log shows, dropped the rest.
	unknown, applied, dropped int
	// accts are the withdrawers' operations resolved, acctUnknown those
	// whose outcome the client never learned.
	accts       []acctOp
	acctUnknown int
}

// resolveHistory resolves ops' unknown outcomes from the CMD stream and
// the engine's records of the orders.
func resolveHistory(ctx context.Context, nc *nats.Conn, ops []histOp, accts []acctOp) (resolution, error) {
	js, err := jetstream.New(nc)
	if err != nil {
		return resolution{}, err
	}
	lg, err := readLogged(ctx, js)
	if err != nil {
		return resolution{}, err
	}
	var res resolution
	end := time.Now()
	res.accts, res.acctUnknown = resolveAccounts(lg, accts, end)
	// A placement the client retried is in the log once (or more, the
	// repeats refused): one try placed it. If a try was answered placed,
	// the unanswered ones changed nothing; else the earliest unanswered
	// try takes the log's outcome (its interval holds every later try's)
	// and the others changed nothing. What changed nothing is dropped.
	settled := map[common.Hash]bool{}
	for _, op := range ops {
		if op.Kind == opPlace && (op.Out == outPlacedLive || op.Out == outPlacedMatched) {
			settled[op.Order] = true
		}
	}
	for _, op := range ops {
		if op.Out != outUnknown {
			res.ops = append(res.ops, op)
			continue
		}
		res.unknown++
		if op.Kind == opPlace && settled[op.Order] {
			res.dropped++
			continue
		}
		out, ok, err := lg.outcome(ctx, nc, op)
		if err != nil {
			return res, err
		}
		if !ok {
			res.dropped++
			continue
		}
		res.applied++
		if op.Kind == opPlace {
			settled[op.Order] = true
		}
		op.Out, op.Return = out, end
		res.ops = append(res.ops, op)
	}
	return res, nil
}

// outcome is what the engine made of an unanswered operation, false if
// the operation had no effect.
func (lg logged) outcome(ctx context.Context, nc *nats.Conn, op histOp) (outcome, bool, error) {
	switch {
	case op.Kind == opPlace && lg.placed[op.Order]:
		rec, err := lg.order(ctx, nc, op.Order)
		switch {
		case err != nil:
			return outUnknown, false, err
		case rec == nil:
			// In the log, yet the engine has no such order: the
			// placement changed nothing, like a refusal before the log.
			return outRefused, true, nil
		case rec.GetStatus() == pb.OrderStatus_ORDER_STATUS_INVALID:
			return outRefusedInvalid, true, nil
		}
		// Whether it rested or matched on arrival the record does not
		// say: the model allows either.
		return outPlaced, true, nil
	case op.Kind == opCancel && lg.canceled[op.Order]:
		// The load cancels an order once, so the order's cancel in the
		// log is this one: it canceled the order if the order ended
		// CANCELED.
		rec, err := lg.order(ctx, nc, op.Order)
		if err != nil {
			return outUnknown, false, err
		}
		if rec.GetStatus() == pb.OrderStatus_ORDER_STATUS_CANCELED {
			return outCanceled, true, nil
		}
		return outNotCanceled, true, nil
	}
	return outUnknown, false, nil
}

// order is the engine's record of an order once it has applied the
// whole log, nil if it has none.
func (lg logged) order(ctx context.Context, nc *nats.Conn, id common.Hash) (*pb.OrderRecord, error) {
	ctx, cancel := context.WithTimeout(ctx, resolveQueryMax)
	defer cancel()
	resp, err := query.Do(ctx, nc, &pb.QueryRequest{MinSeq: lg.last,
		Query: &pb.QueryRequest_Order{Order: &pb.OrderQuery{OrderId: id[:]}}})
	if err != nil {
		return nil, err
	}
	switch e := resp.GetError(); {
	case e.GetCode() == pb.QueryErrorCode_QUERY_ERROR_CODE_NOT_FOUND:
		return nil, nil
	case e != nil:
		return nil, fmt.Errorf("chaos: order %s: %s", id.Hex(), e.GetMessage())
	}
	return resp.GetOrder(), nil
}

// readLogged reads the CMD stream to its last message.
func readLogged(ctx context.Context, js jetstream.JetStream) (logged, error) {
	lg := logged{placed: map[common.Hash]bool{}, canceled: map[common.Hash]bool{}, withdrawn: map[common.Hash]bool{}}
	last, err := streams.LastSeq(ctx, js, journal.CommandStream)
	if err != nil {
		return lg, err
	}
	lg.last = last
	err = readStream(ctx, js, journal.CommandStream, last, func(seq uint64, msg jetstream.Msg) error {
		batch, err := journal.DecodeCommandBatch(msg.Data())
		if err != nil {
			return fmt.Errorf("CMD %d: %w", seq, err)
		}
		for _, c := range batch.GetCommands() {
			lg.add(c)
		}
		return nil
	})
	return lg, err
}

func (lg logged) add(c *pb.Command) {
	switch {
	case c.GetPlaceOrder() != nil:
		lg.placed[common.BytesToHash(c.GetId())] = true
	case c.GetWithdraw() != nil:
		lg.withdrawn[common.BytesToHash(c.GetId())] = true
	case c.GetCancelOrder() != nil:
		lg.canceled[common.BytesToHash(c.GetCancelOrder().GetOrderId())] = true
	case c.GetCancelOrders() != nil:
		for _, id := range c.GetCancelOrders().GetOrderIds() {
			lg.canceled[common.BytesToHash(id)] = true
		}
	}
}
