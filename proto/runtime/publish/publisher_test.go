package publish

import (
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/proto"

	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/eventually"
	"pred.dev/proto/runtime/natstest"
)

// longWindow keeps a batch open for the whole test, so only BatchMax or
// Close can end it.
const longWindow = time.Hour

func TestSubmitConcurrentGetsOwnResultsInFewMessages(t *testing.T) {
	e := newEnv(t)
	e.startResponder(t)
	const goroutines, perGoroutine = 128, 4
	p := e.publisher(t, Config{Window: 20 * time.Millisecond, BatchMax: 64})
	ctx := testCtx(t)

	var wg sync.WaitGroup
	for g := range goroutines {
		wg.Go(func() {
			for i := range perGoroutine {
				cmd := testCommand(g*perGoroutine + i)
				res, err := p.Submit(ctx, cmd)
				if err != nil {
					t.Errorf("Submit %s: %v", cmd.Id, err)
					return
				}
				ev := res.Events
				if res.Seq == 0 || res.TimeMs == 0 || len(ev) != 1 || !bytes.Equal(ev[0].GetOrderAccepted().GetOrderId(), cmd.Id) {
					t.Errorf("Submit %s got result %+v", cmd.Id, res)
				}
			}
		})
	}
	wg.Wait()

	const commands = goroutines * perGoroutine
	seen := make(map[string]bool)
	msgs := e.commandMessages(t)
	for _, m := range msgs {
		if len(m.Commands) > 64 {
			t.Fatalf("a message holds %d commands, BatchMax is 64", len(m.Commands))
		}
		for _, c := range m.Commands {
			if seen[string(c.Id)] {
				t.Fatalf("command %s is in the log twice", c.Id)
			}
			seen[string(c.Id)] = true
		}
	}
	if len(seen) != commands || len(msgs) >= commands {
		t.Fatalf("%d commands in %d messages, want all %d grouped into fewer messages", len(seen), len(msgs), commands)
	}
}

func TestBatchMaxSendsFullBatchWithoutWaiting(t *testing.T) {
	e := newEnv(t)
	const batchMax = 10
	p := e.publisher(t, Config{Window: longWindow, BatchMax: batchMax})
	seqs := appendConcurrently(t, p, 2*batchMax)
	// With an hour-long window only a full batch is sent, so the commands
	// must sit in exactly two messages of ten.
	msgs := e.commandMessages(t)
	if len(msgs) != 2 || len(msgs[0].Commands) != batchMax || len(msgs[1].Commands) != batchMax {
		t.Fatalf("got %d messages, want 2 of %d commands", len(msgs), batchMax)
	}
	for id, seq := range seqs {
		if !containsCommand(msgs[seq-1], id) {
			t.Fatalf("Append of %s returned seq %d, which does not hold it", id, seq)
		}
	}
}

// appendConcurrently appends n commands from n goroutines and returns each
// command id's sequence.
func appendConcurrently(t *testing.T, p *Publisher, n int) map[string]uint64 {
	t.Helper()
	ctx := testCtx(t)
	var mu sync.Mutex
	seqs := make(map[string]uint64)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			cmd := testCommand(i)
			seq, err := p.Append(ctx, cmd)
			if err != nil {
				t.Errorf("Append: %v", err)
			}
			mu.Lock()
			seqs[string(cmd.Id)] = seq
			mu.Unlock()
		})
	}
	wg.Wait()
	return seqs
}

func containsCommand(b *pb.CommandBatch, id string) bool {
	for _, c := range b.Commands {
		if string(c.Id) == id {
			return true
		}
	}
	return false
}

func TestWindowHoldsBatchOpenUntilItEnds(t *testing.T) {
	e := newEnv(t)
	p := e.publisher(t, Config{Window: longWindow, BatchMax: 1000})
	const n = 5
	var seqs []uint64
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			seq, err := p.Append(testCtx(t), testCommand(i))
			if err != nil {
				t.Errorf("Append: %v", err)
			}
			mu.Lock()
			seqs = append(seqs, seq)
			mu.Unlock()
		})
	}
	eventually.True(t, "the batcher holds all commands", func() bool {
		return p.inFlight.Load() == n && len(p.intake) == 0
	})
	if msgs := e.commandMessages(t); len(msgs) != 0 {
		t.Fatalf("%d messages sent while the window is open", len(msgs))
	}
	// Close ends the window early and flushes the open batch.
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	msgs := e.commandMessages(t)
	if len(msgs) != 1 || len(msgs[0].Commands) != n {
		t.Fatalf("got %d messages, want one holding all %d commands", len(msgs), n)
	}
	for _, seq := range seqs {
		if seq != 1 {
			t.Fatalf("sequences %v, want all 1", seqs)
		}
	}
}

func TestWindowEndSendsPartialBatch(t *testing.T) {
	e := newEnv(t)
	p := e.publisher(t, Config{Window: time.Millisecond, BatchMax: 1000})
	seq, err := p.Append(testCtx(t), testCommand(1))
	if err != nil || seq != 1 {
		t.Fatalf("lone Append = %d, %v; want seq 1", seq, err)
	}
}

func TestAppendReturnsStreamSequence(t *testing.T) {
	e := newEnv(t)
	p := e.publisher(t, Config{})
	ctx := testCtx(t)
	for i := range 5 {
		cmd := testCommand(i)
		seq, err := p.Append(ctx, cmd)
		if err != nil {
			t.Fatal(err)
		}
		if seq != uint64(i+1) {
			t.Fatalf("Append %d returned seq %d, want %d", i, seq, i+1)
		}
		stream, err := e.js.Stream(ctx, journal.CommandStream)
		if err != nil {
			t.Fatal(err)
		}
		raw, err := stream.GetMsg(ctx, seq)
		if err != nil {
			t.Fatal(err)
		}
		b, err := journal.DecodeCommandBatch(raw.Data)
		if err != nil {
			t.Fatal(err)
		}
		if !containsCommand(b, string(cmd.Id)) {
			t.Fatalf("CMD seq %d does not hold %s", seq, cmd.Id)
		}
		if raw.Header.Get(jetstream.MsgIDHeader) != hex.EncodeToString(b.BatchId) || len(b.BatchId) != batchIDLen {
			t.Fatalf("Nats-Msg-Id %q does not match batch id %x", raw.Header.Get(jetstream.MsgIDHeader), b.BatchId)
		}
		// No caller waits for an Append's result, so its batch asks for
		// none (Submit's batches are checked by the result tests).
		if got := raw.Header.Get(journal.HeaderReply); got != "" {
			t.Fatalf("an Append-only batch asks for results on %q", got)
		}
	}
}

func TestBackpressure(t *testing.T) {
	e := newEnv(t) // no responder: Submits hold their slots waiting for results
	const inFlightMax = 3
	p := e.publisher(t, Config{InFlightMax: inFlightMax, ResultTimeout: time.Hour})
	ctx, cancel := context.WithCancel(testCtx(t))
	var wg sync.WaitGroup
	for i := range inFlightMax {
		wg.Go(func() {
			_, err := p.Submit(ctx, testCommand(i))
			if !errors.Is(err, context.Canceled) {
				t.Errorf("held Submit ended with %v, want it cancelled", err)
			}
		})
	}
	eventually.True(t, "all slots are taken", func() bool { return p.inFlight.Load() == inFlightMax })

	if _, err := p.Submit(testCtx(t), testCommand(100)); !errors.Is(err, ErrBackpressure) {
		t.Fatalf("Submit over the limit: %v, want ErrBackpressure", err)
	}
	if _, err := p.Append(testCtx(t), testCommand(101)); !errors.Is(err, ErrBackpressure) {
		t.Fatalf("Append over the limit: %v, want ErrBackpressure", err)
	}
	cancel()
	wg.Wait()
	// A slot stays taken until the log has answered for its command.
	eventually.True(t, "the slots are free", func() bool { return p.inFlight.Load() == 0 })
	if _, err := p.Append(testCtx(t), testCommand(102)); err != nil {
		t.Fatalf("Append after slots freed: %v", err)
	}
	if n := len(e.commandMessages(t)); n == 0 {
		t.Fatal("nothing reached the log")
	}
	for _, m := range e.commandMessages(t) {
		for _, c := range m.Commands {
			if string(c.Id) == string(testCommand(100).Id) || string(c.Id) == string(testCommand(101).Id) {
				t.Fatalf("refused command %s is in the log", c.Id)
			}
		}
	}
}

func TestNoResultWhenNobodyAnswers(t *testing.T) {
	e := newEnv(t)
	p := e.publisher(t, Config{ResultTimeout: 50 * time.Millisecond})
	cmd := testCommand(7)
	_, err := p.Submit(testCtx(t), cmd)
	var nr *NoResultError
	if !errors.Is(err, ErrNoResult) || !errors.As(err, &nr) || nr.Seq != 1 { // the log's first message
		t.Fatalf("Submit without an engine: %v, want ErrNoResult with the command's sequence", err)
	}
	msgs := e.commandMessages(t)
	if len(msgs) != 1 || !containsCommand(msgs[0], string(cmd.Id)) {
		t.Fatal("ErrNoResult, yet the command is not in the log")
	}
}

func TestSameIDSubmittersBothGetResult(t *testing.T) {
	e := newEnv(t)
	e.startResponder(t)
	p := e.publisher(t, Config{Window: longWindow, BatchMax: 2})
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			res, err := p.Submit(testCtx(t), testCommand(9))
			if err != nil || len(res.Events) != 1 {
				t.Errorf("Submit of a shared id: %+v, %v", res, err)
			}
		})
	}
	wg.Wait()
}

func TestClosedPublisher(t *testing.T) {
	e := newEnv(t)
	p := e.publisher(t, Config{ResultTimeout: time.Hour})
	done := make(chan error, 1)
	go func() {
		_, err := p.Submit(testCtx(t), testCommand(1))
		done <- err
	}()
	eventually.True(t, "the command is in the log", func() bool { return len(e.commandMessages(t)) == 1 })
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	if err := <-done; !errors.Is(err, ErrNoResult) || !errors.Is(err, ErrClosed) {
		t.Fatalf("Submit waiting at Close: %v, want ErrNoResult and ErrClosed", err)
	}
	if _, err := p.Submit(testCtx(t), testCommand(2)); !errors.Is(err, ErrClosed) {
		t.Fatalf("Submit after Close: %v", err)
	}
	if _, err := p.Append(testCtx(t), testCommand(3)); !errors.Is(err, ErrClosed) {
		t.Fatalf("Append after Close: %v", err)
	}
}

func TestNotAppendedWithoutStream(t *testing.T) {
	srv := natstest.Start(t) // no EnsureStreams: nothing serves pred.cmd
	p, err := New(natstest.Connect(t, srv), Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = p.Close() })
	if _, err := p.Append(testCtx(t), testCommand(1)); !errors.Is(err, ErrNotAppended) {
		t.Fatalf("Append without a stream: %v, want ErrNotAppended", err)
	}
}

func TestAckUnknownWhenServerGone(t *testing.T) {
	e := newEnv(t)
	p := e.publisher(t, Config{AckTimeout: 100 * time.Millisecond})
	e.srv.Shutdown()
	if _, err := p.Append(testCtx(t), testCommand(1)); !errors.Is(err, ErrAckUnknown) {
		t.Fatalf("Append with the server down: %v, want ErrAckUnknown", err)
	}
}

func TestCommandTooLarge(t *testing.T) {
	e := newEnv(t)
	p := e.publisher(t, Config{})
	huge := &pb.Command{Id: []byte("big"), Body: &pb.Command_CancelOrders{CancelOrders: &pb.CancelOrders{
		OrderIds: [][]byte{make([]byte, int(e.nc.MaxPayload()))},
	}}}
	if _, err := p.Append(testCtx(t), huge); !errors.Is(err, ErrCommandTooLarge) {
		t.Fatalf("Append of a %d-byte command: %v", e.nc.MaxPayload(), err)
	}
	if _, err := p.Submit(testCtx(t), &pb.Command{}); err == nil {
		t.Fatal("Submit without a command id succeeded")
	}
}

// TestBatchesSplitAtByteLimit: commands that together exceed one message's
// byte limit go out in several messages even below BatchMax.
func TestBatchesSplitAtByteLimit(t *testing.T) {
	e := newEnv(t)
	p := e.publisher(t, Config{Window: longWindow, BatchMax: 1000})
	p.batchBytesMax = 2000 // as if the server's max_payload were tiny
	ctx := testCtx(t)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			cmd := &pb.Command{Id: testCommand(i).Id, Body: &pb.Command_CancelOrders{CancelOrders: &pb.CancelOrders{
				OrderIds: [][]byte{make([]byte, 700)},
			}}}
			if _, err := p.Append(ctx, cmd); err != nil {
				t.Errorf("Append: %v", err)
			}
		})
	}
	eventually.True(t, "three full messages are sent", func() bool { return len(e.commandMessages(t)) == 3 })
	if err := p.Close(); err != nil { // flush the open batch of the last two
		t.Fatal(err)
	}
	wg.Wait()
	for _, m := range e.commandMessages(t) {
		if len(m.Commands) != 2 {
			t.Fatalf("a message holds %d commands of ~700 bytes under a 2000-byte limit, want 2", len(m.Commands))
		}
	}
}

// TestMalformedResultIsDropped feeds replies straight into the routing
// callback: a corrupt frame and an out-of-range event range reach nobody,
// a good result reaches its waiter.
func TestMalformedResultIsDropped(t *testing.T) {
	e := newEnv(t)
	p := e.publisher(t, Config{})
	good, bad := p.waiters.add("good"), p.waiters.add("bad")
	p.onReply(&nats.Msg{Data: []byte("garbage")})
	data, err := journal.EncodeEventBatch(&pb.EventBatch{
		CommandSeq: 3,
		Events:     []*pb.Event{{}},
		Results: []*pb.CommandResult{
			{CommandId: []byte("bad"), FirstEvent: 0, EventCount: 2},
			{CommandId: []byte("good"), FirstEvent: 0, EventCount: 1},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	p.onReply(&nats.Msg{Data: data})
	if len(bad.result) != 0 {
		t.Fatal("a result with an out-of-range event range was delivered")
	}
	if r := <-good.result; r.Seq != 3 || len(r.Events) != 1 {
		t.Fatalf("good result %+v", r)
	}
}

// TestBatchEncodingMatchesProto checks the Publisher's hand-assembled
// CommandBatch against the protobuf library's encoding, byte for byte.
func TestBatchEncodingMatchesProto(t *testing.T) {
	want := &pb.CommandBatch{
		BatchId:  bytes.Repeat([]byte{0xab}, batchIDLen),
		Commands: []*pb.Command{testCommand(1), orderCommand(2), {Id: []byte("tick"), Body: &pb.Command_Tick{Tick: &pb.Tick{}}}},
	}
	b := newBatch(len(want.Commands))
	copy(b.id[:], want.BatchId)
	for _, c := range want.Commands {
		cmdBytes, err := proto.MarshalOptions{Deterministic: true}.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		b.add(&request{cmdBytes: cmdBytes})
	}
	wantData, err := journal.EncodeCommandBatch(want)
	if err != nil {
		t.Fatal(err)
	}
	got := b.encode()
	if !bytes.Equal(got, wantData) {
		t.Fatalf("hand-assembled batch differs from proto encoding:\n got % x\nwant % x", got, wantData)
	}
	if b.sizeBytes != len(wantData)-journal.FrameHeaderLen {
		t.Fatalf("tracked size %d, encoded payload %d", b.sizeBytes, len(wantData)-journal.FrameHeaderLen)
	}
}
