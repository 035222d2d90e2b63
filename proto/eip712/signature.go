package eip712

import (
	"bytes"
	"crypto/ecdsa"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/crypto/secp256k1"
)

// SignatureLen is the length of a signature: r (32) ‖ s (32) ‖ v (1).
const SignatureLen = 65

// curveOrder is the secp256k1 group order N, and halfOrder is N/2 (rounded
// down); s above halfOrder is the malleable twin of a low-s signature.
var (
	curveOrder = common.FromHex("0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141")
	halfOrder  = common.FromHex("0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0")
	zeroWord   = make([]byte, wordLen)
)

// SignDigest signs a 32-byte digest and returns r‖s‖v with v = 27 or 28,
// the form the reference clients send. libsecp256k1 signs
// deterministically (RFC 6979) and always produces low s.
func SignDigest(key *ecdsa.PrivateKey, digest [32]byte) ([]byte, error) {
	if key == nil {
		return nil, ErrNilKey
	}
	sig, err := crypto.Sign(digest[:], key)
	if err != nil {
		return nil, err
	}
	sig[64] += 27
	return sig, nil
}

// SignOrder signs the order's EIP-712 digest under domain separator sep.
func SignOrder(key *ecdsa.PrivateKey, sep [32]byte, o *Order) ([]byte, error) {
	return SignDigest(key, HashOrder(sep, o))
}

// RecoverSigner returns the address whose key made sig over digest. It
// accepts v in {27, 28} or {0, 1} and rejects, with distinct errors, a
// wrong length, any other v, r or s out of range, and high s. The caller's
// slice is not modified.
func RecoverSigner(digest [32]byte, sig []byte) (common.Address, error) {
	h := getHasher()
	defer putHasher(h)
	if err := normalize(&h.rsv, sig); err != nil {
		return common.Address{}, err
	}
	h.msg = digest
	pub, err := secp256k1.RecoverPubkey(h.msg[:], h.rsv[:])
	if err != nil {
		return common.Address{}, ErrRecoverFailed
	}
	sum := h.sum(pub[1:])
	return common.Address(sum[12:]), nil
}

// normalize copies sig into rsv with v as 0 or 1, after checking every
// field, so that the C library only ever sees canonical input.
func normalize(rsv *[SignatureLen]byte, sig []byte) error {
	if len(sig) != SignatureLen {
		return ErrSignatureLength
	}
	copy(rsv[:], sig)
	switch v := rsv[64]; v {
	case 0, 1:
	case 27, 28:
		rsv[64] = v - 27
	default:
		return ErrSignatureV
	}
	r, s := rsv[0:32], rsv[32:64]
	if bytes.Equal(r, zeroWord) || bytes.Equal(s, zeroWord) ||
		bytes.Compare(r, curveOrder) >= 0 || bytes.Compare(s, curveOrder) >= 0 {
		return ErrSignatureRS
	}
	if bytes.Compare(s, halfOrder) > 0 {
		return ErrSignatureHighS
	}
	return nil
}

// VerifySigner checks that sig over digest was made by want.
func VerifySigner(digest [32]byte, sig []byte, want common.Address) error {
	got, err := RecoverSigner(digest, sig)
	if err != nil {
		return err
	}
	if got != want {
		return &SignerError{Want: want, Got: got}
	}
	return nil
}

// VerifyOrder hashes the order under sep and checks that sig was made by
// the order's Signer. It returns the order hash (the order id) so that the
// caller does not hash twice. Whether the signer may act for the maker
// (signature type, proxy ownership) is for the caller to check.
func VerifyOrder(sep [32]byte, o *Order, sig []byte) ([32]byte, error) {
	digest := HashOrder(sep, o)
	return digest, VerifySigner(digest, sig, o.Signer)
}
