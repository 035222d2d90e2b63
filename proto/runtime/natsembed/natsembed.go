// Package natsembed runs a NATS server with JetStream inside the current
// process. The devnet, the engine and every test that needs NATS use it
// (tests through pred.dev/proto/runtime/natstest), so they all exercise
// the real server rather than a fake.
package natsembed

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"go.uber.org/zap"
)

// readyTimeout bounds how long Start waits for the server to accept
// connections; a healthy embedded server is ready in milliseconds.
const readyTimeout = 10 * time.Second

// Options configure an embedded server.
type Options struct {
	// StoreDir is the JetStream file store directory. Required.
	StoreDir string
	// Port is the client TCP port on 127.0.0.1: -1 picks a random free port,
	// 0 opens no listener at all (clients connect in-process only).
	Port int
	// SyncAlways makes JetStream fsync every stored message before it acks
	// it, so an acknowledged message survives power loss. This is the
	// durable setting; without it the store syncs every two minutes.
	SyncAlways bool
	// Name is the server name, shown in logs and in stream cluster info.
	Name string
	// Logger receives the server's logs: notices and debug lines at debug
	// level, warnings and errors at their own levels. Nil silences the server.
	Logger *zap.Logger
}

// Server is a running embedded NATS server.
type Server struct {
	ns       *server.Server
	listener bool
}

// Start starts a server and waits until it accepts connections.
func Start(opts Options) (*Server, error) {
	if opts.StoreDir == "" {
		return nil, errors.New("natsembed: Options.StoreDir is required")
	}
	ns, err := server.NewServer(serverOptions(opts))
	if err != nil {
		return nil, fmt.Errorf("natsembed: configure server: %w", err)
	}
	l := zap.NewNop()
	if opts.Logger != nil {
		l = opts.Logger.Named("nats")
	}
	fatal := &fatalLogger{Logger: zapLogger{l.Sugar()}}
	ns.SetLogger(fatal, l.Core().Enabled(zap.DebugLevel), false)
	go ns.Start()
	if err := waitReady(ns, fatal); err != nil {
		ns.Shutdown()
		ns.WaitForShutdown()
		return nil, err
	}
	return &Server{ns: ns, listener: opts.Port != 0}, nil
}

// readyPoll spaces Start's looks for a fatal error while it waits.
const readyPoll = 50 * time.Millisecond

// waitReady waits until the server accepts connections, and fails at
// once with the server's words when it reports a fatal error: a port
// another process holds is logged, not returned, and used to cost the
// whole readyTimeout and say only "not ready".
func waitReady(ns *server.Server, fatal *fatalLogger) error {
	deadline := time.Now().Add(readyTimeout)
	for !ns.ReadyForConnections(readyPoll) {
		if msg := fatal.first(); msg != "" {
			return fmt.Errorf("natsembed: server failed: %s", msg)
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("natsembed: server not ready after %s", readyTimeout)
		}
	}
	return nil
}

func serverOptions(opts Options) *server.Options {
	so := &server.Options{
		ServerName: opts.Name,
		Host:       "127.0.0.1",
		Port:       opts.Port,
		DontListen: opts.Port == 0,
		JetStream:  true,
		StoreDir:   opts.StoreDir,
		SyncAlways: opts.SyncAlways,
		NoSigs:     true,
		NoLog:      opts.Logger == nil,
	}
	if opts.Port < 0 {
		so.Port = server.RANDOM_PORT
	}
	return so
}

// ClientURL is the nats:// URL of the TCP listener, or "" when the server
// has none (Port 0).
func (s *Server) ClientURL() string {
	if !s.listener {
		return ""
	}
	return s.ns.ClientURL()
}

// Connect opens a client connection: over TCP when the server listens,
// otherwise in-process.
func (s *Server) Connect(opts ...nats.Option) (*nats.Conn, error) {
	if !s.listener {
		opts = append(opts, nats.InProcessServer(s.ns))
	}
	nc, err := nats.Connect(s.ClientURL(), opts...)
	if err != nil {
		return nil, fmt.Errorf("natsembed: connect: %w", err)
	}
	return nc, nil
}

// NATS exposes the underlying server for monitoring and tests that need
// more than this package offers.
func (s *Server) NATS() *server.Server { return s.ns }

// Shutdown stops the server and waits until it has stopped, so the store
// directory can be reopened or removed afterwards.
func (s *Server) Shutdown() {
	s.ns.Shutdown()
	s.ns.WaitForShutdown()
}

// zapLogger adapts zap to the server's logger interface. Notices go to
// debug level because the server narrates routine events (startup banner,
// stream recovery) that would drown an application's own info logs.
type zapLogger struct{ l *zap.SugaredLogger }

func (z zapLogger) Noticef(format string, v ...any) { z.l.Debugf(format, v...) }
func (z zapLogger) Warnf(format string, v ...any)   { z.l.Warnf(format, v...) }
func (z zapLogger) Fatalf(format string, v ...any)  { z.l.Errorf(format, v...) }
func (z zapLogger) Errorf(format string, v ...any)  { z.l.Errorf(format, v...) }
func (z zapLogger) Debugf(format string, v ...any)  { z.l.Debugf(format, v...) }
func (z zapLogger) Tracef(format string, v ...any)  { z.l.Debugf(format, v...) }

// fatalLogger keeps the server's first fatal message and passes every
// line on to Logger. The embedded server only logs its fatal errors (a
// listener it could not open) and goes on.
type fatalLogger struct {
	server.Logger

	mu    sync.Mutex
	fatal string
}

func (f *fatalLogger) first() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.fatal
}

func (f *fatalLogger) Fatalf(format string, v ...any) {
	f.mu.Lock()
	if f.fatal == "" {
		f.fatal = fmt.Sprintf(format, v...)
	}
	f.mu.Unlock()
	f.Logger.Fatalf(format, v...)
}
