// Command gateway-gamma serves the Gamma HTTP API. It only parses its
// configuration (flags, each with an environment fallback GAMMA_<FLAG>,
// e.g. -jwt-key or GAMMA_JWT_KEY; a flag given on the command line wins),
// connects to NATS and runs server.Server until SIGINT or SIGTERM.
//
// Markets are prepared and resolved on chain through the settler's
// markets service over NATS (-onchain, pred.dev/proto/chain/marketrpc);
// their condition ids derive from -oracle, by default the deployment
// record's deployer, as the settler's operator key must be.
//
// The chain comes from the deployment record (-deployment, the file
// proto/chain/deploy writes): chain id, RPC and explorer URLs, contract
// addresses and the Safe init-code hash. Without one, the same values are
// flags.
package main

import (
	"context"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/nats-io/nats.go"
	"go.uber.org/zap"

	"pred.dev/gateway-gamma/catalog"
	"pred.dev/gateway-gamma/feed"
	"pred.dev/gateway-gamma/operator"
	"pred.dev/gateway-gamma/server"
	"pred.dev/proto/chain/deploy"
	"pred.dev/proto/chain/marketrpc"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/runtime/daemon"
	"pred.dev/proto/runtime/flagenv"
	"pred.dev/proto/runtime/httpmw"
	"pred.dev/proto/runtime/natsconn"
)

const envPrefix = "GAMMA"

// secretFlags are redacted in the effective configuration.
var secretFlags = []string{"jwt-key", "operator-key"}

type flags struct {
	fs                                                   *flag.FlagSet
	listen, natsURL, logLevel, deployment                string
	rpcURL, explorerURL, ctf, exchange, negRisk, factory string
	initCode, collateral, oracle, jwtKey, operatorKey    string
	stablecoin, sportTypes, scoreScript                  string
	onChain                                              bool
	clockSkew                                            time.Duration
	deploymentRecord                                     *deploy.Deployment
	cfg                                                  server.Config
}

func main() { daemon.Main("gateway-gamma", run) }

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
	nc, err := natsconn.Connect(f.natsURL, "gateway-gamma")
	if err != nil {
		return fmt.Errorf("connect to NATS at %s: %w", f.natsURL, err)
	}
	defer nc.Close()
	if f.onChain {
		// The settler's markets service prepares and resolves on chain.
		rpc := marketrpc.New(nc)
		f.cfg.Chain, f.cfg.Resolver = rpc, rpc
	} else {
		log.Warn("-onchain=false: markets are listed and resolved in the engine only; nothing on chain settles or redeems them")
	}
	srv, err := server.New(f.cfg, nc, log)
	if err != nil {
		return err
	}
	defer srv.Close()
	return srv.Start(ctx, f.listen)
}

func parseFlags(args []string) (*flags, error) {
	f := &flags{cfg: server.DefaultConfig()}
	fs := flag.NewFlagSet("gateway-gamma", flag.ContinueOnError)
	f.fs = fs
	fs.StringVar(&f.listen, "listen", ":8081", "HTTP listen address")
	fs.StringVar(&f.natsURL, "nats-url", nats.DefaultURL, "NATS server URL")
	fs.StringVar(&f.logLevel, "log-level", "info", "log level: debug, info, warn, error")
	fs.StringVar(&f.deployment, "deployment", "", "the chain's deployment record (JSON); replaces the chain and contract flags below")
	fs.Uint64Var(&f.cfg.ChainID, "chain-id", 0, "chain id logins sign for and /public-info reports (without -deployment)")
	fs.StringVar(&f.rpcURL, "rpc-url", "", "chain RPC URL /public-info reports (without -deployment)")
	fs.StringVar(&f.explorerURL, "explorer-url", "", "block explorer URL /public-info reports (without -deployment)")
	fs.StringVar(&f.ctf, "conditional-tokens", "", "ConditionalTokens address (without -deployment)")
	fs.StringVar(&f.exchange, "exchange", "", "exchange address (without -deployment)")
	fs.StringVar(&f.negRisk, "neg-risk-exchange", "", "negRisk exchange address (without -deployment)")
	fs.StringVar(&f.factory, "safe-factory", "", "Safe factory address: profiles' proxy wallets (without -deployment)")
	fs.StringVar(&f.initCode, "safe-init-code-hash", "", "Safe proxy init-code hash, 0x + 64 hex (without -deployment)")
	fs.StringVar(&f.collateral, "collateral", "", "USDW address, the collateral of the outcome tokens (without -deployment)")
	fs.StringVar(&f.stablecoin, "stablecoin", "", "address of the stablecoin under USDW, which /public-info reports (without -deployment; optional)")
	fs.StringVar(&f.oracle, "oracle", "", "address that reports markets' payouts; condition ids derive from it: the settler's operator key's "+
		"(default with -deployment: the record's deployer, the settler's default too; required without)")
	fs.BoolVar(&f.onChain, "onchain", true, "prepare every new market and report every resolution on chain through the settler's markets service "+
		"(NATS; a 503 SETTLER_UNAVAILABLE while none serves); false: in the engine only, for tests")
	fs.StringVar(&f.jwtKey, "jwt-key", "", "hex key (>= 32 bytes) signing bearer tokens; shared by every replica and the relayer (required, secret)")
	fs.StringVar(&f.operatorKey, "operator-key", "", "operator API key (>= 16 bytes) for /admin; empty disables the operator API (secret)")
	fs.DurationVar(&f.cfg.TokenLifetime, "token-lifetime", 0, "bearer token lifetime (default 15m)")
	fs.DurationVar(&f.cfg.Login.NonceTTL, "nonce-ttl", 0, "login nonce lifetime (default 5m)")
	fs.DurationVar(&f.cfg.Login.SessionMax, "session-max", 0, "how long after a login its tokens refresh (default 168h)")
	fs.StringVar(&f.cfg.Login.Statement, "login-statement", "", "the statement logins sign (default \"Sign in to Pred\")")
	fs.StringVar(&f.sportTypes, "sport-types", "", "sports as id=Name,id=Name (default nba, nfl, mlb, nhl, soccer, tennis, esports)")
	fs.Float64Var(&f.cfg.RateLimit.IPPerSecond, "rate-ip-per-second", f.cfg.RateLimit.IPPerSecond, "requests per second per client IP (0 disables)")
	fs.IntVar(&f.cfg.RateLimit.IPBurst, "rate-ip-burst", f.cfg.RateLimit.IPBurst, "burst per client IP")
	fs.Float64Var(&f.cfg.RateLimit.AuthIPPerSecond, "rate-login-ip-per-second", f.cfg.RateLimit.AuthIPPerSecond, "login requests per second per IP")
	fs.IntVar(&f.cfg.RateLimit.AuthIPBurst, "rate-login-ip-burst", f.cfg.RateLimit.AuthIPBurst, "login burst per IP")
	fs.Float64Var(&f.cfg.RateLimit.AddressPerSecond, "rate-login-address-per-second", f.cfg.RateLimit.AddressPerSecond, "login requests per second per address")
	fs.IntVar(&f.cfg.RateLimit.AddressBurst, "rate-login-address-burst", f.cfg.RateLimit.AddressBurst, "login burst per address")
	fs.IntVar(&f.cfg.KVReplicas, "kv-replicas", f.cfg.KVReplicas, "replicas of the KV buckets (1 single node, 3 cluster)")
	fs.DurationVar(&f.cfg.ResultTimeout, "result-timeout", 0, "wait for the engine's answer to an operator command (default 5s)")
	fs.DurationVar(&f.cfg.ShutdownTimeout, "shutdown-timeout", f.cfg.ShutdownTimeout, "graceful shutdown bound")
	fs.DurationVar(&f.cfg.LameDuck, "lame-duck", 0, "after SIGTERM, keep answering this long with GET /readyz failing before closing the listener, so a load balancer takes this replica out first (0: none)")
	fs.BoolVar(&f.cfg.TrustForwardedFor, "trust-forwarded-for", false, "take client IPs from X-Forwarded-For (only behind a trusted load balancer)")
	fs.Var(&f.cfg.CORSOrigins, "cors-origins", httpmw.CORSOriginsUsage)
	fs.DurationVar(&f.cfg.Liveness, "liveness", operator.DefaultLiveness, "how long an outcome proposal can be challenged before it settles")
	fs.StringVar(&f.scoreScript, "score-script", "", "score feed script (JSON, see package feed) to poll; empty: no feed, scores come from the operator API. Run the feed on one replica")
	fs.DurationVar(&f.cfg.ScoreFeedInterval, "score-feed-interval", feed.DefaultInterval, "how often the score feed is polled")
	daemon.ClockSkewFlag(fs, &f.clockSkew)
	if err := flagenv.Parse(fs, args, envPrefix); err != nil {
		return nil, err
	}
	return f, f.resolve()
}

// resolve parses the string flags into the config.
func (f *flags) resolve() error {
	f.cfg.Clock = daemon.Clock(f.clockSkew)
	if err := f.chain(); err != nil {
		return err
	}
	var err error
	if f.oracle == "" && f.deployment != "" {
		// The settler's default oracle: both derive the same condition ids.
		f.oracle = f.deploymentRecord.Deployer.Hex()
	}
	if f.cfg.Oracle, err = address("oracle", f.oracle, true); err != nil {
		return fmt.Errorf("%w (or give -deployment, whose deployer is the default)", err)
	}
	if f.cfg.JWTKey, err = hex.DecodeString(strings.TrimPrefix(f.jwtKey, "0x")); err != nil || len(f.cfg.JWTKey) < 32 {
		return errors.New("-jwt-key (GAMMA_JWT_KEY) is required: hex of at least 32 random bytes, the same on every replica and the relayer")
	}
	if f.operatorKey != "" && len(f.operatorKey) < 16 {
		return errors.New("-operator-key must have at least 16 characters")
	}
	f.cfg.OperatorKey = []byte(f.operatorKey)
	if f.scoreScript != "" {
		b, err := os.ReadFile(f.scoreScript)
		if err != nil {
			return fmt.Errorf("-score-script: %w", err)
		}
		if f.cfg.ScoreFeed, err = feed.ParseScript(b); err != nil {
			return fmt.Errorf("-score-script %s: %w", f.scoreScript, err)
		}
	}
	if f.sportTypes != "" {
		f.cfg.SportTypes = nil
		for _, kv := range strings.Split(f.sportTypes, ",") {
			id, name, ok := strings.Cut(kv, "=")
			if !ok || !catalog.ValidSlug(id) || name == "" {
				return fmt.Errorf("-sport-types: %q is not id=Name", kv)
			}
			f.cfg.SportTypes = append(f.cfg.SportTypes, gammaapi.SportType{ID: id, Name: name})
		}
	}
	return nil
}

// chain fills the chain's values from the deployment record or the flags.
func (f *flags) chain() error {
	if f.deployment != "" {
		d, err := deploy.Load(f.deployment)
		if err != nil {
			return err
		}
		f.cfg.UseDeployment(d)
		f.deploymentRecord = d
		return nil
	}
	if f.cfg.ChainID == 0 {
		return errors.New("-chain-id (or -deployment) is required")
	}
	var ctf, ex, nr common.Address
	for name, p := range map[string]struct {
		s   string
		dst *common.Address
	}{
		"conditional-tokens": {f.ctf, &ctf}, "exchange": {f.exchange, &ex}, "neg-risk-exchange": {f.negRisk, &nr},
		"safe-factory": {f.factory, &f.cfg.ProxyFactory}, "collateral": {f.collateral, &f.cfg.Collateral},
	} {
		a, err := address(name, p.s, true)
		if err != nil {
			return fmt.Errorf("%w (or give -deployment)", err)
		}
		*p.dst = a
	}
	b, err := hex.DecodeString(strings.TrimPrefix(f.initCode, "0x"))
	if err != nil || len(b) != 32 {
		return errors.New("-safe-init-code-hash must be 0x followed by 64 hex digits (or give -deployment)")
	}
	f.cfg.ProxyInitCodeHash = common.BytesToHash(b)
	stable, err := address("stablecoin", f.stablecoin, false)
	if err != nil {
		return err
	}
	f.cfg.PublicInfo = gammaapi.PublicInfo{
		Chain: []gammaapi.ChainInfo{{ChainID: f.cfg.ChainID, RPCURL: f.rpcURL, ExplorerURL: f.explorerURL}},
		Contracts: gammaapi.Contracts{ConditionalTokens: ctf.Hex(), Exchange: ex.Hex(), NegRiskExchange: nr.Hex(),
			SafeFactory: f.cfg.ProxyFactory.Hex(), SafeInitCodeHash: f.cfg.ProxyInitCodeHash.Hex(), Collateral: f.cfg.Collateral.Hex()},
	}
	if f.stablecoin != "" {
		f.cfg.PublicInfo.Contracts.Stablecoin = stable.Hex()
	}
	return nil
}

func address(name, s string, required bool) (common.Address, error) {
	if s == "" && !required {
		return common.Address{}, nil
	}
	if !common.IsHexAddress(s) || !strings.HasPrefix(s, "0x") {
		return common.Address{}, fmt.Errorf("-%s must be 0x followed by 40 hex digits, got %q", name, s)
	}
	return common.HexToAddress(s), nil
}

// logConfig prints the effective configuration with the keys redacted.
func logConfig(log *zap.Logger, f *flags) {
	daemon.LogConfig(log, "gateway-gamma starting", f.fs, secretFlags...)
}
