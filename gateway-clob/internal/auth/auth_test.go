package auth

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/google/uuid"
	"github.com/holiman/uint256"
	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/errcode"
	"pred.dev/proto/l2auth"
	"pred.dev/proto/natsembed"
)

// The reference L1 vector (polymarket-clob.md §11): the ClobAuth domain
// and type are the reference's, so its signature is valid here verbatim.
const (
	vectorAddress   = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
	vectorTimestamp = "10000000"
	vectorSignature = "0xf62319a987514da40e57e2f4d7529f7bac38f0355bd88bb5adbb3768d80de6c1682518e0af677d5260366425f4361e7b70c25ae232aff0ab2331e2b164a1aedc1b"
)

func jetStream(t *testing.T) jetstream.JetStream {
	t.Helper()
	js, err := jetstream.New(natsembed.ConnectTest(t, natsembed.StartTest(t)))
	if err != nil {
		t.Fatal(err)
	}
	return js
}

func vectorHeaders() http.Header {
	h := http.Header{}
	h.Set(HeaderAddress, vectorAddress)
	h.Set(HeaderSignature, vectorSignature)
	h.Set(HeaderTimestamp, vectorTimestamp)
	h.Set(HeaderNonce, "23")
	return h
}

// TestL1ReferenceVector verifies the reference signature with the clock
// set to its timestamp, then refuses its replay and a later clock.
func TestL1ReferenceVector(t *testing.T) {
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
	if id.Address != common.HexToAddress(vectorAddress) || id.Nonce.Uint64() != 23 || id.Scope != "" {
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
	h.Set(HeaderNonce, "24") // a fresh message, so the replay guard is not what refuses it
	if _, err := l1.Verify(context.Background(), h); !errors.Is(err, errcode.InvalidL1Signature) {
		t.Fatalf("another chain or nonce: %v", err)
	}
}

func TestL1HeaderSyntax(t *testing.T) {
	l1 := &L1{ChainID: 80002, Window: DefaultWindow, Now: time.Now}
	for name, mutate := range map[string]func(http.Header){
		"no address":      func(h http.Header) { h.Del(HeaderAddress) },
		"short address":   func(h http.Header) { h.Set(HeaderAddress, "0x1234") },
		"no nonce":        func(h http.Header) { h.Del(HeaderNonce) },
		"negative nonce":  func(h http.Header) { h.Set(HeaderNonce, "-1") },
		"short signature": func(h http.Header) { h.Set(HeaderSignature, "0x12") },
		"long scope":      func(h http.Header) { h.Set(HeaderScopeID, string(bytes.Repeat([]byte("s"), ScopeBytesMax+1))) },
	} {
		h := vectorHeaders()
		mutate(h)
		if _, err := l1.Verify(context.Background(), h); !errors.Is(err, errcode.InvalidL1Headers) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestDeriverIsDeterministic: ids and secrets depend on every input and on
// the master key, and nothing else.
func TestDeriverIsDeterministic(t *testing.T) {
	d1, err := NewDeriver(bytes.Repeat([]byte{1}, 32))
	if err != nil {
		t.Fatal(err)
	}
	d2, _ := NewDeriver(bytes.Repeat([]byte{2}, 32))
	addr := common.HexToAddress(vectorAddress)
	base := d1.KeyID(addr, uint256.NewInt(0), "")
	if base != d1.KeyID(addr, uint256.NewInt(0), "") || base.Version() != 8 || base.Variant() != uuid.RFC4122 {
		t.Fatalf("key id %s is not a stable version 8 UUID", base)
	}
	for name, other := range map[string]uuid.UUID{
		"nonce":      d1.KeyID(addr, uint256.NewInt(1), ""),
		"scope":      d1.KeyID(addr, uint256.NewInt(0), "tenant"),
		"address":    d1.KeyID(common.HexToAddress("0x01"), uint256.NewInt(0), ""),
		"master key": d2.KeyID(addr, uint256.NewInt(0), ""),
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
	js := jetStream(t)
	ctx := context.Background()
	keys, err := OpenKeyStore(ctx, js, 1)
	if err != nil {
		t.Fatal(err)
	}
	d, _ := NewDeriver(bytes.Repeat([]byte{7}, 32))
	clock := time.Unix(1_700_000_000, 0)
	l2 := &L2{Deriver: d, Keys: keys, Window: DefaultWindow, Now: func() time.Time { return clock }}
	addr := common.HexToAddress(vectorAddress)
	id := d.KeyID(addr, uint256.NewInt(0), "")
	if _, err := keys.Create(ctx, KeyRecord{KeyID: id.String(), Address: addr.Hex(), Nonce: "0", CreatedAt: clock.Unix()}); err != nil {
		t.Fatal(err)
	}
	secret, pass := d.Creds(id)
	body := []byte(`{"orderID":"0x01"}`)
	sig, _ := l2auth.Sign(secret, "1700000000", "DELETE", "/order", body)
	h := http.Header{}
	h.Set(HeaderAPIKey, id.String())
	h.Set(HeaderPassphrase, pass)
	h.Set(HeaderSignature, sig)
	h.Set(HeaderTimestamp, "1700000000")
	got, err := l2.Verify(ctx, "DELETE", "/order", h, body)
	if err != nil || got.KeyID != id || got.Address != addr {
		t.Fatalf("verify: %+v, %v", got, err)
	}
	if _, err := l2.Verify(ctx, "POST", "/order", h, body); !errors.Is(err, errcode.InvalidL2Signature) {
		t.Fatalf("another method: %v", err)
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

// TestNonceStoreIsAtomic: of many concurrent uses of one message, exactly
// one succeeds.
func TestNonceStoreIsAtomic(t *testing.T) {
	js := jetStream(t)
	nonces, err := OpenNonceStore(context.Background(), js, DefaultWindow, 1)
	if err != nil {
		t.Fatal(err)
	}
	addr := crypto.PubkeyToAddress(mustKey(t).PublicKey)
	const racers = 16
	errs := make(chan error, racers)
	for range racers {
		go func() { errs <- nonces.Use(context.Background(), addr, "1700000000", "5") }()
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
	if err := nonces.Use(context.Background(), addr, "1700000001", "5"); err != nil {
		t.Fatalf("the next second's message: %v", err)
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
