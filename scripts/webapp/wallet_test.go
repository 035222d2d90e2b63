package webapp

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/proto/client/gamma"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/runtime/apitest"
)

// walletTestTimeout bounds the browser session of a wallet test.
const walletTestTimeout = 2 * time.Minute

// TestWalletSignsAsTheGoSDK: a page finds the injected wallet through
// EIP-6963, and its eth_signTypedData_v4 of Gamma's Login message is the
// signature the Go SDK makes with the same key (RFC 6979 signatures are
// deterministic); a transaction is refused, so no app can spend gas of it.
func TestWalletSignsAsTheGoSDK(t *testing.T) {
	t.Parallel()
	key, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	w := &Wallet{Key: key, ChainID: 1337}
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, _ *http.Request) {
		fmt.Fprint(rw, "<!doctype html><title>wallet</title>")
	}))
	t.Cleanup(srv.Close)
	ctx := apitest.Browser(t, walletTestTimeout)
	if err := w.Install(ctx); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL)); err != nil {
		t.Fatal(err)
	}
	n := gammaapi.NonceResponse{Nonce: "n-1", ScopeID: "", IssuedAt: "2026-11-27T18:00:00Z", ChainID: w.ChainID, Statement: "Sign in to pred"}
	want, err := gamma.SignLogin(key, n)
	if err != nil {
		t.Fatal(err)
	}
	typed, err := json.Marshal(map[string]any{
		"types": map[string]any{
			"EIP712Domain": []map[string]string{{"name": "name", "type": "string"}, {"name": "version", "type": "string"}, {"name": "chainId", "type": "uint256"}},
			"Login": []map[string]string{{"name": "address", "type": "address"}, {"name": "statement", "type": "string"}, {"name": "nonce", "type": "string"},
				{"name": "issuedAt", "type": "string"}, {"name": "chainId", "type": "uint256"}, {"name": "scopeId", "type": "string"}},
		},
		"primaryType": "Login",
		"domain":      map[string]any{"name": "Pred Login", "version": "1", "chainId": n.ChainID},
		"message": map[string]any{"address": w.Address().Hex(), "statement": n.Statement, "nonce": n.Nonce, "issuedAt": n.IssuedAt,
			"chainId": fmt.Sprint(n.ChainID), "scopeId": n.ScopeID},
	})
	if err != nil {
		t.Fatal(err)
	}
	type result struct {
		Wallets   []string `json:"wallets"`
		Accounts  []string `json:"accounts"`
		ChainID   string   `json:"chainId"`
		Signature string   `json:"signature"`
		SendError int      `json:"sendError"`
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[result](fmt.Sprintf(`(async () => {
		const found = [];
		window.addEventListener("eip6963:announceProvider", (e) => found.push(e.detail));
		window.dispatchEvent(new Event("eip6963:requestProvider"));
		const p = found[0].provider;
		const accounts = await p.request({ method: "eth_requestAccounts" });
		const chainId = await p.request({ method: "eth_chainId" });
		const signature = await p.request({ method: "eth_signTypedData_v4", params: [accounts[0], %q] });
		let sendError = 0;
		try { await p.request({ method: "eth_sendTransaction", params: [{ to: accounts[0] }] }); } catch (e) { sendError = e.code; }
		return { wallets: found.map((d) => d.info.rdns), accounts, chainId, signature, sendError };
	})()`, typed), chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Wallets) != 1 || got.Wallets[0] != DefaultWalletRDNS {
		t.Fatalf("EIP-6963 announced %v, want one %s", got.Wallets, DefaultWalletRDNS)
	}
	if len(got.Accounts) != 1 || got.Accounts[0] != w.Address().Hex() || got.ChainID != "0x539" {
		t.Fatalf("accounts %v chain %s, want [%s] 0x539", got.Accounts, got.ChainID, w.Address().Hex())
	}
	if got.Signature != want.Signature {
		t.Fatalf("the wallet signed %s, the Go SDK %s", got.Signature, want.Signature)
	}
	if got.SendError != codeUnsupportedMethod {
		t.Fatalf("eth_sendTransaction failed with code %d, want %d", got.SendError, codeUnsupportedMethod)
	}
}

// TestAxeFindsViolations: the accessibility check can fail. A page with an
// image without text and an unlabelled input has serious or critical
// violations, and a page without them has none.
func TestAxeFindsViolations(t *testing.T) {
	t.Parallel()
	pages := map[string]string{
		"/bad":  `<!doctype html><html><head><title>bad</title></head><body><main><img src="data:,"><input type="text"></main></body></html>`,
		"/good": `<!doctype html><html lang="en"><head><title>good</title></head><body><main><h1>Markets</h1><img src="data:," alt="logo"><label>Search <input type="text"></label></main></body></html>`,
	}
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) { fmt.Fprint(rw, pages[r.URL.Path]) }))
	t.Cleanup(srv.Close)
	ctx := apitest.Browser(t, walletTestTimeout)
	severe := func(path string) []string {
		if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+path)); err != nil {
			t.Fatal(err)
		}
		found, err := axeViolations(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, v := range found {
			if v.Impact == "serious" || v.Impact == "critical" {
				ids = append(ids, v.ID)
			}
		}
		return ids
	}
	if got := severe("/bad"); !slices.Contains(got, "image-alt") || !slices.Contains(got, "label") {
		t.Errorf("axe found %v on the bad page, want image-alt and label", got)
	}
	if got := severe("/good"); len(got) != 0 {
		t.Errorf("axe found %v on the good page, want none", got)
	}
}
