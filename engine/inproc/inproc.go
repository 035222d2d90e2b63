// Package inproc runs the matching engine inside the calling process: on a
// NATS connection the caller owns, with its Pebble state in a data dir,
// until Stop. The devnet runs its engine this way, the CLOB gateway's
// tests run theirs (the real engine, never a stand-in), and the benchmarks
// measure one, so all three run the same engine the same way.
//
//	e, err := inproc.Start(ctx, service.Config{DataDir: dir, Conn: nc, Machine: machine.DefaultConfig()})
//	...
//	err = e.Sync(ctx) // the engine has applied the whole command log
//	err = e.Stop()    // Run's error, if any; the data dir can be opened again
package inproc

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/engine/service"
	"pred.dev/proto/journal"
	"pred.dev/proto/runtime/streams"
)

// Engine is an engine running on a goroutine of this process.
type Engine struct {
	svc    *service.Service
	js     jetstream.JetStream
	cancel context.CancelFunc
	done   chan struct{}
	runErr error

	stopOnce sync.Once
	stopErr  error
}

// Start opens the engine's data dir (service.Open: load the state, ensure
// the streams) and runs it (service.Run) until Stop or until it stops by
// itself. ctx bounds the opening only.
func Start(ctx context.Context, cfg service.Config) (*Engine, error) {
	s, err := service.Open(ctx, cfg)
	if err != nil {
		return nil, err
	}
	js, err := jetstream.New(cfg.Conn)
	if err != nil {
		_ = s.Close()
		return nil, err
	}
	runCtx, cancel := context.WithCancel(context.Background())
	e := &Engine{svc: s, js: js, cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(e.done)
		e.runErr = s.Run(runCtx)
	}()
	return e, nil
}

// Service is the running engine, for what it reports (Applied, Leading).
func (e *Engine) Service() *service.Service { return e.svc }

// Done is closed once the engine's Run has returned: it was stopped, or it
// stopped by itself (a corrupt log, a lost lease, a closed connection).
func (e *Engine) Done() <-chan struct{} { return e.done }

// Err is Run's error once Done is closed (nil after a clean stop).
func (e *Engine) Err() error {
	select {
	case <-e.done:
		return e.runErr
	default:
		return nil
	}
}

// Stop stops the engine, waits for its Run to return (the state it applied
// is committed) and closes its store, so that the data dir can be opened
// again. It returns Run's error, else the store's; later calls return the
// same.
func (e *Engine) Stop() error {
	e.stopOnce.Do(func() {
		e.cancel()
		<-e.done
		e.stopErr = errors.Join(e.runErr, e.svc.Close())
	})
	return e.stopErr
}

// WaitApplied waits until the engine has applied the command log up to CMD
// sequence seq.
func (e *Engine) WaitApplied(ctx context.Context, seq uint64) error {
	if !e.svc.WaitApplied(ctx, seq) {
		return fmt.Errorf("inproc: the engine applied up to CMD %d, not %d: %w", e.svc.Applied(), seq, context.Cause(ctx))
	}
	return nil
}

// Sync waits until the engine has applied every command the log holds now.
func (e *Engine) Sync(ctx context.Context) error {
	last, err := streams.LastSeq(ctx, e.js, journal.CommandStream)
	if err != nil {
		return err
	}
	return e.WaitApplied(ctx, last)
}
