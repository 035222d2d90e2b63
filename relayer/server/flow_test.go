package server_test

import (
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"

	"pred.dev/proto/client/relayer"
	"pred.dev/proto/client/relayerapi"
)

// TestOnboarding: a new trader with no coin gets a relayer key, deploys
// its wallet and approves both exchanges in one client call (a SAFE-CREATE
// and, right behind it, a MultiSend Safe transaction with nonce 0);
// GET /deployed flips, the allowances are on chain, and both transactions
// are CONFIRMED with their hashes and blocks.
func TestOnboarding(t *testing.T) {
	h := newHarness(t)
	u := h.user()
	ctx := ctxT(t)
	k, err := u.c.CreateAPIKey(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if k.Address != u.addr.Hex() || k.APIKey == "" {
		t.Fatalf("key %+v", k)
	}
	d, err := u.c.Deployed(ctx, u.addr)
	if err != nil {
		t.Fatal(err)
	}
	wallet := h.clientChain().Wallet(u.addr)
	if d.Deployed || d.Address != wallet.Hex() {
		t.Fatalf("before: %+v, wallet %s", d, wallet.Hex())
	}
	subs, err := u.c.Onboard(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(subs) != 2 || subs[0].State != relayerapi.StateNew || subs[1].State != relayerapi.StateNew {
		t.Fatalf("submissions %+v", subs)
	}
	create := u.wait(t, subs[0].TransactionID, relayerapi.StateConfirmed)
	approve := u.wait(t, subs[1].TransactionID, relayerapi.StateConfirmed)
	for _, tx := range []relayerapi.Transaction{create, approve} {
		if tx.TransactionHash == "" || tx.BlockNumber == 0 || tx.Owner != u.addr.Hex() || tx.ProxyWallet != wallet.Hex() {
			t.Fatalf("transaction %+v", tx)
		}
	}
	if create.Type != relayerapi.TypeSafeCreate || approve.Type != relayerapi.TypeSafe || approve.BlockNumber <= create.BlockNumber {
		t.Fatalf("create %+v\napprove %+v", create, approve)
	}
	if d, err = u.c.Deployed(ctx, u.addr); err != nil || !d.Deployed {
		t.Fatalf("after: %+v %v", d, err)
	}
	env := h.chain.env
	call := &bind.CallOpts{Context: ctx}
	for _, ex := range []common.Address{env.D.Contracts.Exchange, env.D.Contracts.NegRiskExchange} {
		a, err := env.USDW.Allowance(call, wallet, ex)
		if err != nil || a.Cmp(relayer.MaxUint256) != 0 {
			t.Fatalf("USDW allowance for %s: %s %v", ex.Hex(), a, err)
		}
		ok, err := env.CTF.IsApprovedForAll(call, wallet, ex)
		if err != nil || !ok {
			t.Fatalf("CTF approval for %s: %v %v", ex.Hex(), ok, err)
		}
	}
	n, err := u.c.Nonce(ctx, u.addr)
	if err != nil || n.Int64() != 1 {
		t.Fatalf("nonce %v %v", n, err)
	}
	txs, err := u.c.Transactions(ctx)
	if err != nil || len(txs) != 2 || txs[0].TransactionID != approve.TransactionID || txs[1].TransactionID != create.TransactionID {
		t.Fatalf("transactions %+v %v", txs, err)
	}
	// The same requests again are the same transactions: a replay wins
	// over the chain's SAFE_DEPLOYED and SAFE_NONCE_USED, as the document
	// says.
	again, err := u.c.Submit(ctx, mustDeployRequest(t, u))
	if err != nil || again.TransactionID != create.TransactionID || again.State != relayerapi.StateConfirmed {
		t.Fatalf("deployment again: %+v %v", again, err)
	}
	approvals, err := u.c.SafeRequest(u.c.Tx(big.NewInt(0), h.clientChain().TradingApprovals()...))
	if err != nil {
		t.Fatal(err)
	}
	if again, err = u.c.Submit(ctx, approvals); err != nil || again.TransactionID != approve.TransactionID || again.State != relayerapi.StateConfirmed {
		t.Fatalf("approvals again (Safe nonce 0, used by them): %+v %v", again, err)
	}
}

func mustDeployRequest(t testing.TB, u *user) relayerapi.SubmitRequest {
	t.Helper()
	s, err := u.c.DeployRequest()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestEthSignForm: a Safe transaction signed the eth_sign way (v 31/32,
// as a browser wallet's personal_sign makes it) is executed like an
// EIP-712 one: here a USDW transfer out of a funded wallet.
func TestEthSignForm(t *testing.T) {
	h := newHarness(t)
	u := h.user(relayer.WithSigForm(relayer.EthSign))
	ctx := ctxT(t)
	sub, err := u.c.Deploy(ctx)
	if err != nil {
		t.Fatal(err)
	}
	u.wait(t, sub.TransactionID, relayerapi.StateMined)
	wallet := u.c.Wallet()
	if err := h.chain.env.Fund(ctx, wallet, big.NewInt(5_000_000)); err != nil {
		t.Fatal(err)
	}
	to := common.HexToAddress("0x00000000000000000000000000000000000000b0")
	res, err := u.c.Execute(ctx, relayer.Transfer(h.chain.env.D.Contracts.Collateral, to, big.NewInt(2_000_000)))
	if err != nil {
		t.Fatal(err)
	}
	tx := u.wait(t, res.TransactionID, relayerapi.StateMined)
	got, err := h.chain.env.USDWOf(ctx, to)
	if err != nil || got.Int64() != 2_000_000 {
		t.Fatalf("recipient holds %v %v", got, err)
	}
	if tx.Signature[len(tx.Signature)-2:] != "1f" && tx.Signature[len(tx.Signature)-2:] != "20" {
		t.Fatalf("the eth_sign form was not kept: %s", tx.Signature)
	}
}
