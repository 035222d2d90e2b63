package devnet

import (
	"context"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/proto/client"
)

// TestFundedBeforeDeployment: USDW can reach a proxy wallet's address
// before the wallet exists. The faucet credits such an address itself (the
// watcher ignores an address that is no proxy wallet yet); a plain
// transfer on chain is credited when the watcher sees the deployment, less
// what the engine holds already, so nothing is credited twice and chain
// and ledger agree.
func TestFundedBeforeDeployment(t *testing.T) {
	d := start(t, testConfig(t))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	key, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	dep := d.Deployment
	c := client.New(d.URL, client.WithPrivateKey(key), client.WithChain(dep.ChainID, dep.Contracts.Exchange, dep.Contracts.NegRiskExchange),
		client.WithProxyWallet(dep.Contracts.SafeFactory, dep.SafeInitCodeHash))
	if _, err := c.CreateOrDeriveAPIKey(ctx); err != nil {
		t.Fatal(err)
	}
	proxy := c.Funder()
	if r, err := c.Faucet(ctx, proxy.Hex(), "40"); err != nil || r.Balance != "40" {
		t.Fatalf("faucet to an undeployed wallet: %+v, %v; want 40 credited by the faucet", r, err)
	}
	if err := d.chain.Fund(ctx, proxy, 15_000_000); err != nil {
		t.Fatal(err)
	}
	if _, err := d.DeployWallet(ctx, key); err != nil {
		t.Fatal(err)
	}
	ba, err := c.GetBalanceAllowance(ctx, client.BalanceParams{})
	if err != nil || ba.Balance.String() != "55" {
		t.Fatalf("after the deployment: %+v, %v; want 40 + 15", ba, err)
	}
	rep, err := d.Reconcile(ctx)
	if err != nil || len(rep.Differences) != 0 || rep.Compared != 1 {
		t.Fatalf("reconciliation: %+v, %v", rep, err)
	}
}
