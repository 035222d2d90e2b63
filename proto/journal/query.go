package journal

import (
	"context"
	"errors"
	"fmt"

	"github.com/nats-io/nats.go"
	"google.golang.org/protobuf/proto"

	"pred.dev/proto/pb"
)

// ErrNoEngine means no engine answered a query in time.
var ErrNoEngine = errors.New("journal: no engine answered the query")

// Query sends one query to the engines and returns the answer. A response
// that carries a QueryError is returned as is, with a nil error: the
// caller decides what a not-found means to it.
func Query(ctx context.Context, nc *nats.Conn, req *pb.QueryRequest) (*pb.QueryResponse, error) {
	data, err := proto.Marshal(req)
	if err != nil {
		return nil, fmt.Errorf("journal: encode query: %w", err)
	}
	msg, err := nc.RequestWithContext(ctx, QuerySubject, data)
	if err != nil {
		if errors.Is(err, nats.ErrNoResponders) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, nats.ErrTimeout) {
			return nil, fmt.Errorf("%w: %v", ErrNoEngine, err)
		}
		return nil, fmt.Errorf("journal: query: %w", err)
	}
	resp := &pb.QueryResponse{}
	if err := proto.Unmarshal(msg.Data, resp); err != nil {
		return nil, fmt.Errorf("journal: decode query response: %w", err)
	}
	return resp, nil
}
