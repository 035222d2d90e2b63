// Package query is the client side of the engines' queries: a protobuf
// pb.QueryRequest sent over core-NATS request/reply to the queue group of
// every engine (journal.QuerySubject), answered by one of them from its
// committed state.
package query

import (
	"context"
	"errors"
	"fmt"

	"github.com/nats-io/nats.go"
	"google.golang.org/protobuf/proto"

	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
)

// ErrNoEngine means no engine answered a query in time.
var ErrNoEngine = errors.New("query: no engine answered the query")

// Do sends one query to the engines and returns the answer. A response
// that carries a QueryError is returned as is, with a nil error: the
// caller decides what a not-found means to it.
func Do(ctx context.Context, nc *nats.Conn, req *pb.QueryRequest) (*pb.QueryResponse, error) {
	data, err := proto.Marshal(req)
	if err != nil {
		return nil, fmt.Errorf("query: encode: %w", err)
	}
	msg, err := nc.RequestWithContext(ctx, journal.QuerySubject, data)
	if err != nil {
		if errors.Is(err, nats.ErrNoResponders) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, nats.ErrTimeout) {
			return nil, fmt.Errorf("%w: %v", ErrNoEngine, err)
		}
		return nil, fmt.Errorf("query: %w", err)
	}
	resp := &pb.QueryResponse{}
	if err := proto.Unmarshal(msg.Data, resp); err != nil {
		return nil, fmt.Errorf("query: decode response: %w", err)
	}
	return resp, nil
}
