// Command settler settles the engine's trades on chain: it follows the
// event stream, sends each trade's matchOrders through the relayer's
// worker (whose hot key must hold OPERATOR_ROLE on both exchanges) and
// appends every trade's status to the command log. It only parses its
// configuration (flags, each with an environment fallback
// SETTLER_<FLAG>, e.g. -nats-url or SETTLER_NATS_URL; a flag given on the
// command line wins), connects to NATS and the chain, and runs
// the assembly of package server until SIGINT or SIGTERM.
//
// Beside the settlement it serves the markets service (-markets, package
// markets): Gamma's operator prepares and resolves markets on chain, and
// a devnet's CLOB faucet funds, through it over NATS. Its operator key is
// read from -operator-key-file or SETTLER_OPERATOR_KEY, never a flag's
// value, and is refused at the start if missing, the redeem key, not the
// oracle Gamma derives from, or not an admin of both exchanges.
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
	"time"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/nats-io/nats.go"
	"go.uber.org/zap"

	"pred.dev/proto/chain/deploy"
	"pred.dev/proto/runtime/daemon"
	"pred.dev/proto/runtime/flagenv"
	"pred.dev/settler/chainwatch"
	"pred.dev/settler/reconcile"
	"pred.dev/settler/server"
	"pred.dev/settler/settle"
)

const envPrefix = "SETTLER"

type flags struct {
	fs                                    *flag.FlagSet
	logLevel, deployment, operatorKeyFile string
	oracle                                string
	cfg                                   server.Config
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
	if f.cfg.Markets.Key != nil {
		log.Info("the markets service's operator key", zap.String("address", crypto.PubkeyToAddress(f.cfg.Markets.Key.PublicKey).Hex()),
			zap.String("from", f.keySource()))
	}
	return server.Run(ctx, f.cfg, log)
}

func parseFlags(args []string) (*flags, error) {
	f := &flags{}
	fs := flag.NewFlagSet("settler", flag.ContinueOnError)
	f.fs = fs
	sc := &f.cfg
	c := &sc.Settle
	fs.StringVar(&sc.NATSURL, "nats-url", nats.DefaultURL, "NATS server URL of the engine's log and events")
	fs.StringVar(&sc.StoreNATSURL, "store-nats-url", "", "NATS server URL of the settlement's own state: its bucket and lease, and the relayer's queue and records (the relayer's -nats-url); empty: -nats-url")
	fs.StringVar(&f.logLevel, "log-level", "info", "log level: debug, info, warn, error")
	fs.StringVar(&f.deployment, "deployment", "", "the chain's deployment record (JSON) (required)")
	fs.StringVar(&sc.RPCURL, "rpc-url", "", "chain JSON-RPC URL, http or https (default: the deployment record's)")
	fs.DurationVar(&sc.RPCTimeout, "rpc-timeout", deploy.DefaultCallTimeout, "bound of one chain JSON-RPC call: a node that does not answer in time fails the call, which is retried")
	fs.StringVar(&sc.AdminAddr, "admin-addr", "127.0.0.1:9103", "metrics, /livez and /readyz")
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
	fs.DurationVar(&sc.LeaseTTL, "lease-ttl", 3*time.Second, "the settler's lease: of several settlers one settles; a dead one is replaced this long after (0: no lease)")
	fs.StringVar(&sc.Holder, "holder", "", "this process's name in the lease (default host/pid)")
	w := &sc.Watch
	fs.BoolVar(&w.On, "chainwatch", true, "run the chain watcher (deployments, deposits, withdrawals) and the reconciliation; one per exchange")
	fs.Uint64Var(&w.Confirmations, "confirmations", chainwatch.DefaultConfirmations, "blocks the chain watcher stays behind the head")
	fs.DurationVar(&w.Poll, "chain-poll", chainwatch.DefaultPollInterval, "how often the chain watcher looks at the head when caught up")
	fs.DurationVar(&w.ReconcileInterval, "reconcile-interval", reconcile.DefaultInterval, "how often chain and ledger are reconciled")
	fs.StringVar(&w.ReconcileAddr, "reconcile-addr", "", "serve GET /reconcile (the operator's check, what pred reconcile asks), its /metrics and its document (/openapi.yaml, /docs) here; empty: off")
	m := &sc.Markets
	fs.BoolVar(&m.On, "markets", true, "serve the markets service (prepare markets, report payouts, the devnet faucet) to Gamma and the CLOB over NATS, "+
		"one settler at a time under its own lease; needs the operator key. false: another settler lists this chain's markets")
	fs.StringVar(&f.operatorKeyFile, "operator-key-file", "", "file holding the operator key (hex): the markets' oracle and an admin of both exchanges; "+
		"or "+operatorKeyEnv+" (hex) in the environment; secret, never a flag's value")
	fs.StringVar(&f.oracle, "oracle", "", "the oracle Gamma derives markets from (its -oracle): the operator key's address must be it (default: the deployment record's deployer)")
	fs.BoolVar(&m.Faucet, "faucet", false, "serve the devnet faucet's funding (mint the dev stablecoin, wrap it into USDW): a devnet's dev stablecoin only, the key a minter")
	fs.StringVar(&sc.RedeemKey, "redeem-key", "", "hex private key that sends the redemptions of resolved markets (any funded key: redeeming needs no role); empty: no redemption, holders redeem themselves; secret")
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
	return f, f.markets()
}
