// Package safewallet holds what off-chain code needs to know about the
// traders' proxy wallets (Safe 1.4.1 proxies created by this exchange's
// SafeFactory): the factory's init-code hash, from which proto/wallet
// derives every wallet's address; the EIP-712 CreateProxy message an owner
// signs so that a relayer can create its wallet; and the EIP-712 SafeTx an
// owner signs so that its wallet executes a call (an approval, a transfer).
//
// Signatures are 65 bytes r ‖ s ‖ v with v = 27 or 28, the form both the
// factory (OpenZeppelin ECDSA) and Safe.checkSignatures (v > 26 and < 31:
// ecrecover of the hash itself) accept.
package safewallet

import (
	"crypto/ecdsa"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/proto/chain/artifacts"
	"pred.dev/proto/wallet"
)

// Factory domain: EIP712Domain(string name,string version,uint256 chainId,address verifyingContract).
const (
	FactoryDomainName    = "Pred Safe Factory"
	FactoryDomainVersion = "1"
)

// CreateProxyTypeString is the type an owner signs to have its wallet created.
const CreateProxyTypeString = "CreateProxy(address owner,address paymentToken,uint256 payment,address paymentReceiver)"

// SafeTxTypeString is Safe 1.4.1's transaction type.
const SafeTxTypeString = "SafeTx(address to,uint256 value,bytes data,uint8 operation,uint256 safeTxGas,uint256 baseGas,uint256 gasPrice,address gasToken,address refundReceiver,uint256 nonce)"

var (
	domainTypeHash     = crypto.Keccak256Hash([]byte("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"))
	safeDomainTypeHash = crypto.Keccak256Hash([]byte("EIP712Domain(uint256 chainId,address verifyingContract)"))
	createProxyHash    = crypto.Keccak256Hash([]byte(CreateProxyTypeString))
	safeTxTypeHash     = crypto.Keccak256Hash([]byte(SafeTxTypeString))
)

// InitCodeHash returns keccak256(SafeProxy creation code ‖ abi.encode(singleton)),
// the init-code hash of every proxy a SafeFactory for singleton creates
// (SafeFactory.proxyInitCodeHash on chain).
func InitCodeHash(singleton common.Address) common.Hash {
	code := artifacts.SafeProxyCreationCode()
	return crypto.Keccak256Hash(code, common.LeftPadBytes(singleton[:], 32))
}

// Address returns owner's wallet under factory, whose proxies delegate to
// singleton: proto/wallet's derivation with this factory's init-code hash.
func Address(factory, singleton, owner common.Address) common.Address {
	return wallet.ProxyAddress(factory, InitCodeHash(singleton), owner)
}

// CreateProxy is the message an owner signs to have its wallet created.
// Payment is paid out of the new wallet to PaymentReceiver in
// PaymentToken (zero for the native coin); all zero for no payment.
type CreateProxy struct {
	Owner           common.Address
	PaymentToken    common.Address
	Payment         *big.Int
	PaymentReceiver common.Address
}

// FactoryDomainSeparator returns the EIP-712 domain separator of factory on chainID.
func FactoryDomainSeparator(chainID uint64, factory common.Address) common.Hash {
	return crypto.Keccak256Hash(
		domainTypeHash[:],
		crypto.Keccak256([]byte(FactoryDomainName)),
		crypto.Keccak256([]byte(FactoryDomainVersion)),
		word(new(big.Int).SetUint64(chainID)),
		common.LeftPadBytes(factory[:], 32),
	)
}

// Digest returns the EIP-712 digest of the message under factory's domain.
func (c CreateProxy) Digest(chainID uint64, factory common.Address) common.Hash {
	payment := c.Payment
	if payment == nil {
		payment = new(big.Int)
	}
	s := crypto.Keccak256Hash(
		createProxyHash[:],
		common.LeftPadBytes(c.Owner[:], 32),
		common.LeftPadBytes(c.PaymentToken[:], 32),
		word(payment),
		common.LeftPadBytes(c.PaymentReceiver[:], 32),
	)
	sep := FactoryDomainSeparator(chainID, factory)
	return crypto.Keccak256Hash([]byte{0x19, 0x01}, sep[:], s[:])
}

// Sign signs the message with the owner's key.
func (c CreateProxy) Sign(key *ecdsa.PrivateKey, chainID uint64, factory common.Address) ([]byte, error) {
	return SignDigest(key, c.Digest(chainID, factory))
}

// Operation is a Safe transaction's call kind.
type Operation uint8

// The two kinds.
const (
	Call         Operation = 0
	DelegateCall Operation = 1
)

// SafeTx is a transaction a Safe executes when its owner signs it. The
// gas and refund fields are zero when the caller pays the gas itself.
type SafeTx struct {
	To             common.Address
	Value          *big.Int
	Data           []byte
	Operation      Operation
	SafeTxGas      *big.Int
	BaseGas        *big.Int
	GasPrice       *big.Int
	GasToken       common.Address
	RefundReceiver common.Address
	Nonce          *big.Int
}

// SafeDomainSeparator returns the domain separator of the Safe at safe on
// chainID (Safe 1.4.1: chain id and verifying contract only).
func SafeDomainSeparator(chainID uint64, safe common.Address) common.Hash {
	return crypto.Keccak256Hash(safeDomainTypeHash[:], word(new(big.Int).SetUint64(chainID)), common.LeftPadBytes(safe[:], 32))
}

// Hash returns the EIP-712 digest of the transaction for the Safe at safe
// (Safe.getTransactionHash on chain).
func (t SafeTx) Hash(chainID uint64, safe common.Address) common.Hash {
	s := crypto.Keccak256Hash(
		safeTxTypeHash[:],
		common.LeftPadBytes(t.To[:], 32),
		word(t.Value),
		crypto.Keccak256(t.Data),
		word(big.NewInt(int64(t.Operation))),
		word(t.SafeTxGas),
		word(t.BaseGas),
		word(t.GasPrice),
		common.LeftPadBytes(t.GasToken[:], 32),
		common.LeftPadBytes(t.RefundReceiver[:], 32),
		word(t.Nonce),
	)
	sep := SafeDomainSeparator(chainID, safe)
	return crypto.Keccak256Hash([]byte{0x19, 0x01}, sep[:], s[:])
}

// Sign signs the transaction with an owner's key for the Safe at safe.
func (t SafeTx) Sign(key *ecdsa.PrivateKey, chainID uint64, safe common.Address) ([]byte, error) {
	return SignDigest(key, t.Hash(chainID, safe))
}

// SignDigest signs a 32-byte digest and returns r ‖ s ‖ v with v = 27 or 28.
func SignDigest(key *ecdsa.PrivateKey, digest common.Hash) ([]byte, error) {
	sig, err := crypto.Sign(digest[:], key)
	if err != nil {
		return nil, err
	}
	sig[64] += 27
	return sig, nil
}

// word encodes a non-negative integer as one 32-byte word; nil is zero.
func word(v *big.Int) []byte {
	var w [32]byte
	if v != nil {
		v.FillBytes(w[:])
	}
	return w[:]
}
