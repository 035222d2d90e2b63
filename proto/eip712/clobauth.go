package eip712

import (
	"crypto/ecdsa"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/holiman/uint256"
)

// L1 authentication: a wallet proves control of its address by signing a
// ClobAuth message, exactly as in the reference (polymarket-clob.md §2).
// The server recomputes the digest from the request headers (address,
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
	ClobAuthTypeString = "ClobAuth(address address,string timestamp,uint256 nonce,string message)"
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
// timestamp is the Unix-seconds string exactly as sent in the header (it
// is signed as a string); a nil nonce means 0, the clients' default.
// message is normally AttestMessage.
func HashClobAuth(chainID uint64, addr common.Address, timestamp string, nonce *uint256.Int, message string) [32]byte {
	var buf [5 * wordLen]byte
	copy(buf[0:], ClobAuthTypeHash[:])
	putAddress(buf[1*wordLen:], addr)
	ts, msg := keccakString(timestamp), keccakString(message)
	copy(buf[2*wordLen:], ts[:])
	if nonce != nil {
		nonce.PutUint256(buf[3*wordLen:])
	}
	copy(buf[4*wordLen:], msg[:])
	return TypedDataDigest(ClobAuthSeparator(chainID), crypto.Keccak256Hash(buf[:]))
}

// SignClobAuth signs a ClobAuth message for the key's own address, as a
// client does before calling the key-management endpoints.
func SignClobAuth(key *ecdsa.PrivateKey, chainID uint64, timestamp string, nonce *uint256.Int, message string) ([]byte, error) {
	if key == nil {
		return nil, ErrNilKey
	}
	addr := crypto.PubkeyToAddress(key.PublicKey)
	return SignDigest(key, HashClobAuth(chainID, addr, timestamp, nonce, message))
}

// VerifyClobAuth checks that sig is addr's signature of the ClobAuth
// message. Freshness of the timestamp and the choice of message are the
// caller's policy; pass AttestMessage unless another message is agreed.
func VerifyClobAuth(chainID uint64, addr common.Address, timestamp string, nonce *uint256.Int, message string, sig []byte) error {
	return VerifySigner(HashClobAuth(chainID, addr, timestamp, nonce, message), sig, addr)
}
