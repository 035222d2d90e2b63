package server_test

import (
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/gateway-clob/internal/auth"
	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/eip712"
	"pred.dev/proto/errcode"
)

func now() string { return strconv.FormatInt(time.Now().Unix(), 10) }

// later is a timestamp k seconds ahead.
func later(k int64) string { return strconv.FormatInt(time.Now().Unix()+k, 10) }

func errorCode(t *testing.T, data []byte) string {
	t.Helper()
	var eb clobapi.ErrorBody
	if err := json.Unmarshal(data, &eb); err != nil {
		t.Fatalf("error body %q: %v", data, err)
	}
	return eb.Code
}

// TestL1 covers key management with wallet signatures as a client that
// follows the spec does it: a fresh random PRED_NONCE on every call. Each
// create makes a new key; derive returns the newest (or the one named);
// revoke needs the key named; replays, stale timestamps and signatures
// for another address or nonce are refused.
func TestL1(t *testing.T) {
	t.Parallel()
	h := newHarness(t, withoutEngine())
	ctx := context.Background()
	c, key := h.newClient(0)
	if _, err := c.DeriveAPIKey(ctx, ""); !isCode(err, errcode.APIKeyNotFound, 404) {
		t.Fatalf("derive before any create: %v", err)
	}
	first, err := c.CreateAPIKey(ctx)
	if err != nil {
		t.Fatal(err)
	}
	derived, err := c.DeriveAPIKey(ctx, "")
	if err != nil || derived != first {
		t.Fatalf("derive: %+v, %v (created %+v)", derived, err, first)
	}
	second, err := c.CreateAPIKey(ctx)
	if err != nil || second.APIKey == first.APIKey || second.Secret == first.Secret {
		t.Fatalf("a second create gave %+v, %v", second, err)
	}
	if newest, err := c.DeriveAPIKey(ctx, ""); err != nil || newest != second {
		t.Fatalf("derive picks the newest key: %+v, %v", newest, err)
	}
	if named, err := c.DeriveAPIKey(ctx, first.APIKey); err != nil || named != first {
		t.Fatalf("derive of a named key: %+v, %v", named, err)
	}
	if _, err := c.RevokeAPIKey(ctx, second.APIKey); err != nil {
		t.Fatal(err)
	}
	if newest, err := c.DeriveAPIKey(ctx, ""); err != nil || newest != first {
		t.Fatalf("after revoking the newest, derive gives the one before: %+v, %v", newest, err)
	}
	if _, err := c.DeriveAPIKey(ctx, second.APIKey); !isCode(err, errcode.APIKeyRevoked, 400) {
		t.Fatalf("derive of a revoked key: %v", err)
	}
	unnamed, _ := c.L1Headers(now(), client.NewL1Nonce())
	if resp, data := h.do(0, http.MethodDelete, "/auth/api-key", nil, unnamed); resp.StatusCode != 400 || errorCode(t, data) != string(errcode.InvalidParameter) {
		t.Fatalf("revoke without naming a key: %d %s", resp.StatusCode, data)
	}

	hdr, err := c.L1Headers(now(), client.NewL1Nonce())
	if err != nil {
		t.Fatal(err)
	}
	if resp, data := h.do(0, http.MethodGet, "/auth/derive-api-key", nil, hdr); resp.StatusCode != 200 {
		t.Fatalf("first use of L1 headers: %d %s", resp.StatusCode, data)
	}
	if resp, data := h.do(0, http.MethodGet, "/auth/derive-api-key", nil, hdr); resp.StatusCode != 401 || errorCode(t, data) != string(errcode.L1NonceUsed) {
		t.Fatalf("replayed L1 headers: %d %s", resp.StatusCode, data)
	}
	// The same nonce signed again with another timestamp is still a reuse.
	reused, _ := c.L1Headers(later(1), hdr.Get(clobapi.HeaderNonce))
	if resp, data := h.do(0, http.MethodGet, "/auth/derive-api-key", nil, reused); resp.StatusCode != 401 || errorCode(t, data) != string(errcode.L1NonceUsed) {
		t.Fatalf("a used nonce with a new timestamp: %d %s", resp.StatusCode, data)
	}

	stale, _ := c.L1Headers(strconv.FormatInt(time.Now().Add(-2*time.Minute).Unix(), 10), client.NewL1Nonce())
	if resp, data := h.do(0, http.MethodPost, "/auth/api-key", nil, stale); resp.StatusCode != 401 || errorCode(t, data) != string(errcode.TimestampOutOfWindow) {
		t.Fatalf("stale L1 timestamp: %d %s", resp.StatusCode, data)
	}
	future, _ := c.L1Headers(strconv.FormatInt(time.Now().Add(2*time.Minute).Unix(), 10), client.NewL1Nonce())
	if resp, data := h.do(0, http.MethodPost, "/auth/api-key", nil, future); resp.StatusCode != 401 || errorCode(t, data) != string(errcode.TimestampOutOfWindow) {
		t.Fatalf("future L1 timestamp: %d %s", resp.StatusCode, data)
	}

	wrong, _ := c.L1Headers(now(), client.NewL1Nonce())
	wrong.Set(clobapi.HeaderAddress, crypto.PubkeyToAddress(mustKey(t).PublicKey).Hex())
	if resp, data := h.do(0, http.MethodPost, "/auth/api-key", nil, wrong); resp.StatusCode != 401 || errorCode(t, data) != string(errcode.InvalidL1Signature) {
		t.Fatalf("signature for another address: %d %s", resp.StatusCode, data)
	}
	// A signature over another nonce than the header says.
	ts := now()
	sig, _ := eip712.SignClobAuth(key, testChainID, ts, "signed-nonce", eip712.AttestMessage)
	forged, _ := c.L1Headers(ts, "header-nonce")
	forged.Set(clobapi.HeaderSignature, hexutil.Encode(sig))
	if resp, data := h.do(0, http.MethodPost, "/auth/api-key", nil, forged); resp.StatusCode != 401 || errorCode(t, data) != string(errcode.InvalidL1Signature) {
		t.Fatalf("signature over another nonce: %d %s", resp.StatusCode, data)
	}
	if resp, data := h.do(0, http.MethodPost, "/auth/api-key", nil, nil); resp.StatusCode != 401 || errorCode(t, data) != string(errcode.InvalidL1Headers) {
		t.Fatalf("no L1 headers: %d %s", resp.StatusCode, data)
	}
}

// TestL1ReplayRespelled is the replay hole found by fuzzing the running
// gateway: a used L1 header set, with PRED_NONCE or PRED_TIMESTAMP
// re-spelled ("0" as "00", "+0", ...), must not return the secret again.
// Numeric-looking nonces are exactly what a client following the
// reference sends.
func TestL1ReplayRespelled(t *testing.T) {
	t.Parallel()
	h := newHarness(t, withoutEngine())
	c, _ := h.newClient(0)
	ts := now()
	hdr, err := c.L1Headers(ts, "0")
	if err != nil {
		t.Fatal(err)
	}
	if resp, data := h.do(0, http.MethodPost, "/auth/api-key", nil, hdr); resp.StatusCode != 200 {
		t.Fatalf("first use: %d %s", resp.StatusCode, data)
	}
	spellings := map[string][]string{
		clobapi.HeaderNonce:     {"00", "000", "+0", "0000000000", "-0", "0x0", "0.0"},
		clobapi.HeaderTimestamp: {"0" + ts, "00" + ts, "+" + ts, ts + ".0"},
	}
	for name, values := range spellings {
		for _, v := range values {
			replay := hdr.Clone()
			replay.Set(name, v)
			resp, data := h.do(0, http.MethodPost, "/auth/api-key", nil, replay)
			if resp.StatusCode < 400 || resp.StatusCode >= 500 {
				t.Errorf("%s %q: a captured header set was accepted again: %d %s", name, v, resp.StatusCode, data)
			}
		}
	}
}

// TestAPIKeyCap: creation stops at ActiveKeysPerScopeMax active keys and
// resumes after a revoke.
func TestAPIKeyCap(t *testing.T) {
	t.Parallel()
	h := newHarness(t, withoutEngine())
	ctx := context.Background()
	c, _ := h.newClient(0)
	var last clobapi.APICreds
	for range auth.ActiveKeysPerScopeMax {
		k, err := c.CreateAPIKey(ctx)
		if err != nil {
			t.Fatal(err)
		}
		last = k
	}
	if _, err := c.CreateAPIKey(ctx); !isCode(err, errcode.APIKeyLimitReached, 409) {
		t.Fatalf("create past the cap: %v", err)
	}
	if _, err := c.RevokeAPIKey(ctx, last.APIKey); err != nil {
		t.Fatal(err)
	}
	if _, err := c.CreateAPIKey(ctx); err != nil {
		t.Fatalf("create after a revoke: %v", err)
	}
}

func mustKey(t *testing.T) *ecdsa.PrivateKey {
	t.Helper()
	k, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// TestL2 covers API-key requests: good signatures pass; a wrong
// passphrase, a tampered body, a stale timestamp, a wrong scope and an
// unknown key fail with their codes.
func TestL2(t *testing.T) {
	t.Parallel()
	h := newHarness(t, withoutEngine())
	ctx := context.Background()
	c := h.tradingClient(0)
	keys, err := c.ListAPIKeys(ctx)
	creds, _ := c.Creds()
	if err != nil || len(keys) != 1 || keys[0].APIKey != creds.APIKey || keys[0].Address != c.Address().Hex() {
		t.Fatalf("list keys: %+v, %v", keys, err)
	}
	sign := func(ts string) http.Header {
		hdr, err := c.L2Headers(ts, http.MethodGet, "/auth/api-keys", nil)
		if err != nil {
			t.Fatal(err)
		}
		return hdr
	}
	cases := []struct {
		name   string
		hdr    http.Header
		status int
		code   errcode.Code
	}{
		{"no headers", http.Header{}, 401, errcode.Unauthorized},
		{"missing passphrase", func() http.Header { h := sign(now()); h.Del(clobapi.HeaderPassphrase); return h }(), 401, errcode.InvalidL2Headers},
		{"wrong passphrase", func() http.Header { h := sign(now()); h.Set(clobapi.HeaderPassphrase, "00"); return h }(), 401, errcode.InvalidAPIKey},
		{"bad signature", func() http.Header { h := sign(now()); h.Set(clobapi.HeaderSignature, "AAAA"); return h }(), 401, errcode.InvalidL2Signature},
		{"stale timestamp", sign(strconv.FormatInt(time.Now().Add(-5*time.Minute).Unix(), 10)), 401, errcode.TimestampOutOfWindow},
		{"signature of an older timestamp", func() http.Header {
			h := sign(strconv.FormatInt(time.Now().Unix()-5, 10))
			h.Set(clobapi.HeaderTimestamp, now())
			return h
		}(), 401, errcode.InvalidL2Signature},
		{"not a key id", func() http.Header { h := sign(now()); h.Set(clobapi.HeaderAPIKey, "nope"); return h }(), 401, errcode.InvalidAPIKey},
		{"other scope", func() http.Header { h := sign(now()); h.Set(clobapi.HeaderScopeID, "tenant"); return h }(), 401, errcode.ScopeMismatch},
	}
	for _, tc := range cases {
		resp, data := h.do(0, http.MethodGet, "/auth/api-keys", nil, tc.hdr)
		if resp.StatusCode != tc.status || errorCode(t, data) != string(tc.code) {
			t.Errorf("%s: %d %s, want %d %s", tc.name, resp.StatusCode, data, tc.status, string(tc.code))
		}
	}
	// The body is signed: the same headers with another body fail.
	body := []byte(`{"orderID":"0x` + repeat("ab", 32) + `"}`)
	hdr := l2Headers(t, c, http.MethodDelete, "/order", body)
	tampered := []byte(`{"orderID":"0x` + repeat("cd", 32) + `"}`)
	if resp, data := h.do(0, http.MethodDelete, "/order", tampered, hdr); resp.StatusCode != 401 || errorCode(t, data) != string(errcode.InvalidL2Signature) {
		t.Fatalf("tampered body: %d %s", resp.StatusCode, data)
	}
}

func repeat(s string, n int) string {
	out := ""
	for range n {
		out += s
	}
	return out
}

// TestScopedKeys: a scope gives the same wallet a separate key, listed
// only in its scope.
func TestScopedKeys(t *testing.T) {
	t.Parallel()
	h := newHarness(t, withoutEngine())
	ctx := context.Background()
	_, key := h.newClient(0)
	plain := client.New(h.url(0), client.WithHTTPClient(h.httpClient(true)), client.WithPrivateKey(key), client.WithChain(testChainID, testExchange, testNegRisk))
	scoped := client.New(h.url(0), client.WithHTTPClient(h.httpClient(true)), client.WithPrivateKey(key), client.WithChain(testChainID, testExchange, testNegRisk), client.WithScope("tenant-a"))
	a, err := plain.CreateOrDeriveAPIKey(ctx)
	if err != nil {
		t.Fatal(err)
	}
	b, err := scoped.CreateOrDeriveAPIKey(ctx)
	if err != nil || a.APIKey == b.APIKey {
		t.Fatalf("scoped key %+v, %v (plain %+v)", b, err, a)
	}
	for _, tc := range []struct {
		c    *client.Client
		want string
	}{{plain, a.APIKey}, {scoped, b.APIKey}} {
		keys, err := tc.c.ListAPIKeys(ctx)
		if err != nil || len(keys) != 1 || keys[0].APIKey != tc.want {
			t.Fatalf("keys in scope: %+v, %v", keys, err)
		}
	}
	// The plain key cannot be used in the scope.
	mixed := client.New(h.url(0), client.WithHTTPClient(h.httpClient(false)), client.WithCreds(a), client.WithScope("tenant-a"))
	if _, err := mixed.ListAPIKeys(ctx); !isCode(err, errcode.ScopeMismatch, 401) {
		t.Fatalf("plain key with a scope header: %v", err)
	}
}

// TestTwoReplicas runs two gateways on one NATS: a key created on one
// works on the other, an L1 signature used on one is refused on the other,
// and a key revoked on one fails on the other at once.
func TestTwoReplicas(t *testing.T) {
	t.Parallel()
	h := newHarness(t, withoutEngine())
	h.addGateway()
	ctx := context.Background()
	onA, key := h.newClient(0)
	creds, err := onA.CreateAPIKey(ctx)
	if err != nil {
		t.Fatal(err)
	}
	onB := client.New(h.url(1), client.WithHTTPClient(h.httpClient(true)), client.WithPrivateKey(key),
		client.WithChain(testChainID, testExchange, testNegRisk), client.WithCreds(creds))
	if keys, err := onB.ListAPIKeys(ctx); err != nil || len(keys) != 1 || keys[0].APIKey != creds.APIKey {
		t.Fatalf("key created on A, listed on B: %+v, %v", keys, err)
	}
	if derived, err := onB.DeriveAPIKey(ctx, ""); err != nil || derived != creds {
		t.Fatalf("derived on B: %+v, %v", derived, err)
	}

	hdr, err := onA.L1Headers(now(), client.NewL1Nonce())
	if err != nil {
		t.Fatal(err)
	}
	if resp, data := h.do(0, http.MethodGet, "/auth/derive-api-key", nil, hdr); resp.StatusCode != 200 {
		t.Fatalf("L1 on A: %d %s", resp.StatusCode, data)
	}
	if resp, data := h.do(1, http.MethodGet, "/auth/derive-api-key", nil, hdr); resp.StatusCode != 401 || errorCode(t, data) != string(errcode.L1NonceUsed) {
		t.Fatalf("the same L1 signature on B: %d %s", resp.StatusCode, data)
	}

	if r, err := onA.RevokeAPIKey(ctx, creds.APIKey); err != nil || !r.Revoked || r.APIKey != creds.APIKey {
		t.Fatalf("revoke on A: %+v, %v", r, err)
	}
	if _, err := onB.ListAPIKeys(ctx); !isCode(err, errcode.InvalidAPIKey, 401) {
		t.Fatalf("revoked key on B: %v", err)
	}
	if _, err := onB.DeriveAPIKey(ctx, creds.APIKey); !isCode(err, errcode.APIKeyRevoked, 400) {
		t.Fatalf("derive of a revoked key on B: %v", err)
	}
	if _, err := onB.DeriveAPIKey(ctx, ""); !isCode(err, errcode.APIKeyNotFound, 404) {
		t.Fatalf("derive with no active key on B: %v", err)
	}
	// A create gives a new, working key on either replica.
	fresh, err := onB.CreateOrDeriveAPIKey(ctx)
	if err != nil || fresh.APIKey == creds.APIKey {
		t.Fatalf("new key: %+v, %v", fresh, err)
	}
	onA.SetCreds(fresh)
	if keys, err := onA.ListAPIKeys(ctx); err != nil || !slices.ContainsFunc(keys, func(k clobapi.APIKeyInfo) bool { return k.APIKey == fresh.APIKey }) || len(keys) != 1 {
		t.Fatalf("keys after revoke and re-create: %+v, %v", keys, err)
	}
}

// TestRevokeOtherKeyOfSameWallet: DELETE /auth/api-key?api_key= revokes
// another key of the same wallet, and refuses another wallet's key.
func TestRevokeOtherKeyOfSameWallet(t *testing.T) {
	t.Parallel()
	h := newHarness(t, withoutEngine())
	ctx := context.Background()
	c, _ := h.newClient(0)
	k7, err := c.CreateAPIKey(ctx)
	if err != nil {
		t.Fatal(err)
	}
	stranger := h.tradingClient(0)
	strangerCreds, _ := stranger.Creds()
	hdr, _ := c.L1Headers(now(), client.NewL1Nonce())
	if resp, data := h.do(0, http.MethodDelete, "/auth/api-key?api_key="+strangerCreds.APIKey, nil, hdr); resp.StatusCode != 404 || errorCode(t, data) != string(errcode.APIKeyNotFound) {
		t.Fatalf("revoking another wallet's key: %d %s", resp.StatusCode, data)
	}
	hdr, _ = c.L1Headers(now(), client.NewL1Nonce())
	if resp, data := h.do(0, http.MethodDelete, "/auth/api-key?api_key="+strings.ToUpper(k7.APIKey), nil, hdr); resp.StatusCode != 400 || errorCode(t, data) != string(errcode.InvalidParameter) {
		t.Fatalf("revoking with an upper-case key id: %d %s", resp.StatusCode, data)
	}
	hdr, _ = c.L1Headers(now(), client.NewL1Nonce())
	if resp, data := h.do(0, http.MethodDelete, "/auth/api-key?api_key="+k7.APIKey, nil, hdr); resp.StatusCode != 200 {
		t.Fatalf("revoking own key 7: %d %s", resp.StatusCode, data)
	}
	c.SetCreds(k7)
	if _, err := c.ListAPIKeys(ctx); !errors.Is(err, errcode.InvalidAPIKey) {
		t.Fatalf("revoked key 7 still works: %v", err)
	}
	if _, err := stranger.ListAPIKeys(ctx); err != nil {
		t.Fatalf("the stranger's key was affected: %v", err)
	}
}
