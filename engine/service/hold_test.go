package service

import (
	"context"
	"sync"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"

	"pred.dev/engine/machine"
	"pred.dev/engine/wire"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/natstest"
	"pred.dev/proto/runtime/publish"
)

// TestBusyCommitHoldsTheBatch: while stage 2 commits, stage 1 applies and
// answers the messages that arrive but holds them in one open batch, and
// seals it when stage 2 is free or the engine stops. The stop's checkpoint
// covers the held messages.
func TestBusyCommitHoldsTheBatch(t *testing.T) {
	srv := natstest.Start(t)
	nc := natstest.Connect(t, srv)
	cfg := testConfig(t, nc, ModeLeader)
	entered, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	commitHook = func() { once.Do(func() { close(entered); <-release }) }
	t.Cleanup(func() { commitHook = nil })

	s, err := Open(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	closed := false
	defer func() {
		if !closed {
			s.Close()
		}
	}()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx) }()
	pub, err := publish.New(nc, publish.Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer pub.Close()
	tick := func(i byte) *pb.Command {
		return wire.ToPB(&machine.Command{Kind: machine.KindTick, ID: machine.Hash{0x7e, i}}, nil)
	}

	// The first message's commit is held: stage 2 is busy from here on.
	first, err := pub.Append(context.Background(), tick(1))
	if err != nil {
		t.Fatal(err)
	}
	<-entered
	batches, msgs := batchMessages(t, s)

	// Three more messages, one each: the first is answered while stage 2
	// is still busy.
	res, err := pub.Submit(context.Background(), tick(2))
	if err != nil || res.Seq != first+1 {
		t.Fatalf("Submit while stage 2 is busy: %v, %v; want an answer for CMD %d", res, err, first+1)
	}
	var last uint64
	for i := byte(3); i <= 4; i++ {
		if last, err = pub.Append(context.Background(), tick(i)); err != nil {
			t.Fatal(err)
		}
	}
	waitCore(t, s, last)
	if s.Applied() >= first {
		t.Fatalf("CMD %d committed while stage 2 was held", s.Applied())
	}

	cancel() // the stop seals the held batch; stage 2 commits it once free
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	b, m := batchMessages(t, s)
	if b-batches != 2 || m-msgs != 4 {
		t.Fatalf("%d batches of %d messages after the hold, want 2 of 4 (the first alone, then the three held)", b-batches, int(m-msgs))
	}
	want := s.State().StateHash()
	s.Close()
	closed = true
	h, seq, err := Hash(cfg.DataDir, cfg.Machine)
	if err != nil || seq != last || h != want {
		t.Fatalf("stored state at %d (%v), want the core's at %d", seq, err, last)
	}
}

// batchMessages reads the engine_batch_messages histogram: the batches
// committed and their messages.
func batchMessages(t *testing.T, s *Service) (batches uint64, msgs float64) {
	t.Helper()
	var m dto.Metric
	if err := s.met.batchMsg.Write(&m); err != nil {
		t.Fatal(err)
	}
	return m.GetHistogram().GetSampleCount(), m.GetHistogram().GetSampleSum()
}

// waitCore waits until the core (not the store) has applied seq, read on
// the apply loop.
func waitCore(t *testing.T, s *Service, seq uint64) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		var at uint64
		if s.inspect(context.Background(), func(_ *machine.Machine, applied uint64) { at = applied }) && at >= seq {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the core applied %d, want %d", at, seq)
		}
		time.Sleep(time.Millisecond)
	}
}
