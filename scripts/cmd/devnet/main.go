// Command devnet runs the whole exchange in one process (an EVM chain
// with the contracts deployed, embedded NATS with JetStream, the matching
// engine, the CLOB gateway with its faucet, the Gamma API with its demo
// catalogue) and prints how to use it. Run it with `make run`.
// Every flag falls back to DEVNET_<FLAG> in the environment
// (DEVNET_DATA_DIR, DEVNET_API_ADDR, ...); a flag on the command line wins.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/engine/machine"
	"pred.dev/gateway-gamma/feed"
	"pred.dev/proto/runtime/daemon"
	"pred.dev/proto/runtime/flagenv"
	"pred.dev/scripts/devnet"
)

func main() { daemon.Main("devnet", run) }

func run(ctx context.Context, args []string) error {
	cfg, level, fs, err := parseConfig(args)
	if err != nil {
		return err
	}
	log, err := daemon.NewConsoleLogger(level)
	if err != nil {
		return err
	}
	defer func() { _ = log.Sync() }()
	if cfg.DataDir, err = filepath.Abs(cfg.DataDir); err != nil {
		return err
	}
	cfg.Logger = log
	daemon.LogConfig(log, "devnet starting", fs, "deployer-key")
	d, err := devnet.Start(ctx, cfg)
	if err != nil {
		return err
	}
	defer func() { _ = d.Close() }()
	if err := d.WriteBanner(os.Stdout); err != nil {
		return err
	}
	select {
	case <-ctx.Done():
		log.Info("stopping")
		return d.Close()
	case err := <-d.Failed():
		return err
	}
}

// parseConfig reads the flags, each falling back to DEVNET_<FLAG>, into
// a devnet configuration and the log level; the flag set is for the
// start's log line.
func parseConfig(args []string) (devnet.Config, string, *flag.FlagSet, error) {
	cfg := devnet.Config{}
	var deployerKey, script, level string
	fs := flags(&cfg, &deployerKey, &script, &level)
	if err := flagenv.Parse(fs, args, "DEVNET"); err != nil {
		return cfg, "", fs, err
	}
	if deployerKey != "" {
		k, err := crypto.HexToECDSA(strings.TrimPrefix(strings.TrimSpace(deployerKey), "0x"))
		if err != nil {
			return cfg, "", fs, fmt.Errorf("-deployer-key (DEVNET_DEPLOYER_KEY): not 64 hex digits: %w", err)
		}
		cfg.DeployerKey = k
	}
	if script != "" {
		b, err := os.ReadFile(script)
		if err != nil {
			return cfg, "", fs, fmt.Errorf("-score-script (DEVNET_SCORE_SCRIPT): %w", err)
		}
		if cfg.ScoreScript, err = feed.ParseScript(b); err != nil {
			return cfg, "", fs, fmt.Errorf("-score-script (DEVNET_SCORE_SCRIPT) %s: %w", script, err)
		}
	}
	return cfg, level, fs, nil
}

// flags is the devnet's flag set, writing into cfg and the strings.
func flags(cfg *devnet.Config, deployerKey, script, level *string) *flag.FlagSet {
	fs := flag.NewFlagSet("devnet", flag.ContinueOnError)
	fs.StringVar(&cfg.DataDir, "data-dir", "data", "NATS store and engine state; a restart on the same dir resumes")
	fs.StringVar(&cfg.APIAddr, "api-addr", devnet.DefaultAPIAddr, "CLOB API listen address")
	fs.StringVar(&cfg.GammaAddr, "gamma-addr", devnet.DefaultGammaAddr, "Gamma API listen address")
	fs.StringVar(&cfg.RelayerAddr, "relayer-addr", devnet.DefaultRelayerAddr, "Relayer API listen address")
	fs.StringVar(&cfg.ReconcileAddr, "reconcile-addr", devnet.DefaultReconcileAddr, "the settler's reconciliation check (GET /reconcile) and metrics; empty: off")
	fs.StringVar(&cfg.AdminAddr, "admin-addr", devnet.DefaultAdminAddr, "engine /metrics, /livez and /readyz address (empty: off)")
	fs.IntVar(&cfg.NATSPort, "nats-port", devnet.DefaultNATSPort, "NATS client port on 127.0.0.1 (-1 picks a free one)")
	heartbeat := time.Duration(machine.DefaultConfig().HeartbeatTimeoutMs) * time.Millisecond
	fs.DurationVar(&cfg.HeartbeatTimeout, "heartbeat-timeout", heartbeat, "silence after which an API key that sent heartbeats loses its orders")
	fs.StringVar(&cfg.ChainAddr, "chain-addr", devnet.DefaultChainAddr, "embedded chain's JSON-RPC listen address")
	fs.DurationVar(&cfg.BlockInterval, "block-interval", time.Second, "embedded chain: seal an empty block this often (blocks with transactions are sealed at once)")
	fs.StringVar(&cfg.RPCURL, "rpc-url", "", "use this EVM JSON-RPC endpoint instead of the embedded chain (needs -deployer-key)")
	fs.StringVar(deployerKey, "deployer-key", "", "with -rpc-url: hex private key that deploys the contracts on first use, then prepares markets and funds the faucet; secret")
	fs.BoolVar(&cfg.DemoBook, "demo-book", true, "at the first start, have a demo market maker quote the negRisk event's markets (YES prices summing to 1)")
	fs.DurationVar(&cfg.Liveness, "liveness", devnet.DefaultLiveness, "how long an outcome proposal can be challenged before the market resolves")
	fs.StringVar(script, "score-script", "", "score feed script (JSON, see gateway-gamma/feed); empty plays the embedded demo script")
	fs.DurationVar(&cfg.ScoreFeedInterval, "score-feed-interval", feed.DefaultInterval, "how often Gamma polls the score feed")
	fs.Float64Var(&cfg.LoginIPPerSecond, "rate-login-ip-per-second", devnet.DefaultLoginIPPerSecond,
		"Gamma logins per second per client IP, after the burst: every local user shares 127.0.0.1's (production's Gamma: 0.5)")
	fs.IntVar(&cfg.LoginIPBurst, "rate-login-ip-burst", devnet.DefaultLoginIPBurst, "Gamma login burst per client IP (production's Gamma: 20)")
	fs.Var(&cfg.CORSOrigins, "cors-origins", "web origins whose pages may call the three APIs (comma-separated, * for any, empty for none); "+
		"unset: the web app's on -api-addr's port, as localhost and 127.0.0.1, and a Vite dev server's, "+devnet.ViteDevOrigin)
	fs.StringVar(level, "log-level", "info", "debug, info, warn or error (logs go to stderr)")
	return fs
}
