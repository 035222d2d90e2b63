// Package server assembles the settler: the settlement (package settle),
// the chain watcher and the reconciliation beside it (chainwatch,
// reconcile), the redeemer (redeem) and the markets service (markets),
// with their metrics and health.
// cmd/settler parses its flags into a Config and calls Run; the devnet
// builds the parts it runs beside its other services with NewSettler,
// NewWatch and Redeem, so that both run the same assembly.
package server

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"go.uber.org/zap"

	"pred.dev/proto/chain/txn"
	"pred.dev/proto/runtime/daemon"
	"pred.dev/proto/runtime/natsconn"
)

// Run connects to the chain and NATS and runs the settler until ctx ends:
// the settlement (under the lease), the chain watcher and the
// reconciliation (Config.Watch), the redeemer (Config.RedeemKey), the
// markets service (Config.Markets, under its own lease) and the admin
// server. A markets service it cannot serve is refused first.
//
// The settlement campaigns for its lease only once the chain watcher has
// started (until then /readyz says so), so that the settler leading
// serves GET /reconcile; and a part that fails (the watcher that cannot
// start, the redeemer, the markets service, the admin server) stops the
// others: Run returns its error and the process exits, for its
// supervisor to start it again. A settler whose watcher failed at its
// start used to settle on under the lease without it, the error unread
// until it stopped.
func Run(ctx context.Context, cfg Config, log *zap.Logger) error {
	// A configuration mistake is refused before anything is dialled.
	if err := cfg.checkMarkets(); err != nil {
		return err
	}
	chain, err := cfg.Settle.Deployment.Dial(ctx, cfg.RPCURL, cfg.RPCTimeout)
	if err != nil {
		return err
	}
	defer chain.Close()
	return run(ctx, cfg, chain, log)
}

// run is Run on a chain already dialled.
func run(ctx context.Context, cfg Config, chain txn.Backend, log *zap.Logger) error {
	cfg.Settle.Chain = chain
	m, err := newMarkets(ctx, &cfg, chain)
	if err != nil {
		return err
	}
	nc, err := natsconn.Connect(cfg.NATSURL, "settler")
	if err != nil {
		return fmt.Errorf("connect to NATS at %s: %w", cfg.NATSURL, err)
	}
	defer nc.Close()
	store := nc
	if cfg.StoreNATSURL != "" && cfg.StoreNATSURL != cfg.NATSURL {
		if store, err = natsconn.Connect(cfg.StoreNATSURL, "settler.store"); err != nil {
			return fmt.Errorf("connect to the settlement's NATS at %s: %w", cfg.StoreNATSURL, err)
		}
		defer store.Close()
	}
	cfg.Settle.Store = store
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	cfg.Settle.Registerer = reg
	s, err := NewSettler(cfg.Settle, nc, log)
	if err != nil {
		return err
	}
	defer func() { _ = s.Close() }()
	// watching: the chain watcher has started, or is off.
	var watching atomic.Bool
	watching.Store(!cfg.Watch.On)
	ready := func() error {
		if !nc.IsConnected() {
			return errors.New("NATS is not connected")
		}
		if !store.IsConnected() {
			return errors.New("the settlement's NATS is not connected")
		}
		if !watching.Load() {
			return errors.New("the chain watcher has not started (NATS or the chain does not answer yet): no settling, no GET /reconcile")
		}
		return nil
	}
	actx, stop := context.WithCancel(ctx)
	defer stop()
	// part runs one part of the settler until actx ends; one that fails
	// stops them all.
	part := func(name string, f func(context.Context) error) <-chan error {
		c := make(chan error, 1)
		go func() {
			err := f(actx)
			if err != nil && actx.Err() == nil {
				log.Error(name+" failed: the settler stops", zap.Error(err))
				stop()
			}
			c <- err
		}()
		return c
	}
	admin := part("the admin server", daemon.Admin{Addr: cfg.AdminAddr, Registry: reg, Ready: ready}.Serve)
	var w *Watch
	if cfg.Watch.On {
		cfg.Watch.Replicas = cfg.Settle.Replicas
		if w, err = NewWatch(actx, cfg.Watch, cfg.Settle.Deployment, chain, nc, s.Pub, reg, log); err != nil {
			stop()
			return errors.Join(err, <-admin)
		}
		watching.Store(true)
	}
	watch := part("the chain watcher", func(ctx context.Context) error {
		if w == nil {
			<-ctx.Done()
			return nil
		}
		return w.Run(ctx, cfg.Watch.ReconcileAddr)
	})
	redeemc := part("the redeemer", func(ctx context.Context) error { return runRedeem(ctx, &cfg, chain, nc, log) })
	marketsc := part("the markets service", func(ctx context.Context) error { return runMarkets(ctx, &cfg, m, nc, log) })
	err = s.Settle(actx, store, cfg.LeaseTTL, cfg.Holder, cfg.Settle.Replicas, log)
	stop()
	return errors.Join(err, <-watch, <-redeemc, <-marketsc, <-admin)
}
