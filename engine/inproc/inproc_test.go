package inproc

import (
	"context"
	"errors"
	"testing"
	"time"

	"pred.dev/engine/machine"
	"pred.dev/engine/service"
	"pred.dev/engine/wire"
	"pred.dev/proto/runtime/natstest"
	"pred.dev/proto/runtime/publish"
)

// waitMax bounds every wait; a safety net, not an assertion.
const waitMax = 30 * time.Second

// TestStartSyncStopRestart: an engine started on a data dir applies what
// is appended, stops cleanly, and a second one on the same dir resumes
// with the same state.
func TestStartSyncStopRestart(t *testing.T) {
	srv := natstest.Start(t)
	nc := natstest.Connect(t, srv)
	ctx, cancel := context.WithTimeout(context.Background(), waitMax)
	defer cancel()
	cfg := service.Config{DataDir: t.TempDir(), Conn: nc, TickInterval: time.Hour, Machine: machine.DefaultConfig()}
	e, err := Start(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	pub, err := publish.New(nc, publish.Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer pub.Close()
	deposit := &machine.Command{Kind: machine.KindDeposit, ID: machine.Hash{1}, Account: machine.Address{7}, Amount: 5 * machine.UnitsPerShare}
	if _, err := pub.Append(ctx, wire.ToPB(deposit, nil)); err != nil {
		t.Fatal(err)
	}
	if err := e.Sync(ctx); err != nil {
		t.Fatal(err)
	}
	if e.Service().Applied() == 0 || !e.Service().Leading() {
		t.Fatalf("applied %d, leading %v", e.Service().Applied(), e.Service().Leading())
	}
	if err := e.Stop(); err != nil {
		t.Fatalf("stop: %v", err)
	}
	if err := e.Stop(); err != nil {
		t.Fatalf("second stop: %v", err)
	}
	hash := e.Service().State().StateHash()
	again, err := Start(ctx, cfg)
	if err != nil {
		t.Fatalf("restart on the same dir: %v", err)
	}
	defer again.Stop()
	if err := again.Sync(ctx); err != nil {
		t.Fatal(err)
	}
	if err := again.Stop(); err != nil {
		t.Fatal(err)
	}
	if again.Service().State().StateHash() != hash {
		t.Fatal("the restarted engine's state differs")
	}
}

// TestEngineThatStopsByItself: an engine whose connection closes stops
// on its own; Done says so and Err and Stop report why.
func TestEngineThatStopsByItself(t *testing.T) {
	nc := natstest.Connect(t, natstest.Start(t))
	ctx, cancel := context.WithTimeout(context.Background(), waitMax)
	defer cancel()
	e, err := Start(ctx, service.Config{DataDir: t.TempDir(), Conn: nc, TickInterval: time.Hour, Machine: machine.DefaultConfig()})
	if err != nil {
		t.Fatal(err)
	}
	if e.Err() != nil {
		t.Fatalf("a running engine reports %v", e.Err())
	}
	nc.Close()
	select {
	case <-e.Done():
	case <-ctx.Done():
		t.Fatal("the engine ran on after its connection closed")
	}
	if !errors.Is(e.Err(), service.ErrConnClosed) || !errors.Is(e.Stop(), service.ErrConnClosed) {
		t.Fatalf("Err %v, Stop %v: want ErrConnClosed", e.Err(), e.Stop())
	}
}
