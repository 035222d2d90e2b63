package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"time"

	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"go.uber.org/zap"

	"pred.dev/proto/chain/deploy"
	"pred.dev/proto/runtime/publish"
	"pred.dev/settler/chainwatch"
	"pred.dev/settler/reconcile"
)

// The chain watcher and the reconciliation, beside the settlement: the
// watcher brings wallet deployments, deposits and withdrawals from the
// chain into the command log, and the reconciliation holds the chain
// against the engine's ledger. This file holds their wiring only.

// watchFlags configure them.
type watchFlags struct {
	on                bool
	confirmations     uint64
	poll              time.Duration
	reconcileInterval time.Duration
	reconcileAddr     string
}

func addWatchFlags(fs *flag.FlagSet, w *watchFlags) {
	fs.BoolVar(&w.on, "chainwatch", true, "run the chain watcher (deployments, deposits, withdrawals) and the reconciliation; one per exchange")
	fs.Uint64Var(&w.confirmations, "confirmations", chainwatch.DefaultConfirmations, "blocks the chain watcher stays behind the head")
	fs.DurationVar(&w.poll, "chain-poll", chainwatch.DefaultPollInterval, "how often the chain watcher looks at the head when caught up")
	fs.DurationVar(&w.reconcileInterval, "reconcile-interval", reconcile.DefaultInterval, "how often chain and ledger are reconciled")
	fs.StringVar(&w.reconcileAddr, "reconcile-addr", "", "serve GET /reconcile (the operator's check, what pred reconcile asks), its /metrics and its document (/openapi.yaml, /docs) here; empty: off")
}

// runChainWatch runs the watcher and the periodic reconciliation (and its
// endpoint) until ctx ends. Their metrics go to reg.
func runChainWatch(ctx context.Context, w *watchFlags, d *deploy.Deployment, chain *ethclient.Client, nc *nats.Conn,
	pub *publish.Publisher, reg *prometheus.Registry, log *zap.Logger) error {
	if !w.on {
		<-ctx.Done()
		return nil
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}
	cfg := chainwatch.DefaultConfig(d)
	cfg.Confirmations, cfg.PollInterval, cfg.Registerer = w.confirmations, w.poll, reg
	watcher, err := chainwatch.New(ctx, cfg, chain, js, pub, log)
	if err != nil {
		return err
	}
	rcfg := reconcile.DefaultConfig(d)
	rcfg.Interval, rcfg.Registerer = w.reconcileInterval, reg
	r, err := reconcile.New(rcfg, chain, nc, watcher, log)
	if err != nil {
		return err
	}
	errc := make(chan error, 3)
	go func() { errc <- watcher.Run(ctx) }()
	go func() { errc <- r.Run(ctx) }()
	n := 2
	if w.reconcileAddr != "" {
		ln, err := net.Listen("tcp", w.reconcileAddr)
		if err != nil {
			return fmt.Errorf("reconcile listen on %s: %w", w.reconcileAddr, err)
		}
		go func() { errc <- r.Serve(ctx, ln, promhttp.HandlerFor(reg, promhttp.HandlerOpts{})) }()
		n++
	}
	var errs []error
	for range n {
		errs = append(errs, <-errc)
	}
	return errors.Join(errs...)
}
