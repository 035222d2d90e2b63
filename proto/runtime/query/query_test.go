package query

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"google.golang.org/protobuf/proto"

	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/natstest"
)

// TestAnswerAndNoEngine: a query reaches a responder on the query subject
// and returns its answer; with nobody there it fails with ErrNoEngine.
func TestAnswerAndNoEngine(t *testing.T) {
	nc := natstest.Connect(t, natstest.Start(t))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := Do(ctx, nc, &pb.QueryRequest{}); !errors.Is(err, ErrNoEngine) {
		t.Fatalf("query without an engine: %v, want ErrNoEngine", err)
	}
	sub, err := nc.QueueSubscribe(journal.QuerySubject, journal.QueryQueue, func(m *nats.Msg) {
		data, _ := proto.Marshal(&pb.QueryResponse{Seq: 7})
		_ = m.Respond(data)
	})
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Unsubscribe()
	resp, err := Do(ctx, nc, &pb.QueryRequest{MinSeq: 3})
	if err != nil || resp.GetSeq() != 7 {
		t.Fatalf("query: %v, %v", resp, err)
	}
}
