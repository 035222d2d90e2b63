package eip712

import (
	"crypto/ecdsa"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// L1 authentication: a wallet proves control of its address by signing a
// ClobAuth message, as in the reference (polymarket-clob.md §2), with one
// difference: the nonce is a string. The spec makes PRED_NONCE a "random
// nonce string", a replay guard, where the reference signs a uint256 that
// selects one of the wallet's keys; signing the header's bytes as they are
// means no two spellings of one number can carry the same signature. The
// server recomputes the digest from the request headers (address,
// timestamp, nonce) and the fixed attestation message.
const (
	ClobAuthDomainName    = "ClobAuthDomain"
	ClobAuthDomainVersion = "1"

	// AttestMessage is the message every ClobAuth signature carries.
	AttestMessage = "This message attests that I control the given wallet"

	// ClobAuthDomainTypeString is the domain type of ClobAuth: unlike the
	// order domain it has no verifyingContract.
	ClobAuthDomainTypeString = "EIP712Domain(string name,string version,uint256 chainId)"

	// ClobAuthTypeString is the EIP-712 type of the attestation.
	ClobAuthTypeString = "ClobAuth(address address,string timestamp,string nonce,string message)"
)

// Type hashes of the ClobAuth domain and message, computed once.
var (
	ClobAuthDomainTypeHash = crypto.Keccak256Hash([]byte(ClobAuthDomainTypeString))
	ClobAuthTypeHash       = crypto.Keccak256Hash([]byte(ClobAuthTypeString))
	clobAuthNameHash       = keccakString(ClobAuthDomainName)
	clobAuthVersionHash    = keccakString(ClobAuthDomainVersion)
)

// ClobAuthSeparator returns the domain separator of ClobAuth on a chain.
func ClobAuthSeparator(chainID uint64) [32]byte {
	var buf [4 * wordLen]byte
	copy(buf[0:], ClobAuthDomainTypeHash[:])
	copy(buf[1*wordLen:], clobAuthNameHash[:])
	copy(buf[2*wordLen:], clobAuthVersionHash[:])
	putUint64(buf[3*wordLen:], chainID)
	return crypto.Keccak256Hash(buf[:])
}

// HashClobAuth returns the EIP-712 digest of a ClobAuth message. The
// timestamp and the nonce are the header values exactly as sent (both are
// signed as strings). message is normally AttestMessage.
func HashClobAuth(chainID uint64, addr common.Address, timestamp, nonce, message string) [32]byte {
	var buf [5 * wordLen]byte
	copy(buf[0:], ClobAuthTypeHash[:])
	putAddress(buf[1*wordLen:], addr)
	ts, n, msg := keccakString(timestamp), keccakString(nonce), keccakString(message)
	copy(buf[2*wordLen:], ts[:])
	copy(buf[3*wordLen:], n[:])
	copy(buf[4*wordLen:], msg[:])
	return TypedDataDigest(ClobAuthSeparator(chainID), crypto.Keccak256Hash(buf[:]))
}

// SignClobAuth signs a ClobAuth message for the key's own address, as a
// client does before calling the key-management endpoints.
func SignClobAuth(key *ecdsa.PrivateKey, chainID uint64, timestamp, nonce, message string) ([]byte, error) {
	if key == nil {
		return nil, ErrNilKey
	}
	addr := crypto.PubkeyToAddress(key.PublicKey)
	return SignDigest(key, HashClobAuth(chainID, addr, timestamp, nonce, message))
}

// VerifyClobAuth checks that sig is addr's signature of the ClobAuth
// message. Freshness of the timestamp and the choice of message are the
// caller's policy; pass AttestMessage unless another message is agreed.
func VerifyClobAuth(chainID uint64, addr common.Address, timestamp, nonce, message string, sig []byte) error {
	return VerifySigner(HashClobAuth(chainID, addr, timestamp, nonce, message), sig, addr)
}
