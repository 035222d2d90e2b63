// Command settler settles the engine's trades on chain: it follows the
// event stream, sends each trade's matchOrders through the relayer's
// worker (whose hot key must hold OPERATOR_ROLE on both exchanges) and
// appends every trade's status to the command log. It only parses its
// configuration (flags, each with an environment fallback
// SETTLER_<FLAG>, e.g. -nats-url or SETTLER_NATS_URL; a flag given on the
// command line wins), connects to NATS and the chain, and runs
// settle.Settler until SIGINT or SIGTERM.
//
// It keeps its state in NATS (the bucket journal.SettlerBucket): kill it at any
// moment and start it again, and it goes on from where it was, settling
// every trade once. One settler runs per exchange.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"go.uber.org/zap"

	"pred.dev/proto/chain/deploy"
	"pred.dev/proto/runtime/daemon"
	"pred.dev/proto/runtime/flagenv"
	"pred.dev/proto/runtime/lease"
	"pred.dev/proto/runtime/publish"
	"pred.dev/settler/settle"
)

const envPrefix = "SETTLER"

type flags struct {
	fs                                                             *flag.FlagSet
	natsURL, storeNATSURL, logLevel, deployment, rpcURL, adminAddr string
	cfg                                                            settle.Config
	holder                                                         string
	leaseTTL                                                       time.Duration
	watch                                                          watchFlags  // chainwatch.go
	redeem                                                         redeemFlags // redeem.go
}

func main() { daemon.Main("settler", run) }

func run(ctx context.Context, args []string) error {
	f, err := parseFlags(args)
	if err != nil {
		return err
	}
	log, err := daemon.NewLogger(f.logLevel)
	if err != nil {
		return err
	}
	defer func() { _ = log.Sync() }()
	daemon.LogConfig(log, "settler starting", f.fs, "redeem-key")
	rpcURL := f.rpcURL
	if rpcURL == "" {
		rpcURL = f.cfg.Deployment.RPCURL
	}
	chain, err := ethclient.DialContext(ctx, rpcURL)
	if err != nil {
		return fmt.Errorf("connect to the chain at %s: %w", rpcURL, err)
	}
	defer chain.Close()
	f.cfg.Chain = chain
	nc, err := nats.Connect(f.natsURL, nats.Name("settler"), nats.MaxReconnects(-1))
	if err != nil {
		return fmt.Errorf("connect to NATS at %s: %w", f.natsURL, err)
	}
	defer nc.Close()
	store := nc
	if f.storeNATSURL != "" && f.storeNATSURL != f.natsURL {
		if store, err = nats.Connect(f.storeNATSURL, nats.Name("settler.store"), nats.MaxReconnects(-1)); err != nil {
			return fmt.Errorf("connect to the settlement's NATS at %s: %w", f.storeNATSURL, err)
		}
		defer store.Close()
	}
	f.cfg.Store = store
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	f.cfg.Registerer = reg
	pub, err := publish.New(nc, publish.Config{Window: settle.AppendWindow}, log.Named("publish"))
	if err != nil {
		return err
	}
	defer func() { _ = pub.Close() }()
	s, err := settle.New(f.cfg, nc, pub, log)
	if err != nil {
		return err
	}
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
	go func() { admin <- daemon.Admin{Addr: f.adminAddr, Registry: reg, Ready: ready}.Serve(actx) }()
	watch := make(chan error, 1)
	go func() { watch <- runChainWatch(actx, &f.watch, f.cfg.Deployment, chain, nc, pub, reg, log) }()
	redeemc := make(chan error, 1)
	go func() { redeemc <- runRedeem(actx, &f.redeem, f.cfg.Deployment, chain, nc, log) }()
	err = runSettle(ctx, f, s, store, log)
	stop()
	return errors.Join(err, <-watch, <-redeemc, <-admin)
}

// runSettle settles while this process holds the settler's lease (of
// several settler processes one settles), or always with -lease-ttl 0.
// The lease lives with the settlement's own state (store).
func runSettle(ctx context.Context, f *flags, s *settle.Settler, store *nats.Conn, log *zap.Logger) error {
	if f.leaseTTL <= 0 {
		return s.Run(ctx)
	}
	holder := f.holder
	if holder == "" {
		host, _ := os.Hostname()
		holder = fmt.Sprintf("%s/%d", host, os.Getpid())
	}
	js, err := jetstream.New(store)
	if err != nil {
		return err
	}
	l, err := lease.Open(ctx, js, lease.Config{Bucket: settle.LeaseBucket, Key: settle.LeaseKey, Holder: holder, TTL: f.leaseTTL,
		Replicas: f.cfg.Replicas, Logger: log.Named("lease")})
	if err != nil {
		return err
	}
	return s.Campaign(ctx, l)
}

func parseFlags(args []string) (*flags, error) {
	f := &flags{}
	fs := flag.NewFlagSet("settler", flag.ContinueOnError)
	f.fs = fs
	c := &f.cfg
	fs.StringVar(&f.natsURL, "nats-url", nats.DefaultURL, "NATS server URL of the engine's log and events")
	fs.StringVar(&f.storeNATSURL, "store-nats-url", "", "NATS server URL of the settlement's own state: its bucket and lease, and the relayer's queue and records (the relayer's -nats-url); empty: -nats-url")
	fs.StringVar(&f.logLevel, "log-level", "info", "log level: debug, info, warn, error")
	fs.StringVar(&f.deployment, "deployment", "", "the chain's deployment record (JSON) (required)")
	fs.StringVar(&f.rpcURL, "rpc-url", "", "chain JSON-RPC URL (default: the deployment record's)")
	fs.StringVar(&f.adminAddr, "admin-addr", "127.0.0.1:9103", "metrics, /livez and /readyz")
	fs.IntVar(&c.MakersMax, "makers-max", settle.DefaultMakersMax, "maker orders per match (the contract allows 15)")
	fs.IntVar(&c.MatchesMax, "matches-max", settle.DefaultMatchesMax, "matches per call (matchOrdersBatch; the contract allows 32)")
	fs.IntVar(&c.FillsMax, "fills-max", settle.DefaultFillsMax, "fills per call, all its matches together")
	fs.DurationVar(&c.GatherWindow, "gather-window", settle.DefaultGatherWindow, "engine time over which consecutive event batches' matches are gathered into calls (a change takes effect after the EVT stream's end at the start)")
	fs.Func("attempts-max", "relayer transactions per settlement before its trades are FAILED (default 5)", func(s string) error {
		var n uint32
		_, err := fmt.Sscan(s, &n)
		c.AttemptsMax = n
		return err
	})
	fs.DurationVar(&c.RetryBackoff, "retry-backoff", settle.DefaultRetryBackoff, "wait before a second attempt; doubles after")
	fs.IntVar(&c.OpenMax, "open-max", settle.DefaultOpenMax, "settlements not yet final before reading events waits")
	fs.DurationVar(&c.SweepAfter, "sweep-after", settle.DefaultSweepAfter, "re-read a settlement's transaction not heard of for this long")
	fs.IntVar(&c.Replicas, "kv-replicas", 1, "replicas of the settler's bucket (1 single node, 3 cluster)")
	fs.DurationVar(&f.leaseTTL, "lease-ttl", 3*time.Second, "the settler's lease: of several settlers one settles; a dead one is replaced this long after (0: no lease)")
	fs.StringVar(&f.holder, "holder", "", "this process's name in the lease (default host/pid)")
	addWatchFlags(fs, &f.watch)
	addRedeemFlags(fs, &f.redeem)
	if err := flagenv.Parse(fs, args, envPrefix); err != nil {
		return nil, err
	}
	if f.deployment == "" {
		return nil, errors.New("-deployment (SETTLER_DEPLOYMENT) is required: the chain's deployment record")
	}
	d, err := deploy.Load(f.deployment)
	if err != nil {
		return nil, err
	}
	c.Deployment = d
	return f, nil
}
