// Package signedorder converts a signed order between its two forms: the
// EIP-712 struct its signer signed and the chain hashes (eip712.Order and
// the signature beside it) and the message the command log carries and the
// engine keeps (pb.SignedOrder). The gateway writes one and the settler
// reads it back to put the order on chain; both go through here, so the
// order the settler rebuilds hashes to the id the gateway gave it.
//
// The log's integers are narrower than the signed uint256s: salt, amounts,
// expiration and nonce are uint64 and the fee rate uint32, because the
// engine does its arithmetic on them. ToPB refuses a wider value rather
// than truncating it, since a truncated order is another order. FromPB
// reads a message as the engine's decoder does: an empty address or token
// id is zero, any other length is refused.
package signedorder

import (
	"bytes"
	"fmt"
	"math"

	"github.com/ethereum/go-ethereum/common"
	"github.com/holiman/uint256"

	"pred.dev/proto/eip712"
	"pred.dev/proto/fixed"
	"pred.dev/proto/pb"
)

// Error is a sentinel error of this package; compare with errors.Is.
type Error string

func (e Error) Error() string { return string(e) }

// Conversion errors; each is returned wrapped with the field it concerns.
const (
	ErrRange  Error = "signedorder: value does not fit the command log's integer"
	ErrLength Error = "signedorder: wrong length"
	ErrSide   Error = "signedorder: side is neither BUY nor SELL"
)

// tokenIDLen is the length of a token id on the log: one uint256 word.
const tokenIDLen = 32

// ToPB returns o and its signature as the log carries them. Addresses and
// the token id are written at full length (a zero taker as 20 zero bytes),
// and sig is copied.
func ToPB(o *eip712.Order, sig []byte) (*pb.SignedOrder, error) {
	side, err := o.Side.Fixed()
	if err != nil {
		return nil, fmt.Errorf("%w: side %d", ErrSide, o.Side)
	}
	token := o.TokenID.Bytes32()
	so := &pb.SignedOrder{
		Maker:         o.Maker.Bytes(),
		Signer:        o.Signer.Bytes(),
		Taker:         o.Taker.Bytes(),
		TokenId:       token[:],
		Side:          pb.Side(side),
		SignatureType: uint32(o.SignatureType),
		Signature:     bytes.Clone(sig),
		ScopeId:       o.ScopeID,
	}
	for _, f := range []struct {
		name string
		v    *uint256.Int
		dst  *uint64
	}{
		{"salt", &o.Salt, &so.Salt},
		{"makerAmount", &o.MakerAmount, &so.MakerAmount},
		{"takerAmount", &o.TakerAmount, &so.TakerAmount},
		{"expiration", &o.Expiration, &so.Expiration},
		{"nonce", &o.Nonce, &so.Nonce},
	} {
		if !f.v.IsUint64() {
			return nil, fmt.Errorf("%w: %s %s is above uint64", ErrRange, f.name, f.v.Dec())
		}
		*f.dst = f.v.Uint64()
	}
	if !o.FeeRateBps.IsUint64() || o.FeeRateBps.Uint64() > math.MaxUint32 {
		return nil, fmt.Errorf("%w: feeRateBps %s is above uint32", ErrRange, o.FeeRateBps.Dec())
	}
	so.FeeRateBps = uint32(o.FeeRateBps.Uint64())
	return so, nil
}

// FromPB returns the EIP-712 struct of so and a copy of its signature.
func FromPB(so *pb.SignedOrder) (*eip712.Order, []byte, error) {
	o := &eip712.Order{ScopeID: so.GetScopeId()}
	switch so.GetSide() {
	case pb.Side_SIDE_BUY, pb.Side_SIDE_SELL:
		o.Side, _ = eip712.SideOf(fixed.Side(so.GetSide()))
	default:
		return nil, nil, fmt.Errorf("%w: side %s", ErrSide, so.GetSide())
	}
	t := so.GetSignatureType()
	if t > math.MaxUint8 {
		return nil, nil, fmt.Errorf("%w: signatureType %d is above uint8", ErrRange, t)
	}
	o.SignatureType = eip712.SignatureType(t)
	for _, f := range []struct {
		name string
		b    []byte
		dst  *common.Address
	}{{"maker", so.GetMaker(), &o.Maker}, {"signer", so.GetSigner(), &o.Signer}, {"taker", so.GetTaker(), &o.Taker}} {
		if err := fill(f.dst[:], f.b, f.name); err != nil {
			return nil, nil, err
		}
	}
	var token [tokenIDLen]byte
	if err := fill(token[:], so.GetTokenId(), "tokenId"); err != nil {
		return nil, nil, err
	}
	o.TokenID.SetBytes32(token[:])
	o.Salt.SetUint64(so.GetSalt())
	o.MakerAmount.SetUint64(so.GetMakerAmount())
	o.TakerAmount.SetUint64(so.GetTakerAmount())
	o.Expiration.SetUint64(so.GetExpiration())
	o.Nonce.SetUint64(so.GetNonce())
	o.FeeRateBps.SetUint64(uint64(so.GetFeeRateBps()))
	return o, bytes.Clone(so.GetSignature()), nil
}

// fill copies b into dst when b has dst's length and leaves dst zero when b
// is empty, as the engine's decoder reads fixed-size fields.
func fill(dst, b []byte, name string) error {
	switch len(b) {
	case 0:
		return nil
	case len(dst):
		copy(dst, b)
		return nil
	}
	return fmt.Errorf("%w: %s is %d bytes, not %d", ErrLength, name, len(b), len(dst))
}
