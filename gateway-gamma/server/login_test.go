package server_test

import (
	"crypto/ecdsa"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/gateway-gamma/login"
	"pred.dev/gateway-gamma/server"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/eip712"
	"pred.dev/proto/errcode"
	"pred.dev/proto/runtime/gateway"
	"pred.dev/proto/wallet"
)

func newKey(t testing.TB) *ecdsa.PrivateKey {
	t.Helper()
	k, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func addrOf(k *ecdsa.PrivateKey) string { return crypto.PubkeyToAddress(k.PublicKey).Hex() }

// getNonce asks gateway i for a nonce for addr.
func (h *harness) getNonce(i int, addr string) gammaapi.NonceResponse {
	h.t.Helper()
	var n gammaapi.NonceResponse
	h.get(i, "/auth/nonce?address="+addr, &n)
	return n
}

// signLogin signs the nonce response with key.
func signLogin(t testing.TB, key *ecdsa.PrivateKey, n gammaapi.NonceResponse) gammaapi.LoginRequest {
	t.Helper()
	msg := &eip712.Login{Statement: n.Statement, Nonce: n.Nonce, IssuedAt: n.IssuedAt, ChainID: n.ChainID, ScopeID: n.ScopeID}
	sig, err := eip712.SignLogin(key, msg)
	if err != nil {
		t.Fatal(err)
	}
	return gammaapi.LoginRequest{Signature: hexutil.Encode(sig), MessageParams: gammaapi.MessageParams{
		Nonce: n.Nonce, ScopeID: n.ScopeID, IssuedAt: n.IssuedAt, ChainID: n.ChainID, Statement: n.Statement}}
}

// postJSON posts v to gateway i with optional headers.
func (h *harness) postJSON(i int, path string, v any, hdr http.Header) (*http.Response, []byte) {
	h.t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		h.t.Fatal(err)
	}
	if hdr == nil {
		hdr = http.Header{}
	}
	hdr.Set("Content-Type", "application/json")
	return h.do(i, http.MethodPost, path, b, hdr)
}

// login logs key in through gateway i and returns the token.
func (h *harness) login(i int, key *ecdsa.PrivateKey) string {
	h.t.Helper()
	req := signLogin(h.t, key, h.getNonce(i, addrOf(key)))
	resp, data := h.postJSON(i, "/auth/login", req, nil)
	if resp.StatusCode != 200 {
		h.t.Fatalf("login: %d %s", resp.StatusCode, data)
	}
	var tr gammaapi.TokenResponse
	if err := json.Unmarshal(data, &tr); err != nil {
		h.t.Fatal(err)
	}
	return tr.Token
}

func bearerHeader(tok string) http.Header {
	return http.Header{"Authorization": {"Bearer " + tok}}
}

// expectCode fails unless the response is the code's status and code.
func expectCode(t testing.TB, what string, resp *http.Response, data []byte, code errcode.Code) {
	t.Helper()
	if resp.StatusCode != code.Status() || errorCode(t, data) != string(code) {
		t.Fatalf("%s: %d %s, want %s", what, resp.StatusCode, data, string(code))
	}
}

func tokenClaims(t testing.TB, tok string) (header, claims map[string]any) {
	t.Helper()
	parts := strings.Split(tok, ".")
	if len(parts) != 3 {
		t.Fatalf("token %q", tok)
	}
	for i, dst := range []*map[string]any{&header, &claims} {
		b, err := base64.RawURLEncoding.DecodeString(parts[i])
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, dst); err != nil {
			t.Fatal(err)
		}
	}
	return header, claims
}

// TestLoginIssuesAPinnedShortLivedToken: the token is HS256 with sub the
// lowercase address, 15 minutes, a jti, and it authenticates a profile
// write.
func TestLoginIssuesAPinnedShortLivedToken(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	key := newKey(t)
	tok := h.login(0, key)
	hdr, cl := tokenClaims(t, tok)
	if hdr["alg"] != "HS256" || cl["sub"] != strings.ToLower(addrOf(key)) || cl["iss"] != "pred-gamma" ||
		cl["exp"].(float64)-cl["iat"].(float64) != 15*60 || !regexp.MustCompile(`^[0-9a-f]{32}$`).MatchString(cl["jti"].(string)) {
		t.Fatalf("header %v claims %v", hdr, cl)
	}
	// The token works on the other replica too.
	h.addGateway()
	resp, data := h.postJSON(1, "/profiles", map[string]any{"name": "Alice"}, bearerHeader(tok))
	if resp.StatusCode != 200 {
		t.Fatalf("profile: %d %s", resp.StatusCode, data)
	}
	// An alg=none token with the same claims is refused.
	parts := strings.Split(tok, ".")
	none := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"none","typ":"JWT"}`)) + "." + parts[1] + "."
	resp, data = h.postJSON(0, "/profiles", map[string]any{"name": "Mallory"}, bearerHeader(none))
	expectCode(t, "alg none", resp, data, errcode.InvalidToken)
	resp, data = h.postJSON(0, "/profiles", map[string]any{"name": "Mallory"}, nil)
	expectCode(t, "no token", resp, data, errcode.InvalidToken)
	// It expires after 15 minutes.
	h.clock.Advance(15*time.Minute + 10*time.Second)
	resp, data = h.postJSON(0, "/profiles", map[string]any{"name": "Alice"}, bearerHeader(tok))
	expectCode(t, "expired", resp, data, errcode.TokenExpired)
}

// TestNoncesAreRandomAndWellFormed: 128-bit hex nonces, never repeated,
// with the server's chain, statement and issuedAt.
func TestNoncesAreRandomAndWellFormed(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	addr := addrOf(newKey(t))
	seen := map[string]bool{}
	for range 200 {
		n := h.getNonce(0, addr)
		if !regexp.MustCompile(`^[0-9a-f]{32}$`).MatchString(n.Nonce) || seen[n.Nonce] || n.ChainID != testChainID ||
			n.Statement != login.DefaultStatement || n.ScopeID != "" {
			t.Fatalf("nonce %+v", n)
		}
		if at, err := time.Parse(time.RFC3339Nano, n.IssuedAt); err != nil || at.Sub(h.clock.Now()).Abs() > time.Second {
			t.Fatalf("issuedAt %q", n.IssuedAt)
		}
		seen[n.Nonce] = true
	}
	for q, code := range map[string]errcode.Code{
		"":                            errcode.InvalidAddress,
		"?address=0x1234":             errcode.InvalidAddress,
		"?address=" + addr + "&foo=1": errcode.UnknownParameter,
	} {
		resp, data := h.do(0, http.MethodGet, "/auth/nonce"+q, nil, nil)
		expectCode(t, q, resp, data, code)
	}
}

// TestNonceIsSingleUseAcrossReplicas: issued on one replica, used on
// another, refused on both afterwards; concurrent attempts: one wins.
func TestNonceIsSingleUseAcrossReplicas(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.addGateway()
	key := newKey(t)
	req := signLogin(t, key, h.getNonce(0, addrOf(key)))
	if resp, data := h.postJSON(1, "/auth/login", req, nil); resp.StatusCode != 200 {
		t.Fatalf("first use: %d %s", resp.StatusCode, data)
	}
	for i := range 2 {
		resp, data := h.postJSON(i, "/auth/login", req, nil)
		expectCode(t, "replay", resp, data, errcode.LoginNonceInvalid)
	}
	req = signLogin(t, key, h.getNonce(1, addrOf(key)))
	var wins atomic.Int32
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			b, _ := json.Marshal(req)
			r, err := http.Post(h.url(i%2)+"/auth/login", "application/json", strings.NewReader(string(b)))
			if err == nil {
				if r.StatusCode == 200 {
					wins.Add(1)
				}
				r.Body.Close()
			}
		})
	}
	wg.Wait()
	if wins.Load() != 1 {
		t.Fatalf("%d concurrent logins with one nonce succeeded", wins.Load())
	}
}

// TestNonceIsSpentByAFailedAttempt: a wrong signature spends the nonce;
// the right one afterwards is refused.
func TestNonceIsSpentByAFailedAttempt(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	key := newKey(t)
	n := h.getNonce(0, addrOf(key))
	good := signLogin(t, key, n)
	bad := good
	bad.Signature = good.Signature[:len(good.Signature)-4] + "0000"
	resp, data := h.postJSON(0, "/auth/login", bad, nil)
	if resp.StatusCode != 401 {
		t.Fatalf("bad signature: %d %s", resp.StatusCode, data)
	}
	resp, data = h.postJSON(0, "/auth/login", good, nil)
	expectCode(t, "after a failed attempt", resp, data, errcode.LoginNonceInvalid)
}

// TestNonceIsSpentWhateverIsWrong: an attempt whose signature is
// malformed (129 or 131 hex digits, no 0x, the 64-byte compact form,
// v 0 or 1 where wallets sign 27 or 28) or whose body names the nonce but
// is not a login request is refused with its code, and spends the nonce:
// the right signature afterwards is refused too.
func TestNonceIsSpentWhateverIsWrong(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	key := newKey(t)
	withSig := func(f func(sig []byte) string) func(gammaapi.LoginRequest) []byte {
		return func(r gammaapi.LoginRequest) []byte {
			r.Signature = f(hexutil.MustDecode(r.Signature))
			b, _ := json.Marshal(r)
			return b
		}
	}
	respell := func(old, new string) func(gammaapi.LoginRequest) []byte {
		return func(r gammaapi.LoginRequest) []byte {
			b, _ := json.Marshal(r)
			return []byte(strings.Replace(string(b), old, new, 1))
		}
	}
	cases := []struct {
		name string
		body func(gammaapi.LoginRequest) []byte
		code errcode.Code
	}{
		{"129 hex digits", withSig(func(s []byte) string { return hexutil.Encode(s)[:131] }), errcode.InvalidLoginSig},
		{"131 hex digits", withSig(func(s []byte) string { return hexutil.Encode(s) + "0" }), errcode.InvalidLoginSig},
		{"no 0x", withSig(func(s []byte) string { return hexutil.Encode(s)[2:] }), errcode.InvalidLoginSig},
		{"64-byte compact form", withSig(func(s []byte) string {
			vs := append([]byte(nil), s[32:64]...)
			vs[0] |= (s[64] - 27) << 7 // EIP-2098: the parity in the top bit of s
			return hexutil.Encode(append(append([]byte(nil), s[:32]...), vs...))
		}), errcode.InvalidLoginSig},
		{"v 0 or 1", withSig(func(s []byte) string { s[64] -= 27; return hexutil.Encode(s) }), errcode.InvalidLoginSig},
		{"signature a number", respell(`"signature":"`, `"signature":5,"x":"`), errcode.InvalidLoginMessage},
		{"signature null", respell(`"signature":"`, `"signature":null,"x":"`), errcode.InvalidLoginMessage},
		{"signature twice", respell(`"signature":"`, `"signature":"0x","signature":"`), errcode.InvalidLoginMessage},
	}
	for _, tc := range cases {
		good := signLogin(t, key, h.getNonce(0, addrOf(key)))
		resp, data := h.do(0, http.MethodPost, "/auth/login", tc.body(good), http.Header{"Content-Type": {"application/json"}})
		expectCode(t, tc.name, resp, data, tc.code)
		if tc.name == "v 0 or 1" && !strings.Contains(string(data), "v 27 or 28") {
			t.Errorf("v 0 or 1: the message does not say which v to send: %s", data)
		}
		resp, data = h.postJSON(0, "/auth/login", good, nil)
		expectCode(t, tc.name+", then the right signature", resp, data, errcode.LoginNonceInvalid)
	}
	// The control: the right signature on a fresh nonce logs in.
	h.login(0, key)
}

// TestNonceExpires: five minutes after issue it is refused.
func TestNonceExpires(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	key := newKey(t)
	req := signLogin(t, key, h.getNonce(0, addrOf(key)))
	h.clock.Advance(login.DefaultNonceTTL + time.Second)
	resp, data := h.postJSON(0, "/auth/login", req, nil)
	expectCode(t, "expired nonce", resp, data, errcode.LoginNonceInvalid)
}

// TestNonceIsBoundToItsAddress: another wallet cannot use it, even
// signing its own address.
func TestNonceIsBoundToItsAddress(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	alice, mallory := newKey(t), newKey(t)
	req := signLogin(t, mallory, h.getNonce(0, addrOf(alice)))
	resp, data := h.postJSON(0, "/auth/login", req, nil)
	expectCode(t, "another signer", resp, data, errcode.InvalidLoginSig)
	req = signLogin(t, mallory, h.getNonce(0, addrOf(alice)))
	req.MessageParams.Address = addrOf(mallory)
	resp, data = h.postJSON(0, "/auth/login", req, nil)
	expectCode(t, "another claimed address", resp, data, errcode.InvalidLoginSig)
}

// TestLoginChecksChainAndIssuedAt: a message for another chain, or with
// an edited issuedAt, statement or scope, is refused.
func TestLoginChecksChainAndIssuedAt(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	key := newKey(t)
	for name, edit := range map[string]func(*gammaapi.NonceResponse){
		"chain":     func(n *gammaapi.NonceResponse) { n.ChainID = 1 },
		"issuedAt":  func(n *gammaapi.NonceResponse) { n.IssuedAt = login.FormatIssuedAt(h.clock.Now().Add(time.Hour)) },
		"statement": func(n *gammaapi.NonceResponse) { n.Statement = "Sign in to Evil" },
		"scope":     func(n *gammaapi.NonceResponse) { n.ScopeID = "partner" },
	} {
		n := h.getNonce(0, addrOf(key))
		edit(&n)
		resp, data := h.postJSON(0, "/auth/login", signLogin(t, key, n), nil)
		expectCode(t, name, resp, data, errcode.InvalidLoginSig)
	}
	for name, body := range map[string]string{
		"not json":        "{",
		"unknown field":   `{"signature":"0x","messageParams":{},"extra":1}`,
		"trailing":        `{"signature":"0x","messageParams":{}} {}`,
		"short sig":       `{"signature":"0x12","messageParams":{"nonce":"00000000000000000000000000000000"}}`,
		"unknown nonce":   `{"signature":"0x` + strings.Repeat("1b", 65) + `","messageParams":{"nonce":"00000000000000000000000000000000"}}`,
		"malformed nonce": `{"signature":"0x` + strings.Repeat("1b", 65) + `","messageParams":{"nonce":"xyz"}}`,
	} {
		resp, data := h.do(0, http.MethodPost, "/auth/login", []byte(body), http.Header{"Content-Type": {"application/json"}})
		if resp.StatusCode < 400 || resp.StatusCode > 401 {
			t.Errorf("%s: %d %s", name, resp.StatusCode, data)
		}
		errorCode(t, data)
	}
}

// TestRefreshRotates: a refresh returns a new token; the old one can
// neither refresh again nor authenticate; sessions end after 7 days.
func TestRefreshRotates(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.addGateway()
	key := newKey(t)
	old := h.login(0, key)
	resp, data := h.postJSON(1, "/auth/refresh", nil, bearerHeader(old))
	if resp.StatusCode != 200 {
		t.Fatalf("refresh: %d %s", resp.StatusCode, data)
	}
	var tr gammaapi.TokenResponse
	_ = json.Unmarshal(data, &tr)
	_, oc := tokenClaims(t, old)
	_, nc := tokenClaims(t, tr.Token)
	if nc["jti"] == oc["jti"] || nc["sub"] != oc["sub"] || nc["auth_time"] != oc["auth_time"] {
		t.Fatalf("old %v new %v", oc, nc)
	}
	for i := range 2 {
		resp, data := h.postJSON(i, "/auth/refresh", nil, bearerHeader(old))
		expectCode(t, "second refresh", resp, data, errcode.RefreshTokenUsed)
		resp, data = h.postJSON(i, "/profiles", map[string]any{"name": "x"}, bearerHeader(old))
		expectCode(t, "superseded token", resp, data, errcode.RefreshTokenUsed)
	}
	if resp, data := h.postJSON(0, "/profiles", map[string]any{"name": "x"}, bearerHeader(tr.Token)); resp.StatusCode != 200 {
		t.Fatalf("new token: %d %s", resp.StatusCode, data)
	}
}

// TestSessionBound: refreshing keeps a session alive until SessionMax
// after its login, not beyond.
func TestSessionBound(t *testing.T) {
	t.Parallel()
	h := newHarness(t, func(c *server.Config) { c.Login.SessionMax = 35 * time.Minute })
	tok := h.login(0, newKey(t))
	for i := range 4 {
		h.clock.Advance(10 * time.Minute)
		resp, data := h.postJSON(0, "/auth/refresh", nil, bearerHeader(tok))
		if i == 3 {
			expectCode(t, "past the session bound", resp, data, errcode.TokenExpired)
			return
		}
		if resp.StatusCode != 200 {
			t.Fatalf("refresh %d: %d %s", i, resp.StatusCode, data)
		}
		var tr gammaapi.TokenResponse
		_ = json.Unmarshal(data, &tr)
		tok = tr.Token
	}
}

// TestLoginRateLimits: per IP and per address, 429 with Retry-After.
func TestLoginRateLimits(t *testing.T) {
	t.Parallel()
	h := newHarness(t, func(c *server.Config) {
		c.RateLimit.AuthIPPerSecond, c.RateLimit.AuthIPBurst = 0.01, 6
		c.RateLimit.AddressPerSecond, c.RateLimit.AddressBurst = 0.01, 3
	})
	addr := addrOf(newKey(t))
	for i := range 3 {
		if resp, data := h.do(0, http.MethodGet, "/auth/nonce?address="+addr, nil, nil); resp.StatusCode != 200 {
			t.Fatalf("nonce %d: %d %s", i, resp.StatusCode, data)
		}
	}
	resp, data := h.do(0, http.MethodGet, "/auth/nonce?address="+addr, nil, nil)
	expectCode(t, "per address", resp, data, errcode.RateLimited)
	if !strings.Contains(string(data), "rate limit exceeded "+gateway.PerLoginAddress) {
		t.Fatalf("the refusal does not name the address's limit: %s", data)
	}
	if resp.Header.Get("Retry-After") == "" {
		t.Fatal("no Retry-After")
	}
	for range 2 {
		h.do(0, http.MethodGet, "/auth/nonce?address="+addrOf(newKey(t)), nil, nil)
	}
	resp, data = h.do(0, http.MethodGet, "/auth/nonce?address="+addrOf(newKey(t)), nil, nil)
	expectCode(t, "per IP", resp, data, errcode.RateLimited)
	if !strings.Contains(string(data), "rate limit exceeded "+gateway.PerLoginIP) {
		t.Fatalf("the refusal does not name the login IP limit: %s", data)
	}
}

// TestProfiles: the caller's profile with its derived proxy wallet,
// readable by anyone; a proxyWallet in the body is refused.
func TestProfiles(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.addGateway()
	key := newKey(t)
	tok := h.login(0, key)
	resp, data := h.postJSON(0, "/profiles", map[string]any{"name": "Alice", "bio": "rain"}, bearerHeader(tok))
	if resp.StatusCode != 200 {
		t.Fatalf("create: %d %s", resp.StatusCode, data)
	}
	resp, data = h.postJSON(0, "/profiles", map[string]any{"pseudonym": "al", "profileImage": "https://img.example/a.png"}, bearerHeader(tok))
	if resp.StatusCode != 200 {
		t.Fatalf("update: %d %s", resp.StatusCode, data)
	}
	var p gammaapi.Profile
	h.get(0, "/profiles/user_address/"+strings.ToLower(addrOf(key)), &p)
	want := wallet.ProxyAddress(testFactory, testInitCodeHash, crypto.PubkeyToAddress(key.PublicKey)).Hex()
	if p.Name != "Alice" || p.Bio != "rain" || p.Pseudonym != "al" || p.ProxyWallet != want || p.Address != strings.ToLower(addrOf(key)) {
		t.Fatalf("profile %+v, proxy wallet want %s", p, want)
	}
	h.waitViews(h.gws[0].View().Revision())
	var p1 gammaapi.Profile
	h.get(1, "/profiles/user_address/"+addrOf(key), &p1)
	if p1 != p {
		t.Fatalf("replica 1: %+v", p1)
	}
	for name, body := range map[string]any{
		"proxyWallet": map[string]any{"proxyWallet": "0x" + strings.Repeat("00", 20)},
		"long name":   map[string]any{"name": strings.Repeat("a", 65)},
		"http image":  map[string]any{"profileImage": "http://img.example/a.png"},
	} {
		resp, data := h.postJSON(0, "/profiles", body, bearerHeader(tok))
		expectCode(t, name, resp, data, errcode.InvalidPayload)
	}
	// Loose JSON is refused, not read as "no change" or stored as U+FFFD.
	hdr := bearerHeader(tok)
	hdr.Set("Content-Type", "application/json")
	for _, tc := range []struct{ name, body, says string }{
		{"null body", `null`, "the body is null"},
		{"null name", `{"name": null}`, "name is null"},
		{"invalid UTF-8", "{\"name\": \"Al\xffce\"}", "not UTF-8"},
		{"lone surrogate", `{"name": "Al\udc00ce"}`, "surrogate"},
		{"name twice", `{"name": "Bob", "name": "Carol"}`, "name is given twice"},
		{"Name", `{"Name": "Bob"}`, "spell it"},
		{"two objects", `{"name": "Bob"}{"name": "Carol"}`, "trailing data"},
	} {
		resp, data := h.do(0, http.MethodPost, "/profiles", []byte(tc.body), hdr)
		expectCode(t, tc.name, resp, data, errcode.InvalidPayload)
		if !strings.Contains(string(data), tc.says) {
			t.Errorf("%s: %s does not say %q", tc.name, data, tc.says)
		}
	}
	var after gammaapi.Profile
	h.get(0, "/profiles/user_address/"+addrOf(key), &after)
	if after != p {
		t.Fatalf("a refused write changed the profile: %+v", after)
	}
}
