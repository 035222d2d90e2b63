package api

import (
	"context"
	"crypto/rand"
	"errors"

	"pred.dev/proto/errcode"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/publish"
	"pred.dev/proto/runtime/query"
)

// commandIDBytes is the length of a random command id (cancels,
// heartbeats, faucet): the same as a UUID.
const commandIDBytes = 16

func newCommandID() []byte {
	b := make([]byte, commandIDBytes)
	_, _ = rand.Read(b) // crypto/rand.Read never fails since Go 1.24.
	return b
}

// Query sends a query to the engine with the configured timeout. minSeq
// asks for read-your-writes (0: answer at once). A QueryError of kind
// NOT_FOUND becomes notFound; the others become INVALID_PARAMETER,
// ENGINE_UNAVAILABLE or INTERNAL_ERROR.
func (a *API) query(ctx context.Context, req *pb.QueryRequest, notFound errcode.Code) (*pb.QueryResponse, error) {
	ctx, cancel := context.WithTimeout(ctx, a.cfg.QueryTimeout)
	defer cancel()
	resp, err := query.Do(ctx, a.nc, req)
	if err != nil {
		return nil, errcode.Wrap(errcode.EngineUnavailable, err)
	}
	qe := resp.GetError()
	switch qe.GetCode() {
	case pb.QueryErrorCode_QUERY_ERROR_CODE_UNSPECIFIED:
		return resp, nil
	case pb.QueryErrorCode_QUERY_ERROR_CODE_NOT_FOUND:
		return nil, errcode.New(notFound)
	case pb.QueryErrorCode_QUERY_ERROR_CODE_INVALID:
		return nil, errcode.Errorf(errcode.InvalidParameter, "invalid query: %s", qe.GetMessage())
	case pb.QueryErrorCode_QUERY_ERROR_CODE_NOT_READY:
		return nil, errcode.Wrap(errcode.EngineUnavailable, errors.New(qe.GetMessage()))
	}
	return nil, errcode.Wrap(errcode.InternalError, errors.New(qe.GetMessage()))
}

// queryFor is query for a caller's own data (its orders, trades,
// transfers, balance, an order by id): it must show every write the
// caller had acknowledged, through whichever gateway replica, before this
// read arrived. The read fence takes the command log's last sequence from
// the stream's leader with a request sent after the read arrived, and the
// engine replica answering waits until it has applied that far. Market
// data (book, prices, markets, history) is not fenced: it is documented
// as eventually consistent.
func (a *API) queryFor(ctx context.Context, req *pb.QueryRequest, notFound errcode.Code) (*pb.QueryResponse, error) {
	seq, err := a.fence.Seq(ctx)
	if err != nil {
		return nil, errcode.Wrap(errcode.EngineUnavailable, err)
	}
	req.MinSeq = seq
	return a.query(ctx, req, notFound)
}

// submit appends a command and waits for the engine's result, mapping the
// publisher's errors to codes. orderID, when set, travels in the body of the
// 503 answers whose command is or may be in the log.
//
// A command in the log without its result (ENGINE_TIMEOUT) is still the
// caller's write: its reads, GET /order/{id} first, are fenced at or after
// it (queryFor) rather than answered without it.
func (a *API) submit(ctx context.Context, cmd *pb.Command, orderID string) (*publish.Result, error) {
	res, err := a.pub.Submit(ctx, cmd)
	if err != nil {
		return nil, a.journalError(err, orderID)
	}
	return res, nil
}

func (a *API) journalError(err error, orderID string) error {
	switch {
	case errors.Is(err, publish.ErrNoResult):
		return &pendingError{err: errcode.Wrap(errcode.EngineTimeout, err), orderID: orderID}
	case errors.Is(err, publish.ErrAckUnknown):
		return &pendingError{err: errcode.Wrap(errcode.CommandOutcomeUnknown, err), orderID: orderID}
	case errors.Is(err, publish.ErrBackpressure):
		return errcode.Wrap(errcode.Overloaded, err)
	}
	return errcode.Wrap(errcode.EngineUnavailable, err)
}
