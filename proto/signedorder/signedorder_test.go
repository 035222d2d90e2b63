package signedorder_test

import (
	"bytes"
	"errors"
	"math"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	gethmath "github.com/ethereum/go-ethereum/common/math"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"
	"github.com/holiman/uint256"
	"google.golang.org/protobuf/proto"

	"pred.dev/proto/eip712"
	"pred.dev/proto/pb"
	"pred.dev/proto/signedorder"
)

var (
	domain  = eip712.OrderDomain(80002, common.HexToAddress("0xdFE02Eb6733538f8Ea35D585af8DE5958AD99E40"))
	maxWord = new(uint256.Int).SetAllOne()
)

func u(v uint64) uint256.Int { return *uint256.NewInt(v) }

// orders are the EIP-712 edge cases: the zero order, every field at the
// largest value the log holds, and both sides with each signature type.
func orders() map[string]*eip712.Order {
	ones := common.BytesToAddress(bytes.Repeat([]byte{0xff}, 20))
	out := map[string]*eip712.Order{
		"zero": {},
		"max": {Salt: u(math.MaxUint64), Maker: ones, Signer: ones, Taker: ones, TokenID: *maxWord,
			MakerAmount: u(math.MaxUint64), TakerAmount: u(math.MaxUint64), Expiration: u(math.MaxUint64),
			Nonce: u(math.MaxUint64), FeeRateBps: u(math.MaxUint32), Side: eip712.SideSell,
			SignatureType: eip712.SignatureType(math.MaxUint8), ScopeID: strings.Repeat("scope ", 20)},
	}
	for _, side := range []eip712.Side{eip712.SideBuy, eip712.SideSell} {
		for _, st := range []eip712.SignatureType{eip712.SignatureEOA, eip712.SignaturePolyProxy, eip712.SignaturePolyGnosisSafe} {
			var tok uint256.Int
			tok.SetBytes(crypto.Keccak256([]byte{byte(side), byte(st)}))
			out[side.String()+"/"+strconv.Itoa(int(st))] = &eip712.Order{
				Salt: u(1_700_000_000_123), Maker: common.HexToAddress("0x7e5f4552091a69125d5dfcb7b8c2659029395bdf"),
				Signer: common.HexToAddress("0x2b5ad5c4795c026514f8317c7a215e218dccd6cf"), TokenID: tok,
				MakerAmount: u(52_000_000), TakerAmount: u(100_000_000), Expiration: u(1_900_000_000),
				Nonce: u(3), FeeRateBps: u(100), Side: side, SignatureType: st, ScopeID: "partner-1",
			}
		}
	}
	return out
}

// TestEIP712RoundTrip: eip712 → pb → eip712 gives the order and the
// signature back, and the message hashes (read field by field by
// go-ethereum's generic encoder) to the original's EIP-712 digest.
func TestEIP712RoundTrip(t *testing.T) {
	t.Parallel()
	sig := bytes.Repeat([]byte{0xab}, eip712.SignatureLen)
	for name, o := range orders() {
		so, err := signedorder.ToPB(o, sig)
		if err != nil {
			t.Fatalf("%s: ToPB: %v", name, err)
		}
		want := eip712.HashOrder(domain.Separator(), o)
		if got := oracleHash(t, so); got != want {
			t.Errorf("%s: the message hashes to %x, the order to %x", name, got, want)
		}
		back, backSig, err := signedorder.FromPB(so)
		if err != nil {
			t.Fatalf("%s: FromPB: %v", name, err)
		}
		if *back != *o || !bytes.Equal(backSig, sig) {
			t.Errorf("%s: round trip gave %+v %x, want %+v %x", name, back, backSig, o, sig)
		}
		if got := eip712.HashOrder(domain.Separator(), back); got != want {
			t.Errorf("%s: the converted order hashes to %x, the original to %x", name, got, want)
		}
	}
}

// TestPBRoundTrip: pb → eip712 → pb gives the message back, for messages
// as the gateway writes them (addresses and token id at full length).
func TestPBRoundTrip(t *testing.T) {
	t.Parallel()
	full := func(b byte, n int) []byte { return bytes.Repeat([]byte{b}, n) }
	msgs := map[string]*pb.SignedOrder{
		"zero": {Maker: full(0, 20), Signer: full(0, 20), Taker: full(0, 20), TokenId: full(0, 32), Side: pb.Side_SIDE_BUY},
		"max": {Salt: math.MaxUint64, Maker: full(0xff, 20), Signer: full(0xff, 20), Taker: full(0xff, 20), TokenId: full(0xff, 32),
			MakerAmount: math.MaxUint64, TakerAmount: math.MaxUint64, Expiration: math.MaxUint64, Nonce: math.MaxUint64,
			FeeRateBps: math.MaxUint32, Side: pb.Side_SIDE_SELL, SignatureType: math.MaxUint8,
			Signature: full(0x1b, eip712.SignatureLen), ScopeId: "a scope"},
	}
	for _, side := range []pb.Side{pb.Side_SIDE_BUY, pb.Side_SIDE_SELL} {
		for st := range uint32(3) {
			msgs[side.String()+"/"+strconv.Itoa(int(st))] = &pb.SignedOrder{Salt: 42, Maker: full(1, 20), Signer: full(2, 20),
				Taker: full(0, 20), TokenId: crypto.Keccak256([]byte{byte(side), byte(st)}), MakerAmount: 5_000_000, TakerAmount: 10_000_000,
				Nonce: 1, FeeRateBps: 50, Side: side, SignatureType: st, Signature: full(byte(st), eip712.SignatureLen)}
		}
	}
	for name, so := range msgs {
		o, sig, err := signedorder.FromPB(so)
		if err != nil {
			t.Fatalf("%s: FromPB: %v", name, err)
		}
		if got := eip712.HashOrder(domain.Separator(), o); got != oracleHash(t, so) {
			t.Errorf("%s: the converted order hashes to %x, the message to %x", name, got, oracleHash(t, so))
		}
		back, err := signedorder.ToPB(o, sig)
		if err != nil {
			t.Fatalf("%s: ToPB: %v", name, err)
		}
		if !proto.Equal(back, so) {
			t.Errorf("%s: round trip gave %v, want %v", name, back, so)
		}
	}
}

// TestSignatureSurvives: an order signed as an EIP-712 struct still
// verifies, as its signer's, after a trip through the log's form.
func TestSignatureSurvives(t *testing.T) {
	t.Parallel()
	key, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	o := orders()["SELL/2"]
	o.Signer = crypto.PubkeyToAddress(key.PublicKey)
	sig, err := eip712.SignOrder(key, domain.Separator(), o)
	if err != nil {
		t.Fatal(err)
	}
	so, err := signedorder.ToPB(o, sig)
	if err != nil {
		t.Fatal(err)
	}
	back, backSig, err := signedorder.FromPB(so)
	if err != nil {
		t.Fatal(err)
	}
	if h, err := eip712.VerifyOrder(domain.Separator(), back, backSig); err != nil || h != eip712.HashOrder(domain.Separator(), o) {
		t.Fatalf("VerifyOrder = %x, %v", h, err)
	}
}

// TestToPBRefusesWhatTheLogCannotHold: a value above the log's integer
// is refused, never truncated, and so is a side that is neither.
func TestToPBRefusesWhatTheLogCannotHold(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		set  func(*eip712.Order)
		want error
	}{
		{"salt", func(o *eip712.Order) { o.Salt = *maxWord }, signedorder.ErrRange},
		{"makerAmount", func(o *eip712.Order) { o.MakerAmount = *maxWord }, signedorder.ErrRange},
		{"takerAmount", func(o *eip712.Order) { o.TakerAmount = *maxWord }, signedorder.ErrRange},
		{"expiration", func(o *eip712.Order) { o.Expiration = *maxWord }, signedorder.ErrRange},
		{"nonce", func(o *eip712.Order) { o.Nonce.SetUint64(math.MaxUint64).AddUint64(&o.Nonce, 1) }, signedorder.ErrRange},
		{"feeRateBps", func(o *eip712.Order) { o.FeeRateBps = u(math.MaxUint32 + 1) }, signedorder.ErrRange},
		{"feeRateBps", func(o *eip712.Order) { o.FeeRateBps = *maxWord }, signedorder.ErrRange},
		{"side", func(o *eip712.Order) { o.Side = 2 }, signedorder.ErrSide},
	} {
		o := *orders()["BUY/0"]
		c.set(&o)
		so, err := signedorder.ToPB(&o, nil)
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.name) {
			t.Errorf("%s: ToPB = %v, %v; want %v naming the field", c.name, so, err, c.want)
		}
	}
}

// TestFromPBReadsAsTheEngine: empty bytes are zero; a wrong length, a
// side that is neither and a signature type above a byte are refused.
func TestFromPBReadsAsTheEngine(t *testing.T) {
	t.Parallel()
	o, sig, err := signedorder.FromPB(&pb.SignedOrder{Side: pb.Side_SIDE_BUY})
	if err != nil || *o != (eip712.Order{}) || sig != nil {
		t.Fatalf("an empty BUY message: %+v %x %v, want the zero order", o, sig, err)
	}
	for _, c := range []struct {
		name string
		so   *pb.SignedOrder
		want error
	}{
		{"side", &pb.SignedOrder{}, signedorder.ErrSide},
		{"side", &pb.SignedOrder{Side: 3}, signedorder.ErrSide},
		{"side", &pb.SignedOrder{Side: 257}, signedorder.ErrSide},
		{"signatureType", &pb.SignedOrder{Side: pb.Side_SIDE_SELL, SignatureType: 256}, signedorder.ErrRange},
		{"maker", &pb.SignedOrder{Side: pb.Side_SIDE_BUY, Maker: make([]byte, 19)}, signedorder.ErrLength},
		{"signer", &pb.SignedOrder{Side: pb.Side_SIDE_BUY, Signer: make([]byte, 32)}, signedorder.ErrLength},
		{"taker", &pb.SignedOrder{Side: pb.Side_SIDE_BUY, Taker: make([]byte, 21)}, signedorder.ErrLength},
		{"tokenId", &pb.SignedOrder{Side: pb.Side_SIDE_BUY, TokenId: make([]byte, 33)}, signedorder.ErrLength},
		{"tokenId", &pb.SignedOrder{Side: pb.Side_SIDE_BUY, TokenId: make([]byte, 31)}, signedorder.ErrLength},
	} {
		o, _, err := signedorder.FromPB(c.so)
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.name) {
			t.Errorf("%s: FromPB(%v) = %+v, %v; want %v naming the field", c.name, c.so, o, err, c.want)
		}
	}
}

// oracleHash is the EIP-712 digest of the order a message carries, read
// from the message's fields by go-ethereum's generic encoder rather than
// by this package.
func oracleHash(t *testing.T, so *pb.SignedOrder) [32]byte {
	t.Helper()
	dec := func(v uint64) string { return strconv.FormatUint(v, 10) }
	side := map[pb.Side]string{pb.Side_SIDE_BUY: "0", pb.Side_SIDE_SELL: "1"}[so.GetSide()]
	td := apitypes.TypedData{
		Types: apitypes.Types{
			"EIP712Domain": {{Name: "name", Type: "string"}, {Name: "version", Type: "string"},
				{Name: "chainId", Type: "uint256"}, {Name: "verifyingContract", Type: "address"}},
			"Order": {{Name: "salt", Type: "uint256"}, {Name: "maker", Type: "address"}, {Name: "signer", Type: "address"},
				{Name: "taker", Type: "address"}, {Name: "tokenId", Type: "uint256"}, {Name: "makerAmount", Type: "uint256"},
				{Name: "takerAmount", Type: "uint256"}, {Name: "expiration", Type: "uint256"}, {Name: "nonce", Type: "uint256"},
				{Name: "feeRateBps", Type: "uint256"}, {Name: "side", Type: "uint8"}, {Name: "signatureType", Type: "uint8"},
				{Name: "scopeId", Type: "string"}},
		},
		PrimaryType: "Order",
		Domain: apitypes.TypedDataDomain{Name: domain.Name, Version: domain.Version,
			ChainId: (*gethmath.HexOrDecimal256)(new(big.Int).SetUint64(domain.ChainID)), VerifyingContract: domain.VerifyingContract.Hex()},
		Message: apitypes.TypedDataMessage{
			"salt": dec(so.GetSalt()), "maker": common.BytesToAddress(so.GetMaker()).Hex(),
			"signer": common.BytesToAddress(so.GetSigner()).Hex(), "taker": common.BytesToAddress(so.GetTaker()).Hex(),
			"tokenId": new(big.Int).SetBytes(so.GetTokenId()).String(), "makerAmount": dec(so.GetMakerAmount()),
			"takerAmount": dec(so.GetTakerAmount()), "expiration": dec(so.GetExpiration()), "nonce": dec(so.GetNonce()),
			"feeRateBps": dec(uint64(so.GetFeeRateBps())), "side": side,
			"signatureType": dec(uint64(so.GetSignatureType())), "scopeId": so.GetScopeId(),
		},
	}
	h, _, err := apitypes.TypedDataAndHash(td)
	if err != nil {
		t.Fatalf("apitypes: %v", err)
	}
	return [32]byte(h)
}
