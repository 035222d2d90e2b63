package auth

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/google/uuid"
	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/l2auth"
	"pred.dev/proto/runtime/natstest"
)

// The L1 vector of proto/eip712 (TestClobAuthVectors, chain 80002): the
// reference's key and timestamp, with the nonce signed as a string.
const (
	vectorAddress   = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
	vectorTimestamp = "10000000"
	vectorNonce     = "5f0c1e9a2b7d4c36"
	vectorSignature = "0x0ece8a31f068c44e7ff6ec194a64d7d21a4f097a322c1498cd084c4b9487677d728466685e9108b6255b992e59b2f89505d26038d0e420d0a418689c67bcf3361b"
)

func jetStream(t *testing.T) jetstream.JetStream {
	t.Helper()
	js, err := jetstream.New(natstest.Connect(t, natstest.Start(t)))
	if err != nil {
		t.Fatal(err)
	}
	return js
}

func vectorHeaders() http.Header {
	h := http.Header{}
	h.Set(clobapi.HeaderAddress, vectorAddress)
	h.Set(clobapi.HeaderSignature, vectorSignature)
	h.Set(clobapi.HeaderTimestamp, vectorTimestamp)
	h.Set(clobapi.HeaderNonce, vectorNonce)
	return h
}

// TestL1Vector verifies the vector signature with the clock set to its
// timestamp, then refuses its replay and a later clock.
func TestL1Vector(t *testing.T) {
	t.Parallel()
	js := jetStream(t)
	nonces, err := OpenNonceStore(context.Background(), js, DefaultWindow, 1)
	if err != nil {
		t.Fatal(err)
	}
	clock := time.Unix(10_000_030, 0)
	l1 := &L1{ChainID: 80002, Window: DefaultWindow, Nonces: nonces, Now: func() time.Time { return clock }}
	id, err := l1.Verify(context.Background(), vectorHeaders())
	if err != nil {
		t.Fatal(err)
	}
	if id.Address != common.HexToAddress(vectorAddress) || id.Nonce != vectorNonce || id.Timestamp != vectorTimestamp || id.Scope != "" {
		t.Fatalf("identity %+v", id)
	}
	if _, err := l1.Verify(context.Background(), vectorHeaders()); !errors.Is(err, errcode.L1NonceUsed) {
		t.Fatalf("replay: %v", err)
	}
	clock = time.Unix(10_000_061, 0)
	h := vectorHeaders()
	if _, err := l1.Verify(context.Background(), h); !errors.Is(err, errcode.TimestampOutOfWindow) {
		t.Fatalf("61 s later: %v", err)
	}
	l1.ChainID = 137
	clock = time.Unix(10_000_000, 0)
	h.Set(clobapi.HeaderNonce, "24") // a fresh nonce, so the replay guard is not what refuses it
	if _, err := l1.Verify(context.Background(), h); !errors.Is(err, errcode.InvalidL1Signature) {
		t.Fatalf("another chain or nonce: %v", err)
	}
}

func TestL1HeaderSyntax(t *testing.T) {
	t.Parallel()
	l1 := &L1{ChainID: 80002, Window: DefaultWindow, Now: time.Now}
	for name, mutate := range map[string]func(http.Header){
		"no address":       func(h http.Header) { h.Del(clobapi.HeaderAddress) },
		"short address":    func(h http.Header) { h.Set(clobapi.HeaderAddress, "0x1234") },
		"no nonce":         func(h http.Header) { h.Del(clobapi.HeaderNonce) },
		"long nonce":       func(h http.Header) { h.Set(clobapi.HeaderNonce, string(bytes.Repeat([]byte("n"), L1NonceBytesMax+1))) },
		"nonce with space": func(h http.Header) { h.Set(clobapi.HeaderNonce, "a b") },
		"non-ASCII nonce":  func(h http.Header) { h.Set(clobapi.HeaderNonce, "nonce\u00e9") },
		"upper-case 0X":    func(h http.Header) { h.Set(clobapi.HeaderAddress, "0X"+vectorAddress[2:]) },
		"short signature":  func(h http.Header) { h.Set(clobapi.HeaderSignature, "0x12") },
		"long scope":       func(h http.Header) { h.Set(clobapi.HeaderScopeID, string(bytes.Repeat([]byte("s"), ScopeBytesMax+1))) },
	} {
		h := vectorHeaders()
		mutate(h)
		if _, err := l1.Verify(context.Background(), h); !errors.Is(err, errcode.InvalidL1Headers) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestL1ReplayUnderOtherSpellings is the replay hole of issue 8: a used
// header set must stay refused however its signed values are re-spelled.
// Each re-spelling is either refused as malformed, or fails the signature
// (the nonce and timestamp are signed as strings), or hits the replay
// guard; none is accepted.
func TestL1ReplayUnderOtherSpellings(t *testing.T) {
	t.Parallel()
	js := jetStream(t)
	nonces, err := OpenNonceStore(context.Background(), js, DefaultWindow, 1)
	if err != nil {
		t.Fatal(err)
	}
	l1 := &L1{ChainID: 80002, Window: DefaultWindow, Nonces: nonces, Now: func() time.Time { return time.Unix(10_000_000, 0) }}
	if _, err := l1.Verify(context.Background(), vectorHeaders()); err != nil {
		t.Fatal(err)
	}
	respell := map[string][]string{
		clobapi.HeaderNonce:     {"0" + vectorNonce, "00" + vectorNonce, "+" + vectorNonce, " " + vectorNonce, vectorNonce + " ", "0x" + vectorNonce, "5F0C1E9A2B7D4C36"},
		clobapi.HeaderTimestamp: {"010000000", "0010000000", "+10000000", "10000000.0", "1e7", " 10000000", "0x989680", "-10000000"},
		clobapi.HeaderAddress:   {"0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266", "0xF39FD6E51AAD88F6F4CE6AB8827279CFFFB92266"},
	}
	for name, values := range respell {
		for _, v := range values {
			h := vectorHeaders()
			h.Set(name, v)
			_, err := l1.Verify(context.Background(), h)
			if err == nil {
				t.Errorf("%s %q: a used L1 header set was accepted again", name, v)
				continue
			}
			if name == clobapi.HeaderAddress && !errors.Is(err, errcode.L1NonceUsed) {
				t.Errorf("%s %q: %v, want L1_NONCE_ALREADY_USED (the address is signed as 20 bytes)", name, v, err)
			}
		}
	}
}

// TestDeriverIsDeterministic: ids and secrets depend on every input and on
// the master key, and nothing else.
func TestDeriverIsDeterministic(t *testing.T) {
	t.Parallel()
	d1, err := NewDeriver(bytes.Repeat([]byte{1}, 32))
	if err != nil {
		t.Fatal(err)
	}
	d2, _ := NewDeriver(bytes.Repeat([]byte{2}, 32))
	req := L1Identity{Address: common.HexToAddress(vectorAddress), Timestamp: vectorTimestamp, Nonce: vectorNonce}
	with := func(f func(*L1Identity)) L1Identity { r := req; f(&r); return r }
	base := d1.KeyID(req)
	if base != d1.KeyID(req) || base.Version() != 8 || base.Variant() != uuid.RFC4122 {
		t.Fatalf("key id %s is not a stable version 8 UUID", base)
	}
	for name, other := range map[string]uuid.UUID{
		"nonce":      d1.KeyID(with(func(r *L1Identity) { r.Nonce = "other" })),
		"timestamp":  d1.KeyID(with(func(r *L1Identity) { r.Timestamp = "10000001" })),
		"scope":      d1.KeyID(with(func(r *L1Identity) { r.Scope = "tenant" })),
		"address":    d1.KeyID(with(func(r *L1Identity) { r.Address = common.HexToAddress("0x01") })),
		"master key": d2.KeyID(req),
	} {
		if other == base {
			t.Errorf("changing the %s does not change the key id", name)
		}
	}
	secret, pass := d1.Creds(base)
	if s2, p2 := d1.Creds(base); s2 != secret || p2 != pass || len(pass) != 64 {
		t.Fatalf("creds not stable: %q %q", secret, pass)
	}
	if s3, _ := d2.Creds(base); s3 == secret {
		t.Fatal("the master key does not affect the secret")
	}
	if _, err := l2auth.ParseSecret(secret); err != nil {
		t.Fatalf("secret %q does not parse as base64url: %v", secret, err)
	}
	if _, err := NewDeriver(make([]byte, 31)); err == nil {
		t.Fatal("a 31-byte master key was accepted")
	}
}

// TestL2Verify signs requests with the derived secret as a client would.
func TestL2Verify(t *testing.T) {
	t.Parallel()
	js := jetStream(t)
	ctx := context.Background()
	keys, err := OpenKeyStore(ctx, js, 1)
	if err != nil {
		t.Fatal(err)
	}
	d, _ := NewDeriver(bytes.Repeat([]byte{7}, 32))
	clock := time.Unix(1_700_000_000, 0)
	view, err := StartKeyView(ctx, js, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(view.Stop)
	l2 := &L2{Deriver: d, Keys: view, Window: DefaultWindow, Now: func() time.Time { return clock }}
	addr := common.HexToAddress(vectorAddress)
	id := d.KeyID(L1Identity{Address: addr, Timestamp: "1700000000", Nonce: "n"})
	if _, err := keys.Create(ctx, KeyRecord{KeyID: id.String(), Address: addr.Hex(), CreatedAt: clock.Unix()}); err != nil {
		t.Fatal(err)
	}
	secret, pass := d.Creds(id)
	body := []byte(`{"orderID":"0x01"}`)
	sig, _ := l2auth.Sign(secret, "1700000000", "DELETE", "/order", body)
	h := http.Header{}
	h.Set(clobapi.HeaderAPIKey, id.String())
	h.Set(clobapi.HeaderPassphrase, pass)
	h.Set(clobapi.HeaderSignature, sig)
	h.Set(clobapi.HeaderTimestamp, "1700000000")
	got, err := l2.Verify(ctx, "DELETE", "/order", h, body)
	if err != nil || got.KeyID != id || got.Address != addr {
		t.Fatalf("verify: %+v, %v", got, err)
	}
	if _, err := l2.Verify(ctx, "POST", "/order", h, body); !errors.Is(err, errcode.InvalidL2Signature) {
		t.Fatalf("another method: %v", err)
	}
	upper := h.Clone()
	upper.Set(clobapi.HeaderAPIKey, strings.ToUpper(id.String()))
	if _, err := l2.Verify(ctx, "DELETE", "/order", upper, body); !errors.Is(err, errcode.InvalidAPIKey) {
		t.Fatalf("upper-case key id: %v", err)
	}
	for _, ts := range []string{"+1700000000", "01700000000", "1700000000.0"} {
		respelled := h.Clone()
		respelled.Set(clobapi.HeaderTimestamp, ts)
		if _, err := l2.Verify(ctx, "DELETE", "/order", respelled, body); !errors.Is(err, errcode.TimestampOutOfWindow) {
			t.Fatalf("timestamp %q: %v", ts, err)
		}
	}
	if _, err := keys.Revoke(ctx, id.String(), clock); err != nil {
		t.Fatal(err)
	}
	if _, err := l2.Verify(ctx, "DELETE", "/order", h, body); !errors.Is(err, errcode.InvalidAPIKey) {
		t.Fatalf("revoked: %v", err)
	}
	recs, err := keys.List(ctx, addr)
	if err != nil || len(recs) != 0 {
		t.Fatalf("revoked key still listed: %+v, %v", recs, err)
	}
}

// TestNonceStoreIsAtomic: of many concurrent uses of one nonce, exactly
// one succeeds.
func TestNonceStoreIsAtomic(t *testing.T) {
	t.Parallel()
	js := jetStream(t)
	nonces, err := OpenNonceStore(context.Background(), js, DefaultWindow, 1)
	if err != nil {
		t.Fatal(err)
	}
	addr := crypto.PubkeyToAddress(mustKey(t).PublicKey)
	const racers = 16
	errs := make(chan error, racers)
	for range racers {
		go func() { errs <- nonces.Use(context.Background(), addr, "5") }()
	}
	ok := 0
	for range racers {
		err := <-errs
		switch {
		case err == nil:
			ok++
		case !errors.Is(err, errcode.L1NonceUsed):
			t.Fatal(err)
		}
	}
	if ok != 1 {
		t.Fatalf("%d of %d concurrent uses succeeded", ok, racers)
	}
	if err := nonces.Use(context.Background(), addr, "6"); err != nil {
		t.Fatalf("another nonce: %v", err)
	}
	other := crypto.PubkeyToAddress(mustKey(t).PublicKey)
	if err := nonces.Use(context.Background(), other, "5"); err != nil {
		t.Fatalf("the same nonce of another wallet: %v", err)
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
