// Command gateway-clob serves the CLOB HTTP API. It only parses its
// configuration (flags, each with an environment fallback CLOB_<FLAG>,
// e.g. -master-key or CLOB_MASTER_KEY; a flag given on the command line
// wins), connects to NATS and runs server.Server until SIGINT or SIGTERM.
package main

import (
	"context"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/nats-io/nats.go"
	"go.uber.org/zap"

	"pred.dev/gateway-clob/chainread"
	"pred.dev/gateway-clob/server"
	"pred.dev/proto/chain/deploy"
	"pred.dev/proto/chain/marketrpc"
	"pred.dev/proto/fixed"
	"pred.dev/proto/runtime/daemon"
	"pred.dev/proto/runtime/flagenv"
	"pred.dev/proto/runtime/httpmw"
	"pred.dev/proto/runtime/natsconn"
)

const envPrefix = "CLOB"

type flags struct {
	fs                                         *flag.FlagSet
	listen, natsURL, logLevel                  string
	exchange, negRisk, factory, initCode, mkey string
	faucetMax                                  string
	clockSkew                                  time.Duration
	rpcURL, deployment                         string
	rpcTimeout                                 time.Duration
	cfg                                        server.Config
	dep                                        *deploy.Deployment
}

func main() { daemon.Main("gateway-clob", run) }

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
	nc, err := natsconn.Connect(f.natsURL, "gateway-clob")
	if err != nil {
		return fmt.Errorf("connect to NATS at %s: %w", f.natsURL, err)
	}
	defer nc.Close()
	if f.rpcURL != "" {
		ch, err := f.dep.Dial(ctx, f.rpcURL, f.rpcTimeout)
		if err != nil {
			return err
		}
		defer ch.Close()
		if f.cfg.Allowances, err = chainread.New(ch, f.dep); err != nil {
			return err
		}
	}
	switch {
	case f.cfg.Faucet && f.dep != nil:
		// The settler's markets service funds on chain (its -faucet on a
		// devnet's dev stablecoin); the faucet credits under the deposit's
		// id, so the chain watcher's deposit of the same transfer is
		// applied once.
		f.cfg.FaucetFunder = marketrpc.New(nc)
	case f.cfg.Faucet:
		log.Warn("-faucet without -deployment: no chain is known, so the faucet credits the engine only")
	}
	srv, err := server.New(f.cfg, nc, log)
	if err != nil {
		return err
	}
	defer func() { _ = srv.Close() }()
	return srv.Start(ctx, f.listen)
}

func parseFlags(args []string) (*flags, error) {
	f := &flags{cfg: server.DefaultConfig()}
	fs := flag.NewFlagSet("gateway-clob", flag.ContinueOnError)
	f.fs = fs
	fs.StringVar(&f.listen, "listen", ":8080", "HTTP listen address")
	fs.StringVar(&f.natsURL, "nats-url", nats.DefaultURL, "NATS server URL")
	fs.StringVar(&f.logLevel, "log-level", "info", "log level: debug, info, warn, error")
	fs.Uint64Var(&f.cfg.ChainID, "chain-id", 0, "chain id of the EIP-712 domains (required)")
	fs.StringVar(&f.exchange, "exchange", "", "exchange contract address, the orders' verifyingContract (required)")
	fs.StringVar(&f.negRisk, "neg-risk-exchange", "", "neg-risk exchange address, verifyingContract of neg-risk markets' orders")
	fs.StringVar(&f.factory, "proxy-factory", "", "proxy wallet factory address; empty disables signatureType 2")
	fs.StringVar(&f.initCode, "proxy-init-code-hash", "", "keccak256 of the proxy wallet init code (0x + 64 hex)")
	fs.StringVar(&f.mkey, "master-key", "", "hex master key (>= 32 bytes) deriving API credentials; shared by all replicas (required, secret)")
	fs.DurationVar(&f.cfg.AuthWindow, "auth-window", f.cfg.AuthWindow, "accepted clock difference of PRED_TIMESTAMP")
	daemon.ClockSkewFlag(fs, &f.clockSkew)
	fs.Func("default-fee-rate-bps", "platform fee rate reported by GET /fee-rate", func(s string) error {
		var v uint32
		_, err := fmt.Sscan(s, &v)
		f.cfg.DefaultFeeRateBps = v
		return err
	})
	fs.DurationVar(&f.cfg.QueryTimeout, "query-timeout", f.cfg.QueryTimeout, "timeout of one engine query")
	fs.DurationVar(&f.cfg.ResultTimeout, "result-timeout", f.cfg.ResultTimeout, "wait for the engine's result of a logged command")
	fs.Float64Var(&f.cfg.RateLimit.IPPerSecond, "rate-ip-per-second", f.cfg.RateLimit.IPPerSecond, "requests per second per client IP (0 disables)")
	fs.IntVar(&f.cfg.RateLimit.IPBurst, "rate-ip-burst", f.cfg.RateLimit.IPBurst, "burst per client IP")
	fs.Float64Var(&f.cfg.RateLimit.KeyPerSecond, "rate-key-per-second", f.cfg.RateLimit.KeyPerSecond, "requests per second per API key, batch items counted (0 disables)")
	fs.IntVar(&f.cfg.RateLimit.KeyBurst, "rate-key-burst", f.cfg.RateLimit.KeyBurst, "burst per API key")
	fs.StringVar(&f.rpcURL, "rpc-url", "", "chain JSON-RPC URL: GET /balance-allowance reads wallets' allowances to the exchanges from it (needs -deployment; without it the answer has no allowances)")
	fs.DurationVar(&f.rpcTimeout, "rpc-timeout", deploy.DefaultCallTimeout, "bound of one chain JSON-RPC call (a request's own bound, -query-timeout, may end it sooner)")
	fs.StringVar(&f.deployment, "deployment", "", "the chain's deployment record (JSON): fills -chain-id, -exchange, -neg-risk-exchange, -proxy-factory and -proxy-init-code-hash when they are not given, and names the contracts whose allowances -rpc-url reads")
	fs.BoolVar(&f.cfg.Faucet, "faucet", false, "enable POST /faucet (devnets only): with -deployment it funds on chain through the settler's markets service "+
		"(a settler with -faucet); without, it credits the engine only")
	fs.StringVar(&f.faucetMax, "faucet-max", fixed.FormatUnits(f.cfg.FaucetMaxUnits), "largest faucet credit in USDW")
	fs.IntVar(&f.cfg.KVReplicas, "kv-replicas", f.cfg.KVReplicas, "replicas of the KV buckets and streams (1 single node, 3 cluster)")
	fs.DurationVar(&f.cfg.ShutdownTimeout, "shutdown-timeout", f.cfg.ShutdownTimeout, "graceful shutdown bound")
	fs.DurationVar(&f.cfg.LameDuck, "lame-duck", 0, "after SIGTERM, keep answering this long with GET /readyz failing before closing the listener, so a load balancer takes this replica out first (0: none)")
	fs.BoolVar(&f.cfg.TrustForwardedFor, "trust-forwarded-for", false, "take client IPs from X-Forwarded-For (only behind a trusted load balancer)")
	fs.Var(&f.cfg.CORSOrigins, "cors-origins", httpmw.CORSOriginsUsage)
	fs.StringVar(&f.cfg.App.GammaURL, "app-gamma-url", "", "the Gamma API's base URL as browsers reach it: with -app-relayer-url, serves the web app at /app/ (add this gateway's origin to every API's -cors-origins)")
	fs.StringVar(&f.cfg.App.RelayerURL, "app-relayer-url", "", "the Relayer API's base URL as browsers reach it, for the web app")
	fs.StringVar(&f.cfg.App.ClobURL, "app-clob-url", "", "this API's base URL as browsers reach it, for the web app; empty: the origin the page was loaded from")
	if err := flagenv.Parse(fs, args, envPrefix); err != nil {
		return nil, err
	}
	return f, f.resolve()
}

// resolve parses the string flags into the config.
func (f *flags) resolve() error {
	var err error
	if f.deployment != "" {
		if f.dep, err = deploy.Load(f.deployment); err != nil {
			return fmt.Errorf("-deployment: %w", err)
		}
		k := f.dep.Contracts
		if f.cfg.ChainID == 0 {
			f.cfg.ChainID = f.dep.ChainID
		}
		for _, d := range []struct {
			flag *string
			v    string
		}{{&f.exchange, k.Exchange.Hex()}, {&f.negRisk, k.NegRiskExchange.Hex()}, {&f.factory, k.SafeFactory.Hex()},
			{&f.initCode, f.dep.SafeInitCodeHash.Hex()}} {
			if *d.flag == "" {
				*d.flag = d.v
			}
		}
	} else if f.rpcURL != "" {
		return errors.New("-rpc-url needs -deployment: the record names the contracts whose allowances it reads")
	}
	if f.cfg.Exchange, err = address("exchange", f.exchange, true); err != nil {
		return err
	}
	if f.cfg.NegRiskExchange, err = address("neg-risk-exchange", f.negRisk, false); err != nil {
		return err
	}
	if f.cfg.ProxyFactory, err = address("proxy-factory", f.factory, false); err != nil {
		return err
	}
	if f.initCode != "" {
		b, err := hex.DecodeString(strings.TrimPrefix(f.initCode, "0x"))
		if err != nil || len(b) != 32 {
			return errors.New("-proxy-init-code-hash must be 0x followed by 64 hex digits")
		}
		f.cfg.ProxyInitCodeHash = common.BytesToHash(b)
	}
	key, err := hex.DecodeString(strings.TrimPrefix(f.mkey, "0x"))
	if err != nil || len(key) == 0 {
		return errors.New("-master-key (CLOB_MASTER_KEY) is required: hex of at least 32 random bytes")
	}
	f.cfg.MasterKey = key
	f.cfg.Clock = daemon.Clock(f.clockSkew)
	if f.cfg.FaucetMaxUnits, err = fixed.ParseUnits(f.faucetMax); err != nil {
		return fmt.Errorf("-faucet-max: %w", err)
	}
	return nil
}

func address(name, s string, required bool) (common.Address, error) {
	if s == "" && !required {
		return common.Address{}, nil
	}
	if !common.IsHexAddress(s) {
		return common.Address{}, fmt.Errorf("-%s must be 0x followed by 40 hex digits, got %q", name, s)
	}
	return common.HexToAddress(s), nil
}

// logConfig prints the effective configuration with the master key
// redacted.
func logConfig(log *zap.Logger, f *flags) {
	daemon.LogConfig(log, "effective config", f.fs, "master-key")
}
