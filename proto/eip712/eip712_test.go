package eip712

import (
	"bytes"
	"crypto/ecdsa"
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/holiman/uint256"

	"pred.dev/proto/fixed"
)

// Test vectors: the reference's fixtures (polymarket-clob.md §11: keys,
// orders, domains) hashed under this exchange's types, whose order type
// ends with "string scopeId" and whose ClobAuth nonce is a string. The
// pinned digests were produced by go-ethereum's generic encoder
// (apitypes), and each test checks the hand-written hash against it
// again; the published vector in the OpenAPI document is TestPublishedOrderVector's.
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
	if OrderTypeHash != h32("0xdd0b3d38693bb05298951a78ceae0310432b499f731a8c061776a1be1026fa18") {
		t.Errorf("OrderTypeHash = %x", OrderTypeHash)
	}
	if ClobAuthTypeHash != h32("0x575ee820d6551b3955b84bd390c136d499e32bfefb265f3a84a47c0fc12833b2") {
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
			"0xf9caa7899b680ed4f53a9a8bb815d7667b9ad17840a722f7470ff91df532f444",
			"0x83e916e4f90cbb17818636fa66cdb74848ba4cf93ebfd10bb3e5a9836b98f8bb13fe6f279199f3e8d1844d62855c27ad36263fa126e9873f11cfbed719cdb9d91c",
		},
		{
			negRiskExch,
			"0x9fa10822e4b86fd1eed68ea1c2628e0ee9a6c523cb2570592768432cfdb09bf1",
			"0xe8274892b63dd9dd255f19ac730d99c420f0d5fd4702706308d66aa608243568",
			"0xa230b38d70777aef60bc349c8544600ed08e0401d247d0477d4f7740bc7886eb5c36df858b29b89d3d03f6d78e90406e4f0464731ffe90dea5cb1551dce56b701b",
		},
	}
	o := orderA()
	if HashOrder(refDomain(80002, amoyExchange).Separator(), o) != oracleOrderHash(t, refDomain(80002, amoyExchange), o) {
		t.Fatal("order A disagrees with the oracle")
	}
	if got := HashOrderStruct(o); got != h32("0x4e4d72dd95797d48c146ecc1a2a19d3ad2bb50d2cd8335e3018922e3919bf162") {
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
	if got := HashOrder(sep, o); got != h32("0x245faa84bf8919c3a8b76811822bf3c7b22961aa2a289aba5deba0f4496130d3") {
		t.Errorf("order B hash = %x", got)
	}
}

func TestOrderCVector(t *testing.T) {
	o := &Order{} // all zero: BUY, EOA
	sep := refDomain(137, polygonExch).Separator()
	digest := HashOrder(sep, o)
	if digest != h32("0x88003eef6f65ec9a4ae9015c8b9694f4ad79650e9f92d2a8f24863b81011043e") {
		t.Errorf("order C digest = %x", digest)
	}
	sig, err := SignOrder(testKey(t), sep, o)
	if err != nil {
		t.Fatal(err)
	}
	want := "0x5c065879aebac4e0d74f4fbe42175ca95afdfeecb21c712b573ebcf9124c42222bbb8033fd069dd99603aa963314d2c705e18f65ac478e751ef75bb06a2ea8e01c"
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
			"0x83a2960830e909a0f590006d3986674ee5263a7808b36d6fb49778e9c8f13efe",
			"0x0ece8a31f068c44e7ff6ec194a64d7d21a4f097a322c1498cd084c4b9487677d728466685e9108b6255b992e59b2f89505d26038d0e420d0a418689c67bcf3361b"},
		{137,
			"0x8f258ea2753a9d1fc6b2b508400f369a72fad115c4216a6de292cf0724628a25",
			"0x4f0fae0f9191444ed36a02f38ea6bb2b94ce827dd80df2417ce9ba83222c5d5028e1841cbebb96d3f52cbb3d5edc8be741ff91a514b83b20fa50f1a9810b4bc81b"},
	}
	const nonce = "5f0c1e9a2b7d4c36"
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
	const nonce = "5f0c1e9a2b7d4c36"
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
		{"other nonce", VerifyClobAuth(137, addr, "10000000", nonce+"0", AttestMessage, sig)},
		{"empty nonce", VerifyClobAuth(137, addr, "10000000", "", AttestMessage, sig)},
		{"nonce re-spelled", VerifyClobAuth(137, addr, "10000000", "0"+nonce, AttestMessage, sig)},
		{"timestamp re-spelled", VerifyClobAuth(137, addr, "+10000000", nonce, AttestMessage, sig)},
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

// TestClobAuthMatchesOracle compares the hand-written ClobAuth hash with
// go-ethereum's encoder for random addresses, chains, timestamps and
// nonces, including spellings of one number that must hash apart.
func TestClobAuthMatchesOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for range 200 {
		n := randScope(r)
		ts := strconv.FormatUint(r.Uint64N(1<<40), 10)
		a := randAddress(r)
		chain := r.Uint64()
		if HashClobAuth(chain, a, ts, n, AttestMessage) != oracleClobAuthHash(t, chain, a, ts, n, AttestMessage) {
			t.Fatalf("HashClobAuth disagrees with the oracle for nonce %q", n)
		}
	}
	addr := common.HexToAddress(testAddrHex)
	seen := map[[32]byte]string{}
	for _, n := range []string{"0", "00", "000", "+0", "0000000000", "0x0"} {
		h := HashClobAuth(137, addr, "1", n, AttestMessage)
		if prev, dup := seen[h]; dup {
			t.Errorf("nonces %q and %q hash alike", prev, n)
		}
		seen[h] = n
	}
}

func TestSignNilKey(t *testing.T) {
	if _, err := SignOrder(nil, [32]byte{}, &Order{}); !errors.Is(err, ErrNilKey) {
		t.Errorf("SignOrder(nil) = %v", err)
	}
	if _, err := SignClobAuth(nil, 1, "1", "n", AttestMessage); !errors.Is(err, ErrNilKey) {
		t.Errorf("SignClobAuth(nil) = %v", err)
	}
}

func TestTypedDataDigest(t *testing.T) {
	sep, st := h32("0x44b180a7e548e2d916b5410176db13a07744966f9b6c93c4bccdabebbcdfca93"), HashOrderStruct(orderA())
	want := crypto.Keccak256Hash([]byte{0x19, 0x01}, sep[:], st[:])
	if got := TypedDataDigest(sep, st); got != want {
		t.Errorf("TypedDataDigest = %x, want %x", got, want)
	}
	if !bytes.Equal(want[:], common.FromHex("0xf9caa7899b680ed4f53a9a8bb815d7667b9ad17840a722f7470ff91df532f444")) {
		t.Error("digest of order A from its parts is wrong")
	}
}

// TestPublishedOrderVector pins the order vector the CLOB API's OpenAPI
// document publishes (info.description, "Order signing"), so that a client
// written against any EIP-712 library can check its encoding: order A of
// the reference fixtures, once with the empty scope and once with scope
// "acme", in the default domain on chain 1337 for exchange
// 0x5FbDB2315678afecb367f032d93F642f64180aa3.
func TestPublishedOrderVector(t *testing.T) {
	d := OrderDomain(1337, common.HexToAddress("0x5FbDB2315678afecb367f032d93F642f64180aa3"))
	cases := []struct{ scope, sep, digest, sig string }{
		{"", "0x5801534dce38c67cef58a0adae082934024144c17734431d25ce6fccb4d7e958", "0xd69ea8ff22c5c366bb76f03cd8fd916905a9c84f4187d6ce59c0fced7c3d35e9", "0x039139118d29db8707cbe98c40586ab49df96122bf795e88d538f8dbbee2fd1f6eb4bf31c9fa97144c2b4c4d9c6b1ef9dd3087c2452d962511d00bd84a812a071c"},
		{"acme", "0x5801534dce38c67cef58a0adae082934024144c17734431d25ce6fccb4d7e958", "0xf2c12a1d1da003d0577fe435f00dd86966cf7f3fb1d170dc301db881f40b8f44", "0x5d6133f249b8d0fcb5d3a7631224ff3d80e7f71fb30a385d3e377b63652e5b177c60044461d838b7f24e0768e9ef0ec638f76e75d4b147b641c0b05b399aa71a1b"},
	}
	for _, c := range cases {
		o := orderA()
		o.ScopeID = c.scope
		sep := d.Separator()
		digest := HashOrder(sep, o)
		sig, err := SignOrder(testKey(t), sep, o)
		if err != nil {
			t.Fatal(err)
		}
		if sep != h32(c.sep) || digest != h32(c.digest) || hexutil.Encode(sig) != c.sig {
			t.Errorf("scope %q: separator %x, digest %x, signature %s", c.scope, sep, digest, hexutil.Encode(sig))
		}
		if digest != oracleOrderHash(t, d, o) {
			t.Errorf("scope %q: digest disagrees with the oracle", c.scope)
		}
	}
}
