package eip712

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"
)

func oracleLoginHash(t testing.TB, l *Login) [32]byte {
	t.Helper()
	td := apitypes.TypedData{
		Types: apitypes.Types{
			"EIP712Domain": {
				{Name: "name", Type: "string"},
				{Name: "version", Type: "string"},
				{Name: "chainId", Type: "uint256"},
			},
			"Login": {
				{Name: "address", Type: "address"},
				{Name: "statement", Type: "string"},
				{Name: "nonce", Type: "string"},
				{Name: "issuedAt", Type: "string"},
				{Name: "chainId", Type: "uint256"},
				{Name: "scopeId", Type: "string"},
			},
		},
		PrimaryType: "Login",
		Domain:      apitypes.TypedDataDomain{Name: LoginDomainName, Version: LoginDomainVersion, ChainId: chainIDValue(l.ChainID)},
		Message: apitypes.TypedDataMessage{
			"address":   l.Address.Hex(),
			"statement": l.Statement,
			"nonce":     l.Nonce,
			"issuedAt":  l.IssuedAt,
			"chainId":   chainIDValue(l.ChainID),
			"scopeId":   l.ScopeID,
		},
	}
	h, _, err := apitypes.TypedDataAndHash(td)
	if err != nil {
		t.Fatalf("apitypes oracle: %v", err)
	}
	return [32]byte(h)
}

// The worked example of the Gamma API's OpenAPI document.
var (
	loginVectorKey    = "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"
	loginVectorDigest = "0x3a238a3865b09303930696c1eb72d18e517cd64b7fee235478babaf2c3edcd88"
	loginVectorSig    = "0x3abf9af24ea9b50fcc2c4b0d684ba568bc9a4ce04acd0206d9b54cc60bfc27e6396eb73fe3bf27408d41d089f2dc285520f6d3853e75c18ba5b291fd265e436b1c"
	loginVectorMsg    = Login{Statement: "Sign in to Pred", Nonce: "9f86d081884c7d659a2feaa0c55ad015", IssuedAt: "2026-11-21T18:00:00.000Z", ChainID: 31337}
)

// TestLoginMatchesGoEthereum: the hand-written Login hash equals
// go-ethereum's generic EIP-712 encoder on random messages.
func TestLoginMatchesGoEthereum(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	for i := range 300 {
		l := &Login{Address: randAddress(r), Statement: randString(r), Nonce: randString(r), IssuedAt: randString(r),
			ChainID: r.Uint64(), ScopeID: randString(r)}
		if i%3 == 0 {
			l.ChainID = 31337
			l.ScopeID = ""
		}
		if got, want := HashLogin(l), oracleLoginHash(t, l); got != want {
			t.Fatalf("message %d %+v: hash %x, go-ethereum %x", i, l, got, want)
		}
	}
}

func randString(r *rand.Rand) string {
	const alphabet = "abcXYZ019 -:.,é\n"
	var b strings.Builder
	for range r.IntN(40) {
		b.WriteByte(alphabet[r.IntN(len(alphabet))])
	}
	return b.String()
}

// TestLoginVector pins the digest and signature of the documented example.
func TestLoginVector(t *testing.T) {
	key, err := crypto.HexToECDSA(loginVectorKey)
	if err != nil {
		t.Fatal(err)
	}
	l := loginVectorMsg
	sig, err := SignLogin(key, &l)
	if err != nil {
		t.Fatal(err)
	}
	if l.Address != common.HexToAddress("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266") {
		t.Fatalf("address %s", l.Address.Hex())
	}
	digest := HashLogin(&l)
	if digest != oracleLoginHash(t, &l) {
		t.Fatal("the vector's digest differs from go-ethereum's")
	}
	if hexutil.Encode(digest[:]) != loginVectorDigest || hexutil.Encode(sig) != loginVectorSig {
		t.Fatalf("digest %s signature %s", hexutil.Encode(digest[:]), hexutil.Encode(sig))
	}
	if err := VerifyLogin(&l, sig); err != nil {
		t.Fatal(err)
	}
}

func TestLoginSignatureBindsEveryField(t *testing.T) {
	key, _ := crypto.GenerateKey()
	l := loginVectorMsg
	sig, err := SignLogin(key, &l)
	if err != nil {
		t.Fatal(err)
	}
	for name, change := range map[string]func(*Login){
		"address":   func(m *Login) { m.Address[0] ^= 1 },
		"statement": func(m *Login) { m.Statement += "!" },
		"nonce":     func(m *Login) { m.Nonce = "0" + m.Nonce },
		"issuedAt":  func(m *Login) { m.IssuedAt = "2026-11-21T18:00:01.000Z" },
		"chainId":   func(m *Login) { m.ChainID++ },
		"scopeId":   func(m *Login) { m.ScopeID = "partner" },
	} {
		m := l
		change(&m)
		err := VerifyLogin(&m, sig)
		var se *SignerError
		if name == "address" && !errors.As(err, &se) || err == nil {
			t.Errorf("%s changed: %v", name, err)
		}
	}
	if HashLogin(&l) == HashClobAuth(l.ChainID, l.Address, l.IssuedAt, l.Nonce, l.Statement) {
		t.Fatal("a login digest equals an L1 digest")
	}
}
