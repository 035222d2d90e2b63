package eip712

import (
	"bytes"
	"errors"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

var secpN, _ = new(big.Int).SetString("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", 16)

func TestCurveConstants(t *testing.T) {
	if new(big.Int).SetBytes(curveOrder).Cmp(secpN) != 0 || secpN.Cmp(crypto.S256().Params().N) != 0 {
		t.Fatal("curveOrder is not the secp256k1 order")
	}
	half := new(big.Int).Rsh(secpN, 1)
	if new(big.Int).SetBytes(halfOrder).Cmp(half) != 0 {
		t.Fatal("halfOrder is not N/2")
	}
}

func signedOrderA(t *testing.T) (digest [32]byte, sig []byte) {
	t.Helper()
	sep := refDomain(80002, amoyExchange).Separator()
	digest = HashOrder(sep, orderA())
	sig, err := SignDigest(testKey(t), digest)
	if err != nil {
		t.Fatal(err)
	}
	return digest, sig
}

func TestRecoverSignerVForms(t *testing.T) {
	digest, sig := signedOrderA(t)
	want := common.HexToAddress(testAddrHex)
	if sig[64] != 27 && sig[64] != 28 {
		t.Fatalf("SignDigest produced v=%d, want 27 or 28", sig[64])
	}
	orig := bytes.Clone(sig)
	got, err := RecoverSigner(digest, sig)
	if err != nil || got != want {
		t.Fatalf("RecoverSigner(v=%d) = %s, %v", sig[64], got.Hex(), err)
	}
	if !bytes.Equal(sig, orig) {
		t.Fatal("RecoverSigner modified the caller's signature")
	}
	raw := bytes.Clone(sig)
	raw[64] -= 27
	if got, err := RecoverSigner(digest, raw); err != nil || got != want {
		t.Fatalf("RecoverSigner(v=%d) = %s, %v", raw[64], got.Hex(), err)
	}
	// The other parity recovers a different key, never the signer.
	flipped := bytes.Clone(sig)
	flipped[64] = 27 + 28 - flipped[64]
	if got, err := RecoverSigner(digest, flipped); err == nil && got == want {
		t.Fatal("flipped v recovered the signer")
	}
}

func TestRecoverSignerRejects(t *testing.T) {
	digest, sig := signedOrderA(t)
	mutate := func(f func(s []byte)) []byte {
		s := bytes.Clone(sig)
		f(s)
		return s
	}
	highS := mutate(func(s []byte) {
		// (r, N-s, v^1) is the malleable twin: valid ECDSA, same signer.
		sv := new(big.Int).SetBytes(s[32:64])
		new(big.Int).Sub(secpN, sv).FillBytes(s[32:64])
		s[64] = 27 + 28 - s[64]
	})
	cases := []struct {
		name string
		sig  []byte
		want error
	}{
		{"empty", nil, ErrSignatureLength},
		{"64 bytes", sig[:64], ErrSignatureLength},
		{"66 bytes", append(bytes.Clone(sig), 0), ErrSignatureLength},
		{"v=2", mutate(func(s []byte) { s[64] = 2 }), ErrSignatureV},
		{"v=26", mutate(func(s []byte) { s[64] = 26 }), ErrSignatureV},
		{"v=29", mutate(func(s []byte) { s[64] = 29 }), ErrSignatureV},
		{"v=31 (eth_sign Safe form)", mutate(func(s []byte) { s[64] = 31 }), ErrSignatureV},
		{"r=0", mutate(func(s []byte) { clear(s[:32]) }), ErrSignatureRS},
		{"s=0", mutate(func(s []byte) { clear(s[32:64]) }), ErrSignatureRS},
		{"r=N", mutate(func(s []byte) { copy(s[:32], curveOrder) }), ErrSignatureRS},
		{"r=2^256-1", mutate(func(s []byte) {
			for i := range 32 {
				s[i] = 0xff
			}
		}), ErrSignatureRS},
		{"s=N", mutate(func(s []byte) { copy(s[32:64], curveOrder) }), ErrSignatureRS},
		{"high s", highS, ErrSignatureHighS},
		{"s=N/2+1", mutate(func(s []byte) {
			new(big.Int).Add(new(big.Int).Rsh(secpN, 1), big.NewInt(1)).FillBytes(s[32:64])
		}), ErrSignatureHighS},
	}
	for _, c := range cases {
		got, err := RecoverSigner(digest, c.sig)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: RecoverSigner = %s, %v; want %v", c.name, got.Hex(), err, c.want)
		}
		if got != (common.Address{}) {
			t.Errorf("%s: returned address %s with an error", c.name, got.Hex())
		}
	}
	// The high-s twin really is a valid signature by the same key: the
	// rejection is a policy, not a side effect of a broken signature.
	twin := bytes.Clone(highS)
	twin[64] -= 27
	pub, err := crypto.Ecrecover(digest[:], twin)
	if err != nil || common.BytesToAddress(crypto.Keccak256(pub[1:])[12:]) != common.HexToAddress(testAddrHex) {
		t.Fatalf("test setup: high-s twin does not recover the signer (%v)", err)
	}
	// s = N/2 exactly is the largest accepted value.
	edge := bytes.Clone(sig)
	copy(edge[32:64], halfOrder)
	if _, err := RecoverSigner(digest, edge); errors.Is(err, ErrSignatureHighS) || errors.Is(err, ErrSignatureRS) {
		t.Errorf("s = N/2 rejected as out of range: %v", err)
	}
}

// TestRecoverSignerNoPoint finds an r that is not the x coordinate of any
// curve point, for which recovery must fail cleanly.
func TestRecoverSignerNoPoint(t *testing.T) {
	digest, sig := signedOrderA(t)
	p := crypto.S256().Params().P
	for x := int64(1); ; x++ {
		rhs := new(big.Int).Exp(big.NewInt(x), big.NewInt(3), p)
		rhs.Add(rhs, big.NewInt(7)).Mod(rhs, p)
		if big.Jacobi(rhs, p) != -1 {
			continue
		}
		bad := bytes.Clone(sig)
		big.NewInt(x).FillBytes(bad[:32])
		if _, err := RecoverSigner(digest, bad); !errors.Is(err, ErrRecoverFailed) {
			t.Fatalf("r=%d (no curve point): error = %v, want ErrRecoverFailed", x, err)
		}
		return
	}
}

func TestVerifyOrderTampering(t *testing.T) {
	sep := refDomain(80002, amoyExchange).Separator()
	key := testKey(t)
	o := orderA()
	sig, err := SignOrder(key, sep, o)
	if err != nil {
		t.Fatal(err)
	}
	tampered := *o
	tampered.MakerAmount.SetUint64(100000001)
	if _, err := VerifyOrder(sep, &tampered, sig); !errors.Is(err, ErrSignerMismatch) {
		t.Errorf("tampered amount: %v, want ErrSignerMismatch", err)
	}
	tampered = *o
	tampered.Side = SideSell
	if _, err := VerifyOrder(sep, &tampered, sig); !errors.Is(err, ErrSignerMismatch) {
		t.Errorf("tampered side: %v, want ErrSignerMismatch", err)
	}
	otherSep := refDomain(80002, negRiskExch).Separator()
	if _, err := VerifyOrder(otherSep, o, sig); !errors.Is(err, ErrSignerMismatch) {
		t.Errorf("other exchange: %v, want ErrSignerMismatch", err)
	}
}

func TestSignRecoverRandomKeys(t *testing.T) {
	r := rand.New(rand.NewPCG(77, 77))
	sep := randDomain(r).Separator()
	for range 50 {
		key, err := crypto.GenerateKey()
		if err != nil {
			t.Fatal(err)
		}
		o := randOrder(r)
		o.Signer = crypto.PubkeyToAddress(key.PublicKey)
		sig, err := SignOrder(key, sep, o)
		if err != nil {
			t.Fatal(err)
		}
		if len(sig) != SignatureLen || new(big.Int).SetBytes(sig[32:64]).Cmp(new(big.Int).Rsh(secpN, 1)) > 0 {
			t.Fatalf("SignOrder produced a non-canonical signature %x", sig)
		}
		if _, err := VerifyOrder(sep, o, sig); err != nil {
			t.Fatalf("VerifyOrder of a fresh signature: %v", err)
		}
	}
}
