package eip712

import (
	"bytes"
	"crypto/ecdsa"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/holiman/uint256"

	"pred.dev/proto/fixed"
)

// Test vectors from polymarket-clob.md §11 (re-verified there with
// go-ethereum apitypes and the reference clients' own tests).
const (
	testKeyHex  = "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"
	testAddrHex = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"

	referenceName = "Polymarket CTF Exchange"
	amoyExchange  = "0xdFE02Eb6733538f8Ea35D585af8DE5958AD99E40"
	negRiskExch   = "0xC5d563A36AE78145C45a50134d48A1215220f80a"
	polygonExch   = "0x4bFb41d5B3570DeFd03C39a9A4D8dE6Bd8B8982E"
)

func testKey(t testing.TB) *ecdsa.PrivateKey {
	t.Helper()
	k, err := crypto.HexToECDSA(testKeyHex)
	if err != nil {
		t.Fatal(err)
	}
	if got := crypto.PubkeyToAddress(k.PublicKey); got != common.HexToAddress(testAddrHex) {
		t.Fatalf("test key address %s, want %s", got.Hex(), testAddrHex)
	}
	return k
}

func h32(s string) [32]byte { return [32]byte(common.FromHex(s)) }

func u(v uint64) uint256.Int { return *uint256.NewInt(v) }

func refDomain(chainID uint64, contract string) Domain {
	return Domain{Name: referenceName, Version: "1", ChainID: chainID, VerifyingContract: common.HexToAddress(contract)}
}

// orderA is the go-order-utils / python-order-utils fixture.
func orderA() *Order {
	signer := common.HexToAddress(testAddrHex)
	return &Order{
		Salt: u(479249096354), Maker: signer, Signer: signer, TokenID: u(1234),
		MakerAmount: u(100000000), TakerAmount: u(50000000), FeeRateBps: u(100),
		Side: SideBuy, SignatureType: SignatureEOA,
	}
}

func TestTypeHashes(t *testing.T) {
	if OrderTypeHash != h32("0xa852566c4e14d00869b6db0220888a9090a13eccdaea03713ff0a3d27bf9767c") {
		t.Errorf("OrderTypeHash = %x", OrderTypeHash)
	}
	if ClobAuthTypeHash != h32("0x52578c5c725a28a84fedc8c22aa47947822942f35b4dc350db028e45320e035c") {
		t.Errorf("ClobAuthTypeHash = %x", ClobAuthTypeHash)
	}
	// The well-known EIP-712 domain type hash with all four fields.
	if DomainTypeHash != h32("0x8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f") {
		t.Errorf("DomainTypeHash = %x", DomainTypeHash)
	}
}

func TestOrderAVectors(t *testing.T) {
	key := testKey(t)
	cases := []struct {
		contract, sep, hash, sig string
	}{
		{
			amoyExchange,
			"0x44b180a7e548e2d916b5410176db13a07744966f9b6c93c4bccdabebbcdfca93",
			"0x02ca1d1aa31103804173ad1acd70066cb6c1258a4be6dada055111f9a7ea4e55",
			"0x302cd9abd0b5fcaa202a344437ec0b6660da984e24ae9ad915a592a90facf5a51bb8a873cd8d270f070217fea1986531d5eec66f1162a81f66e026db653bf7ce1c",
		},
		{
			negRiskExch,
			"0x9fa10822e4b86fd1eed68ea1c2628e0ee9a6c523cb2570592768432cfdb09bf1",
			"0xf15790d3edc4b5aed427b0b543a9206fcf4b1a13dfed016d33bfb313076263b8",
			"0x1b3646ef347e5bd144c65bd3357ba19c12c12abaeedae733cf8579bc51a2752c0454c3bc6b236957e393637982c769b8dc0706c0f5c399983d933850afd1cbcd1c",
		},
	}
	o := orderA()
	if got := HashOrderStruct(o); got != h32("0x26eb80b08612a9945a9a2af3af152f3bcdccd154f9708a68d2f261f44b66a11d") {
		t.Errorf("hashStruct(order A) = %x", got)
	}
	for _, c := range cases {
		sep := refDomain(80002, c.contract).Separator()
		if sep != h32(c.sep) {
			t.Errorf("%s: separator %x, want %s", c.contract, sep, c.sep)
		}
		hash := HashOrder(sep, o)
		if hash != h32(c.hash) {
			t.Errorf("%s: order hash %x, want %s", c.contract, hash, c.hash)
		}
		sig, err := SignOrder(key, sep, o)
		if err != nil {
			t.Fatal(err)
		}
		if hexutil.Encode(sig) != c.sig {
			t.Errorf("%s: signature %s, want %s", c.contract, hexutil.Encode(sig), c.sig)
		}
		id, err := VerifyOrder(sep, o, common.FromHex(c.sig))
		if err != nil || id != hash {
			t.Errorf("%s: VerifyOrder = %x, %v", c.contract, id, err)
		}
	}
}

func TestOrderBVector(t *testing.T) {
	one := common.HexToAddress("0x1111111111111111111111111111111111111111")
	o := &Order{
		Salt: u(1), Maker: one, Signer: one, TokenID: u(101),
		MakerAmount: u(1000000), TakerAmount: u(2000000), Nonce: u(2),
		Side: SideBuy, SignatureType: SignatureEOA,
	}
	sep := refDomain(137, "0x0000000000000000000000000000000000000001").Separator()
	if got := HashOrder(sep, o); got != h32("0xeb162c6cc7aa28ad096a7c40fb9556d41fa1730d71103ba7103589ae1f18d942") {
		t.Errorf("order B hash = %x", got)
	}
}

func TestOrderCVector(t *testing.T) {
	o := &Order{} // all zero: BUY, EOA
	sep := refDomain(137, polygonExch).Separator()
	digest := HashOrder(sep, o)
	if digest != h32("0x54c067fcb57613f2da09446f3380fce1537502897d11121c41e6ed19f40df286") {
		t.Errorf("order C digest = %x", digest)
	}
	sig, err := SignOrder(testKey(t), sep, o)
	if err != nil {
		t.Fatal(err)
	}
	want := "0x0d18c04a653d89bf7375636adb7db69cffe362755960dc6ce8a0d46b04355b767958fae51c48e0e4b0908347442cb461e811d2f5a751303f7a8c1f75e17b3e701b"
	if hexutil.Encode(sig) != want {
		t.Errorf("order C signature = %s", hexutil.Encode(sig))
	}
	// The order's signer is the zero address, so the signature (made by
	// the test key) must not verify against it.
	if _, err := VerifyOrder(sep, o, sig); !errors.Is(err, ErrSignerMismatch) {
		t.Errorf("VerifyOrder with a zero signer = %v, want ErrSignerMismatch", err)
	}
}

func TestZeroContractSeparators(t *testing.T) {
	zero := "0x0000000000000000000000000000000000000000"
	if got := refDomain(80002, zero).Separator(); got != h32("0x029ca49b31e01a0230787b3673a6977ee0dbb02f78e68d2ee41d330893e17594") {
		t.Errorf("Amoy separator = %x", got)
	}
	if got := refDomain(137, zero).Separator(); got != h32("0x0ba60c2a4504ef46ef2d139f27cd131dbc8b9643d0565a54bb14de0e31cd5600") {
		t.Errorf("Polygon separator = %x", got)
	}
}

func TestOrderDomainDefaults(t *testing.T) {
	d := OrderDomain(137, common.HexToAddress(polygonExch))
	if d.Name != "Pred CTF Exchange" || d.Version != "1" || d.ChainID != 137 || d.VerifyingContract != common.HexToAddress(polygonExch) {
		t.Fatalf("OrderDomain = %+v", d)
	}
	// A different name must give a different separator, so orders signed
	// for the reference exchange cannot be replayed here.
	if d.Separator() == refDomain(137, polygonExch).Separator() {
		t.Error("domain name does not affect the separator")
	}
	o := randOrder(rand.New(rand.NewPCG(5, 5)))
	if HashOrder(d.Separator(), o) != oracleOrderHash(t, d, o) {
		t.Error("default domain disagrees with the oracle")
	}
}

// TestHashOrderMatchesOracle compares the hand-written encoding with
// go-ethereum's generic encoder on seeded random orders and domains.
func TestHashOrderMatchesOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(2024, 712))
	for i := range 3000 {
		d := randDomain(r)
		o := randOrder(r)
		sep := d.Separator()
		got, want := HashOrder(sep, o), oracleOrderHash(t, d, o)
		if got != want {
			t.Fatalf("order %d: HashOrder %x, oracle %x\ndomain %+v\norder %+v", i, got, want, d, o)
		}
	}
}

// TestHashOrderPoolReuse interleaves orders of different content to catch
// stale bytes left in pooled buffers (for example address padding).
func TestHashOrderPoolReuse(t *testing.T) {
	sep := refDomain(137, polygonExch).Separator()
	full := &Order{Side: 255, SignatureType: 255}
	for _, w := range []*uint256.Int{&full.Salt, &full.TokenID, &full.MakerAmount, &full.TakerAmount,
		&full.Expiration, &full.Nonce, &full.FeeRateBps} {
		w.SetAllOne()
	}
	for i := range full.Maker {
		full.Maker[i], full.Signer[i], full.Taker[i] = 0xff, 0xff, 0xff
	}
	zero := &Order{}
	wantZero := oracleOrderHash(t, refDomain(137, polygonExch), zero)
	for range 100 {
		HashOrder(sep, full)
		if got := HashOrder(sep, zero); got != wantZero {
			t.Fatalf("zero order after a full one hashes to %x, want %x", got, wantZero)
		}
	}
}

func TestHashOrderConcurrent(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	d := randDomain(r)
	sep := d.Separator()
	orders := make([]*Order, 64)
	want := make([][32]byte, len(orders))
	for i := range orders {
		orders[i] = randOrder(r)
		want[i] = oracleOrderHash(t, d, orders[i])
	}
	done := make(chan error, 8)
	for g := range 8 {
		go func() {
			for n := range 2000 {
				i := (n + g) % len(orders)
				if HashOrder(sep, orders[i]) != want[i] {
					done <- errors.New("concurrent HashOrder produced a wrong hash")
					return
				}
			}
			done <- nil
		}()
	}
	for range 8 {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
}

func TestHashOrderAllocations(t *testing.T) {
	sep := refDomain(137, polygonExch).Separator()
	o := orderA()
	HashOrder(sep, o)
	if n := testing.AllocsPerRun(1000, func() { HashOrder(sep, o) }); n > 0 {
		t.Errorf("HashOrder allocates %.1f times per call, want 0", n)
	}
}

func TestSideConversion(t *testing.T) {
	if SideBuy != 0 || SideSell != 1 {
		t.Fatal("signed sides must be BUY=0, SELL=1")
	}
	for _, c := range []struct {
		f fixed.Side
		s Side
	}{{fixed.Buy, SideBuy}, {fixed.Sell, SideSell}} {
		s, err := SideOf(c.f)
		if err != nil || s != c.s {
			t.Errorf("SideOf(%v) = %v, %v", c.f, s, err)
		}
		f, err := c.s.Fixed()
		if err != nil || f != c.f {
			t.Errorf("%v.Fixed() = %v, %v", c.s, f, err)
		}
		if c.s.String() != c.f.String() || !c.s.Valid() {
			t.Errorf("%v and %v disagree on their name", c.s, c.f)
		}
	}
	if _, err := SideOf(0); !errors.Is(err, ErrInvalidSide) {
		t.Errorf("SideOf(0) error = %v", err)
	}
	if _, err := Side(2).Fixed(); !errors.Is(err, ErrInvalidSide) || Side(2).Valid() || Side(2).String() != "Side(2)" {
		t.Errorf("Side(2) treated as valid")
	}
	if !SignaturePolyGnosisSafe.Valid() || SignatureType(3).Valid() {
		t.Error("SignatureType.Valid is wrong")
	}
}

func TestClobAuthVectors(t *testing.T) {
	key := testKey(t)
	addr := common.HexToAddress(testAddrHex)
	cases := []struct {
		chainID     uint64
		digest, sig string
	}{
		{80002,
			"0x8f442df8073c9cf2e36d7b20ca9d64d1a9352e982cc82a293b7de2df57920610",
			"0xf62319a987514da40e57e2f4d7529f7bac38f0355bd88bb5adbb3768d80de6c1682518e0af677d5260366425f4361e7b70c25ae232aff0ab2331e2b164a1aedc1b"},
		{137,
			"0x577908bf2b712def8592d5078487f59ab9aa28b656e6fda011c8ac4333792037",
			"0x1a7118db6100dfd8efd102be36f472b59475dcac56eb4c9a2a94748d3655ba7c3c89deb8c19ee79eceb0a531122fbfbe88ed118034f9d8212e2b725e7b296b9d1c"},
	}
	nonce := uint256.NewInt(23)
	for _, c := range cases {
		digest := HashClobAuth(c.chainID, addr, "10000000", nonce, AttestMessage)
		if digest != h32(c.digest) {
			t.Errorf("chain %d: digest %x, want %s", c.chainID, digest, c.digest)
		}
		if oracle := oracleClobAuthHash(t, c.chainID, addr, "10000000", nonce, AttestMessage); digest != oracle {
			t.Errorf("chain %d: digest disagrees with the oracle %x", c.chainID, oracle)
		}
		sig, err := SignClobAuth(key, c.chainID, "10000000", nonce, AttestMessage)
		if err != nil {
			t.Fatal(err)
		}
		if hexutil.Encode(sig) != c.sig {
			t.Errorf("chain %d: signature %s, want %s", c.chainID, hexutil.Encode(sig), c.sig)
		}
		if err := VerifyClobAuth(c.chainID, addr, "10000000", nonce, AttestMessage, common.FromHex(c.sig)); err != nil {
			t.Errorf("chain %d: VerifyClobAuth = %v", c.chainID, err)
		}
	}
}

func TestClobAuthRejections(t *testing.T) {
	key := testKey(t)
	addr := common.HexToAddress(testAddrHex)
	nonce := uint256.NewInt(23)
	sig, err := SignClobAuth(key, 137, "10000000", nonce, AttestMessage)
	if err != nil {
		t.Fatal(err)
	}
	other := common.HexToAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8")
	// Any change of a signed field makes the signature recover to some
	// other address (or fail), never to addr.
	checks := []struct {
		name string
		err  error
	}{
		{"other chain", VerifyClobAuth(80002, addr, "10000000", nonce, AttestMessage, sig)},
		{"other timestamp", VerifyClobAuth(137, addr, "10000001", nonce, AttestMessage, sig)},
		{"other nonce", VerifyClobAuth(137, addr, "10000000", uint256.NewInt(24), AttestMessage, sig)},
		{"nil nonce", VerifyClobAuth(137, addr, "10000000", nil, AttestMessage, sig)},
		{"other message", VerifyClobAuth(137, addr, "10000000", nonce, AttestMessage+".", sig)},
		{"other address", VerifyClobAuth(137, other, "10000000", nonce, AttestMessage, sig)},
	}
	for _, c := range checks {
		if !errors.Is(c.err, ErrSignerMismatch) {
			t.Errorf("%s: error = %v, want ErrSignerMismatch", c.name, c.err)
		}
	}
	// A signature by addr checked against other names both addresses.
	digest := HashClobAuth(137, addr, "10000000", nonce, AttestMessage)
	var se *SignerError
	if err := VerifySigner(digest, sig, other); !errors.As(err, &se) || se.Want != other || se.Got != addr {
		t.Errorf("SignerError = %+v, want Want=%s Got=%s", se, other.Hex(), addr.Hex())
	} else if msg := err.Error(); !strings.Contains(msg, other.Hex()) || !strings.Contains(msg, addr.Hex()) {
		t.Errorf("message %q does not name both addresses", msg)
	}
	if err := VerifyClobAuth(137, addr, "10000000", nonce, AttestMessage, sig[:64]); !errors.Is(err, ErrSignatureLength) {
		t.Errorf("short signature: %v", err)
	}
}

func TestClobAuthNilNonceIsZero(t *testing.T) {
	addr := common.HexToAddress(testAddrHex)
	if HashClobAuth(137, addr, "1", nil, AttestMessage) != HashClobAuth(137, addr, "1", new(uint256.Int), AttestMessage) {
		t.Error("a nil nonce must hash like nonce 0")
	}
	r := rand.New(rand.NewPCG(1, 1))
	for range 200 {
		n := randWord(r)
		ts := string(rune('0' + r.IntN(10)))
		a := randAddress(r)
		chain := r.Uint64()
		if HashClobAuth(chain, a, ts, &n, AttestMessage) != oracleClobAuthHash(t, chain, a, ts, &n, AttestMessage) {
			t.Fatalf("HashClobAuth disagrees with the oracle for nonce %s", n.Dec())
		}
	}
}

func TestSignNilKey(t *testing.T) {
	if _, err := SignOrder(nil, [32]byte{}, &Order{}); !errors.Is(err, ErrNilKey) {
		t.Errorf("SignOrder(nil) = %v", err)
	}
	if _, err := SignClobAuth(nil, 1, "1", nil, AttestMessage); !errors.Is(err, ErrNilKey) {
		t.Errorf("SignClobAuth(nil) = %v", err)
	}
}

func TestTypedDataDigest(t *testing.T) {
	sep, st := h32("0x44b180a7e548e2d916b5410176db13a07744966f9b6c93c4bccdabebbcdfca93"), HashOrderStruct(orderA())
	want := crypto.Keccak256Hash([]byte{0x19, 0x01}, sep[:], st[:])
	if got := TypedDataDigest(sep, st); got != want {
		t.Errorf("TypedDataDigest = %x, want %x", got, want)
	}
	if !bytes.Equal(want[:], common.FromHex("0x02ca1d1aa31103804173ad1acd70066cb6c1258a4be6dada055111f9a7ea4e55")) {
		t.Error("digest of order A from its parts is wrong")
	}
}
