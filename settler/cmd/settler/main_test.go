package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"

	"pred.dev/proto/chain/deploy"
)

// TestFlags: -deployment is required; flags fall back to SETTLER_*; the
// limits reach the settler's configuration.
func TestFlags(t *testing.T) {
	if _, err := parseFlags(nil); err == nil || !strings.Contains(err.Error(), "SETTLER_DEPLOYMENT") {
		t.Fatalf("no deployment: %v", err)
	}
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
	t.Setenv("SETTLER_ATTEMPTS_MAX", "7")
	f, err := parseFlags([]string{"-makers-max", "4"})
	if err != nil {
		t.Fatal(err)
	}
	if f.cfg.Settle.Deployment.Contracts.NegRiskExchange != a("0x4") || f.cfg.Settle.AttemptsMax != 7 || f.cfg.Settle.MakersMax != 4 {
		t.Fatalf("config %+v", f.cfg.Settle)
	}
	_ = os.Remove(path)
}
