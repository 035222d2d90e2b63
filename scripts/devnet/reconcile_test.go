package devnet

import (
	"context"
	"encoding/json"
	"math/big"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"go.uber.org/zap/zaptest"

	"pred.dev/proto/chain/chaintest"
	"pred.dev/proto/chain/deploy"
	"pred.dev/proto/chain/txn"
	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/runtime/apitest"
	"pred.dev/proto/runtime/eventually"
	"pred.dev/settler/reconcile"
)

// TestReconcile: the whole money path of a devnet, then the check. A
// wallet is deployed and funded by the faucet (on chain, credited by the
// chain watcher), withdraws through the exchange (a reservation, then its
// Safe transfer, which the watcher consumes the reservation with) and
// around it (a Safe transfer no reservation covers), splits USDW into a
// market's shares and transfers shares to another wallet outside the
// exchange: chain and ledger agree to the unit. Then the chain changes
// behind the engine's back (shares of a market registered on chain but
// never in the engine): the check reports exactly those, over HTTP too.
func TestReconcile(t *testing.T) {
	cfg := testConfig(t)
	cfg.ReconcileAddr = "127.0.0.1:0"
	d := start(t, cfg)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	dep, c := d.Deployment, d.Deployment.Contracts
	alice, aliceKey := deployedWallet(ctx, t, d)
	bob, _ := deployedWallet(ctx, t, d)
	if r, err := alice.Faucet(ctx, alice.Funder().Hex(), "100"); err != nil || r.Balance != "100" {
		t.Fatalf("faucet: %+v, %v", r, err)
	}
	outside := common.HexToAddress("0x00000000000000000000000000000000000000aa")
	usdwTransfer := func(to common.Address, units int64) WalletCall {
		return WalletCall{c.Collateral, chaintest.PackUSDW("transfer", to, big.NewInt(units))}
	}
	// Through the exchange: reserve 10, then the Safe transfer of 10.
	if r, err := alice.Withdraw(ctx, "10", "", ""); err != nil || r.Balance != "90" || r.Reserved != "10" {
		t.Fatalf("reservation: %+v, %v", r, err)
	}
	if err := d.ExecWallet(ctx, aliceKey, usdwTransfer(outside, 10_000_000)); err != nil {
		t.Fatal(err)
	}
	// Around it: 5 more, no reservation.
	if err := d.ExecWallet(ctx, aliceKey, usdwTransfer(outside, 5_000_000)); err != nil {
		t.Fatal(err)
	}
	// Split 20 into a demo market's YES+NO, give bob 7 YES.
	m := d.Markets[0]
	cond := common.HexToHash(m.ConditionIDHex())
	yes, _ := new(big.Int).SetString(m.YesTokenID(), 10)
	if err := d.ExecWallet(ctx, aliceKey,
		WalletCall{c.Collateral, chaintest.PackUSDW("approve", c.ConditionalTokens, big.NewInt(20_000_000))},
		WalletCall{c.ConditionalTokens, chaintest.PackCTF("splitPosition", c.Collateral, common.Hash{}, cond,
			[]*big.Int{big.NewInt(1), big.NewInt(2)}, big.NewInt(20_000_000))},
		WalletCall{c.ConditionalTokens, chaintest.PackCTF("safeTransferFrom", alice.Funder(), bob.Funder(), yes,
			big.NewInt(7_000_000), []byte{})},
	); err != nil {
		t.Fatal(err)
	}
	ba, err := alice.GetBalanceAllowance(ctx, client.BalanceParams{})
	if err != nil || ba.Balance != "65" {
		t.Fatalf("alice's USDW on the CLOB: %+v, %v; want 100 - 10 - 5 - 20 = 65", ba, err)
	}
	bb, err := bob.GetBalanceAllowance(ctx, client.BalanceParams{TokenID: m.YesTokenID()})
	if err != nil || bb.Balance != "7" {
		t.Fatalf("bob's YES on the CLOB: %+v, %v; want 7", bb, err)
	}
	rep, err := d.Reconcile(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Differences) != 0 || rep.Compared != 2 || rep.Wallets != 2 || rep.Block == 0 {
		t.Fatalf("after deposits and withdrawals: %+v, want 2 wallets compared and no difference", rep)
	}
	t.Logf("reconciled %d wallets in %d assets at block %d: no difference", rep.Compared, rep.Assets, rep.Block)
	// Over HTTP, every answer checked against the settler's document.
	checked := &http.Client{Transport: apitest.NewSpec(reconcile.Document, "../../settler/reconcile/examples").New(t, apitest.RequireChecks()).Transport(nil, true)}
	resp, err := checked.Get(d.ReconcileURL + "/reconcile")
	if err != nil {
		t.Fatal(err)
	}
	var agreed reconcile.Report
	err = json.NewDecoder(resp.Body).Decode(&agreed)
	resp.Body.Close()
	if err != nil || resp.StatusCode != http.StatusOK || len(agreed.Differences) != 0 || agreed.Compared != 2 {
		t.Fatalf("GET /reconcile with nothing to report: %d %+v %v", resp.StatusCode, agreed, err)
	}

	// Behind the engine's back: a market prepared on chain only, and
	// alice splits 3 USDW into it. The watcher sees the USDW leave (the
	// engine debits it) but the engine knows no such token.
	ghost, err := deploy.PrepareMarket(ctx, d.chain.admin, dep, d.chain.admin.From, common.HexToHash("0x6768"), false)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.ExecWallet(ctx, aliceKey,
		WalletCall{c.Collateral, chaintest.PackUSDW("approve", c.ConditionalTokens, big.NewInt(3_000_000))},
		WalletCall{c.ConditionalTokens, chaintest.PackCTF("splitPosition", c.Collateral, common.Hash{}, ghost.ConditionID,
			[]*big.Int{big.NewInt(1), big.NewInt(2)}, big.NewInt(3_000_000))},
	); err != nil {
		t.Fatal(err)
	}
	rep, err = d.Reconcile(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{ghost.Yes.String(): true, ghost.No.String(): true}
	if len(rep.Differences) != 2 {
		t.Fatalf("after the change behind the engine's back: %+v, want the 2 ghost tokens", rep)
	}
	for _, diff := range rep.Differences {
		if diff.Wallet != alice.Funder() || !want[diff.Token] || diff.Chain != "3000000" || diff.Engine != "0" {
			t.Fatalf("difference %+v, want alice's 3000000 of a ghost token that the engine holds 0 of", diff)
		}
	}
	// The operator's command: the same check over HTTP, 409 with the
	// differences.
	resp, err = checked.Get(d.ReconcileURL + "/reconcile")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var viaHTTP reconcile.Report
	if err := json.NewDecoder(resp.Body).Decode(&viaHTTP); err != nil || resp.StatusCode != http.StatusConflict || len(viaHTTP.Differences) != 2 {
		t.Fatalf("GET /reconcile: %d %+v %v", resp.StatusCode, viaHTTP, err)
	}
	// And the metrics say so.
	metrics := get(t, d.ReconcileURL+"/metrics")
	for _, want := range []string{"settler_reconcile_differences 2", `settler_reconcile_difference_units{asset="token"} 6e+06`,
		`settler_reconcile_difference_units{asset="usdw"} 0`, "settler_reconcile_wallets_compared 2"} {
		if !strings.Contains(metrics, want) {
			t.Errorf("the reconciliation's metrics lack %q", want)
		}
	}
}

// pinnedSource is the devnet's chain watcher with its handled block set
// back: a check that runs before the watcher has handled the block of a
// settlement the relayer already confirmed.
type pinnedSource struct {
	reconcile.Source
	block uint64
}

func (p pinnedSource) Handled() (block, seq uint64) {
	_, seq = p.Source.Handled()
	return p.block, seq
}

// TestReconcileSkipsTradesMinedAfterTheBlock: a trade CONFIRMED by a
// transaction mined after the compared block is in the ledger and not yet
// in the chain's balances at that block. Such a wallet is unsettled at
// that block, never a difference (the cluster's fault run once reported
// its last 22 trades as differences, half a second after the relayer
// confirmed them); compared at the transaction's block, it agrees.
func TestReconcileSkipsTradesMinedAfterTheBlock(t *testing.T) {
	d := start(t, testConfig(t))
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	m := d.Markets[0]
	trader := func() *client.Client {
		sdk, key := deployedWallet(ctx, t, d)
		if r, err := sdk.Faucet(ctx, sdk.Funder().Hex(), "100"); err != nil || r.Balance != "100" {
			t.Fatalf("faucet: %+v, %v", r, err)
		}
		if err := d.ExecWallet(ctx, key, TradingApprovals(d.Deployment)...); err != nil {
			t.Fatal(err)
		}
		return sdk
	}
	maker, taker := trader(), trader()
	if o, err := maker.CreateAndPostOrder(ctx, client.OrderArgs{TokenID: m.YesTokenID(), Side: "BUY", Price: "0.40", Size: "10", FeeRateBps: 100}); err != nil || o.Status != clobapi.InsertStatusLive {
		t.Fatalf("the maker's bid: %+v, %v", o, err)
	}
	if o, err := taker.CreateAndPostOrder(ctx, client.OrderArgs{TokenID: m.NoTokenID(), Side: "BUY", Price: "0.60", Size: "10", FeeRateBps: 100}); err != nil || o.Status != clobapi.InsertStatusMatched {
		t.Fatalf("the taker's order: %+v, %v", o, err)
	}
	tr := eventually.Value(t, "the trade is CONFIRMED", func() (clobapi.Trade, bool) {
		page, err := taker.GetTrades(ctx, client.TradeParams{})
		if err != nil || page.Count != 1 {
			t.Fatalf("the taker's trades: %+v, %v", page, err)
		}
		return page.Data[0], page.Data[0].Status == "CONFIRMED"
	})
	rc, err := d.chain.chain.Backend.TransactionReceipt(ctx, common.HexToHash(tr.TransactionHash))
	if err != nil {
		t.Fatalf("the trade's transaction %s: %v", tr.TransactionHash, err)
	}
	mined := rc.BlockNumber.Uint64()
	eventually.True(t, "the watcher has handled the trade's block", func() bool {
		b, _ := d.watch.Handled()
		return b >= mined
	})
	nc, err := d.connect("reconcile-test")
	if err != nil {
		t.Fatal(err)
	}
	chain := &countingChain{Backend: d.chain.chain.Backend}
	check := func(block uint64) reconcile.Report {
		t.Helper()
		r, err := reconcile.New(reconcile.DefaultConfig(d.Deployment), chain, nc,
			pinnedSource{Source: d.watch, block: block}, zaptest.NewLogger(t))
		if err != nil {
			t.Fatal(err)
		}
		rep, err := r.Check(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	before := check(mined - 1)
	if len(before.Differences) != 0 || before.Unsettled != 2 || before.Compared != 0 {
		t.Fatalf("at block %d, before the settlement's block %d: %+v, want both wallets unsettled and no difference",
			mined-1, mined, before)
	}
	chain.receipts, chain.logReads = 0, 0
	at := check(mined)
	if len(at.Differences) != 0 || at.Unsettled != 0 || at.Compared != 2 {
		t.Fatalf("at the settlement's block %d: %+v, want both wallets compared and no difference", mined, at)
	}
	// What a check reads of the chain to tell a settlement mined after
	// its block must not grow with the trades the wallets settled: one
	// read of the exchanges' logs, no receipt per transaction (after an
	// hour's fault campaign a check read 32,515 trades' receipts and
	// timed out).
	if chain.receipts != 0 || chain.logReads != 1 {
		t.Fatalf("a check read %d receipts and the logs %d times, want 0 and 1", chain.receipts, chain.logReads)
	}
}

// countingChain counts what a reconciliation reads of the chain beyond
// balances.
type countingChain struct {
	txn.Backend
	receipts, logReads int
}

func (c *countingChain) TransactionReceipt(ctx context.Context, h common.Hash) (*types.Receipt, error) {
	c.receipts++
	return c.Backend.TransactionReceipt(ctx, h)
}

func (c *countingChain) FilterLogs(ctx context.Context, q ethereum.FilterQuery) ([]types.Log, error) {
	c.logReads++
	return c.Backend.FilterLogs(ctx, q)
}
