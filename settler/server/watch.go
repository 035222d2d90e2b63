package server

import (
	"context"
	"errors"
	"fmt"
	"net"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"go.uber.org/zap"

	"pred.dev/proto/chain/deploy"
	"pred.dev/proto/chain/txn"
	"pred.dev/settler/chainwatch"
	"pred.dev/settler/reconcile"
)

// WatchConfig configures the chain watcher and the reconciliation beside
// the settlement: the watcher brings wallet deployments, deposits,
// withdrawals and approvals from the chain into the command log, and the
// reconciliation holds the chain against the engine's ledger.
type WatchConfig struct {
	// On runs them (one per exchange).
	On bool
	// Confirmations is how many blocks the watcher stays behind the head;
	// Poll how often it looks at the head when caught up.
	Confirmations uint64
	Poll          time.Duration
	// ReconcileInterval is how often chain and ledger are reconciled.
	ReconcileInterval time.Duration
	// ReconcileAddr serves GET /reconcile, the metrics and the document;
	// "" serves nothing.
	ReconcileAddr string
	// Replicas of the watcher's cursor bucket: the settler's -kv-replicas,
	// like every bucket of the settler (3 in a cluster).
	Replicas int
}

// Watch is a chain watcher and the reconciliation that reads its wallets.
// Their metrics go to one registry, which Serve serves beside the
// reconciliation's endpoint.
type Watch struct {
	Watcher    *chainwatch.Watcher
	Reconciler *reconcile.Reconciler
	reg        *prometheus.Registry
}

// NewWatch builds the watcher, appending through pub, and the
// reconciliation, reading the engine on nc; their metrics go to reg.
func NewWatch(ctx context.Context, cfg WatchConfig, d *deploy.Deployment, chain txn.Backend, nc *nats.Conn,
	pub chainwatch.Appender, reg *prometheus.Registry, log *zap.Logger) (*Watch, error) {
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, err
	}
	wcfg := chainwatch.DefaultConfig(d)
	wcfg.Confirmations, wcfg.PollInterval, wcfg.Registerer = cfg.Confirmations, cfg.Poll, reg
	if cfg.Replicas > 0 {
		wcfg.Replicas = cfg.Replicas
	}
	w, err := chainwatch.New(ctx, wcfg, chain, js, pub, log)
	if err != nil {
		return nil, fmt.Errorf("chain watcher: %w", err)
	}
	rcfg := reconcile.DefaultConfig(d)
	rcfg.Interval, rcfg.Registerer = cfg.ReconcileInterval, reg
	r, err := reconcile.New(rcfg, chain, nc, w, log)
	if err != nil {
		return nil, fmt.Errorf("reconciliation: %w", err)
	}
	return &Watch{Watcher: w, Reconciler: r, reg: reg}, nil
}

// Serve serves the reconciliation (GET /reconcile, its document) and the
// registry's metrics on ln until ctx ends.
func (w *Watch) Serve(ctx context.Context, ln net.Listener) error {
	return w.Reconciler.Serve(ctx, ln, promhttp.HandlerFor(w.reg, promhttp.HandlerOpts{}))
}

// Run runs the watcher and the periodic reconciliation, and serves them
// at addr unless it is "", until ctx ends; it returns once all of them
// have stopped.
func (w *Watch) Run(ctx context.Context, addr string) error {
	errc := make(chan error, 3)
	go func() { errc <- w.Watcher.Run(ctx) }()
	go func() { errc <- w.Reconciler.Run(ctx) }()
	n := 2
	if addr != "" {
		ln, err := net.Listen("tcp", addr)
		if err != nil {
			// The two started stop with ctx; the caller ends it on error.
			return fmt.Errorf("reconcile listen on %s: %w", addr, err)
		}
		go func() { errc <- w.Serve(ctx, ln) }()
		n++
	}
	var errs []error
	for range n {
		errs = append(errs, <-errc)
	}
	return errors.Join(errs...)
}
