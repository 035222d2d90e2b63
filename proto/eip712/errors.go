package eip712

import (
	"fmt"

	"github.com/ethereum/go-ethereum/common"
)

// Error is a sentinel error of this package; compare with errors.Is.
type Error string

func (e Error) Error() string { return string(e) }

// Signature and encoding errors.
const (
	ErrSignatureLength Error = "eip712: signature must be 65 bytes r‖s‖v: send 0x followed by 130 hex digits"
	ErrSignatureV      Error = "eip712: signature v must be 27 or 28 (0 or 1 is also accepted)"
	ErrSignatureRS     Error = "eip712: signature r and s must each be non-zero and below the secp256k1 curve order"
	ErrSignatureHighS  Error = "eip712: signature s is in the upper half of the curve order (malleable): normalise it to low-s as libsecp256k1, ethers and viem do"
	ErrRecoverFailed   Error = "eip712: no public key can be recovered from this signature: it was not made over this digest"
	ErrSignerMismatch  Error = "eip712: signature is valid but was made by a different key: sign with the key of the order's signer (or of the given address)"
	ErrInvalidSide     Error = "eip712: invalid side: use BUY (0 when signed) or SELL (1 when signed)"
	ErrNilKey          Error = "eip712: nil private key"
)

// SignerError reports a signature that recovers to an address other than
// the expected one. It wraps ErrSignerMismatch.
type SignerError struct {
	Want common.Address // the address the message claims
	Got  common.Address // the address the signature recovers to
}

func (e *SignerError) Error() string {
	return fmt.Sprintf("%s (expected %s, recovered %s)", ErrSignerMismatch, e.Want.Hex(), e.Got.Hex())
}

func (e *SignerError) Unwrap() error { return ErrSignerMismatch }
