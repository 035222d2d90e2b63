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

	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/nats-io/nats.go"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"go.uber.org/zap"

	"pred.dev/proto/runtime/daemon"
	"pred.dev/proto/runtime/natsconn"
)

// Run connects to the chain and NATS and runs the settler until ctx ends:
// the settlement (under the lease), the chain watcher and the
// reconciliation (Config.Watch), the redeemer (Config.RedeemKey), the
// markets service (Config.Markets, under its own lease) and the admin
// server. A markets service it cannot serve is refused first.
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
	ready := func() error {
		if !nc.IsConnected() {
			return errors.New("NATS is not connected")
		}
		if !store.IsConnected() {
			return errors.New("the settlement's NATS is not connected")
		}
		return nil
	}
	admin := make(chan error, 1)
	actx, stop := context.WithCancel(ctx)
	defer stop()
	go func() { admin <- daemon.Admin{Addr: cfg.AdminAddr, Registry: reg, Ready: ready}.Serve(actx) }()
	watch := make(chan error, 1)
	go func() { watch <- runWatch(actx, &cfg, chain, nc, s, reg, log) }()
	redeemc := make(chan error, 1)
	go func() { redeemc <- runRedeem(actx, &cfg, chain, nc, log) }()
	marketsc := make(chan error, 1)
	go func() { marketsc <- runMarkets(actx, &cfg, m, nc, log) }()
	err = s.Settle(ctx, store, cfg.LeaseTTL, cfg.Holder, cfg.Settle.Replicas, log)
	stop()
	return errors.Join(err, <-watch, <-redeemc, <-marketsc, <-admin)
}

// runWatch runs the chain watcher and the reconciliation, appending
// through the settlement's publisher, until ctx ends; off, it only waits.
func runWatch(ctx context.Context, cfg *Config, chain *ethclient.Client, nc *nats.Conn, s *Settler, reg *prometheus.Registry, log *zap.Logger) error {
	if !cfg.Watch.On {
		<-ctx.Done()
		return nil
	}
	cfg.Watch.Replicas = cfg.Settle.Replicas
	w, err := NewWatch(ctx, cfg.Watch, cfg.Settle.Deployment, chain, nc, s.Pub, reg, log)
	if err != nil {
		return err
	}
	return w.Run(ctx, cfg.Watch.ReconcileAddr)
}
