package service

import (
	"context"
	"fmt"
	"time"

	"go.uber.org/zap"

	"pred.dev/proto/journal"
	"pred.dev/proto/runtime/streams"
)

// The pump's watchdog. nats.go's ordered consumer is meant to make itself
// again when the server holding it goes away, but a cluster run under
// load saw an engine leader receive nothing from CMD for two minutes
// after that server was killed: the stream had a new leader within 7 s
// and the gateways' commands were in the log, while the engine, silent,
// went on renewing its lease, so every order was answered ENGINE_TIMEOUT.
// An engine whose log moved on while it applied nothing for stallMax
// stops with an error instead; its supervisor restarts it, and the
// restart reads on from its committed position, as after any stop.
const (
	stallCheckInterval = 5 * time.Second
	stallMax           = 30 * time.Second
)

// watchStall ends the run when the pump stalls. A gated engine (a
// standby waiting for the EVT stream to cover the log) may apply nothing
// for as long as the leader publishes nothing, and an unanswered look at
// the log's end blames NATS, not the consumer: neither counts.
func (s *Service) watchStall(ctx context.Context) error {
	t := time.NewTicker(stallCheckInterval)
	defer t.Stop()
	applied, since := s.applied.Load(), time.Now()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
		if a := s.applied.Load(); a != applied || s.gated.Load() {
			applied, since = a, time.Now()
			continue
		}
		qctx, cancel := context.WithTimeout(ctx, stallCheckInterval)
		last, err := streams.LastSeq(qctx, s.js, journal.CommandStream)
		cancel()
		if err != nil || last <= applied {
			since = time.Now()
			continue
		}
		if stalled := time.Since(since); stalled > stallMax {
			s.log.Error("the command log moved on and this engine applied nothing: its consumer stalled; stopping so that a restart follows again",
				zap.Uint64("applied_seq", applied), zap.Uint64("log_last_seq", last), zap.Duration("stalled", stalled))
			return fmt.Errorf("service: the log is at CMD %d and this engine applied nothing past %d for %s", last, applied, stalled.Round(time.Second))
		}
	}
}
