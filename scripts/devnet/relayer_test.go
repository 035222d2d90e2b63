package devnet

import (
	"context"
	"math/big"
	"net/http"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/gamma"
	"pred.dev/proto/client/relayer"
	"pred.dev/proto/client/relayerapi"
)

// TestRelayerServes: the devnet's Relayer API takes a Gamma login token
// (the two share the JWT key), makes a relayer key, and its worker, paying
// from the funded hot key, deploys a new trader's wallet and approves both
// exchanges on chain in one onboarding; the trader's key holds no coin at
// any point. After a restart on the same data dir the relayer still knows
// the transactions, and the hot key is not funded twice.
func TestRelayerServes(t *testing.T) {
	cfg := testConfig(t)
	d := start(t, cfg)
	ctx, cancel := context.WithTimeout(context.Background(), startTimeout)
	defer cancel()
	if d.RelayerURL == "" || d.RelayerHot != RelayerAddress {
		t.Fatalf("relayer at %q with hot key %s, want one with %s", d.RelayerURL, d.RelayerHot.Hex(), RelayerAddress.Hex())
	}
	funded, err := d.chain.chain.Backend.BalanceAt(ctx, RelayerAddress, nil)
	if err != nil || funded.Cmp(relayerFundsMin) < 0 {
		t.Fatalf("the hot key holds %v (%v), want at least %v", funded, err, relayerFundsMin)
	}
	var banner strings.Builder
	if err := d.WriteBanner(&banner); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{d.RelayerURL + "/docs", RelayerAddress.Hex(), d.Deployment.Contracts.MultiSendCallOnly.Hex()} {
		if !strings.Contains(banner.String(), want) {
			t.Errorf("the banner lacks %q", want)
		}
	}
	resp, err := http.Get(d.RelayerURL + "/readyz")
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /readyz: %v %v", resp, err)
	}
	resp.Body.Close()

	key, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	g := gamma.New(d.GammaURL, gamma.WithPrivateKey(key))
	tok, err := g.Login(ctx)
	if err != nil {
		t.Fatal(err)
	}
	pi, err := g.PublicInfo(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ch, err := relayer.ChainFromPublicInfo(pi)
	if err != nil {
		t.Fatal(err)
	}
	if ch.MultiSendCallOnly != d.Deployment.Contracts.MultiSendCallOnly {
		t.Fatalf("Gamma names MultiSendCallOnly %s, the record %s", ch.MultiSendCallOnly.Hex(), d.Deployment.Contracts.MultiSendCallOnly.Hex())
	}
	rc := relayer.New(d.RelayerURL, relayer.WithToken(tok.Token), relayer.WithPrivateKey(key), relayer.WithChain(ch))
	k, err := rc.CreateAPIKey(ctx)
	if err != nil {
		t.Fatal(err)
	}
	rc = relayer.New(d.RelayerURL, relayer.WithAPIKey(k.APIKey, k.Address), relayer.WithPrivateKey(key), relayer.WithChain(ch))
	owner := crypto.PubkeyToAddress(key.PublicKey)
	if dep, err := rc.Deployed(ctx, owner); err != nil || dep.Deployed {
		t.Fatalf("before: deployed %+v, %v", dep, err)
	}
	subs, err := rc.Onboard(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range subs {
		if tx, err := rc.Wait(ctx, s.TransactionID, relayerapi.StateConfirmed, nil); err != nil || tx.State != relayerapi.StateConfirmed {
			t.Fatalf("transaction %s: %+v %v", s.TransactionID, tx, err)
		}
	}
	dep, err := rc.Deployed(ctx, owner)
	if err != nil || !dep.Deployed || dep.Address != rc.Wallet().Hex() {
		t.Fatalf("after: deployed %+v, %v; want %s deployed", dep, err, rc.Wallet().Hex())
	}
	call := &bind.CallOpts{Context: ctx}
	for _, spender := range []struct {
		name string
		addr common.Address
	}{{"exchange", d.Deployment.Contracts.Exchange}, {"negRisk exchange", d.Deployment.Contracts.NegRiskExchange}} {
		a, err := d.chain.usdw.Allowance(call, rc.Wallet(), spender.addr)
		if err != nil || a.Cmp(new(big.Int).Rsh(maxUint256, 1)) < 0 {
			t.Errorf("USDW allowance of the wallet to the %s: %v, %v", spender.name, a, err)
		}
		ok, err := d.chain.ctf.IsApprovedForAll(call, rc.Wallet(), spender.addr)
		if err != nil || !ok {
			t.Errorf("conditional tokens approval of the %s: %v, %v", spender.name, ok, err)
		}
	}
	// The CLOB reads the same approvals from the chain.
	cc := client.New(d.URL, client.WithPrivateKey(key), client.WithChain(ch.ChainID, ch.Exchange, ch.NegRiskExchange),
		client.WithProxyWallet(ch.SafeFactory, ch.SafeInitCodeHash))
	if _, err := cc.CreateOrDeriveAPIKey(ctx); err != nil {
		t.Fatal(err)
	}
	for _, p := range []client.BalanceParams{{}, {TokenID: d.Markets[0].YesTokenID()}} {
		ba, err := cc.GetBalanceAllowance(ctx, p)
		if err != nil || len(ba.ExchangeAllowances) != 2 {
			t.Fatalf("GET /balance-allowance %+v: %+v, %v", p, ba, err)
		}
		for x, v := range ba.ExchangeAllowances {
			if !strings.HasPrefix(string(v), "115792089237316195423570985008687907853269984665640564039457584007913129") {
				t.Errorf("GET /balance-allowance %+v: exchange %s may move %s, want unlimited", p, x, v)
			}
		}
	}
	if b, err := d.chain.chain.Backend.BalanceAt(ctx, owner, nil); err != nil || b.Sign() != 0 {
		t.Errorf("the trader's key holds %v (%v): it should never need coin", b, err)
	}
	paid, err := d.chain.chain.Backend.BalanceAt(ctx, RelayerAddress, nil)
	if err != nil || paid.Cmp(funded) >= 0 {
		t.Errorf("the hot key holds %v (%v) after paying, %v before", paid, err, funded)
	}

	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	d = start(t, cfg)
	rc = relayer.New(d.RelayerURL, relayer.WithAPIKey(k.APIKey, k.Address), relayer.WithPrivateKey(key), relayer.WithChain(ch))
	for _, s := range subs {
		if tx, err := rc.Transaction(ctx, s.TransactionID); err != nil || tx.State != relayerapi.StateConfirmed {
			t.Fatalf("after the restart, transaction %s: %+v %v", s.TransactionID, tx, err)
		}
	}
	if again, err := d.chain.chain.Backend.BalanceAt(ctx, RelayerAddress, nil); err != nil || again.Cmp(paid) != 0 {
		t.Errorf("after the restart the hot key holds %v (%v), want %v as before (no second funding)", again, err, paid)
	}
}
