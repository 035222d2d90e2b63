package service

import (
	"bytes"
	"context"
	"errors"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/engine/machine"
	"pred.dev/engine/wire"
	"pred.dev/proto/runtime/natsembed"
	"pred.dev/proto/runtime/natstest"
	"pred.dev/proto/runtime/publish"
	"pred.dev/proto/runtime/streams"
)

// engineRun is an engine whose end the test watches.
type engineRun struct {
	s      *Service
	nc     *nats.Conn
	cancel context.CancelFunc
	done   chan error
}

// startEngine opens and runs an engine on its own NATS connection.
func startEngine(t *testing.T, srv *natsembed.Server, cfg Config) *engineRun {
	t.Helper()
	nc := natstest.Connect(t, srv)
	cfg.Conn = nc
	s, err := Open(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	r := &engineRun{s: s, nc: nc, cancel: cancel, done: make(chan error, 1)}
	go func() { r.done <- s.Run(ctx) }()
	t.Cleanup(func() {
		r.stop()
		s.Close()
	})
	return r
}

// stop ends the run and returns its error; calling it again returns nil.
func (r *engineRun) stop() error {
	r.cancel()
	err, ok := <-r.done
	if ok {
		close(r.done)
	}
	return err
}

func leaseConfig(t *testing.T, id string, ttl time.Duration) Config {
	cfg := testConfig(t, nil, ModeLeader)
	cfg.LeaseTTL, cfg.InstanceID = ttl, id
	return cfg
}

// waitLeader waits until exactly one of the engines leads and returns it,
// woken by each engine's promotion.
func waitLeader(t *testing.T, runs ...*engineRun) *engineRun {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for {
		promoted := make(chan struct{}, len(runs))
		for _, r := range runs {
			go func(moved <-chan struct{}) {
				select {
				case <-moved:
					promoted <- struct{}{}
				case <-ctx.Done():
				}
			}(r.s.leadingMoved.wait())
		}
		var leaders []*engineRun
		for _, r := range runs {
			if r.s.Leading() {
				leaders = append(leaders, r)
			}
		}
		if len(leaders) > 1 {
			t.Fatalf("%d engines lead at once", len(leaders))
		}
		if len(leaders) == 1 {
			return leaders[0]
		}
		select {
		case <-promoted:
		case <-ctx.Done():
			t.Fatal("no engine took the lease")
		}
	}
}

// waitHeldBack waits until the gate of s holds a CMD message back.
func waitHeldBack(t *testing.T, s *Service) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for {
		moved := s.heldBackMoved.wait()
		if s.heldBack.Load() != 0 {
			return
		}
		select {
		case <-moved:
		case <-ctx.Done():
			t.Fatalf("the gate held nothing back; the engine applied up to %d", s.Applied())
		}
	}
}

// leaderAndStandby starts two engines that share a lease of the given TTL
// and returns a client connection, the one that won the lease and the
// other.
func leaderAndStandby(t *testing.T, ttl time.Duration) (nc *nats.Conn, leader, standby *engineRun) {
	srv := natstest.Start(t)
	nc = natstest.Connect(t, srv)
	a, b := startEngine(t, srv, leaseConfig(t, "a", ttl)), startEngine(t, srv, leaseConfig(t, "b", ttl))
	leader = waitLeader(t, a, b)
	return nc, leader, map[*engineRun]*engineRun{a: b, b: a}[leader]
}

// submitTicks submits n Tick commands one at a time and checks that each
// gets its result: someone leads and answers.
func submitTicks(t *testing.T, nc *nats.Conn, tag byte, n int) uint64 {
	t.Helper()
	pub, err := publish.New(nc, publish.Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer pub.Close()
	var last uint64
	for i := range n {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		res, err := pub.Submit(ctx, wire.ToPB(&machine.Command{Kind: machine.KindTick, ID: machine.Hash{tag, byte(i), byte(i >> 8)}}, nil))
		cancel()
		if err != nil {
			t.Fatalf("tick %d: %v", i, err)
		}
		last = res.Seq
	}
	return last
}

// checkReplay replays the log into a fresh dir and compares its hash with
// the engine's.
func checkReplay(t *testing.T, nc *nats.Conn, s *Service, last uint64) {
	t.Helper()
	cfg := testConfig(t, nc, ModeReplay)
	r, err := Replay(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if r.AppliedSeq != last || r.StateHash != s.m.StateHash() {
		t.Fatalf("replay %x at %d, engine %x at %d", r.StateHash[:8], r.AppliedSeq, s.m.StateHash(), s.Applied())
	}
}

// TestStandbyTakesOverOnRelease: of two engines sharing a lease one leads;
// when it stops cleanly the other takes over at once, answers, publishes
// from where the first stopped, and the EVT stream covers every command
// exactly once. The lease lives an hour: it cannot expire during the test,
// and the standby's retry (every quarter TTL) cannot come either, so only
// the release, which the standby watches for, can hand it over.
func TestStandbyTakesOverOnRelease(t *testing.T) {
	nc, first, second := leaderAndStandby(t, time.Hour)
	last := appendAll(t, nc, workload(500))
	waitApplied(t, first.s, last)
	waitApplied(t, second.s, last)
	if err := first.stop(); err != nil {
		t.Fatalf("leader stop: %v", err)
	}
	if waitLeader(t, second) != second {
		t.Fatal("the standby did not take over")
	}
	last = submitTicks(t, nc, 0xa1, 20)
	waitApplied(t, second.s, last)
	eventStream(t, nc, last)
	if err := second.stop(); err != nil {
		t.Fatalf("new leader stop: %v", err)
	}
	checkReplay(t, nc, second.s, last)
}

// TestStandbyTakesOverOnCrash: a leader that vanishes without releasing
// the lease (its connection dies) is replaced once the lease expires;
// commands appended meanwhile are answered by the new leader and their
// events published exactly once.
func TestStandbyTakesOverOnCrash(t *testing.T) {
	nc, first, second := leaderAndStandby(t, time.Second)
	last := appendAll(t, nc, workload(500))
	waitApplied(t, second.s, last)
	first.nc.Close()
	select {
	case err := <-first.done:
		first.done <- err
	case <-time.After(10 * time.Second):
		t.Fatal("the leader whose connection closed is still running")
	}
	if err := first.stop(); !errors.Is(err, ErrConnClosed) {
		t.Errorf("the crashed leader's Run returned %v, want a closed connection", err)
	}
	last = submitTicks(t, nc, 0xb1, 20) // waits for the takeover
	if !second.s.Leading() {
		t.Fatal("the standby is not leading")
	}
	waitApplied(t, second.s, last)
	eventStream(t, nc, last)
	if err := second.stop(); err != nil {
		t.Fatalf("new leader stop: %v", err)
	}
	checkReplay(t, nc, second.s, last)
}

// TestStandbyIsGated: a standby applies nothing the EVT stream does not
// cover, so it can never take over having applied commands whose events
// are missing.
func TestStandbyIsGated(t *testing.T) {
	srv := natstest.Start(t)
	nc := natstest.Connect(t, srv)
	follower := startEngine(t, srv, testConfig(t, nil, ModeFollower))
	last := appendAll(t, nc, workload(0)[:5])
	// With no leader, nothing covers the commands. Rather than wait for a
	// while and see nothing applied, wait for the event that settles it:
	// the follower has read the first CMD message and its gate holds it
	// back. Messages reach the apply loop in order through the gate, so
	// from then on nothing can be applied until an EVT message covers it.
	waitHeldBack(t, follower.s)
	if held, got := follower.s.heldBack.Load(), follower.s.Applied(); held != 1 || got != 0 {
		t.Fatalf("the gate holds back CMD %d and the follower applied up to %d, with no events published", held, got)
	}
	leader := startEngine(t, srv, testConfig(t, nil, ModeLeader))
	waitApplied(t, leader.s, last)
	waitApplied(t, follower.s, last)
	eventStream(t, nc, last)
}

// TestFencing: two engines that both lead without a lease cannot both
// publish: the second to publish a batch halts with ErrFenced, and the EVT
// stream still covers every command exactly once with the survivor's
// events.
func TestFencing(t *testing.T) {
	srv := natstest.Start(t)
	nc := natstest.Connect(t, srv)
	a, b := startEngine(t, srv, testConfig(t, nil, ModeLeader)), startEngine(t, srv, testConfig(t, nil, ModeLeader))
	last := appendAll(t, nc, workload(300))
	var survivor *engineRun
	deadline := time.After(30 * time.Second)
	for survivor == nil {
		select {
		case err := <-a.done:
			a.done <- err
			survivor = b
		case err := <-b.done:
			b.done <- err
			survivor = a
		case <-deadline:
			t.Fatal("two leaders published side by side: neither was fenced")
		}
	}
	loser := map[*engineRun]*engineRun{a: b, b: a}[survivor]
	if err := loser.stop(); !errors.Is(err, ErrFenced) {
		t.Fatalf("the fenced engine stopped with %v, want ErrFenced", err)
	}
	waitApplied(t, survivor.s, last)
	live := eventStream(t, nc, last)
	if err := survivor.stop(); err != nil {
		t.Fatal(err)
	}
	checkReplay(t, nc, survivor.s, last)
	var replayed [][]byte
	cfg := testConfig(t, nc, ModeReplay)
	cfg.OnEvents = func(_ uint64, framed []byte) { replayed = append(replayed, bytes.Clone(framed)) }
	if _, err := Replay(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(flatten(t, replayed), live) {
		t.Fatal("the EVT stream differs from the events a replay produces")
	}
}

// TestLeaderRefusesDataAheadOfEvents: an engine whose state is ahead of
// the EVT stream (a replay made where events were never published) will
// not lead: it could never publish the events in between.
func TestLeaderRefusesDataAheadOfEvents(t *testing.T) {
	srv := natstest.Start(t)
	nc := natstest.Connect(t, srv)
	js, _ := jetstream.New(nc)
	if err := streams.Ensure(context.Background(), js, streams.Config{}); err != nil {
		t.Fatal(err)
	}
	last := appendAll(t, nc, workload(0)[:3])
	cfg := testConfig(t, nc, ModeReplay)
	if _, err := Replay(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	cfg.Mode = ModeLeader
	_, err := Open(context.Background(), cfg)
	if err == nil || !bytes.Contains([]byte(err.Error()), []byte("EVT stream covers only up to 0")) {
		t.Fatalf("Open of a data dir at CMD %d with an empty EVT stream: %v", last, err)
	}
}
