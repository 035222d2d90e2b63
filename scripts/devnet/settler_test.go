package devnet

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/nats-io/nats.go"
	"go.uber.org/zap"

	client "pred.dev/proto/client/clob"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/eventually"
	"pred.dev/proto/runtime/publish"
	"pred.dev/scripts/devchain"
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
	if err := d.onchain.Fund(ctx, proxy, 15_000_000); err != nil {
		t.Fatal(err)
	}
	if _, err := d.DeployWallet(ctx, key); err != nil {
		t.Fatal(err)
	}
	ba, err := c.GetBalanceAllowance(ctx, client.BalanceParams{})
	if err != nil || ba.Balance != "55" {
		t.Fatalf("after the deployment: %+v, %v; want 40 + 15", ba, err)
	}
	rep, err := d.Reconcile(ctx)
	if err != nil || len(rep.Differences) != 0 || rep.Compared != 1 {
		t.Fatalf("reconciliation: %+v, %v", rep, err)
	}
}

// TestFaucetCreditIsTheDeposit: the faucet's own credit (for an address
// the watcher does not follow yet) carries the id the chain watcher gives
// the same transfer's deposit, so when both reach the log (the wallet was
// deployed in between) the engine applies one.
func TestFaucetCreditIsTheDeposit(t *testing.T) {
	d := start(t, testConfig(t))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	key, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	proxy, err := d.DeployWallet(ctx, key)
	if err != nil {
		t.Fatal(err)
	}
	id, err := watchedFaucet{d.onchain, d}.FundID(ctx, proxy, 7_000_000)
	if err != nil {
		t.Fatal(err)
	}
	head, err := d.chain.chain.Backend.BlockNumber(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.waitApplied(ctx, head); err != nil {
		t.Fatal(err)
	}
	nc, err := nats.Connect(d.NATSURL)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	pub, err := publish.New(nc, publish.Config{}, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = pub.Close() }()
	res, err := pub.Submit(ctx, &pb.Command{Id: id, Body: &pb.Command_Faucet{Faucet: &pb.Faucet{Account: proxy.Bytes(), Amount: 7_000_000}}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Events) != 1 || res.Events[0].GetCommandRejected().GetReason() != pb.RejectReason_REJECT_REASON_DUPLICATE_COMMAND {
		t.Fatalf("the faucet's credit after the watcher's deposit: %v, want refused as a duplicate", res.Events)
	}
	rep, err := d.Reconcile(ctx)
	if err != nil || len(rep.Differences) != 0 || rep.Compared != 1 {
		t.Fatalf("reconciliation: %+v, %v", rep, err)
	}
}

// TestChainDown: the devnet on an external chain that goes away and comes
// back (same data, same port). While it is down nothing moves, and the
// outage shows in the chain watcher's metrics, served with the
// reconciliation's (settler_chainwatch_errors_total grows); once it is
// back, the chain watcher resumes where it was: a deposit made after
// shows, and chain and ledger agree to the unit.
func TestChainDown(t *testing.T) {
	key, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	chainCfg := devchain.Config{DataDir: dir, HTTPAddr: "127.0.0.1:0",
		Alloc: types.GenesisAlloc{crypto.PubkeyToAddress(key.PublicKey): {Balance: devKeyFunds}}}
	c, err := devchain.Open(chainCfg)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { c.Close() }()
	cfg := testConfig(t)
	cfg.RPCURL, cfg.DeployerKey = c.RPCURL(), key
	cfg.ReconcileAddr = "127.0.0.1:0"
	d := start(t, cfg)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	owner, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	proxy, err := d.DeployWallet(ctx, owner)
	if err != nil {
		t.Fatal(err)
	}
	dep := d.Deployment
	sdk := client.New(d.URL, client.WithPrivateKey(owner), client.WithChain(dep.ChainID, dep.Contracts.Exchange, dep.Contracts.NegRiskExchange),
		client.WithProxyWallet(dep.Contracts.SafeFactory, dep.SafeInitCodeHash))
	if _, err := sdk.CreateOrDeriveAPIKey(ctx); err != nil {
		t.Fatal(err)
	}
	if r, err := sdk.Faucet(ctx, proxy.Hex(), "10"); err != nil || r.Balance != "10" {
		t.Fatalf("faucet: %+v, %v", r, err)
	}
	// The watcher's metrics are served, with values.
	metrics := get(t, d.ReconcileURL+"/metrics")
	for _, name := range []string{"settler_chainwatch_head_block", "settler_chainwatch_next_block"} {
		if v, ok := metricValue(metrics, name); !ok || v < 1 {
			t.Errorf("%s/metrics: %s %v (found %v), want a block", d.ReconcileURL, name, v, ok)
		}
	}
	before, ok := metricValue(metrics, "settler_chainwatch_errors_total")
	if !ok {
		t.Fatalf("%s/metrics has no settler_chainwatch_errors_total", d.ReconcileURL)
	}

	c.Close()
	// The watcher's steps fail meanwhile, and the outage shows.
	errorsAbove := func(floor float64) (float64, bool) {
		during, _ := metricValue(get(t, d.ReconcileURL+"/metrics"), "settler_chainwatch_errors_total")
		return during, during > floor
	}
	var failed float64
	eventually.True(t, "settler_chainwatch_errors_total grows with the chain down", func() (ok bool) {
		failed, ok = errorsAbove(before)
		return ok
	})
	// The watcher's steps run one after another, so once one has failed
	// on the closed chain none can succeed: where it stands now is where
	// it must stay. (Read before the close, the mark raced a step still
	// in flight; CI once saw it move from block 43 to 46.)
	handled, _ := d.Watcher().Handled()
	eventually.True(t, "the watcher fails another step with the chain down", func() bool {
		_, ok := errorsAbove(failed)
		return ok
	})
	if now, _ := d.Watcher().Handled(); now != handled {
		t.Fatalf("the watcher moved from block %d to %d with the chain down", handled, now)
	}
	chainCfg.HTTPAddr = strings.TrimPrefix(cfg.RPCURL, "http://")
	if c, err = devchain.Open(chainCfg); err != nil {
		t.Fatal(err)
	}
	if r, err := sdk.Faucet(ctx, proxy.Hex(), "5"); err != nil || r.Balance != "15" {
		t.Fatalf("faucet after the chain came back: %+v, %v", r, err)
	}
	rep, err := d.Reconcile(ctx)
	if err != nil || len(rep.Differences) != 0 || rep.Compared != 1 {
		t.Fatalf("reconciliation after the outage: %+v, %v", rep, err)
	}
}

// metricValue finds an unlabelled metric's value in a Prometheus text
// exposition.
func metricValue(text, name string) (float64, bool) {
	for line := range strings.Lines(text) {
		rest, found := strings.CutPrefix(strings.TrimSpace(line), name+" ")
		if !found {
			continue
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(rest), 64)
		return v, err == nil
	}
	return 0, false
}
