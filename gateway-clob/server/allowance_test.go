package server_test

import (
	"context"
	"encoding/json"
	"errors"
	"math/big"
	"net/http"
	"testing"

	"pred.dev/gateway-clob/chainread"
	"pred.dev/gateway-clob/server"
	"pred.dev/proto/chain/chaintest"
	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/relayer"
	"pred.dev/proto/errcode"
)

// unlimited is 2^256 - 1 base units, as GET /balance-allowance writes it.
const unlimited = "115792089237316195423570985008687907853269984665640564039457584007913129.639935"

// TestBalanceAllowanceReadsTheChain: GET /balance-allowance shows what the
// wallet has allowed each exchange on chain, and follows the chain as the
// wallet changes it: nothing for a key that approved nothing; unlimited
// after the onboarding approvals; an exact USDW allowance and a revoked
// operator approval once the wallet sets them; a 503 CHAIN_UNAVAILABLE
// when the chain does not answer.
func TestBalanceAllowanceReadsTheChain(t *testing.T) {
	ctx := context.Background()
	env, err := chaintest.NewSimulated(ctx, chaintest.WithChainID(testChainID))
	if err != nil {
		t.Fatal(err)
	}
	closed := false
	defer func() {
		if !closed {
			env.Close()
		}
	}()
	reader, err := chainread.New(env.Chain.Backend, env.D)
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, withConfig(func(c *server.Config) {
		c.ProxyFactory, c.ProxyInitCodeHash = env.D.Contracts.SafeFactory, env.D.SafeInitCodeHash
		c.Allowances = reader
	}))
	// A Safe trader with the four onboarding approvals, made on chain.
	tr, err := env.NewTrader(ctx, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	c := client.New(h.url(0), client.WithHTTPClient(h.httpClient(true)), client.WithPrivateKey(tr.Key),
		client.WithChain(testChainID, testExchange, testNegRisk), client.WithProxyWallet(env.D.Contracts.SafeFactory, env.D.SafeInitCodeHash))
	if _, err := c.CreateOrDeriveAPIKey(ctx); err != nil {
		t.Fatal(err)
	}
	if c.Funder() != tr.Maker {
		t.Fatalf("the client's proxy wallet %s is not the trader's Safe %s", c.Funder().Hex(), tr.Maker.Hex())
	}
	ex, nr := env.D.Contracts.Exchange.Hex(), env.D.Contracts.NegRiskExchange.Hex()
	type want struct{ asset, least, ex, nr string }
	check := func(what string, p client.BalanceParams, w want) {
		t.Helper()
		ba, err := c.GetBalanceAllowance(ctx, p)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if string(ba.Allowances[w.asset]) != w.least || len(ba.Allowances) != 1 ||
			string(ba.ExchangeAllowances[ex]) != w.ex || string(ba.ExchangeAllowances[nr]) != w.nr || len(ba.ExchangeAllowances) != 2 {
			t.Errorf("%s: allowances %v, exchange_allowances %v; want %s: %s, exchange %s, negRisk %s",
				what, ba.Allowances, ba.ExchangeAllowances, w.asset, w.least, w.ex, w.nr)
		}
	}
	collateral := client.BalanceParams{SignatureType: "2"}
	yes := client.BalanceParams{TokenID: testYesStr, SignatureType: "2"}
	// The key itself (signature type 0) approved nothing.
	check("the EOA's USDW", client.BalanceParams{SignatureType: "0"}, want{"0", "0", "0", "0"})
	check("the EOA's tokens", client.BalanceParams{TokenID: testYesStr, SignatureType: "0"}, want{testYesStr, "0", "0", "0"})
	check("the Safe's USDW", collateral, want{"0", unlimited, unlimited, unlimited})
	check("the Safe's tokens", yes, want{testYesStr, unlimited, unlimited, unlimited})
	wantStringAmounts(t, h, c)

	// The wallet lowers the exchange's USDW allowance to 5.25 USDW and
	// revokes the negRisk exchange's operator approval.
	k := env.D.Contracts
	lower := relayer.Approve(k.Collateral, k.Exchange, big.NewInt(5_250_000))
	revoke := relayer.SetApprovalForAll(k.ConditionalTokens, k.NegRiskExchange, false)
	if err := tr.Do(ctx, chaintest.Call(lower.To, lower.Data), chaintest.Call(revoke.To, revoke.Data)); err != nil {
		t.Fatal(err)
	}
	check("the Safe's USDW after a lower approve", collateral, want{"0", "5.25", "5.25", unlimited})
	check("the Safe's tokens after a revoke", yes, want{testYesStr, "0", unlimited, "0"})

	env.Close()
	closed = true
	_, err = c.GetBalanceAllowance(ctx, collateral)
	if !errors.Is(err, errcode.ChainUnavailable) {
		t.Fatalf("with the chain gone: %v, want %s", err, errcode.ChainUnavailable)
	}
}

// wantStringAmounts reads GET /balance-allowance of the Safe as a
// JavaScript client does, every JSON number a double: each amount must be
// a string, so that the unlimited allowance (2^256 − 1 base units) keeps
// all its digits. It was once a JSON number, read as
// 1.157920892373162e+71.
func wantStringAmounts(t *testing.T, h *harness, c *client.Client) {
	t.Helper()
	resp, data := h.do(0, http.MethodGet, "/balance-allowance?signature_type=2", nil, l2Headers(t, c, http.MethodGet, "/balance-allowance", nil))
	var body map[string]any
	if err := json.Unmarshal(data, &body); resp.StatusCode != 200 || err != nil {
		t.Fatalf("GET /balance-allowance: %d %s %v", resp.StatusCode, data, err)
	}
	for _, f := range []string{"balance", "locked", "virtual_available"} {
		if _, ok := body[f].(string); !ok {
			t.Errorf("%s is %T (%v), want a decimal string", f, body[f], body[f])
		}
	}
	for _, f := range []string{"allowances", "exchange_allowances"} {
		m, ok := body[f].(map[string]any)
		if !ok || len(m) == 0 {
			t.Fatalf("%s is %v", f, body[f])
		}
		for k, v := range m {
			if v != unlimited {
				t.Errorf("%s[%s] is %T %v, want the string %s", f, k, v, v, unlimited)
			}
		}
	}
}
