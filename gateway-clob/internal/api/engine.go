package api

import (
	"context"
	"crypto/rand"
	"errors"
	"strconv"
	"sync"

	"github.com/google/uuid"

	"pred.dev/gateway-clob/internal/auth"
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

// queryFor is query with the caller's read-your-writes sequence.
func (a *API) queryFor(ctx context.Context, id auth.Identity, req *pb.QueryRequest, notFound errcode.Code) (*pb.QueryResponse, error) {
	req.MinSeq = a.seqs.get(id.KeyID)
	return a.query(ctx, req, notFound)
}

// submit appends a command and waits for the engine's result, mapping the
// publisher's errors to codes. orderID, when set, travels in the body of the
// 503 answers whose command is or may be in the log.
func (a *API) submit(ctx context.Context, id auth.Identity, cmd *pb.Command, orderID string) (*publish.Result, error) {
	res, err := a.pub.Submit(ctx, cmd)
	if err != nil {
		// A command in the log without its result (ENGINE_TIMEOUT) is
		// still the key's last write: its reads, GET /order/{id} first,
		// wait until the engine applied it rather than answer without it.
		var nr *publish.NoResultError
		if errors.As(err, &nr) {
			a.seqs.note(id.KeyID, nr.Seq)
		}
		return nil, a.journalError(err, orderID)
	}
	a.seqs.note(id.KeyID, res.Seq)
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

// seqTrackerMax bounds the keys remembered for read-your-writes; when
// full the map is cleared, which only costs those keys one possibly stale
// read.
const seqTrackerMax = 100_000

// seqTracker remembers, per API key, the command log sequence of its last
// command on this replica, so that its next reads wait for the engine to
// have applied it (QueryRequest.min_seq).
type seqTracker struct {
	mu sync.Mutex
	m  map[uuid.UUID]uint64
}

func newSeqTracker() *seqTracker { return &seqTracker{m: make(map[uuid.UUID]uint64)} }

func (t *seqTracker) note(id uuid.UUID, seq uint64) {
	if id == (uuid.UUID{}) {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.m) >= seqTrackerMax {
		clear(t.m)
	}
	if seq > t.m[id] {
		t.m[id] = seq
	}
}

func (t *seqTracker) get(id uuid.UUID) uint64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.m[id]
}

// formatID formats an engine id (a trade id, a transfer sequence) as the
// decimal string JSON carries.
func formatID(v uint64) string { return strconv.FormatUint(v, 10) }
