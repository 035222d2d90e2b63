package e2e

import (
	"context"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/ethclient"

	"pred.dev/proto/chain/bind/ctf"
	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/eventually"
	"pred.dev/proto/runtime/query"
	"pred.dev/scripts/devnet"
)

// TestNewcomerFlow is the first thing a newcomer does: two wallets get
// devnet USDW and API keys, one bids for YES, the other bids for NO at a
// price that crosses, and the two mint a pair. Both see the trade, both
// balances move by exactly the trade and the taker's fee, and the fee
// lands in the fee account.
func TestNewcomerFlow(t *testing.T) {
	t.Parallel()
	n := startNet(t)
	m := n.market(0)
	alice, bob := n.trader("100"), n.trader("100")

	// Alice bids 0.40 for 10 YES (it rests) and 0.35 for 10 more.
	first := alice.buy(t, m.YesTokenID(), "0.40", "10")
	second := alice.buy(t, m.YesTokenID(), "0.35", "10")
	if first.Status != clobapi.InsertStatusLive || second.Status != clobapi.InsertStatusLive {
		t.Fatalf("alice's bids: %s, %s, want live", first.Status, second.Status)
	}
	// Bob bids 0.60 for 10 NO, a YES ask at 0.40: it takes alice's first
	// bid, both pay their price, and a YES/NO pair is minted.
	took := bob.buy(t, m.NoTokenID(), "0.60", "10")
	if took.Status != clobapi.InsertStatusMatched || len(took.TradeIDs) != 1 {
		t.Fatalf("bob's order: %+v, want matched with one trade", took)
	}
	tradeID := took.TradeIDs[0]

	// Bob's reads wait for his own command; alice's reads are eventually
	// consistent (the engine answers bob before its store commits), so
	// the test waits until she sees the trade. Commits are atomic and in
	// log order, so every later read of hers sees all of it.
	eventually.True(t, "alice sees the trade", func() bool { return len(trades(t, alice)) > 0 })
	checkTrade(t, "alice", alice, tradeID, "MAKER", "0.4", "0")
	checkTrade(t, "bob", bob, tradeID, "TAKER", "0.6", "0.06")
	if s := alice.order(t, first.OrderID).Status; s != "MATCHED" {
		t.Errorf("alice's first order is %s, want MATCHED", s)
	}
	if s := alice.order(t, second.OrderID).Status; s != "LIVE" {
		t.Errorf("alice's second order is %s, want LIVE", s)
	}
	if s := bob.order(t, took.OrderID).Status; s != "MATCHED" {
		t.Errorf("bob's order is %s, want MATCHED", s)
	}

	// Alice paid 4.00 as maker (makers pay no fee) and locks 3.50 for her
	// resting bid; bob paid 6.00 and the 1% taker fee.
	wantBalance(t, "alice USDW", alice.balance(t, ""), "96", "3.5")
	wantBalance(t, "alice YES", alice.balance(t, m.YesTokenID()), "10", "0")
	wantBalance(t, "bob USDW", bob.balance(t, ""), "93.94", "0")
	wantBalance(t, "bob NO", bob.balance(t, m.NoTokenID()), "10", "0")
	if fee := feeAccountUSDW(t, n.d); fee != 60_000 {
		t.Errorf("fee account holds %d base units, want 60000 (0.06 USDW)", fee)
	}

	// The settler puts the trade on chain: both see it CONFIRMED with the
	// same transaction, and the chain holds the minted pair.
	var hash string
	eventually.True(t, "the trade is CONFIRMED", func() bool {
		for _, tt := range trades(t, bob) {
			if tt.ID == tradeID && tt.Status == "CONFIRMED" {
				hash = tt.TransactionHash
				return true
			}
			if tt.ID == tradeID && tt.Status == "FAILED" {
				t.Fatalf("the trade FAILED: %+v", tt)
			}
		}
		return false
	})
	if len(hash) != 66 {
		t.Fatalf("the confirmed trade's transaction hash is %q", hash)
	}
	eventually.True(t, "alice sees it CONFIRMED", func() bool {
		for _, tt := range trades(t, alice) {
			if tt.ID == tradeID {
				return tt.Status == "CONFIRMED" && tt.TransactionHash == hash
			}
		}
		return false
	})
	yes, no := chainShares(t, n.d, alice.Funder(), m.YesTokenID()), chainShares(t, n.d, bob.Funder(), m.NoTokenID())
	if yes != 10_000_000 || no != 10_000_000 {
		t.Errorf("on chain alice holds %d YES and bob %d NO base units, want 10 shares each", yes, no)
	}
}

// chainShares reads a wallet's outcome tokens on the devnet's chain.
func chainShares(t *testing.T, d *devnet.Devnet, wallet common.Address, token string) uint64 {
	t.Helper()
	c, err := ethclient.Dial(d.RPCURL)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	ct, err := ctf.NewConditionalTokensCaller(d.Deployment.Contracts.ConditionalTokens, c)
	if err != nil {
		t.Fatal(err)
	}
	id, ok := new(big.Int).SetString(token, 10)
	if !ok {
		t.Fatalf("token %q", token)
	}
	v, err := ct.BalanceOf(&bind.CallOpts{Context: context.Background()}, wallet, id)
	if err != nil {
		t.Fatal(err)
	}
	return v.Uint64()
}

// checkTrade finds the trade in the trader's GET /trades and checks its
// side of it.
func checkTrade(t *testing.T, who string, tr *trader, id, role, price, fee string) {
	t.Helper()
	all := trades(t, tr)
	for _, tt := range all {
		if tt.ID != id {
			continue
		}
		// The settler moves it on at once: any status on the way to
		// CONFIRMED.
		settling := map[string]bool{"MATCHED": true, "SUBMITTED": true, "MINED": true, "CONFIRMED": true}
		if tt.TraderSide != role || tt.Price != price || tt.Fee != fee || tt.Size != "10" || tt.MatchType != "MINT" || !settling[tt.Status] {
			t.Errorf("%s sees trade %+v, want %s at %s, size 10, fee %s, MINT, settling", who, tt, role, price, fee)
		}
		return
	}
	t.Errorf("%s's GET /trades (%d trades) lacks trade %s", who, len(all), id)
}

// trades returns every trade of the trader.
func trades(t *testing.T, tr *trader) []clobapi.Trade {
	t.Helper()
	all, err := tr.AllTrades(context.Background(), client.TradeParams{})
	if err != nil {
		t.Fatalf("GET /trades: %v", err)
	}
	return all
}

// feeAccountUSDW asks the engine directly for the fee account's
// collateral, since the fee account has no API key.
func feeAccountUSDW(t *testing.T, d *devnet.Devnet) uint64 {
	t.Helper()
	nc := connectNATS(t, d)
	fa := devnet.FeeAccount
	resp, err := query.Do(context.Background(), nc, &pb.QueryRequest{Query: &pb.QueryRequest_Balance{
		Balance: &pb.BalanceQuery{Account: fa[:]}}})
	if err != nil || resp.GetError() != nil {
		t.Fatalf("fee account balance: %v %v", err, resp.GetError())
	}
	return resp.GetBalance().GetBalance()
}
