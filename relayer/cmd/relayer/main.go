// Command relayer serves the Relayer API and, with a hot key, runs its
// transaction worker. It only parses its configuration (flags, each with
// an environment fallback RELAYER_<FLAG>, e.g. -hot-key or RELAYER_HOT_KEY;
// a flag given on the command line wins), connects to NATS and the chain,
// and runs server.Relayer until SIGINT or SIGTERM.
//
// The chain comes from the deployment record (-deployment, the file
// proto/chain/deploy writes); the RPC endpoint is the record's unless
// -rpc-url names another. Any number of processes may run: the API is
// stateless, and of the processes with the hot key one works at a time.
package main

import (
	"context"
	"crypto/ecdsa"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/params"
	"github.com/nats-io/nats.go"
	"go.uber.org/zap"

	"pred.dev/proto/chain/deploy"
	"pred.dev/proto/runtime/daemon"
	"pred.dev/proto/runtime/flagenv"
	"pred.dev/proto/runtime/httpmw"
	"pred.dev/proto/runtime/natsconn"
	"pred.dev/relayer/server"
)

const envPrefix = "RELAYER"

// secretFlags are redacted in the effective configuration.
var secretFlags = []string{"jwt-key", "hot-key"}

type flags struct {
	fs                                    *flag.FlagSet
	listen, natsURL, logLevel, deployment string
	rpcURL, jwtKey, hotKey                string
	maxFeeGwei                            float64
	rpcTimeout, clockSkew                 time.Duration
	cfg                                   server.Config
}

func main() { daemon.Main("relayer", run) }

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
	logConfig(log, f)
	chain, err := f.cfg.Deployment.Dial(ctx, f.rpcURL, f.rpcTimeout)
	if err != nil {
		return err
	}
	defer chain.Close()
	nc, err := natsconn.Connect(f.natsURL, "relayer")
	if err != nil {
		return fmt.Errorf("connect to NATS at %s: %w", f.natsURL, err)
	}
	defer nc.Close()
	r, err := server.New(f.cfg, nc, chain, log)
	if err != nil {
		return err
	}
	if f.cfg.HotKey != nil {
		log.Info("worker enabled", zap.String("hot_key", r.HotAddress().Hex()))
	} else {
		log.Info("no -hot-key: this process serves the API only")
	}
	errc := make(chan error, 1)
	go func() { errc <- r.Run(ctx) }()
	serveErr := r.Start(ctx, f.listen)
	runErr := <-errc
	return errors.Join(serveErr, runErr)
}

func parseFlags(args []string) (*flags, error) {
	f := &flags{cfg: server.DefaultConfig()}
	fs := flag.NewFlagSet("relayer", flag.ContinueOnError)
	f.fs = fs
	c := &f.cfg
	fs.StringVar(&f.listen, "listen", ":8082", "HTTP listen address")
	fs.StringVar(&f.natsURL, "nats-url", nats.DefaultURL, "NATS server URL")
	fs.StringVar(&f.logLevel, "log-level", "info", "log level: debug, info, warn, error")
	fs.StringVar(&f.deployment, "deployment", "", "the chain's deployment record (JSON, with multiSendCallOnly) (required)")
	fs.StringVar(&f.rpcURL, "rpc-url", "", "chain JSON-RPC URL, http or https (default: the deployment record's)")
	fs.DurationVar(&f.rpcTimeout, "rpc-timeout", deploy.DefaultCallTimeout, "bound of one chain JSON-RPC call: a node that does not answer in time fails the call, which is retried")
	fs.StringVar(&f.jwtKey, "jwt-key", "", "hex key (>= 32 bytes) Gamma signs login tokens with (required, secret)")
	fs.StringVar(&f.hotKey, "hot-key", "", "hex private key that pays the gas; empty serves the API only (secret)")
	fs.IntVar(&c.KeysPerAddress, "keys-per-address", c.KeysPerAddress, "relayer keys an address may have")
	fs.Uint64Var(&c.Worker.Confirmations, "confirmations", 3, "blocks (the one holding it counted) that make a MINED transaction CONFIRMED")
	fs.DurationVar(&c.Worker.Poll, "poll", 0, "interval between the worker's looks at the chain (default 100ms)")
	fs.DurationVar(&c.Worker.ResendAfter, "resend-after", 0, "resend a transaction not mined after this long (default 5s)")
	fs.DurationVar(&c.Worker.RepriceAfter, "reprice-after", 0, "replace a transaction not mined after this long at a higher fee (default 30s)")
	fs.IntVar(&c.Worker.MaxInFlight, "max-in-flight", 0, "hot-key transactions not yet final before the queue waits (default 512)")
	fs.Uint64Var(&c.Worker.GasCapCreate, "gas-cap-create", 0, "most gas one wallet deployment may use (default 3000000)")
	fs.Uint64Var(&c.Worker.GasCapSafe, "gas-cap-safe", 0, "most gas one Safe transaction may use (default 1500000)")
	fs.Uint64Var(&c.Worker.FeeMultiplierPercent, "fee-multiplier", 0, "first fee cap = base fee x this / 100 + tip (default 200)")
	fs.Float64Var(&f.maxFeeGwei, "max-fee-gwei", 1000, "most fee per gas, re-pricing included, in gwei")
	fs.DurationVar(&c.LeaseTTL, "lease-ttl", c.LeaseTTL, "the worker lease: a worker that stops renewing it is replaced this long after")
	fs.StringVar(&c.Holder, "holder", "", "this process's name in the lease (default host/pid)")
	fs.Float64Var(&c.RateLimit.IPPerSecond, "rate-ip-per-second", c.RateLimit.IPPerSecond, "requests per second per client IP (0 disables)")
	fs.IntVar(&c.RateLimit.IPBurst, "rate-ip-burst", c.RateLimit.IPBurst, "burst per client IP")
	fs.Float64Var(&c.RateLimit.CallerPerSecond, "rate-address-per-second", c.RateLimit.CallerPerSecond, "authenticated requests per second per address")
	fs.IntVar(&c.RateLimit.CallerBurst, "rate-address-burst", c.RateLimit.CallerBurst, "burst per address")
	fs.Float64Var(&c.RateLimit.KeyCreatePerSecond, "rate-key-create-per-second", c.RateLimit.KeyCreatePerSecond, "key creations per second per address")
	fs.IntVar(&c.RateLimit.KeyCreateBurst, "rate-key-create-burst", c.RateLimit.KeyCreateBurst, "key creation burst per address")
	fs.Float64Var(&c.RateLimit.DeployIPPerSecond, "rate-deploy-ip-per-second", c.RateLimit.DeployIPPerSecond, "wallet deployments per second per client IP")
	fs.IntVar(&c.RateLimit.DeployIPBurst, "rate-deploy-ip-burst", c.RateLimit.DeployIPBurst, "wallet deployment burst per client IP")
	fs.IntVar(&c.KVReplicas, "kv-replicas", c.KVReplicas, "replicas of the queue and buckets (1 single node, 3 cluster)")
	fs.DurationVar(&c.Retention, "retention", 0, "how long submissions and transactions are kept (default 720h)")
	fs.DurationVar(&c.ShutdownTimeout, "shutdown-timeout", c.ShutdownTimeout, "graceful shutdown bound")
	fs.DurationVar(&c.LameDuck, "lame-duck", 0, "after SIGTERM, keep answering this long with GET /readyz failing before closing the listener, so a load balancer takes this replica out first (0: none)")
	fs.BoolVar(&c.TrustForwardedFor, "trust-forwarded-for", false, "take client IPs from X-Forwarded-For (only behind a trusted load balancer)")
	fs.Var(&c.CORSOrigins, "cors-origins", httpmw.CORSOriginsUsage)
	daemon.ClockSkewFlag(fs, &f.clockSkew)
	if err := flagenv.Parse(fs, args, envPrefix); err != nil {
		return nil, err
	}
	c.Clock = daemon.Clock(f.clockSkew)
	return f, f.resolve()
}

// resolve parses the string flags into the config.
func (f *flags) resolve() error {
	if f.deployment == "" {
		return errors.New("-deployment (RELAYER_DEPLOYMENT) is required: the chain's deployment record")
	}
	d, err := deploy.Load(f.deployment)
	if err != nil {
		return err
	}
	f.cfg.Deployment = d
	if f.cfg.JWTKey, err = hex.DecodeString(strings.TrimPrefix(f.jwtKey, "0x")); err != nil || len(f.cfg.JWTKey) < 32 {
		return errors.New("-jwt-key (RELAYER_JWT_KEY) is required: hex of at least 32 bytes, Gamma's token key")
	}
	if f.hotKey != "" {
		if f.cfg.HotKey, err = parseKey(f.hotKey); err != nil {
			return fmt.Errorf("-hot-key: %w", err)
		}
	}
	if f.maxFeeGwei <= 0 {
		return errors.New("-max-fee-gwei must be positive")
	}
	gwei, _ := new(big.Float).Mul(big.NewFloat(f.maxFeeGwei), big.NewFloat(params.GWei)).Int(nil)
	f.cfg.Worker.MaxFeeCap = gwei
	return nil
}

func parseKey(s string) (*ecdsa.PrivateKey, error) {
	k, err := crypto.HexToECDSA(strings.TrimPrefix(s, "0x"))
	if err != nil {
		return nil, errors.New("not a hex secp256k1 private key")
	}
	return k, nil
}

// logConfig prints the effective configuration with the keys redacted.
func logConfig(log *zap.Logger, f *flags) {
	daemon.LogConfig(log, "relayer starting", f.fs, secretFlags...)
}
