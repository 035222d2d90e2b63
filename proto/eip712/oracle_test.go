package eip712

import (
	"math/big"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/math"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"
	"github.com/holiman/uint256"
)

// This file builds the same typed data for go-ethereum's generic encoder,
// which serves as the oracle for the hand-written hashes.

var orderTypes = apitypes.Types{
	"EIP712Domain": {
		{Name: "name", Type: "string"},
		{Name: "version", Type: "string"},
		{Name: "chainId", Type: "uint256"},
		{Name: "verifyingContract", Type: "address"},
	},
	"Order": {
		{Name: "salt", Type: "uint256"},
		{Name: "maker", Type: "address"},
		{Name: "signer", Type: "address"},
		{Name: "taker", Type: "address"},
		{Name: "tokenId", Type: "uint256"},
		{Name: "makerAmount", Type: "uint256"},
		{Name: "takerAmount", Type: "uint256"},
		{Name: "expiration", Type: "uint256"},
		{Name: "nonce", Type: "uint256"},
		{Name: "feeRateBps", Type: "uint256"},
		{Name: "side", Type: "uint8"},
		{Name: "signatureType", Type: "uint8"},
		{Name: "scopeId", Type: "string"},
	},
}

func chainIDValue(id uint64) *math.HexOrDecimal256 {
	return (*math.HexOrDecimal256)(new(big.Int).SetUint64(id))
}

func apitypesOrder(d Domain, o *Order) apitypes.TypedData {
	return apitypes.TypedData{
		Types:       orderTypes,
		PrimaryType: "Order",
		Domain: apitypes.TypedDataDomain{
			Name:              d.Name,
			Version:           d.Version,
			ChainId:           chainIDValue(d.ChainID),
			VerifyingContract: d.VerifyingContract.Hex(),
		},
		Message: apitypes.TypedDataMessage{
			"salt":          o.Salt.Dec(),
			"maker":         o.Maker.Hex(),
			"signer":        o.Signer.Hex(),
			"taker":         o.Taker.Hex(),
			"tokenId":       o.TokenID.Dec(),
			"makerAmount":   o.MakerAmount.Dec(),
			"takerAmount":   o.TakerAmount.Dec(),
			"expiration":    o.Expiration.Dec(),
			"nonce":         o.Nonce.Dec(),
			"feeRateBps":    o.FeeRateBps.Dec(),
			"side":          strconv.Itoa(int(o.Side)),
			"signatureType": strconv.Itoa(int(o.SignatureType)),
			"scopeId":       o.ScopeID,
		},
	}
}

func oracleOrderHash(t testing.TB, d Domain, o *Order) [32]byte {
	t.Helper()
	h, _, err := apitypes.TypedDataAndHash(apitypesOrder(d, o))
	if err != nil {
		t.Fatalf("apitypes oracle: %v", err)
	}
	return [32]byte(h)
}

func oracleClobAuthHash(t testing.TB, chainID uint64, addr common.Address, ts, nonce, msg string) [32]byte {
	t.Helper()
	td := apitypes.TypedData{
		Types: apitypes.Types{
			"EIP712Domain": {
				{Name: "name", Type: "string"},
				{Name: "version", Type: "string"},
				{Name: "chainId", Type: "uint256"},
			},
			"ClobAuth": {
				{Name: "address", Type: "address"},
				{Name: "timestamp", Type: "string"},
				{Name: "nonce", Type: "string"},
				{Name: "message", Type: "string"},
			},
		},
		PrimaryType: "ClobAuth",
		Domain:      apitypes.TypedDataDomain{Name: "ClobAuthDomain", Version: "1", ChainId: chainIDValue(chainID)},
		Message: apitypes.TypedDataMessage{
			"address":   addr.Hex(),
			"timestamp": ts,
			"nonce":     nonce,
			"message":   msg,
		},
	}
	h, _, err := apitypes.TypedDataAndHash(td)
	if err != nil {
		t.Fatalf("apitypes oracle: %v", err)
	}
	return [32]byte(h)
}

// randWord returns uint256 values of every magnitude: zero, small, around
// 2^64 and 2^128 boundaries, and full width.
func randWord(r *rand.Rand) uint256.Int {
	var z uint256.Int
	switch r.IntN(6) {
	case 0:
		return z
	case 1:
		z.SetUint64(r.Uint64N(1 << 20))
	case 2:
		z.SetUint64(r.Uint64())
	case 3:
		z = uint256.Int{r.Uint64(), r.Uint64(), 0, 0}
	case 4:
		z.SetAllOne()
	default:
		z = uint256.Int{r.Uint64(), r.Uint64(), r.Uint64(), r.Uint64()}
	}
	return z
}

func randAddress(r *rand.Rand) common.Address {
	var a common.Address
	if r.IntN(5) == 0 {
		return a
	}
	for i := range a {
		a[i] = byte(r.Uint32())
	}
	return a
}

func randOrder(r *rand.Rand) *Order {
	return &Order{
		Salt:          randWord(r),
		Maker:         randAddress(r),
		Signer:        randAddress(r),
		Taker:         randAddress(r),
		TokenID:       randWord(r),
		MakerAmount:   randWord(r),
		TakerAmount:   randWord(r),
		Expiration:    randWord(r),
		Nonce:         randWord(r),
		FeeRateBps:    randWord(r),
		Side:          Side(r.UintN(256)),
		SignatureType: SignatureType(r.UintN(256)),
		ScopeID:       randScope(r),
	}
}

// randScope returns the empty scope half of the time, else a string of
// any bytes, UTF-8 or not, of up to 80 bytes.
func randScope(r *rand.Rand) string {
	if r.IntN(2) == 0 {
		return ""
	}
	b := make([]byte, 1+r.IntN(80))
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return string(b)
}

func randDomain(r *rand.Rand) Domain {
	// No empty name: apitypes drops empty domain fields from the domain
	// map, so it cannot serve as an oracle for them.
	names := []string{"Pred CTF Exchange", "Polymarket CTF Exchange", "x", "ünïcødé ✓", string(make([]byte, 200))}
	return Domain{
		Name:              names[r.IntN(len(names))],
		Version:           strconv.Itoa(r.IntN(3)),
		ChainID:           []uint64{1, 137, 80002, r.Uint64()}[r.IntN(4)],
		VerifyingContract: randAddress(r),
	}
}
