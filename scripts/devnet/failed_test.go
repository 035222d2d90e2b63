package devnet

import (
	"context"
	"crypto/ecdsa"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/proto/chain/chaintest"
	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/runtime/eventually"
)

// TestFailedTradeIsReversed: the ghost fill of issue 19, end to end on a
// devnet, and what the exchange now does about it. Two approved, funded
// proxy wallets trade (a MINT, MATCHED); before the settlement runs, the
// maker sends all its USDW out of its wallet around the exchange. The
// chain watcher sees the transfer (the ledger held 4 USDW less than the
// chain: the maker now owes them), the settlement reverts and the trade
// ends FAILED, and the engine reverses the fill for both: the honest taker
// is whole again (100 USDW, no NO shares), the maker's refund pays its
// debt, and the reconciliation of chain against ledger finds no
// difference for either wallet.
func TestFailedTradeIsReversed(t *testing.T) {
	cfg := testConfig(t)
	cfg.NoSettle = true // started below, once the maker has moved its funds
	d := start(t, cfg)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	dep, c := d.Deployment, d.Deployment.Contracts
	m := d.Markets[0]
	yes, no := m.YesTokenID(), m.NoTokenID()
	trader := func() (*client.Client, *ecdsa.PrivateKey) {
		sdk, key := deployedWallet(ctx, t, d)
		if r, err := sdk.Faucet(ctx, sdk.Funder().Hex(), "100"); err != nil || r.Balance != "100" {
			t.Fatalf("faucet: %+v, %v", r, err)
		}
		if err := d.ExecWallet(ctx, key, TradingApprovals(dep)...); err != nil {
			t.Fatal(err)
		}
		return sdk, key
	}
	maker, makerKey := trader()
	taker, _ := trader()

	bid, err := maker.CreateAndPostOrder(ctx, client.OrderArgs{TokenID: yes, Side: "BUY", Price: "0.40", Size: "10", FeeRateBps: 100})
	if err != nil || bid.Status != clobapi.InsertStatusLive {
		t.Fatalf("the maker's bid: %+v, %v", bid, err)
	}
	take, err := taker.CreateAndPostOrder(ctx, client.OrderArgs{TokenID: no, Side: "BUY", Price: "0.60", Size: "10", FeeRateBps: 100})
	if err != nil || take.Status != clobapi.InsertStatusMatched {
		t.Fatalf("the taker's order: %+v, %v", take, err)
	}
	balance := func(sdk *client.Client, token string) (bal, debt string) {
		t.Helper()
		b, err := sdk.GetBalanceAllowance(ctx, client.BalanceParams{TokenID: token})
		if err != nil {
			t.Fatal(err)
		}
		return b.Balance, b.Debt
	}
	if bal, _ := balance(taker, ""); bal != "93.94" {
		t.Fatalf("the taker's USDW after the match: %s, want 100 - 6 - 0.06 fee = 93.94", bal)
	}

	// Around the exchange: the maker's Safe sends its 100 USDW away.
	sink := common.HexToAddress("0x000000000000000000000000000000000000dEaD")
	if err := d.ExecWallet(ctx, makerKey, WalletCall{c.Collateral, chaintest.PackUSDW("transfer", sink, big.NewInt(100_000_000))}); err != nil {
		t.Fatal(err)
	}
	if bal, debt := balance(maker, ""); bal != "0" || debt != "4" {
		t.Fatalf("the maker after its transfer out: balance %s debt %s, want 0 and the 4 its fill spent", bal, debt)
	}

	runCtx, stop := context.WithCancel(context.Background())
	t.Cleanup(stop)
	scfg := SettleConfig(d.Deployment, d.chain)
	scfg.AttemptsMax, scfg.RetryBackoff = 2, 200*time.Millisecond
	if err := d.startSettleWith(ctx, runCtx, scfg); err != nil {
		t.Fatal(err)
	}
	tr := eventually.Value(t, "the trade is FAILED", func() (clobapi.Trade, bool) {
		page, err := taker.GetTrades(ctx, client.TradeParams{})
		if err != nil || page.Count != 1 {
			t.Fatalf("the taker's trades: %+v, %v", page, err)
		}
		return page.Data[0], page.Data[0].Status == "FAILED"
	})

	for _, c := range []struct {
		who        string
		sdk        *client.Client
		token      string
		bal, debt  string
		reasonable string
	}{
		{"taker", taker, "", "100", "0", "its USDW back, fee included"},
		{"taker", taker, no, "0", "0", "no NO shares: the chain minted none"},
		{"maker", maker, "", "0", "0", "its refund paid its debt"},
		{"maker", maker, yes, "0", "0", "no YES shares"},
	} {
		if bal, debt := balance(c.sdk, c.token); bal != c.bal || debt != c.debt {
			t.Errorf("the %s's %q: balance %s debt %s, want %s and %s (%s)", c.who, c.token, bal, debt, c.bal, c.debt, c.reasonable)
		}
	}
	txs, err := taker.GetTransactions(ctx, client.PageParams{})
	if err != nil {
		t.Fatal(err)
	}
	reversal := map[string]bool{}
	for _, x := range txs.Data {
		if x.TradeID == tr.ID {
			reversal[x.Type] = true
		}
	}
	if !reversal["REVERSAL_IN"] || !reversal["REVERSAL_OUT"] {
		t.Errorf("the taker's transactions name the reversal of trade %s: %+v", tr.ID, txs.Data)
	}
	rep, err := d.Reconcile(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, diff := range rep.Differences {
		if diff.Wallet == maker.Funder() || diff.Wallet == taker.Funder() {
			t.Errorf("reconciliation difference after the reversal: %+v", diff)
		}
	}
	t.Logf("reconciled %d wallets at block %d; differences: %+v", rep.Compared, rep.Block, rep.Differences)
}

// deployedWallet is a new key's SDK client of the devnet's CLOB, with an
// API key, trading from its proxy wallet, deployed.
func deployedWallet(ctx context.Context, t *testing.T, d *Devnet) (*client.Client, *ecdsa.PrivateKey) {
	t.Helper()
	dep, c := d.Deployment, d.Deployment.Contracts
	key, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	sdk := client.New(d.URL, client.WithPrivateKey(key), client.WithChain(dep.ChainID, c.Exchange, c.NegRiskExchange),
		client.WithProxyWallet(c.SafeFactory, dep.SafeInitCodeHash))
	if _, err := sdk.CreateOrDeriveAPIKey(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := d.DeployWallet(ctx, key); err != nil {
		t.Fatal(err)
	}
	return sdk, key
}
