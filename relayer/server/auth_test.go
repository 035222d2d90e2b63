package server_test

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"pred.dev/proto/client/relayer"
	"pred.dev/proto/client/relayerapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/jwtauth"
	relayersvc "pred.dev/relayer/server"
	"pred.dev/relayer/store"
)

// TestRelayerKeys: a token creates keys (up to the cap), a key lists and
// revokes them, a revoked key stops at once, a key works only with its
// own address, and a key cannot create keys.
func TestRelayerKeys(t *testing.T) {
	h := newHarness(t, withConfig(func(c *relayersvc.Config) { c.KeysPerAddress = 3 }))
	u := h.user()
	ctx := ctxT(t)
	var keys []relayerapi.APIKey
	for range 3 {
		k, err := u.c.CreateAPIKey(ctx)
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k)
	}
	if _, err := u.c.CreateAPIKey(ctx); !errors.Is(err, errcode.RelayerAPIKeyLimitReached) {
		t.Fatalf("a fourth key: %v", err)
	}
	withKey := func(k relayerapi.APIKey, addr string) *relayer.Client {
		return relayer.New(h.url(), relayer.WithAPIKey(k.APIKey, addr),
			relayer.WithHTTPClient(&http.Client{Transport: h.api.Transport(nil, true), Timeout: waitMax}))
	}
	c0 := withKey(keys[0], keys[0].Address)
	listed, err := c0.APIKeys(ctx)
	if err != nil || len(listed) != 3 || listed[0].APIKey != keys[0].APIKey || listed[2].APIKey != keys[2].APIKey {
		t.Fatalf("listed %+v %v", listed, err)
	}
	if err := c0.RevokeAPIKey(ctx, keys[1].APIKey); err != nil {
		t.Fatal(err)
	}
	if _, err := withKey(keys[1], keys[1].Address).APIKeys(ctx); !errors.Is(err, errcode.InvalidRelayerAPIKey) {
		t.Fatalf("a revoked key: %v", err)
	}
	if err := c0.RevokeAPIKey(ctx, keys[1].APIKey); !errors.Is(err, errcode.RelayerAPIKeyNotFound) {
		t.Fatalf("revoked twice: %v", err)
	}
	// Room for one more now.
	if _, err := u.c.CreateAPIKey(ctx); err != nil {
		t.Fatal(err)
	}
	// Another address's key: not the caller's to revoke, nor usable with another address.
	v := h.user()
	vk, err := v.c.CreateAPIKey(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := c0.RevokeAPIKey(ctx, vk.APIKey); !errors.Is(err, errcode.RelayerAPIKeyNotFound) {
		t.Fatalf("another address's key: %v", err)
	}
	if _, err := withKey(vk, keys[0].Address).APIKeys(ctx); !errors.Is(err, errcode.InvalidRelayerAPIKey) {
		t.Fatalf("a key with another address: %v", err)
	}
	// Lowercase address works.
	if _, err := withKey(keys[0], lowerHex(keys[0].Address)).APIKeys(ctx); err != nil {
		t.Fatalf("lowercase address: %v", err)
	}
	// A key does not create keys: POST /relayer/api/auth wants a token.
	resp, data := h.do(http.MethodPost, "/relayer/api/auth", nil, http.Header{
		relayerapi.HeaderAPIKey: {keys[0].APIKey}, relayerapi.HeaderAPIKeyAddress: {keys[0].Address}})
	if resp.StatusCode != 401 || errorCode(t, data) != string(errcode.RelayerUnauthorized) {
		t.Fatalf("a key creating a key: %d %s", resp.StatusCode, data)
	}
	// A key revokes itself.
	if err := c0.RevokeAPIKey(ctx, keys[0].APIKey); err != nil {
		t.Fatal(err)
	}
	if _, err := c0.APIKeys(ctx); !errors.Is(err, errcode.InvalidRelayerAPIKey) {
		t.Fatalf("a key after revoking itself: %v", err)
	}
}

func lowerHex(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'F' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// TestAuthRefusals: no credentials, a malformed header, an expired token,
// a token signed with another key, a refreshed token and an unknown key
// are each refused with their code.
func TestAuthRefusals(t *testing.T) {
	h := newHarness(t)
	u := h.user()
	past := func() time.Time { return time.Now().Add(-time.Hour) }
	old, err := jwtauth.NewSigner(testJWTKey, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	expired, _, _ := old.WithClock(past).Issue(u.addr, "", past())
	other, _ := jwtauth.NewSigner(make([]byte, 32), 0)
	forged, _, _ := other.Issue(u.addr, "", time.Now())
	refreshed, claims, _ := h.signer.Issue(u.addr, "", time.Now())
	// Gamma records a refreshed token's jti in its bucket.
	ctx := ctxT(t)
	kv, err := h.js.KeyValue(ctx, store.RefreshedBucket)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := kv.Create(ctx, "j."+claims.ID, []byte("1")); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		hdr  http.Header
		code errcode.Code
	}{
		{"nothing", http.Header{}, errcode.RelayerUnauthorized},
		{"not bearer", http.Header{"Authorization": {"Basic abc"}}, errcode.InvalidToken},
		{"expired token", http.Header{"Authorization": {"Bearer " + expired}}, errcode.TokenExpired},
		{"forged token", http.Header{"Authorization": {"Bearer " + forged}}, errcode.InvalidToken},
		{"refreshed token", http.Header{"Authorization": {"Bearer " + refreshed}}, errcode.RefreshTokenUsed},
		{"key without address", http.Header{relayerapi.HeaderAPIKey: {"0b7d3f5e-5b5e-4c1e-9a52-3f0e2b9d7c11"}}, errcode.InvalidRelayerAPIKey},
		{"unknown key", http.Header{relayerapi.HeaderAPIKey: {"0b7d3f5e-5b5e-4c1e-9a52-3f0e2b9d7c11"},
			relayerapi.HeaderAPIKeyAddress: {u.addr.Hex()}}, errcode.InvalidRelayerAPIKey},
		{"malformed key", http.Header{relayerapi.HeaderAPIKey: {"x"}, relayerapi.HeaderAPIKeyAddress: {u.addr.Hex()}}, errcode.InvalidRelayerAPIKey},
	}
	for _, tc := range cases {
		for _, path := range []string{"/transactions", "/deployed?address=" + u.addr.Hex(), "/relayer/api/keys"} {
			resp, data := h.do(http.MethodGet, path, nil, tc.hdr)
			if resp.StatusCode != 401 || errorCode(t, data) != string(tc.code) {
				t.Errorf("%s on %s: %d %s", tc.name, path, resp.StatusCode, data)
			}
		}
	}
	if _, err := u.c.Transactions(context.Background()); err != nil {
		t.Fatalf("a good token: %v", err)
	}
}
