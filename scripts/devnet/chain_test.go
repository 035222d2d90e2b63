package devnet

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/proto/chain/deploy"
	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/runtime/eventually"
	"pred.dev/proto/wallet"
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
	if want := Predicted(); d.Deployment.Contracts != want.Contracts || d.Deployment.SafeInitCodeHash != want.SafeInitCodeHash || d.Deployment.ChainID != want.ChainID {
		t.Fatalf("deployed %+v, want the dev key's fresh deployment %+v", d.Deployment, want)
	}
	ctx := context.Background()
	who := common.HexToAddress("0x00000000000000000000000000000000000000c1")
	if err := d.onchain.Fund(ctx, who, 12_345_678); err != nil {
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

// TestFaucetFundsChainAndEngine: the faucet mints and wraps USDW into the
// proxy wallet on chain, and the chain watcher credits the engine the same
// amount (the faucet appends nothing itself); a proxy wallet's orders are
// refused until the watcher has seen it deployed; chain and engine agree,
// and still agree after a restart (the watcher resumes from its cursor and
// credits nothing twice).
func TestFaucetFundsChainAndEngine(t *testing.T) {
	cfg := testConfig(t)
	d := start(t, cfg)
	ctx := context.Background()
	key, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	dep := d.Deployment
	sdk := func(d *Devnet) *client.Client {
		return client.New(d.URL, client.WithPrivateKey(key), client.WithChain(dep.ChainID, dep.Contracts.Exchange, dep.Contracts.NegRiskExchange),
			client.WithProxyWallet(dep.Contracts.SafeFactory, dep.SafeInitCodeHash))
	}
	c := sdk(d)
	proxy := c.Funder()
	if proxy != wallet.ProxyAddress(dep.Contracts.SafeFactory, dep.SafeInitCodeHash, c.Address()) || proxy == c.Address() {
		t.Fatalf("funder %s is not the key's proxy wallet", proxy)
	}
	if _, err := c.CreateOrDeriveAPIKey(ctx); err != nil {
		t.Fatal(err)
	}
	token := d.Markets[0].YesTokenID()
	bid := client.OrderArgs{TokenID: token, Side: "BUY", Price: "0.10", Size: "10", FeeRateBps: d.Markets[0].FeeRateBps}
	if _, err := c.CreateAndPostOrder(ctx, bid); !errors.Is(err, errcode.MakerWalletNotDeployed) {
		t.Fatalf("an order of an undeployed proxy wallet: %v, want %s", err, errcode.MakerWalletNotDeployed)
	}
	if got, err := d.DeployWallet(ctx, key); err != nil || got != proxy {
		t.Fatalf("deploy: %s, %v", got.Hex(), err)
	}
	for i, amount := range []string{"25.5", "100"} {
		began := time.Now()
		r, err := c.Faucet(ctx, proxy.Hex(), amount)
		if err != nil {
			t.Fatal(err)
		}
		// On chain, then a confirmation, then the watcher's deposit.
		t.Logf("faucet of %s USDW to the CLOB's balance: %s", amount, time.Since(began).Round(time.Millisecond))
		if want := []string{"25.5", "125.5"}[i]; r.Balance != want {
			t.Fatalf("faucet of %s answered balance %s, want %s (credited by the chain watcher)", amount, r.Balance, want)
		}
	}
	// Funded but not approved: the exchange could not settle it.
	if _, err := c.CreateAndPostOrder(ctx, bid); !errors.Is(err, errcode.InvalidOrderCollateralNotApproved) {
		t.Fatalf("an order of a wallet that approved nothing: %v, want %s", err, errcode.InvalidOrderCollateralNotApproved)
	}
	if err := d.ExecWallet(ctx, key, TradingApprovals(d.Deployment)...); err != nil {
		t.Fatal(err)
	}
	if r, err := c.CreateAndPostOrder(ctx, bid); err != nil || r.Status != clobapi.InsertStatusLive {
		t.Fatalf("an order of the deployed, funded, approved wallet: %+v, %v", r, err)
	}
	if _, err := c.CancelAll(ctx); err != nil {
		t.Fatal(err)
	}
	agree := func(d *Devnet, c *client.Client) {
		t.Helper()
		// The engine's reads follow its commits: wait for the last credit.
		eventually.NoError(t, "the engine holds 125.5 USDW for the proxy wallet", func() error {
			ba, err := c.GetBalanceAllowance(ctx, client.BalanceParams{})
			if err != nil {
				t.Fatal(err)
			}
			if ba.Balance != "125.5" {
				return fmt.Errorf("it holds %s", ba.Balance)
			}
			return nil
		})
		onChain, err := d.chain.USDWOf(ctx, proxy)
		if err != nil {
			t.Fatal(err)
		}
		if onChain.Int64() != 125_500_000 {
			t.Fatalf("the chain holds %s base units of USDW for the proxy wallet, want 125.5 USDW", onChain)
		}
		if eoa, err := d.chain.USDWOf(ctx, c.Address()); err != nil || eoa.Sign() != 0 {
			t.Fatalf("the EOA holds %v USDW on chain (%v), want none", eoa, err)
		}
	}
	agree(d, c)
	creds, _ := c.Creds()
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	again := start(t, cfg)
	c2 := sdk(again)
	c2.SetCreds(creds)
	agree(again, c2)
}

// TestExternalRPC: -rpc-url replaces the embedded chain. The first start
// deploys there from the deployer key and saves the record; a restart
// verifies it; a start without the key or with another key is refused.
func TestExternalRPC(t *testing.T) {
	key, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	c, err := devchain.Open(devchain.Config{DataDir: t.TempDir(), HTTPAddr: "127.0.0.1:0",
		Alloc: types.GenesisAlloc{crypto.PubkeyToAddress(key.PublicKey): {Balance: devKeyFunds}}})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	cfg := testConfig(t)
	cfg.RPCURL, cfg.DeployerKey = c.RPCURL(), key
	d := start(t, cfg)
	if !d.Deployed || d.RPCURL != c.RPCURL() || d.Deployment.Deployer != crypto.PubkeyToAddress(key.PublicKey) || d.chain.embedded != nil {
		t.Fatalf("first start on %s: deployed %v, rpc %s, record %+v", c.RPCURL(), d.Deployed, d.RPCURL, d.Deployment)
	}
	if exists(filepath.Join(cfg.DataDir, "chain", nodeDirName)) {
		t.Fatal("the devnet made an embedded chain beside the external one")
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	again := start(t, cfg)
	if again.Deployed || again.Deployment.Contracts != d.Deployment.Contracts {
		t.Fatalf("the restart deployed %v, contracts %+v", again.Deployed, again.Deployment.Contracts)
	}
	if err := again.Close(); err != nil {
		t.Fatal(err)
	}

	noKey := cfg
	noKey.DeployerKey = nil
	ctx := context.Background()
	if d, err := Start(ctx, noKey); err == nil || !strings.Contains(err.Error(), "needs -deployer-key") {
		if d != nil {
			_ = d.Close()
		}
		t.Fatalf("-rpc-url without a key: %v", err)
	}
	other := cfg
	other.DeployerKey, _ = crypto.GenerateKey()
	if d, err := Start(ctx, other); !errors.Is(err, ErrChainRestore) || !strings.Contains(err.Error(), "point -rpc-url at the chain it names") {
		if d != nil {
			_ = d.Close()
		}
		t.Fatalf("another deployer key: %v", err)
	}
}
