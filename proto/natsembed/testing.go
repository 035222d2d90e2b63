package natsembed

import (
	"testing"

	"github.com/nats-io/nats.go"
)

// StartTest starts a server for a test: a random TCP port, a store in
// tb.TempDir(), no logs, and shutdown at cleanup. Each option function
// adjusts the Options before the start (for example to set SyncAlways).
// The test fails at once if the server cannot start.
func StartTest(tb testing.TB, opts ...func(*Options)) *Server {
	tb.Helper()
	o := Options{StoreDir: tb.TempDir(), Port: -1, Name: "test"}
	for _, apply := range opts {
		apply(&o)
	}
	s, err := Start(o)
	if err != nil {
		tb.Fatalf("start embedded NATS: %v", err)
	}
	tb.Cleanup(s.Shutdown)
	return s
}

// ConnectTest connects to s for a test and closes the connection at
// cleanup, before the server shuts down.
func ConnectTest(tb testing.TB, s *Server, opts ...nats.Option) *nats.Conn {
	tb.Helper()
	nc, err := s.Connect(opts...)
	if err != nil {
		tb.Fatalf("connect to embedded NATS: %v", err)
	}
	tb.Cleanup(nc.Close)
	return nc
}
