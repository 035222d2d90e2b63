// Package natstest starts an embedded NATS server with JetStream for a
// test: a random port, a store in the test's temporary directory, and
// shutdown at cleanup. It imports testing, so only tests may import it
// (a test of pred.dev/proto/runtime checks that no other package does).
package natstest

import (
	"testing"

	"github.com/nats-io/nats.go"

	"pred.dev/proto/runtime/natsembed"
)

// Start starts a server for a test: a random TCP port, a store in
// tb.TempDir(), no logs, and shutdown at cleanup. Each option function
// adjusts the Options before the start (for example to set SyncAlways).
// The test fails at once if the server cannot start.
func Start(tb testing.TB, opts ...func(*natsembed.Options)) *natsembed.Server {
	tb.Helper()
	o := natsembed.Options{StoreDir: tb.TempDir(), Port: -1, Name: "test"}
	for _, apply := range opts {
		apply(&o)
	}
	s, err := natsembed.Start(o)
	if err != nil {
		tb.Fatalf("start embedded NATS: %v", err)
	}
	tb.Cleanup(s.Shutdown)
	return s
}

// Connect connects to s for a test and closes the connection at cleanup,
// before the server shuts down.
func Connect(tb testing.TB, s *natsembed.Server, opts ...nats.Option) *nats.Conn {
	tb.Helper()
	nc, err := s.Connect(opts...)
	if err != nil {
		tb.Fatalf("connect to embedded NATS: %v", err)
	}
	tb.Cleanup(nc.Close)
	return nc
}
