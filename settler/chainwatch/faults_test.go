package chainwatch_test

import (
	"context"
	"errors"
	"net"
	"path/filepath"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest"
	"go.uber.org/zap/zaptest/observer"

	"pred.dev/proto/chain/chaintest"
	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/eventually"
	"pred.dev/proto/runtime/natsembed"
	"pred.dev/proto/runtime/natstest"
	"pred.dev/proto/runtime/publish"
	"pred.dev/proto/runtime/streams"
	"pred.dev/settler/chainwatch"
)

// TestNATSDown: while NATS is down a step fails, is reported, and moves
// the cursor nowhere; once NATS is back (same store, same port) the
// watcher appends what it missed. Nothing is lost, and a command appended
// before the outage and again after it carries the same id, which the
// engine applies once.
func TestNATSDown(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	env, err := chaintest.NewSimulated(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer env.Close()
	dir := t.TempDir()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	_ = ln.Close()
	startNATS := func() *natsembed.Server {
		s, err := natsembed.Start(natsembed.Options{StoreDir: dir, Port: port, Name: "down"})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	srv := startNATS()
	defer func() { srv.Shutdown() }()
	nc, err := nats.Connect(srv.ClientURL(), nats.MaxReconnects(-1), nats.ReconnectWait(20*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	if err := streams.Ensure(ctx, js, streams.Config{}); err != nil {
		t.Fatal(err)
	}
	pub, err := publish.New(nc, publish.Config{AckTimeout: 300 * time.Millisecond}, zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = pub.Close() }()
	w, err := chainwatch.New(ctx, chainwatch.DefaultConfig(env.D), env.Chain.Backend, js, pub, zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	trader, err := env.NewTrader(ctx, true, units(5))
	if err != nil {
		t.Fatal(err)
	}
	steps := func() (done bool, err error) {
		for range 50 {
			if done, err = w.Step(ctx); done || err != nil {
				return done, err
			}
		}
		return false, nil
	}
	// Confirmations 2: two more blocks make the funding block handled.
	env.Sim().Commit()
	env.Sim().Commit()
	if _, err := steps(); err != nil {
		t.Fatal(err)
	}
	before := w.Cursor()

	srv.Shutdown()
	for _, n := range []int64{2, 3} {
		if err := env.Fund(ctx, trader.Maker, units(n)); err != nil {
			t.Fatal(err)
		}
	}
	env.Sim().Commit()
	env.Sim().Commit()
	if _, err := steps(); err == nil {
		t.Fatal("a step with NATS down succeeded")
	}
	if w.Cursor() != before {
		t.Fatalf("the cursor moved from %+v to %+v with NATS down", before, w.Cursor())
	}

	srv = startNATS()
	eventually.NoError(t, "the watcher catches up once NATS is back", func() error {
		done, err := steps()
		if err == nil && !done {
			return errors.New("not caught up yet")
		}
		return err
	})
	// Every command in the log, by id: the deployment and the three
	// deposits, each id possibly twice, never two ids for one transfer.
	stream, err := js.Stream(ctx, journal.CommandStream)
	if err != nil {
		t.Fatal(err)
	}
	info, err := stream.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	amounts := map[string]uint64{}
	deployed := 0
	for seq := uint64(1); seq <= info.State.LastSeq; seq++ {
		msg, err := stream.GetMsg(ctx, seq)
		if err != nil {
			t.Fatal(err)
		}
		b, err := journal.DecodeCommandBatch(msg.Data)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range b.GetCommands() {
			switch x := c.GetBody().(type) {
			case *pb.Command_Deposit:
				amounts[string(c.GetId())] = x.Deposit.GetAmount()
			case *pb.Command_WalletDeployed:
				deployed++
			}
		}
	}
	var total uint64
	for _, a := range amounts {
		total += a
	}
	if len(amounts) != 3 || total != 10*chaintest.Unit || deployed == 0 {
		t.Fatalf("after the outage: %d distinct deposits of %d units in all, %d deployments; want 3 of 10000000 and the deployment",
			len(amounts), total, deployed)
	}
}

// TestTwoWatchers: a second watcher on the same cursor (each settler of
// a deployment runs one) cannot move it behind the first's back: its
// write fails as a race, not an error, it reads the cursor again and
// follows it. What both append carries the same ids, so the engine
// applies each once.
func TestTwoWatchers(t *testing.T) {
	h := newHarness(t)
	first, second := h.watcher(0), h.watcher(0)
	if _, err := h.env.NewTrader(h.ctx, true, units(3)); err != nil {
		t.Fatal(err)
	}
	h.catchUp(first)
	_, ids := h.appended()
	if _, err := second.Step(h.ctx); !errors.Is(err, chainwatch.ErrRaced) {
		t.Fatalf("the second watcher's step over a cursor the first had moved: %v, want a race", err)
	}
	ctx, cancel := context.WithTimeout(h.ctx, 500*time.Millisecond)
	defer cancel()
	if err := second.Run(ctx); err != nil {
		t.Fatal(err)
	}
	if second.Cursor() != first.Cursor() {
		t.Fatalf("the second watcher is at %+v, the first at %+v", second.Cursor(), first.Cursor())
	}
	// The reconciliation of the settler that lost the race compares at
	// the blocks the winner handled, after the winner's commands.
	fb, fs := first.Handled()
	if sb, ss := second.Handled(); sb != fb || ss < fs {
		t.Fatalf("the second watcher handled block %d through CMD %d, the first block %d through %d", sb, ss, fb, fs)
	}
	known := map[string]bool{}
	for _, id := range ids {
		known[string(id)] = true
	}
	_, again := h.appended()
	for _, id := range again {
		if !known[string(id)] {
			t.Fatalf("the second watcher appended a new id %x", id)
		}
	}
}

// TestStartRidesOutJetStream: a watcher started while JetStream does not
// answer (in a cluster run, a settler started while the cursor bucket's
// leader was being elected read "chainwatch: read cursor: nats: no
// responders", and it never started its watcher) says so, tries again,
// and starts once JetStream is back; then it follows the chain.
func TestStartRidesOutJetStream(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	env, err := chaintest.NewSimulated(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer env.Close()
	srv := natstest.Start(t)
	nc := natstest.Connect(t, srv)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	if err := streams.Ensure(ctx, js, streams.Config{}); err != nil {
		t.Fatal(err)
	}
	pub, err := publish.New(nc, publish.Config{}, zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = pub.Close() }()
	// The bucket and its cursor exist, as at a settler's restart.
	cfg := chainwatch.DefaultConfig(env.D)
	cfg.Confirmations = 0
	first, err := chainwatch.New(ctx, cfg, env.Chain.Backend, js, pub, zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := first.Step(ctx); err != nil {
		t.Fatal(err)
	}

	ns := srv.NATS()
	jsCfg := *ns.JetStreamConfig()
	// The server adds its jetstream directory to the one it is given.
	jsCfg.StoreDir = filepath.Dir(jsCfg.StoreDir)
	if err := ns.ShutdownJetStream(); err != nil {
		t.Fatal(err)
	}
	core, logs := observer.New(zap.WarnLevel)
	zl := zap.New(zapcore.NewTee(zaptest.NewLogger(t).Core(), core))
	retrying := func() int { return logs.FilterMessageSnippet("retrying").Len() }
	back := make(chan error, 1)
	go func() {
		for retrying() == 0 {
			select {
			case <-ctx.Done():
				back <- ctx.Err()
				return
			case <-time.After(10 * time.Millisecond):
			}
		}
		back <- ns.EnableJetStream(&jsCfg)
	}()
	// No deadline, as the settler's: each JetStream call then ends after
	// the client's default timeout, not the test's.
	startCtx, stop := context.WithCancel(context.Background())
	defer stop()
	defer context.AfterFunc(ctx, stop)()
	w, err := chainwatch.New(startCtx, cfg, env.Chain.Backend, js, pub, zl)
	if err != nil {
		t.Fatalf("a watcher started while JetStream did not answer: %v", err)
	}
	if err := <-back; err != nil {
		t.Fatalf("JetStream back: %v", err)
	}
	if w.Cursor() != first.Cursor() {
		t.Fatalf("the watcher started at %+v, the cursor is %+v", w.Cursor(), first.Cursor())
	}
	t.Logf("started after %d failed attempts", retrying())
	trader, err := env.NewTrader(ctx, true, units(2))
	if err != nil {
		t.Fatal(err)
	}
	eventually.NoError(t, "the watcher follows the chain", func() error {
		if _, err := w.Step(ctx); err != nil {
			return err
		}
		if !w.IsProxy(trader.Maker) {
			return errors.New("the trader's wallet is not seen yet")
		}
		return nil
	})
}
