package eip712

import (
	"strconv"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/holiman/uint256"

	"pred.dev/proto/fixed"
)

// OrderTypeString is the EIP-712 type of an order: the reference CTF
// Exchange's type (ORDER_TYPEHASH in OrderStructs.sol) with the spec's
// scopeId appended, because the spec signs every field of the Order
// resource and an unsigned scope would let anyone move a whitelabel order
// to another tenant. scopeId is a string, hashed as EIP-712 hashes strings
// (keccak256 of its UTF-8 bytes); standard users sign the empty string.
// The signature itself is not part of the hashed type.
const OrderTypeString = "Order(uint256 salt,address maker,address signer,address taker,uint256 tokenId,uint256 makerAmount,uint256 takerAmount,uint256 expiration,uint256 nonce,uint256 feeRateBps,uint8 side,uint8 signatureType,string scopeId)"

// OrderTypeHash is keccak256(OrderTypeString), computed once at start-up.
var OrderTypeHash = crypto.Keccak256Hash([]byte(OrderTypeString))

// orderEncodedLen is the size of encodeData for an order: the type hash and
// 13 fields, one 32-byte word each (the one dynamic field, scopeId, is
// encoded as its hash).
const orderEncodedLen = 14 * wordLen

// emptyStringHash is keccak256(""), the scopeId word of every standard
// user's order, computed once so the hot path hashes no second string.
var emptyStringHash = keccakString("")

// Side is an order side as it is signed on chain: BUY=0, SELL=1. This
// differs from fixed.Side (BUY=1, SELL=2, the protobuf values); use SideOf
// and Side.Fixed to convert.
type Side uint8

// The two signed sides.
const (
	SideBuy  Side = 0
	SideSell Side = 1
)

// Valid reports whether s is SideBuy or SideSell.
func (s Side) Valid() bool { return s <= SideSell }

// String returns "BUY" or "SELL".
func (s Side) String() string {
	switch s {
	case SideBuy:
		return "BUY"
	case SideSell:
		return "SELL"
	}
	return "Side(" + strconv.Itoa(int(s)) + ")"
}

// Fixed converts the signed side to fixed.Side; an invalid side yields
// ErrInvalidSide.
func (s Side) Fixed() (fixed.Side, error) {
	switch s {
	case SideBuy:
		return fixed.Buy, nil
	case SideSell:
		return fixed.Sell, nil
	}
	return 0, ErrInvalidSide
}

// SideOf converts fixed.Side to the signed encoding; an invalid side
// yields ErrInvalidSide.
func SideOf(s fixed.Side) (Side, error) {
	switch s {
	case fixed.Buy:
		return SideBuy, nil
	case fixed.Sell:
		return SideSell, nil
	}
	return 0, ErrInvalidSide
}

// SignatureType says how the order's signer relates to its maker, as in
// the reference exchange.
type SignatureType uint8

// The reference signature types.
const (
	// SignatureEOA: the maker signs for itself (signer == maker).
	SignatureEOA SignatureType = 0
	// SignaturePolyProxy: an EOA signs for the proxy wallet it owns.
	SignaturePolyProxy SignatureType = 1
	// SignaturePolyGnosisSafe: an EOA signs for the Gnosis Safe it owns.
	SignaturePolyGnosisSafe SignatureType = 2
)

// Valid reports whether t is one of the three reference types.
func (t SignatureType) Valid() bool { return t <= SignaturePolyGnosisSafe }

// Order holds the 13 signed fields of an order, in type-string order.
// Amounts are base units (6 decimals); see package fixed for their
// meaning per side.
type Order struct {
	Salt          uint256.Int
	Maker         common.Address // funder: the source of the funds
	Signer        common.Address // key that signed; the maker's owner for proxy wallets
	Taker         common.Address // zero for public orders
	TokenID       uint256.Int    // outcome token bought (BUY) or sold (SELL)
	MakerAmount   uint256.Int    // maximum amount given
	TakerAmount   uint256.Int    // minimum amount received
	Expiration    uint256.Int    // Unix seconds; 0 means none
	Nonce         uint256.Int    // on-chain cancellation nonce
	FeeRateBps    uint256.Int    // fee rate in basis points
	Side          Side
	SignatureType SignatureType
	ScopeID       string // tenant scope; empty for standard users
}

// HashOrderStruct returns hashStruct(order): keccak256 of the type hash
// followed by the 13 fields, each encoded as one 32-byte word.
func HashOrderStruct(o *Order) [32]byte {
	h := getHasher()
	s := h.orderStruct(o)
	putHasher(h)
	return s
}

// HashOrder returns the EIP-712 digest of an order under domain separator
// sep (see Domain.Separator). It is what the maker signs and it is the
// order id.
func HashOrder(sep [32]byte, o *Order) [32]byte {
	h := getHasher()
	d := h.digest(sep, h.orderStruct(o))
	putHasher(h)
	return d
}

// orderStruct encodes every word of h.buf, including padding, because the
// buffer is reused from the pool.
func (h *hasher) orderStruct(o *Order) [wordLen]byte {
	b := h.buf[:]
	copy(b[0:wordLen], OrderTypeHash[:])
	o.Salt.PutUint256(b[1*wordLen:])
	putAddress(b[2*wordLen:], o.Maker)
	putAddress(b[3*wordLen:], o.Signer)
	putAddress(b[4*wordLen:], o.Taker)
	o.TokenID.PutUint256(b[5*wordLen:])
	o.MakerAmount.PutUint256(b[6*wordLen:])
	o.TakerAmount.PutUint256(b[7*wordLen:])
	o.Expiration.PutUint256(b[8*wordLen:])
	o.Nonce.PutUint256(b[9*wordLen:])
	o.FeeRateBps.PutUint256(b[10*wordLen:])
	putUint8(b[11*wordLen:], uint8(o.Side))
	putUint8(b[12*wordLen:], uint8(o.SignatureType))
	scope := emptyStringHash
	if o.ScopeID != "" {
		scope = h.sum([]byte(o.ScopeID))
	}
	copy(b[13*wordLen:], scope[:])
	return h.sum(b)
}
