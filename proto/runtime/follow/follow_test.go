package follow

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/proto"

	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/natsembed"
	"pred.dev/proto/runtime/natstest"
	"pred.dev/proto/runtime/streams"
)

// waitMax bounds every wait so that a bug hangs a test for a while instead
// of forever. It is a safety net, not an assertion.
const waitMax = 30 * time.Second

type env struct {
	srv *natsembed.Server
	nc  *nats.Conn
	js  jetstream.JetStream
	ctx context.Context
}

func newEnv(t *testing.T) *env {
	t.Helper()
	srv := natstest.Start(t)
	nc := natstest.Connect(t, srv)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitMax)
	t.Cleanup(cancel)
	if err := streams.Ensure(ctx, js, streams.Config{}); err != nil {
		t.Fatal(err)
	}
	return &env{srv: srv, nc: nc, js: js, ctx: ctx}
}

// publishEvents appends n event batches to EVT, the i-th covering CMD
// sequence first+i.
func (e *env) publishEvents(t *testing.T, first, n int) {
	t.Helper()
	for i := range n {
		m, err := journal.NewEventMsg(&pb.EventBatch{FirstCommandSeq: uint64(first + i), CommandSeq: uint64(first + i)})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.js.PublishMsg(e.ctx, m); err != nil {
			t.Fatal(err)
		}
	}
}

// collect follows EVT with opts until it has n batches and returns the
// CMD sequences they cover up to, stopping with Stop.
func (e *env) collect(t *testing.T, opts Options, n int) []uint64 {
	t.Helper()
	var got []uint64
	err := Events(e.ctx, e.js, opts, func(seq uint64, b *pb.EventBatch) error {
		if b.GetCommandSeq() != seq {
			return fmt.Errorf("EVT %d covers CMD %d", seq, b.GetCommandSeq())
		}
		got = append(got, b.GetCommandSeq())
		if len(got) == n {
			return ErrStop
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func TestEventsFromSeq(t *testing.T) {
	e := newEnv(t)
	e.publishEvents(t, 1, 5)
	if got := e.collect(t, Options{}, 5); fmt.Sprint(got) != "[1 2 3 4 5]" {
		t.Fatalf("from the start: %v", got)
	}
	if got := e.collect(t, Options{Start: FromSeq(4)}, 2); fmt.Sprint(got) != "[4 5]" {
		t.Fatalf("from 4: %v", got)
	}
	if got := e.collect(t, Options{Start: FromLast()}, 1); fmt.Sprint(got) != "[5]" {
		t.Fatalf("from the last: %v", got)
	}
}

// TestFromNewSkipsThePast: a follower from now on delivers what is
// published after New, even before Run.
func TestFromNewSkipsThePast(t *testing.T) {
	e := newEnv(t)
	e.publishEvents(t, 1, 3)
	f, err := New(e.ctx, e.js, journal.EventStream, Options{Start: FromNew()})
	if err != nil {
		t.Fatal(err)
	}
	e.publishEvents(t, 4, 2)
	var got []uint64
	err = f.RunEvents(e.ctx, func(_ uint64, b *pb.EventBatch) error {
		got = append(got, b.GetCommandSeq())
		if len(got) == 2 {
			return ErrStop
		}
		return nil
	})
	if err != nil || fmt.Sprint(got) != "[4 5]" {
		t.Fatalf("from new: %v, %v", got, err)
	}
}

// TestCorruptBatch: a message that fails its frame check stops the
// follower with the error, or is reported and skipped with Corrupt set.
func TestCorruptBatch(t *testing.T) {
	e := newEnv(t)
	e.publishEvents(t, 1, 1)
	if _, err := e.js.Publish(e.ctx, journal.EventSubject, []byte("garbage")); err != nil {
		t.Fatal(err)
	}
	e.publishEvents(t, 3, 1)
	err := Events(e.ctx, e.js, Options{}, func(uint64, *pb.EventBatch) error { return nil })
	if !errors.Is(err, journal.ErrCorrupt) {
		t.Fatalf("a corrupt batch: %v, want ErrCorrupt", err)
	}
	var skipped []uint64
	got := e.collect(t, Options{Corrupt: func(seq uint64, _ error) { skipped = append(skipped, seq) }}, 2)
	if fmt.Sprint(got) != "[1 3]" || fmt.Sprint(skipped) != "[2]" {
		t.Fatalf("delivered %v, skipped %v", got, skipped)
	}
}

// TestEnds: a follower ends with nil when its context does, with the
// callback's error, and with ErrConnClosed when the connection closes.
func TestEnds(t *testing.T) {
	e := newEnv(t)
	e.publishEvents(t, 1, 1)
	ctx, cancel := context.WithCancel(e.ctx)
	err := Stream(ctx, e.js, journal.EventStream, Options{HeadersOnly: true}, func(m jetstream.Msg) error {
		if len(m.Data()) != 0 || m.Headers().Get(journal.HeaderCmdSeq) != "1" {
			t.Errorf("headers only: data %q, headers %v", m.Data(), m.Headers())
		}
		cancel()
		return nil
	})
	if err != nil {
		t.Fatalf("after its context ended: %v", err)
	}
	boom := errors.New("boom")
	if err := Stream(e.ctx, e.js, journal.EventStream, Options{}, func(jetstream.Msg) error { return boom }); err != boom {
		t.Fatalf("a failing callback: %v", err)
	}
	nc := natstest.Connect(t, e.srv)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	err = Stream(e.ctx, js, journal.EventStream, Options{}, func(jetstream.Msg) error {
		nc.Close()
		return nil
	})
	if !errors.Is(err, ErrConnClosed) {
		t.Fatalf("after the connection closed: %v, want ErrConnClosed", err)
	}
	if _, err := New(e.ctx, e.js, "NOPE", Options{}); err == nil {
		t.Fatal("a follower of a missing stream was created")
	}
}

// TestEventsOnly: a follower with Only gets each batch with the events of
// those kinds alone, in order, and no results.
func TestEventsOnly(t *testing.T) {
	e := newEnv(t)
	resolved := &pb.MarketChanged{Market: []byte("m1"), Status: pb.MarketStatus_MARKET_STATUS_RESOLVED}
	m, err := journal.NewEventMsg(&pb.EventBatch{FirstCommandSeq: 1, CommandSeq: 1, Events: []*pb.Event{
		{Body: &pb.Event_OrderAccepted{OrderAccepted: &pb.OrderAccepted{OrderId: []byte("o1")}}},
		{Body: &pb.Event_MarketChanged{MarketChanged: resolved}},
		{Body: &pb.Event_BalanceChanged{BalanceChanged: &pb.BalanceChanged{Balance: 5}}},
	}, Results: []*pb.CommandResult{{CommandId: []byte("c1"), EventCount: 3}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.js.PublishMsg(e.ctx, m); err != nil {
		t.Fatal(err)
	}
	var got *pb.EventBatch
	err = Events(e.ctx, e.js, Options{Only: journal.EventsOf("market_changed")}, func(_ uint64, b *pb.EventBatch) error {
		got = b
		return ErrStop
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.GetEvents()) != 1 || !proto.Equal(got.GetEvents()[0].GetMarketChanged(), resolved) || len(got.GetResults()) != 0 ||
		got.GetCommandSeq() != 1 {
		t.Fatalf("with Only market_changed: %v", got)
	}
}
