// Package ctfid computes the identifiers of Gnosis ConditionalTokens 1.0.3
// (CTHelpers.sol), the ids the chain, the engine and the APIs share:
//
//	conditionId  = keccak256(abi.encodePacked(oracle, questionId, uint256(outcomeSlotCount)))
//	collectionId = the alt_bn128 point of keccak256(abi.encodePacked(conditionId, uint256(indexSet))),
//	               added to the parent collection's point, compressed to x with
//	               bit 254 set when y is odd
//	positionId   = uint256(keccak256(abi.encodePacked(collateral, collectionId)))
//
// A market is a binary condition (two outcome slots); its YES token is the
// position of index set 1 and its NO token that of index set 2, with no
// parent collection and USDW as collateral (gamma-relayer.md §2.1).
package ctfid

import (
	"errors"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// Index sets of a binary market's outcomes.
const (
	IndexSetYes = 1
	IndexSetNo  = 2
)

// BinaryOutcomeSlots is the outcome slot count of every market.
const BinaryOutcomeSlots = 2

// P is the field modulus of alt_bn128, the curve y² = x³ + 3 the
// collection ids live on.
var P, _ = new(big.Int).SetString("21888242871839275222246405745257275088696311157297823662689037894645226208583", 10)

var (
	curveB   = big.NewInt(3)
	sqrtExp  = new(big.Int).Rsh(new(big.Int).Add(P, big.NewInt(1)), 2) // (P+1)/4: P ≡ 3 mod 4
	bit254   = new(big.Int).Lsh(big.NewInt(1), 254)
	low254   = new(big.Int).Sub(bit254, big.NewInt(1))
	bigOne   = big.NewInt(1)
	bigTwo   = big.NewInt(2)
	bigThree = big.NewInt(3)
)

// ErrInvalidParent is returned for a parent collection id that is not the
// compressed form of a point on the curve.
var ErrInvalidParent = errors.New("ctfid: invalid parent collection id")

// ConditionID returns the id of the condition oracle prepares for
// questionID with outcomeSlotCount outcomes.
func ConditionID(oracle common.Address, questionID common.Hash, outcomeSlotCount uint64) common.Hash {
	var buf [20 + 32 + 32]byte
	copy(buf[:20], oracle[:])
	copy(buf[20:52], questionID[:])
	new(big.Int).SetUint64(outcomeSlotCount).FillBytes(buf[52:])
	return crypto.Keccak256Hash(buf[:])
}

// BinaryConditionID returns the id of a market's condition: two outcome slots.
func BinaryConditionID(oracle common.Address, questionID common.Hash) common.Hash {
	return ConditionID(oracle, questionID, BinaryOutcomeSlots)
}

// CollectionID returns the id of the outcome collection indexSet of
// conditionID with no parent collection.
func CollectionID(conditionID common.Hash, indexSet *big.Int) common.Hash {
	id, _ := CollectionIDWithParent(common.Hash{}, conditionID, indexSet)
	return id
}

// CollectionIDWithParent returns the id of the outcome collection indexSet
// of conditionID combined with parent, exactly as
// ConditionalTokens.getCollectionId computes it. It fails only for a parent
// that is not a valid collection id, where the contract reverts too.
func CollectionIDWithParent(parent, conditionID common.Hash, indexSet *big.Int) (common.Hash, error) {
	var buf [64]byte
	copy(buf[:32], conditionID[:])
	indexSet.FillBytes(buf[32:])
	h := crypto.Keccak256(buf[:])
	x1 := new(big.Int).SetBytes(h)
	odd := h[0]&0x80 != 0
	// The contract starts from the hash plus one, reduced, and steps by one
	// until x³ + 3 is a square.
	var y1, yy *big.Int
	for {
		x1.Add(x1, bigOne)
		x1.Mod(x1, P)
		yy = rhs(x1)
		y1 = new(big.Int).Exp(yy, sqrtExp, P)
		if new(big.Int).Exp(y1, bigTwo, P).Cmp(yy) == 0 {
			break
		}
	}
	if odd != (y1.Bit(0) == 1) {
		y1.Sub(P, y1)
	}
	if parent != (common.Hash{}) {
		x2 := new(big.Int).SetBytes(parent[:])
		odd2 := x2.Bit(254) == 1
		x2.And(x2, low254)
		yy2 := rhs(x2)
		y2 := new(big.Int).Exp(yy2, sqrtExp, P)
		if odd2 != (y2.Bit(0) == 1) {
			y2.Sub(P, y2)
		}
		if new(big.Int).Exp(y2, bigTwo, P).Cmp(yy2) != 0 {
			return common.Hash{}, ErrInvalidParent
		}
		var err error
		if x1, y1, err = ecAdd(x1, y1, x2, y2); err != nil {
			return common.Hash{}, err
		}
	}
	if y1.Bit(0) == 1 {
		x1.Xor(x1, bit254)
	}
	return common.BigToHash(x1), nil
}

// rhs returns x³ + 3 mod P.
func rhs(x *big.Int) *big.Int {
	r := new(big.Int).Exp(x, bigThree, P)
	r.Add(r, curveB)
	return r.Mod(r, P)
}

// ecAdd adds two affine points of alt_bn128 as the ecAdd precompile
// (address 6) does; the point at infinity is (0, 0). The precompile refuses
// coordinates of P or more, which the decompression above can produce only
// for a y of zero, a point the curve does not have.
func ecAdd(x1, y1, x2, y2 *big.Int) (*big.Int, *big.Int, error) {
	for _, c := range []*big.Int{x1, y1, x2, y2} {
		if c.Cmp(P) >= 0 {
			return nil, nil, ErrInvalidParent
		}
	}
	if x1.Sign() == 0 && y1.Sign() == 0 {
		return new(big.Int).Set(x2), new(big.Int).Set(y2), nil
	}
	if x2.Sign() == 0 && y2.Sign() == 0 {
		return new(big.Int).Set(x1), new(big.Int).Set(y1), nil
	}
	var lambda *big.Int
	if x1.Cmp(x2) == 0 {
		if new(big.Int).Add(y1, y2).Mod(new(big.Int).Add(y1, y2), P).Sign() == 0 {
			return new(big.Int), new(big.Int), nil // P + (-P)
		}
		// Doubling: λ = 3x² / 2y.
		num := new(big.Int).Mul(x1, x1)
		num.Mul(num, bigThree)
		den := new(big.Int).Lsh(y1, 1)
		lambda = num.Mul(num, den.ModInverse(den.Mod(den, P), P))
	} else {
		num := new(big.Int).Sub(y2, y1)
		den := new(big.Int).Sub(x2, x1)
		den.Mod(den, P)
		lambda = num.Mul(num, den.ModInverse(den, P))
	}
	lambda.Mod(lambda, P)
	x3 := new(big.Int).Mul(lambda, lambda)
	x3.Sub(x3, x1)
	x3.Sub(x3, x2)
	x3.Mod(x3, P)
	y3 := new(big.Int).Sub(x1, x3)
	y3.Mul(y3, lambda)
	y3.Sub(y3, y1)
	y3.Mod(y3, P)
	return x3, y3, nil
}

// PositionID returns the ERC-1155 token id of the position of
// collectionID backed by collateral.
func PositionID(collateral common.Address, collectionID common.Hash) *big.Int {
	var buf [20 + 32]byte
	copy(buf[:20], collateral[:])
	copy(buf[20:], collectionID[:])
	return new(big.Int).SetBytes(crypto.Keccak256(buf[:]))
}

// Market holds the ids of one binary market.
type Market struct {
	ConditionID common.Hash
	Yes, No     *big.Int // token ids: positions of index sets 1 and 2
}

// BinaryMarket returns the condition and token ids of the binary market
// oracle prepares for questionID, with collateral as the collateral token.
func BinaryMarket(collateral, oracle common.Address, questionID common.Hash) Market {
	cond := BinaryConditionID(oracle, questionID)
	yes, no := TokenIDs(collateral, cond)
	return Market{ConditionID: cond, Yes: yes, No: no}
}

// TokenIDs returns the YES and NO token ids of a binary condition.
func TokenIDs(collateral common.Address, conditionID common.Hash) (yes, no *big.Int) {
	yes = PositionID(collateral, CollectionID(conditionID, big.NewInt(IndexSetYes)))
	no = PositionID(collateral, CollectionID(conditionID, big.NewInt(IndexSetNo)))
	return yes, no
}
