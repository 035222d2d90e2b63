package main

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"pred.dev/proto/chain/deploy"
	"pred.dev/settler/chainwatch"
)

// TestWatchFlags: the chain watcher and the reconciliation run by default
// with the packages' defaults, and their flags fall back to SETTLER_*.
func TestWatchFlags(t *testing.T) {
	a := func(s string) common.Address { return common.HexToAddress(s) }
	d := &deploy.Deployment{ChainID: 1337, RPCURL: "http://127.0.0.1:8545", Deployer: a("0x1"), Block: 1,
		Contracts: deploy.Contracts{ConditionalTokens: a("0x2"), Exchange: a("0x3"), NegRiskExchange: a("0x4"), SafeFactory: a("0x5"),
			SafeSingleton: a("0x6"), SafeFallbackHandler: a("0x7"), Collateral: a("0x8"), Stablecoin: a("0x9")},
		SafeInitCodeHash: common.HexToHash("0x10")}
	path := filepath.Join(t.TempDir(), "deployment.json")
	if err := d.Save(path); err != nil {
		t.Fatal(err)
	}
	t.Setenv("SETTLER_DEPLOYMENT", path)
	f, err := parseFlags(nil)
	if err != nil {
		t.Fatal(err)
	}
	if !f.cfg.Watch.On || f.cfg.Watch.Confirmations != chainwatch.DefaultConfirmations || f.cfg.Watch.ReconcileAddr != "" {
		t.Fatalf("defaults %+v", f.cfg.Watch)
	}
	t.Setenv("SETTLER_CONFIRMATIONS", "6")
	t.Setenv("SETTLER_RECONCILE_ADDR", "127.0.0.1:0")
	if f, err = parseFlags([]string{"-reconcile-interval", "1m"}); err != nil {
		t.Fatal(err)
	}
	if f.cfg.Watch.Confirmations != 6 || f.cfg.Watch.ReconcileAddr != "127.0.0.1:0" || f.cfg.Watch.ReconcileInterval != time.Minute {
		t.Fatalf("from the environment and flags: %+v", f.cfg.Watch)
	}
}
