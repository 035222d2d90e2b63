package eip712

import (
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// Defaults of the order domain of this exchange. The reference exchange
// uses "Polymarket CTF Exchange", version "1".
const (
	DefaultOrderDomainName    = "Pred CTF Exchange"
	DefaultOrderDomainVersion = "1"
)

// DomainTypeString is the EIP-712 domain type of orders.
const DomainTypeString = "EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"

// DomainTypeHash is keccak256(DomainTypeString).
var DomainTypeHash = crypto.Keccak256Hash([]byte(DomainTypeString))

// Domain is an EIP-712 domain with all four fields, as orders use it. The
// chain id is a uint64 because every real chain id fits one.
type Domain struct {
	Name              string
	Version           string
	ChainID           uint64
	VerifyingContract common.Address
}

// OrderDomain returns this exchange's default order domain for a chain and
// exchange contract. Orders for neg-risk markets name the neg-risk
// exchange as the verifying contract, as in the reference.
func OrderDomain(chainID uint64, verifyingContract common.Address) Domain {
	return Domain{
		Name:              DefaultOrderDomainName,
		Version:           DefaultOrderDomainVersion,
		ChainID:           chainID,
		VerifyingContract: verifyingContract,
	}
}

// Separator returns the domain separator (hashStruct of the domain). It
// hashes two strings, so callers compute it once per domain at start-up
// and pass the result to HashOrder.
func (d Domain) Separator() [32]byte {
	var buf [5 * wordLen]byte
	copy(buf[0:], DomainTypeHash[:])
	name, version := keccakString(d.Name), keccakString(d.Version)
	copy(buf[1*wordLen:], name[:])
	copy(buf[2*wordLen:], version[:])
	putUint64(buf[3*wordLen:], d.ChainID)
	putAddress(buf[4*wordLen:], d.VerifyingContract)
	return crypto.Keccak256Hash(buf[:])
}
