package devnet

import (
	"context"
	"encoding/json"
	"errors"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"pred.dev/proto/chain/deploy"
	"pred.dev/scripts/devchain"
)

// TestChainSurvivesRestart: the first start deploys every contract and
// saves the record; a restart on the same dir finds the same chain (a
// balance on chain survives) and the same record, and deploys nothing.
func TestChainSurvivesRestart(t *testing.T) {
	cfg := testConfig(t)
	d := start(t, cfg)
	if !d.Deployed || d.Deployment == nil || d.RecordPath != filepath.Join(cfg.DataDir, "chain", "deployment.json") {
		t.Fatalf("first start: deployed %v, record %s %+v", d.Deployed, d.RecordPath, d.Deployment)
	}
	if want := deploy.Predict(DevAddress, 0); d.Deployment.Contracts != want {
		t.Fatalf("contracts at %+v, want the dev key's fresh addresses %+v", d.Deployment.Contracts, want)
	}
	ctx := context.Background()
	who := common.HexToAddress("0x00000000000000000000000000000000000000c1")
	if err := d.chain.Fund(ctx, who, 12_345_678); err != nil {
		t.Fatal(err)
	}
	first := *d.Deployment
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}

	again := start(t, cfg)
	if again.Deployed {
		t.Fatal("the restart deployed the contracts again")
	}
	saved, err := deploy.Load(again.RecordPath)
	if err != nil {
		t.Fatal(err)
	}
	first.RPCURL, saved.RPCURL = "", "" // a test's chain port is picked afresh
	if *saved != first {
		t.Fatalf("record after the restart %+v, want %+v", saved, first)
	}
	if bal, err := again.chain.USDWOf(ctx, who); err != nil || bal.Cmp(big.NewInt(12_345_678)) != 0 {
		t.Fatalf("USDW on chain after the restart: %v, %v; want 12345678", bal, err)
	}
}

// startRefused starts a devnet that must be refused with ErrChainRestore
// and a message naming want and saying what to do.
func startRefused(t *testing.T, cfg Config, want string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), startTimeout)
	defer cancel()
	d, err := Start(ctx, cfg)
	if err == nil {
		_ = d.Close()
		t.Fatalf("the devnet started; want a refusal naming %q", want)
	}
	if !errors.Is(err, ErrChainRestore) || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "Move the data dir "+cfg.DataDir+" away") {
		t.Fatalf("refusal: %v\nwant ErrChainRestore naming %q and saying to move the data dir away", err, want)
	}
}

// TestChainMismatchRefused: a damaged or mismatched record, a record
// without its chain, a chain of another genesis and an exchange without a
// chain are each refused, leaving the data dir as it was.
func TestChainMismatchRefused(t *testing.T) {
	cfg := testConfig(t)
	d := start(t, cfg)
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	path := RecordPath(cfg.DataDir)
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	edit := func(f func(m map[string]any)) {
		var m map[string]any
		if err := json.Unmarshal(good, &m); err != nil {
			t.Fatal(err)
		}
		f(m)
		b, _ := json.Marshal(m)
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(path, []byte(`{"chainId": 1337, "rpcUrl": `), 0o644); err != nil {
		t.Fatal(err)
	}
	startRefused(t, cfg, "the deployment record is damaged")
	edit(func(m map[string]any) { m["chainId"] = 31337 })
	startRefused(t, cfg, "chain id is 1337, the record's is 31337")
	edit(func(m map[string]any) { m["block"] = 1_000_000 })
	startRefused(t, cfg, "deployed in block 1000000, but the chain's head is block")
	edit(func(m map[string]any) {
		m["contracts"].(map[string]any)["exchange"] = "0x00000000000000000000000000000000000000e1"
	})
	startRefused(t, cfg, "no contract at contracts.exchange")
	if err := os.WriteFile(path, good, 0o644); err != nil {
		t.Fatal(err)
	}
	start(t, cfg).Close() // the untouched dir still starts

	// A record whose chain database is gone.
	noChain := testConfig(t)
	if err := os.MkdirAll(filepath.Dir(RecordPath(noChain.DataDir)), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(RecordPath(noChain.DataDir), good, 0o644); err != nil {
		t.Fatal(err)
	}
	startRefused(t, noChain, "has no chain database beside it")
	if exists(filepath.Join(noChain.DataDir, "chain", nodeDirName)) {
		t.Fatal("the refused start created a chain database")
	}

	// A chain of another genesis.
	other := testConfig(t)
	c, err := devchain.Open(devchain.Config{DataDir: filepath.Join(other.DataDir, "chain"),
		Alloc: types.GenesisAlloc{common.HexToAddress("0x01"): {Balance: big.NewInt(1)}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	startRefused(t, other, "cannot be restored")

	// An exchange's state from a devnet without a chain.
	old := testConfig(t)
	if err := os.MkdirAll(filepath.Join(old.DataDir, "engine"), 0o755); err != nil {
		t.Fatal(err)
	}
	startRefused(t, old, "no chain")
}
