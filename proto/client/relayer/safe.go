package relayer

import (
	"crypto/ecdsa"
	"encoding/binary"
	"errors"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/wallet"
)

// Chain is what signing for the relayer needs to know of a deployment:
// the chain id, the SafeFactory and its init-code hash (they give every
// owner's wallet), and the contracts the onboarding calls. Fill it from
// the deployment record or Gamma's GET /public-info.
type Chain struct {
	ChainID           uint64
	SafeFactory       common.Address
	SafeInitCodeHash  common.Hash
	Collateral        common.Address
	ConditionalTokens common.Address
	Exchange          common.Address
	NegRiskExchange   common.Address
	MultiSendCallOnly common.Address
}

// Wallet returns owner's proxy wallet: the CREATE2 address of the
// factory's Safe proxy for owner (proto/wallet).
func (c Chain) Wallet(owner common.Address) common.Address {
	return wallet.ProxyAddress(c.SafeFactory, c.SafeInitCodeHash, owner)
}

// Operation is a Safe transaction's call kind.
type Operation uint8

// The two kinds.
const (
	OpCall         Operation = 0
	OpDelegateCall Operation = 1
)

// SafeTx is a Safe transaction as the relayer executes it: no value and
// every gas and refund field zero (the relayer pays), so only the call
// and the nonce vary.
type SafeTx struct {
	To        common.Address
	Data      []byte
	Operation Operation
	Nonce     *big.Int
}

// Type strings of the messages an owner signs (Safe 1.4.1's SafeTx and
// this exchange's SafeFactory CreateProxy).
const (
	SafeTxType      = "SafeTx(address to,uint256 value,bytes data,uint8 operation,uint256 safeTxGas,uint256 baseGas,uint256 gasPrice,address gasToken,address refundReceiver,uint256 nonce)"
	CreateProxyType = "CreateProxy(address owner,address paymentToken,uint256 payment,address paymentReceiver)"
	// FactoryName and FactoryVersion name the factory's EIP-712 domain.
	FactoryName    = "Pred Safe Factory"
	FactoryVersion = "1"
)

var (
	safeTxTypeHash      = crypto.Keccak256([]byte(SafeTxType))
	createProxyTypeHash = crypto.Keccak256([]byte(CreateProxyType))
	safeDomainTypeHash  = crypto.Keccak256([]byte("EIP712Domain(uint256 chainId,address verifyingContract)"))
	domainTypeHash      = crypto.Keccak256([]byte("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"))
)

// Hash returns the EIP-712 hash of the transaction for the Safe at safe
// on chainID (Safe.getTransactionHash).
func (t SafeTx) Hash(chainID uint64, safe common.Address) common.Hash {
	zero := make([]byte, 32)
	s := crypto.Keccak256(safeTxTypeHash, addrWord(t.To), zero, crypto.Keccak256(t.Data), uintWord(uint64(t.Operation)),
		zero, zero, zero, zero, zero, bigWord(t.Nonce))
	sep := crypto.Keccak256(safeDomainTypeHash, uintWord(chainID), addrWord(safe))
	return crypto.Keccak256Hash([]byte{0x19, 0x01}, sep, s)
}

// SigForm is how an owner signs a Safe transaction; a Safe takes both.
type SigForm uint8

// The forms.
const (
	// EIP712 signs the EIP-712 hash itself (v 27 or 28).
	EIP712 SigForm = iota
	// EthSign signs the eth_sign (EIP-191) hash of it, as a wallet's
	// personal_sign does; the Safe reads v + 4 (31 or 32) as that form.
	EthSign
)

// SignSafeTx signs the transaction for the Safe at safe and returns
// r ‖ s ‖ v in the form's encoding.
func SignSafeTx(key *ecdsa.PrivateKey, chainID uint64, safe common.Address, t SafeTx, form SigForm) ([]byte, error) {
	h := t.Hash(chainID, safe)
	if form == EthSign {
		h = crypto.Keccak256Hash([]byte("\x19Ethereum Signed Message:\n32"), h[:])
	}
	sig, err := crypto.Sign(h[:], key)
	if err != nil {
		return nil, err
	}
	sig[64] += 27
	if form == EthSign {
		sig[64] += 4
	}
	return sig, nil
}

// CreateProxyDigest is the EIP-712 digest an owner signs to have its
// wallet created by factory, with no payment.
func CreateProxyDigest(chainID uint64, factory, owner common.Address) common.Hash {
	zero := make([]byte, 32)
	s := crypto.Keccak256(createProxyTypeHash, addrWord(owner), zero, zero, zero)
	sep := crypto.Keccak256(domainTypeHash, crypto.Keccak256([]byte(FactoryName)), crypto.Keccak256([]byte(FactoryVersion)),
		uintWord(chainID), addrWord(factory))
	return crypto.Keccak256Hash([]byte{0x19, 0x01}, sep, s)
}

// SignCreateProxy signs the CreateProxy message of owner (the key's
// address) for factory; v is 27 or 28.
func SignCreateProxy(key *ecdsa.PrivateKey, chainID uint64, factory common.Address) ([]byte, error) {
	d := CreateProxyDigest(chainID, factory, crypto.PubkeyToAddress(key.PublicKey))
	sig, err := crypto.Sign(d[:], key)
	if err != nil {
		return nil, err
	}
	sig[64] += 27
	return sig, nil
}

// Call is one call a wallet makes: a contract and ABI-encoded calldata.
type Call struct {
	To   common.Address
	Data []byte
}

// MaxUint256 is the unlimited allowance.
var MaxUint256 = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))

// Function selectors of the calls built here.
var (
	selApprove           = selector("approve(address,uint256)")
	selTransfer          = selector("transfer(address,uint256)")
	selSetApprovalForAll = selector("setApprovalForAll(address,bool)")
	selMultiSend         = selector("multiSend(bytes)")
)

func selector(sig string) []byte { return crypto.Keccak256([]byte(sig))[:4] }

// Approve is token.approve(spender, amount).
func Approve(token, spender common.Address, amount *big.Int) Call {
	return Call{token, concat(selApprove, addrWord(spender), bigWord(amount))}
}

// Transfer is token.transfer(to, amount).
func Transfer(token, to common.Address, amount *big.Int) Call {
	return Call{token, concat(selTransfer, addrWord(to), bigWord(amount))}
}

// SetApprovalForAll is conditionalTokens.setApprovalForAll(operator, approved).
func SetApprovalForAll(conditionalTokens, operator common.Address, approved bool) Call {
	var b uint64
	if approved {
		b = 1
	}
	return Call{conditionalTokens, concat(selSetApprovalForAll, addrWord(operator), uintWord(b))}
}

// TradingApprovals are the approvals a wallet needs before it trades:
// USDW without limit and every conditional token, for both exchanges.
func (c Chain) TradingApprovals() []Call {
	var out []Call
	for _, ex := range []common.Address{c.Exchange, c.NegRiskExchange} {
		out = append(out, Approve(c.Collateral, ex, MaxUint256), SetApprovalForAll(c.ConditionalTokens, ex, true))
	}
	return out
}

// MultiSend packs calls into one delegate call of MultiSendCallOnly:
// multiSend(bytes) over entries operation 0 ‖ to ‖ value 0 ‖ length ‖ data.
func (c Chain) MultiSend(calls []Call) SafeTx {
	var packed []byte
	for _, call := range calls {
		packed = append(packed, 0)
		packed = append(packed, call.To[:]...)
		packed = append(packed, make([]byte, 32)...)
		packed = append(packed, uintWord(uint64(len(call.Data)))...)
		packed = append(packed, call.Data...)
	}
	// abi.encode(bytes): offset 32, length, data padded to a word.
	data := concat(selMultiSend, uintWord(32), uintWord(uint64(len(packed))), packed)
	if pad := len(packed) % 32; pad != 0 {
		data = append(data, make([]byte, 32-pad)...)
	}
	return SafeTx{To: c.MultiSendCallOnly, Data: data, Operation: OpDelegateCall}
}

func concat(parts ...[]byte) []byte {
	var out []byte
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func addrWord(a common.Address) []byte { return common.LeftPadBytes(a[:], 32) }

func uintWord(v uint64) []byte {
	w := make([]byte, 32)
	binary.BigEndian.PutUint64(w[24:], v)
	return w
}

func bigWord(v *big.Int) []byte {
	w := make([]byte, 32)
	if v != nil {
		v.FillBytes(w)
	}
	return w
}

// ChainFromPublicInfo reads a Chain from Gamma's GET /public-info: its
// first chain's id and its contracts. It refuses an answer without
// multiSendCallOnly (a deployment made before it existed), which the
// onboarding needs.
func ChainFromPublicInfo(pi gammaapi.PublicInfo) (Chain, error) {
	if len(pi.Chain) == 0 {
		return Chain{}, errors.New("relayer: public-info names no chain")
	}
	k := pi.Contracts
	c := Chain{ChainID: pi.Chain[0].ChainID, SafeInitCodeHash: common.HexToHash(k.SafeInitCodeHash)}
	for _, f := range []struct {
		name string
		v    string
		into *common.Address
	}{
		{"safeFactory", k.SafeFactory, &c.SafeFactory}, {"collateral", k.Collateral, &c.Collateral},
		{"conditionalTokens", k.ConditionalTokens, &c.ConditionalTokens}, {"exchange", k.Exchange, &c.Exchange},
		{"negRiskExchange", k.NegRiskExchange, &c.NegRiskExchange}, {"multiSendCallOnly", k.MultiSendCallOnly, &c.MultiSendCallOnly},
	} {
		if !common.IsHexAddress(f.v) {
			return Chain{}, fmt.Errorf("relayer: public-info's contracts.%s is %q, not an address", f.name, f.v)
		}
		*f.into = common.HexToAddress(f.v)
	}
	return c, nil
}
