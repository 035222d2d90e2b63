package service

import (
	"bytes"
	"context"
	"errors"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/proto"

	"pred.dev/engine/loadgen"
	"pred.dev/engine/machine"
	"pred.dev/engine/wire"
	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/natstest"
	"pred.dev/proto/runtime/publish"
	"pred.dev/proto/runtime/query"
)

// workload returns a small loadgen workload as protobuf commands.
func workload(ops int) []*pb.Command {
	w := loadgen.Generate(loadgen.Single(ops))
	var out []*pb.Command
	for _, cs := range [][]machine.Command{w.Setup, w.Warm, w.Commands} {
		for i := range cs {
			out = append(out, wire.ToPB(&cs[i], nil))
		}
	}
	return out
}

func testConfig(t *testing.T, nc *nats.Conn, mode Mode) Config {
	mc := machine.DefaultConfig()
	mc.CreditMax = 1 << 55
	return Config{DataDir: t.TempDir(), Conn: nc, Mode: mode, TickInterval: time.Hour, Machine: mc}
}

// running starts an engine and stops it when the test ends.
func running(t *testing.T, cfg Config) *Service {
	t.Helper()
	s, err := Open(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("engine: %v", err)
		}
		s.Close()
	})
	return s
}

// appendAll appends commands through one group-commit publisher, many at
// a time, and returns the last stream sequence.
func appendAll(t *testing.T, nc *nats.Conn, cmds []*pb.Command) uint64 {
	t.Helper()
	pub, err := publish.New(nc, publish.Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer pub.Close()
	var wg sync.WaitGroup
	var mu sync.Mutex
	var last uint64
	const inflight = 256
	sem := make(chan struct{}, inflight)
	for _, c := range cmds {
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			seq, err := pub.Append(context.Background(), c)
			if err != nil {
				t.Errorf("append: %v", err)
				return
			}
			mu.Lock()
			last = max(last, seq)
			mu.Unlock()
		}()
	}
	wg.Wait()
	return last
}

// applyAndStop runs an engine until it applied cmds, stops it and
// returns its state hash and the last CMD sequence.
func applyAndStop(t *testing.T, cfg Config, cmds []*pb.Command) ([32]byte, uint64) {
	t.Helper()
	s, err := Open(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx) }()
	last := appendAll(t, cfg.Conn, cmds)
	waitApplied(t, s, last)
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	return s.State().StateHash(), last
}

func waitApplied(t *testing.T, s *Service, seq uint64) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if !s.WaitApplied(ctx, seq) {
		t.Fatalf("engine applied %d, want %d", s.Applied(), seq)
	}
}

// eventStream reads the EVT stream, checks its messages cover CMD
// messages 1..last each exactly once, and returns the events flattened per
// command.
func eventStream(t *testing.T, nc *nats.Conn, last uint64) []byte {
	t.Helper()
	js, _ := jetstream.New(nc)
	ctx := context.Background()
	st, err := js.Stream(ctx, journal.EventStream)
	if err != nil {
		t.Fatal(err)
	}
	info, _ := st.Info(ctx)
	var batches [][]byte
	next := uint64(1)
	for seq := info.State.FirstSeq; seq <= info.State.LastSeq && info.State.Msgs > 0; seq++ {
		m, err := st.GetMsg(ctx, seq)
		if err != nil {
			t.Fatal(err)
		}
		b, err := journal.DecodeEventBatch(m.Data)
		if err != nil {
			t.Fatal(err)
		}
		if b.GetFirstCommandSeq() != next || b.GetCommandSeq() < next {
			t.Fatalf("EVT message %d covers CMD %d..%d, want it to start at %d", seq, b.GetFirstCommandSeq(), b.GetCommandSeq(), next)
		}
		if hdr, err := journal.EventCmdSeq(m.Header); err != nil || hdr != b.GetCommandSeq() {
			t.Fatalf("EVT message %d: header says CMD %d, batch %d", seq, hdr, b.GetCommandSeq())
		}
		next = b.GetCommandSeq() + 1
		batches = append(batches, m.Data)
	}
	if next != last+1 {
		t.Fatalf("EVT covers CMD up to %d, want %d", next-1, last)
	}
	return flatten(t, batches)
}

// flatten renders framed event batches as one byte string per command:
// its CMD sequence, its id and its events, so that streams split into
// messages differently compare equal when their events are.
func flatten(t *testing.T, framed [][]byte) []byte {
	t.Helper()
	var out []byte
	for _, f := range framed {
		b, err := journal.DecodeEventBatch(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range b.GetResults() {
			out = strconv.AppendUint(out, r.GetCommandSeq(), 10)
			out = append(append(out, ':'), r.GetCommandId()...)
			for _, e := range b.GetEvents()[r.GetFirstEvent() : r.GetFirstEvent()+r.GetEventCount()] {
				data, err := proto.MarshalOptions{Deterministic: true}.Marshal(e)
				if err != nil {
					t.Fatal(err)
				}
				out = append(out, data...)
			}
		}
	}
	return out
}

// TestSubmitGetsResults: a gateway's Submit gets the engine's events for
// its command, and queries see the result.
func TestSubmitGetsResults(t *testing.T) {
	srv := natstest.Start(t)
	nc := natstest.Connect(t, srv)
	running(t, testConfig(t, nc, ModeLeader))
	market, yes, no := machine.Hash{0xa1}, machine.Hash{0xa2}, machine.Hash{0xa3}
	appendAll(t, nc, []*pb.Command{
		wire.ToPB(&machine.Command{Kind: machine.KindCreateMarket, ID: machine.Hash{1}, Args: &machine.Args{Market: market,
			Tokens: [2]machine.Hash{yes, no}, Params: machine.MarketParams{TickSize: 10_000, MinSize: 1_000_000, MaxSize: 1_000_000_000}}}, nil),
		wire.ToPB(&machine.Command{Kind: machine.KindFaucet, ID: machine.Hash{2}, Account: loadgen.UserAddress(0), Amount: 1_000_000_000}, nil),
		wire.ToPB(&machine.Command{Kind: machine.KindCollateralApproval, ID: machine.Hash{3}, Account: loadgen.UserAddress(0),
			Args: &machine.Args{Exchange: machine.ExchangeStandard, Approved: true}}, nil),
	})
	pub, err := publish.New(nc, publish.Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer pub.Close()
	place := &machine.Command{Kind: machine.KindPlace, ID: machine.Hash{0xee, 1}, Order: machine.OrderSpec{
		Maker: loadgen.UserAddress(0), TokenID: yes, Side: machine.Buy, Type: machine.GTC,
		MakerAmount: 10 * 400_000, TakerAmount: 10 * 1_000_000}}
	res, err := pub.Submit(context.Background(), wire.ToPB(place, nil))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Events) == 0 || res.Events[0].GetOrderAccepted() == nil {
		t.Fatalf("result events: %v", res.Events)
	}
	q, err := query.Do(context.Background(), nc, &pb.QueryRequest{MinSeq: res.Seq,
		Query: &pb.QueryRequest_Book{Book: &pb.BookQuery{TokenId: yes[:]}}})
	if err != nil || q.GetError() != nil {
		t.Fatalf("book query: %v %v", err, q.GetError())
	}
	if bids := q.GetBook().GetBids(); len(bids) == 0 || bids[0].GetPrice() != 400_000 || !bytes.Equal(q.GetBook().GetMarket(), market[:]) {
		t.Fatalf("book: %v", q.GetBook())
	}
}

// TestReplayEqualsLive: a leader applies a workload and publishes events;
// a replay of the same log into a fresh data dir produces the same events
// byte for byte and the same state hash; a restarted leader publishes
// nothing again.
func TestReplayEqualsLive(t *testing.T) {
	srv := natstest.Start(t)
	nc := natstest.Connect(t, srv)
	cfg := testConfig(t, nc, ModeLeader)
	liveHash, last := applyAndStop(t, cfg, workload(3_000))

	live := eventStream(t, nc, last)
	rcfg := testConfig(t, nc, ModeReplay)
	var replayed [][]byte
	rcfg.OnEvents = func(seq uint64, framed []byte) { replayed = append(replayed, bytes.Clone(framed)) }
	r, err := Replay(context.Background(), rcfg)
	if err != nil {
		t.Fatal(err)
	}
	if r.StateHash != liveHash || r.AppliedSeq != last {
		t.Fatalf("replay hash %x at %d, live %x at %d", r.StateHash[:8], r.AppliedSeq, liveHash[:8], last)
	}
	if got := flatten(t, replayed); !bytes.Equal(got, live) {
		t.Fatalf("replayed events (%d bytes) differ from the live ones (%d bytes)", len(got), len(live))
	}
	h, seq, err := Hash(cfg.DataDir, cfg.Machine)
	if err != nil || h != liveHash || seq != last {
		t.Fatalf("Hash of the live data dir: %x at %d (%v), want %x at %d", h[:8], seq, err, liveHash[:8], last)
	}

	// A restarted leader resumes after the last applied command and
	// republishes nothing.
	restarted := running(t, cfg)
	if restarted.Applied() != last {
		t.Fatalf("restart resumed at %d, want %d", restarted.Applied(), last)
	}
	more := appendAll(t, nc, []*pb.Command{wire.ToPB(&machine.Command{Kind: machine.KindTick, ID: machine.Hash{0x7e}}, nil)})
	waitApplied(t, restarted, more)
	eventStream(t, nc, more)
}

// TestFollowerMirrorsLeader: a follower on the same log applies the same
// commands, publishes nothing and ends in the same state.
func TestFollowerMirrorsLeader(t *testing.T) {
	srv := natstest.Start(t)
	nc := natstest.Connect(t, srv)
	lcfg, fcfg := testConfig(t, nc, ModeLeader), testConfig(t, nc, ModeFollower)
	leader, follower := running(t, lcfg), running(t, fcfg)
	last := appendAll(t, nc, workload(1_000))
	waitApplied(t, leader, last)
	waitApplied(t, follower, last)
	eventStream(t, nc, last) // each CMD message covered once: the follower published nothing
	q, err := query.Do(context.Background(), nc, &pb.QueryRequest{Query: &pb.QueryRequest_Status{Status: &pb.StatusQuery{}}})
	if err != nil || q.GetStatus().GetAppliedSeq() != last {
		t.Fatalf("status: %v %v", q, err)
	}
}

// TestCorruptCommandHalts: a CMD message that fails its checksum stops
// the engine with a diagnostic naming it, and nothing after it is applied.
func TestCorruptCommandHalts(t *testing.T) {
	srv := natstest.Start(t)
	nc := natstest.Connect(t, srv)
	cfg := testConfig(t, nc, ModeLeader)
	s, err := Open(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	good := appendAll(t, nc, workload(0)[:3])
	js, _ := jetstream.New(nc)
	frame, _ := journal.EncodeCommandBatch(&pb.CommandBatch{Commands: []*pb.Command{{Id: []byte{1}, Body: &pb.Command_Tick{Tick: &pb.Tick{}}}}})
	frame[len(frame)-1] ^= 0xff // flip bits in the payload
	ack, err := js.Publish(context.Background(), journal.CommandSubject, frame)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	err = s.Run(ctx)
	if !errors.Is(err, journal.ErrCorrupt) || !bytes.Contains([]byte(err.Error()), []byte(strconv.FormatUint(ack.Sequence, 10))) {
		t.Fatalf("Run returned %v, want a corruption error naming CMD %d", err, ack.Sequence)
	}
	if s.Applied() != good {
		t.Fatalf("applied %d, want %d (the messages before the corrupt one)", s.Applied(), good)
	}
}

// TestReplayTo: a replay stops at the CMD sequence it is given, in the
// state the live engine had there, even though the log goes on; a replay
// past the log's end is refused.
func TestReplayTo(t *testing.T) {
	srv := natstest.Start(t)
	nc := natstest.Connect(t, srv)
	cmds := workload(1_000)
	midHash, mid := applyAndStop(t, testConfig(t, nc, ModeLeader), cmds[:len(cmds)/2])
	last := appendAll(t, nc, cmds[len(cmds)/2:])

	rcfg := testConfig(t, nc, ModeReplay)
	rcfg.ReplayTo = mid
	r, err := Replay(context.Background(), rcfg)
	if err != nil {
		t.Fatal(err)
	}
	if r.AppliedSeq != mid || r.StateHash != midHash {
		t.Fatalf("replay to %d: %x at %d, live %x", mid, r.StateHash[:8], r.AppliedSeq, midHash[:8])
	}
	rcfg = testConfig(t, nc, ModeReplay)
	rcfg.ReplayTo = last + 1
	if _, err := Replay(context.Background(), rcfg); err == nil {
		t.Fatalf("replay to %d, past the log's end at %d, succeeded", last+1, last)
	}
}
