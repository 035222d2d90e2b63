package contracts_test

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/holiman/uint256"

	"pred.dev/proto/chain/chaintest"
	"pred.dev/proto/eip712"
)

// toChain converts the gateway's order and signature to the exchange's.
func toChain(o *eip712.Order, sig []byte) chaintest.Order {
	return chaintest.Order{
		Salt: o.Salt.ToBig(), Maker: o.Maker, Signer: o.Signer, Taker: o.Taker, TokenId: o.TokenID.ToBig(),
		MakerAmount: o.MakerAmount.ToBig(), TakerAmount: o.TakerAmount.ToBig(), Expiration: o.Expiration.ToBig(),
		Nonce: o.Nonce.ToBig(), FeeRateBps: o.FeeRateBps.ToBig(), Side: uint8(o.Side), SignatureType: uint8(o.SignatureType),
		ScopeId: o.ScopeID, Signature: sig,
	}
}

// TestGatewayOrders: the gateway's EIP-712 digest (proto/eip712, the
// default order domain) is the contract's hashOrder for random orders on
// both exchanges, and orders the gateway signs settle, whether v is
// 27/28 or 0/1 (both of which the gateway accepts); a high-s signature,
// which the gateway refuses, is refused on chain too.
func TestGatewayOrders(t *testing.T) {
	ctx, e := newEnv(t)
	call := &bind.CallOpts{Context: ctx}
	r := rand.New(rand.NewPCG(7, 7))
	u := func(v uint64) uint256.Int { return *uint256.NewInt(v) }
	scopes := []string{"", "partner-1", "a scope longer than one word of thirty-two bytes"}
	for i := range 40 {
		var maker, signer, taker common.Address
		for j := range maker {
			maker[j], signer[j], taker[j] = byte(r.Uint32()), byte(r.Uint32()), byte(r.Uint32())
		}
		var big256 uint256.Int
		big256.SetBytes(crypto.Keccak256([]byte{byte(i)}))
		o := eip712.Order{
			Salt: u(r.Uint64()), Maker: maker, Signer: signer, Taker: taker, TokenID: big256,
			MakerAmount: u(r.Uint64()), TakerAmount: u(r.Uint64()), Expiration: u(r.Uint64N(1 << 40)),
			Nonce: u(r.Uint64N(5)), FeeRateBps: u(r.Uint64N(1001)), Side: eip712.Side(r.IntN(2)),
			SignatureType: eip712.SignatureType(r.IntN(3)), ScopeID: scopes[i%len(scopes)],
		}
		for _, x := range []common.Address{e.D.Contracts.Exchange, e.D.Contracts.NegRiskExchange} {
			want := eip712.HashOrder(eip712.OrderDomain(e.ChainID, x).Separator(), &o)
			got, err := e.ExchangeFor(x == e.D.Contracts.NegRiskExchange).HashOrder(call, toChain(&o, nil))
			ok(t, err)
			if got != want {
				t.Fatalf("order %d: contract %x, gateway %x", i, got, want)
			}
		}
	}

	m := must[chaintest.Market](t)(e.NewMarket(ctx, false))
	buyer := trader(t, ctx, e, true, 50*unit)
	seller := trader(t, ctx, e, false, 50*unit)
	split(t, ctx, e, seller, m, 20*unit)
	sep := eip712.OrderDomain(e.ChainID, e.D.Contracts.Exchange).Separator()
	sign := func(tr *chaintest.Trader, side eip712.Side, amounts [2]uint64, salt uint64, v0 bool) chaintest.Order {
		var tok uint256.Int
		tok.SetFromBig(m.Yes)
		o := eip712.Order{Salt: u(salt), Maker: tr.Maker, Signer: tr.Owner, Taker: e.D.Contracts.Exchange, TokenID: tok,
			MakerAmount: u(amounts[0]), TakerAmount: u(amounts[1]), FeeRateBps: u(100), Side: side,
			SignatureType: eip712.SignatureType(tr.SigType)}
		sig, err := eip712.SignOrder(tr.Key, sep, &o)
		ok(t, err)
		if v0 {
			sig[64] -= 27
		}
		return toChain(&o, sig)
	}
	for i, v0 := range []bool{false, true} {
		taker := sign(buyer, eip712.SideBuy, [2]uint64{2_000_000, 4 * unit}, uint64(10+i), v0)
		maker := sign(seller, eip712.SideSell, [2]uint64{4 * unit, 2_000_000}, uint64(20+i), !v0)
		must[*types.Receipt](t)(e.Match(ctx, false, taker, []chaintest.Order{maker}, fills(4*unit)))
	}
	// The same signature with s replaced by n - s (and v flipped) recovers
	// the same key, and is refused.
	taker := sign(buyer, eip712.SideBuy, [2]uint64{2_000_000, 4 * unit}, 30, false)
	maker := sign(seller, eip712.SideSell, [2]uint64{4 * unit, 2_000_000}, 31, false)
	n := crypto.S256().Params().N
	s := new(big.Int).SetBytes(maker.Signature[32:64])
	copy(maker.Signature[32:64], common.LeftPadBytes(new(big.Int).Sub(n, s).Bytes(), 32))
	maker.Signature[64] ^= 1 // 27 <-> 28
	_, err := e.Match(ctx, false, taker, []chaintest.Order{maker}, fills(4*unit))
	expectRevert(t, err, "InvalidSignature")
}
