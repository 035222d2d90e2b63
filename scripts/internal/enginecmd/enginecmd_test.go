package enginecmd

import (
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"

	"pred.dev/proto/chain/chaintest"
	"pred.dev/proto/eip712"
	"pred.dev/proto/signedorder"
)

// TestSignedOrderHashesAsTheChain: the engine's form of a binding order
// carries the order the contract hashes (chaintest.OrderHash), for both
// sides and a scope; an amount the log cannot hold panics.
func TestSignedOrderHashesAsTheChain(t *testing.T) {
	t.Parallel()
	const chainID = 80002
	exchange := common.HexToAddress("0xdFE02Eb6733538f8Ea35D585af8DE5958AD99E40")
	tok, _ := new(big.Int).SetString("71321045679252212594626385532706912750332728571942532289631379312455583992563", 10)
	for _, side := range []uint8{chaintest.Buy, chaintest.Sell} {
		o := chaintest.Order{Salt: big.NewInt(12345), Maker: common.HexToAddress("0x1111111111111111111111111111111111111111"),
			Signer: common.HexToAddress("0x2222222222222222222222222222222222222222"), TokenId: tok,
			MakerAmount: big.NewInt(52_000_000), TakerAmount: big.NewInt(100_000_000), Expiration: big.NewInt(0),
			Nonce: big.NewInt(1), FeeRateBps: big.NewInt(100), Side: side, SignatureType: 2, ScopeId: "partner-1",
			Signature: make([]byte, eip712.SignatureLen)}
		e, _, err := signedorder.FromPB(SignedOrder(&o))
		if err != nil {
			t.Fatal(err)
		}
		if got, want := eip712.HashOrder(eip712.OrderDomain(chainID, exchange).Separator(), e), chaintest.OrderHash(chainID, exchange, &o); got != want {
			t.Errorf("side %d: the engine's order hashes to %x, the chain's to %x", side, got, want)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("an amount above uint64 did not panic")
		}
	}()
	o := chaintest.Order{Salt: big.NewInt(1), TokenId: tok, MakerAmount: new(big.Int).Lsh(big.NewInt(1), 64), TakerAmount: big.NewInt(1),
		Expiration: big.NewInt(0), Nonce: big.NewInt(0), FeeRateBps: big.NewInt(0)}
	SignedOrder(&o)
}
