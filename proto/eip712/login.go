package eip712

import (
	"crypto/ecdsa"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// Gamma login: a wallet proves control of its address by signing a Login
// message built from the fields of GET /auth/nonce's answer (statement,
// nonce, issuedAt, chainId, scopeId) and its own address. The domain has
// no verifying contract, like ClobAuth, and its own name, so a login
// signature can never pass as an L1 attestation or an order.
const (
	LoginDomainName    = "Pred Login"
	LoginDomainVersion = "1"

	// LoginDomainTypeString is the domain type of Login.
	LoginDomainTypeString = "EIP712Domain(string name,string version,uint256 chainId)"

	// LoginTypeString is the EIP-712 type of the login message.
	LoginTypeString = "Login(address address,string statement,string nonce,string issuedAt,uint256 chainId,string scopeId)"
)

// Type hashes and the constant parts of the login domain.
var (
	LoginDomainTypeHash = crypto.Keccak256Hash([]byte(LoginDomainTypeString))
	LoginTypeHash       = crypto.Keccak256Hash([]byte(LoginTypeString))
	loginNameHash       = keccakString(LoginDomainName)
	loginVersionHash    = keccakString(LoginDomainVersion)
)

// Login is the signed login message. The strings are signed exactly as
// the server issued them.
type Login struct {
	Address   common.Address
	Statement string
	Nonce     string
	IssuedAt  string
	ChainID   uint64
	ScopeID   string
}

// LoginSeparator returns the domain separator of Login on a chain.
func LoginSeparator(chainID uint64) [32]byte {
	var buf [4 * wordLen]byte
	copy(buf[0:], LoginDomainTypeHash[:])
	copy(buf[1*wordLen:], loginNameHash[:])
	copy(buf[2*wordLen:], loginVersionHash[:])
	putUint64(buf[3*wordLen:], chainID)
	return crypto.Keccak256Hash(buf[:])
}

// HashLogin returns the EIP-712 digest of a login message, under the
// domain of the message's own chain id.
func HashLogin(l *Login) [32]byte {
	var buf [7 * wordLen]byte
	copy(buf[0:], LoginTypeHash[:])
	putAddress(buf[1*wordLen:], l.Address)
	st, n, at := keccakString(l.Statement), keccakString(l.Nonce), keccakString(l.IssuedAt)
	copy(buf[2*wordLen:], st[:])
	copy(buf[3*wordLen:], n[:])
	copy(buf[4*wordLen:], at[:])
	putUint64(buf[5*wordLen:], l.ChainID)
	sc := keccakString(l.ScopeID)
	copy(buf[6*wordLen:], sc[:])
	return TypedDataDigest(LoginSeparator(l.ChainID), crypto.Keccak256Hash(buf[:]))
}

// SignLogin signs a login message with key; the message's Address is set
// to the key's address.
func SignLogin(key *ecdsa.PrivateKey, l *Login) ([]byte, error) {
	if key == nil {
		return nil, ErrNilKey
	}
	l.Address = crypto.PubkeyToAddress(key.PublicKey)
	return SignDigest(key, HashLogin(l))
}

// VerifyLogin checks that sig is the signature of l by l.Address. The
// freshness of the nonce and issuedAt, and the chain, are the caller's
// checks.
func VerifyLogin(l *Login, sig []byte) error {
	return VerifySigner(HashLogin(l), sig, l.Address)
}
