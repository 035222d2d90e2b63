package publish

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/natsembed"
	"pred.dev/proto/runtime/natstest"
	"pred.dev/proto/runtime/streams"
)

// testTimeout bounds every wait in these tests so that a bug hangs a test
// for a while instead of forever. It is a safety net, not an assertion.
const testTimeout = 30 * time.Second

// env is an embedded server with the streams in place and a connection.
type env struct {
	srv *natsembed.Server
	nc  *nats.Conn
	js  jetstream.JetStream
}

func newEnv(tb testing.TB, opts ...func(*natsembed.Options)) *env {
	tb.Helper()
	srv := natstest.Start(tb, opts...)
	nc := natstest.Connect(tb, srv)
	js, err := jetstream.New(nc)
	if err != nil {
		tb.Fatal(err)
	}
	if err := streams.Ensure(testCtx(tb), js, streams.Config{}); err != nil {
		tb.Fatal(err)
	}
	return &env{srv: srv, nc: nc, js: js}
}

func testCtx(tb testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	tb.Cleanup(cancel)
	return ctx
}

func (e *env) publisher(tb testing.TB, cfg Config) *Publisher {
	tb.Helper()
	p, err := New(e.nc, cfg, nil)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		if err := p.Close(); err != nil {
			tb.Error(err)
		}
	})
	return p
}

// commandMessages reads every CMD message in order.
func (e *env) commandMessages(tb testing.TB) []*pb.CommandBatch {
	tb.Helper()
	ctx := testCtx(tb)
	stream, err := e.js.Stream(ctx, journal.CommandStream)
	if err != nil {
		tb.Fatal(err)
	}
	info, err := stream.Info(ctx)
	if err != nil {
		tb.Fatal(err)
	}
	var out []*pb.CommandBatch
	for seq := info.State.FirstSeq; seq <= info.State.LastSeq && info.State.Msgs > 0; seq++ {
		raw, err := stream.GetMsg(ctx, seq)
		if err != nil {
			tb.Fatal(err)
		}
		b, err := journal.DecodeCommandBatch(raw.Data)
		if err != nil {
			tb.Fatalf("CMD seq %d: %v", seq, err)
		}
		out = append(out, b)
	}
	return out
}

// commandMessageCount is the number of CMD messages, without reading them.
func (e *env) commandMessageCount(tb testing.TB) uint64 {
	tb.Helper()
	ctx := testCtx(tb)
	stream, err := e.js.Stream(ctx, journal.CommandStream)
	if err != nil {
		tb.Fatal(err)
	}
	info, err := stream.Info(ctx)
	if err != nil {
		tb.Fatal(err)
	}
	return info.State.Msgs
}

// testCommand is a small command with a recognisable id.
func testCommand(n int) *pb.Command {
	return &pb.Command{
		Id:   fmt.Appendf(nil, "cmd-%06d", n),
		Body: &pb.Command_Heartbeat{Heartbeat: &pb.Heartbeat{Owner: []byte("owner-0123456789")}},
	}
}

// orderCommand is a PlaceOrder of realistic size (about 300 bytes), for
// benchmarks.
func orderCommand(n int) *pb.Command {
	word := func(b byte, size int) []byte {
		out := make([]byte, size)
		for i := range out {
			out[i] = b + byte(i)
		}
		return out
	}
	id := word(byte(n), 32)
	id[0], id[1], id[2] = byte(n>>16), byte(n>>8), byte(n)
	return &pb.Command{Id: id, Body: &pb.Command_PlaceOrder{PlaceOrder: &pb.PlaceOrder{
		Order: &pb.SignedOrder{
			Salt: uint64(n), Maker: word(1, 20), Signer: word(2, 20), Taker: make([]byte, 20),
			TokenId: word(3, 32), MakerAmount: 52_000_000, TakerAmount: 100_000_000,
			Nonce: 7, FeeRateBps: 100, Side: pb.Side_SIDE_BUY, Signature: word(4, 65),
		},
		OrderType: pb.OrderType_ORDER_TYPE_GTC,
		Owner:     word(5, 16),
	}}}
}
