package natsembed_test

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"pred.dev/proto/runtime/natsembed"
	"pred.dev/proto/runtime/natstest"
)

// publishAndCount creates (or reuses) a file stream on s, publishes one
// message to it and returns how many messages the stream then holds.
func publishAndCount(t *testing.T, s *natsembed.Server) uint64 {
	t.Helper()
	nc := natstest.Connect(t, s)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cfg := jetstream.StreamConfig{Name: "T", Subjects: []string{"t"}, Storage: jetstream.FileStorage}
	stream, err := js.CreateOrUpdateStream(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := js.Publish(ctx, "t", []byte("x")); err != nil {
		t.Fatal(err)
	}
	info, err := stream.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return info.State.Msgs
}

func TestTestServerListensOnRandomPort(t *testing.T) {
	s := natstest.Start(t)
	if !strings.HasPrefix(s.ClientURL(), "nats://127.0.0.1:") || strings.HasSuffix(s.ClientURL(), ":4222") {
		t.Fatalf("ClientURL = %q, want a random loopback port", s.ClientURL())
	}
	if n := publishAndCount(t, s); n != 1 {
		t.Fatalf("stream holds %d messages, want 1", n)
	}
}

func TestInProcessOnly(t *testing.T) {
	s := natstest.Start(t, func(o *natsembed.Options) { o.Port = 0 })
	if s.ClientURL() != "" {
		t.Fatalf("ClientURL = %q, want empty without a listener", s.ClientURL())
	}
	if n := publishAndCount(t, s); n != 1 {
		t.Fatalf("stream holds %d messages, want 1", n)
	}
}

func TestSyncAlwaysReachesJetStream(t *testing.T) {
	s := natstest.Start(t, func(o *natsembed.Options) { o.SyncAlways = true })
	if !s.NATS().JetStreamConfig().SyncAlways {
		t.Fatal("JetStream config has SyncAlways off")
	}
	if natstest.Start(t).NATS().JetStreamConfig().SyncAlways {
		t.Fatal("SyncAlways is on although not asked for")
	}
}

func TestRestartKeepsStore(t *testing.T) {
	dir := t.TempDir()
	opts := natsembed.Options{StoreDir: dir, Port: 0, SyncAlways: true}
	first, err := natsembed.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(first.Shutdown) // Shutdown is idempotent; this covers a failed assertion.
	if n := publishAndCount(t, first); n != 1 {
		t.Fatalf("first run: %d messages, want 1", n)
	}
	first.Shutdown()

	second, err := natsembed.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(second.Shutdown)
	if n := publishAndCount(t, second); n != 2 {
		t.Fatalf("after restart: %d messages, want 2", n)
	}
}

func TestLoggerReceivesServerLogs(t *testing.T) {
	core, logs := observer.New(zapcore.DebugLevel)
	natstest.Start(t, func(o *natsembed.Options) { o.Logger = zap.New(core) })
	if logs.FilterLoggerName("nats").Len() == 0 {
		t.Fatal("no server log lines reached the zap logger")
	}
}

func TestStartRequiresStoreDir(t *testing.T) {
	if _, err := natsembed.Start(natsembed.Options{Port: 0}); err == nil {
		t.Fatal("Start without StoreDir succeeded")
	}
}

// TestStartOnTakenPort: a port another process holds fails the start
// with the server's words, and before the ready wait's bound (a CI run's
// natsd said only "not ready after 10s").
func TestStartOnTakenPort(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	for _, logger := range []*zap.Logger{nil, zap.NewNop()} {
		_, err := natsembed.Start(natsembed.Options{StoreDir: t.TempDir(), Port: l.Addr().(*net.TCPAddr).Port, Logger: logger})
		if err == nil || !strings.Contains(err.Error(), "address already in use") {
			t.Fatalf("start on a taken port (logger %v): %v", logger != nil, err)
		}
	}
}
