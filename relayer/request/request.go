// Package request turns a POST /submit body into a checked, typed
// submission: the fields parsed strictly, the proxy wallet derived from
// from, the signature recovered in the forms the chain accepts, and the
// call held against the allow-list (package policy.go). It also names a
// submission: the idempotency key of what it asks the chain to do and
// the transaction ids derived from it.
//
// Nothing here reads the chain or NATS: the API runs it on every
// submission, and the worker again on each one it takes from the queue
// before it pays for anything.
package request

import (
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/proto/chain/safewallet"
	"pred.dev/proto/client/relayerapi"
	"pred.dev/proto/eip712"
	"pred.dev/proto/errcode"
	"pred.dev/proto/runtime/httpmw"
	"pred.dev/proto/wallet"
)

// Limits of a submission.
const (
	// DataBytesMax bounds a Safe transaction's calldata: a MultiSend of
	// every allowed call fits many times over.
	DataBytesMax = 32 << 10
	// MetadataBytesMax bounds the caller's note.
	MetadataBytesMax = 500
	// signatureBytes is r ‖ s ‖ v.
	signatureBytes = 65
)

// Kind is what a submission asks for.
type Kind uint8

// The kinds.
const (
	// SafeCreate deploys from's proxy wallet.
	SafeCreate Kind = iota + 1
	// Safe executes a Safe transaction of from's proxy wallet.
	Safe
)

func (k Kind) String() string {
	switch k {
	case SafeCreate:
		return relayerapi.TypeSafeCreate
	case Safe:
		return relayerapi.TypeSafe
	}
	return "unknown"
}

// SigForm is how a Safe transaction's signature was made.
type SigForm uint8

// The two forms a Safe 1.4.1 accepts from an owner's key.
const (
	// EIP712 signs the SafeTx hash itself: v is 27 or 28.
	EIP712 SigForm = iota + 1
	// EthSign signs the eth_sign (EIP-191) hash of the SafeTx hash: v is
	// 31 or 32, the Safe's marker for it (v − 4 is the recovery id + 27).
	EthSign
)

// Env is what checking a submission needs to know of the deployment.
type Env struct {
	ChainID uint64
	// Factory and InitCodeHash derive every owner's proxy wallet.
	Factory      common.Address
	InitCodeHash common.Hash
	// Policy is the allow-list of calls.
	Policy Policy
}

// Request is a checked submission.
type Request struct {
	Kind Kind
	// From is the owner (EOA), Wallet its proxy wallet.
	From, Wallet common.Address
	// To and Data are, for Safe, the Safe transaction's call; for
	// SafeCreate, To is the factory and Data empty.
	To        common.Address
	Data      []byte
	Operation safewallet.Operation
	// Nonce is the Safe nonce (Safe only).
	Nonce *big.Int
	// Signature is r ‖ s ‖ v as the chain takes it: for Safe the v the
	// Safe reads (27/28 or 31/32), for SafeCreate 27/28.
	Signature []byte
	Form      SigForm
	// SafeTxHash is the EIP-712 hash the owner signed (Safe only).
	SafeTxHash common.Hash
	Metadata   string
	// Wire is the submission as received, with addresses checksummed and
	// hex lowercased: what the queue carries and GET /transaction shows.
	Wire relayerapi.SubmitRequest
}

// Decode reads a POST /submit body: one strict JSON object
// (httpmw.DecodeJSON: no null, no key twice or in another case, no
// unknown key, nothing after it) whose signatureParams leave a zero
// field out or spell it as the zero it is ("0", the zero address), never
// "": each signed value has one spelling.
func Decode(body []byte) (relayerapi.SubmitRequest, error) {
	var in relayerapi.SubmitRequest
	if err := httpmw.DecodeJSON(body, &in, errcode.InvalidPayload); err != nil {
		return in, err
	}
	var spelt struct {
		SignatureParams map[string]string `json:"signatureParams"`
	}
	_ = json.Unmarshal(body, &spelt) // decoded strictly above
	names := make([]string, 0, len(spelt.SignatureParams))
	for name, v := range spelt.SignatureParams {
		if v == "" {
			names = append(names, name)
		}
	}
	if len(names) > 0 {
		slices.Sort(names)
		return in, errcode.Errorf(errcode.InvalidSignatureParams,
			"signatureParams.%s is \"\": leave a zero field out, or send it as the zero it is (\"0\", the zero address 0x0000000000000000000000000000000000000000)", names[0])
	}
	return in, nil
}

// Parse checks a submission. Every failure is an *errcode.Error whose
// message names the field and what to send instead.
func Parse(in relayerapi.SubmitRequest, env Env) (*Request, error) {
	r := &Request{Metadata: in.Metadata}
	if len(in.Metadata) > MetadataBytesMax || !utf8.ValidString(in.Metadata) {
		return nil, errcode.Errorf(errcode.InvalidPayload, "metadata: at most %d bytes of UTF-8", MetadataBytesMax)
	}
	var err error
	if r.From, err = parseAddress("from", in.From, true); err != nil {
		return nil, err
	}
	r.Wallet = wallet.ProxyAddress(env.Factory, env.InitCodeHash, r.From)
	if in.ProxyWallet != "" {
		w, err := parseAddress("proxyWallet", in.ProxyWallet, true)
		if err != nil {
			return nil, err
		}
		if w != r.Wallet {
			return nil, errcode.Errorf(errcode.InvalidProxyWallet, "proxyWallet %s is not the proxy wallet of %s, which is %s", w.Hex(), r.From.Hex(), r.Wallet.Hex())
		}
	}
	if r.Signature, err = parseSignature(in.Signature); err != nil {
		return nil, err
	}
	switch in.Type {
	case relayerapi.TypeSafeCreate:
		r.Kind = SafeCreate
		err = r.parseCreate(in, env)
	case relayerapi.TypeSafe:
		r.Kind = Safe
		err = r.parseSafe(in, env)
	case "PROXY", "WALLET", "WALLET-CREATE":
		return nil, errcode.Errorf(errcode.UnsupportedTransactionType, "type %s is not supported here: proxy wallets are Safes; use SAFE-CREATE or SAFE", in.Type)
	default:
		return nil, errcode.Errorf(errcode.UnsupportedTransactionType, "type %q: use SAFE-CREATE or SAFE", in.Type)
	}
	if err != nil {
		return nil, err
	}
	r.Wire = r.wire(in)
	return r, nil
}

func (r *Request) parseCreate(in relayerapi.SubmitRequest, env Env) error {
	to, err := parseAddress("to", in.To, false)
	if err != nil {
		return err
	}
	if in.To != "" && to != env.Factory {
		return errcode.Errorf(errcode.CallNotAllowed, "a SAFE-CREATE goes to the SafeFactory %s, not %s", env.Factory.Hex(), to.Hex())
	}
	r.To = env.Factory
	if in.Data != "" && in.Data != "0x" {
		return errcode.Errorf(errcode.InvalidPayload, "data: a SAFE-CREATE carries no data (send \"0x\")")
	}
	if in.Nonce != "" && in.Nonce != "0" {
		return errcode.Errorf(errcode.InvalidPayload, "nonce: a SAFE-CREATE has no nonce (the factory creates a wallet once)")
	}
	if !zeroNumber(in.Value) {
		return errcode.Errorf(errcode.CallNotAllowed, "value: the relayer sends no coin (send \"0\" or leave it out)")
	}
	p := in.SignatureParams
	if !zeroAddress(p.PaymentToken) || !zeroNumber(p.Payment) || !zeroAddress(p.PaymentReceiver) {
		return errcode.Errorf(errcode.InvalidSignatureParams, "signatureParams: paymentToken, payment and paymentReceiver must be zero: the relayer charges nothing for a deployment")
	}
	if p.GasPrice != "" || p.Operation != "" || p.SafeTxnGas != "" || p.BaseGas != "" || p.GasToken != "" || p.RefundReceiver != "" {
		return errcode.Errorf(errcode.InvalidSignatureParams, "signatureParams: a SAFE-CREATE takes only paymentToken, payment and paymentReceiver")
	}
	v := r.Signature[64]
	if v != 27 && v != 28 {
		return errcode.Errorf(errcode.InvalidSafeSignature, "signature: v is %d; the factory takes the EIP-712 CreateProxy signature with v 27 or 28", v)
	}
	digest := safewallet.CreateProxy{Owner: r.From}.Digest(env.ChainID, env.Factory)
	signer, err := recoverSigner(digest, r.Signature, v)
	if errors.As(err, new(*errcode.Error)) {
		return err
	}
	if err != nil || signer != r.From {
		return errcode.Errorf(errcode.InvalidSafeSignature,
			"signature: it does not recover to from %s over CreateProxy(owner=from, paymentToken=0, payment=0, paymentReceiver=0) under the domain (\"%s\", \"%s\", chainId %d, factory %s)",
			r.From.Hex(), safewallet.FactoryDomainName, safewallet.FactoryDomainVersion, env.ChainID, env.Factory.Hex())
	}
	r.Form = EIP712
	return nil
}

func (r *Request) parseSafe(in relayerapi.SubmitRequest, env Env) error {
	var err error
	if r.To, err = parseAddress("to", in.To, true); err != nil {
		return err
	}
	if r.Data, err = parseHex("data", in.Data, DataBytesMax); err != nil {
		return err
	}
	if in.Nonce == "" {
		return errcode.Errorf(errcode.InvalidPayload, "nonce: the Safe nonce the transaction is signed for is required (GET /nonce?address=<from>&type=SAFE)")
	}
	if r.Nonce, err = parseUint("nonce", in.Nonce); err != nil {
		return err
	}
	if !zeroNumber(in.Value) {
		return errcode.Errorf(errcode.CallNotAllowed, "value: relayed Safe transactions send no coin (send \"0\" or leave it out)")
	}
	p := in.SignatureParams
	switch p.Operation {
	case "", "0":
		r.Operation = safewallet.Call
	case "1":
		r.Operation = safewallet.DelegateCall
	default:
		return errcode.Errorf(errcode.InvalidSignatureParams, "signatureParams.operation %q: 0 (call) or 1 (delegate call, to MultiSendCallOnly only)", p.Operation)
	}
	if !zeroNumber(p.GasPrice) || !zeroNumber(p.SafeTxnGas) || !zeroNumber(p.BaseGas) || !zeroAddress(p.GasToken) || !zeroAddress(p.RefundReceiver) {
		return errcode.Errorf(errcode.InvalidSignatureParams, "signatureParams: gasPrice, safeTxnGas, baseGas, gasToken and refundReceiver must be zero: the relayer pays the gas and takes no refund from the wallet")
	}
	if p.PaymentToken != "" || p.Payment != "" || p.PaymentReceiver != "" {
		return errcode.Errorf(errcode.InvalidSignatureParams, "signatureParams: payment fields belong to a SAFE-CREATE")
	}
	if err := env.Policy.Check(r.To, r.Data, r.Operation); err != nil {
		return err
	}
	r.SafeTxHash = r.SafeTx().Hash(env.ChainID, r.Wallet)
	v := r.Signature[64]
	var digest common.Hash
	switch v {
	case 27, 28:
		r.Form, digest = EIP712, r.SafeTxHash
	case 31, 32:
		r.Form, digest = EthSign, accounts191(r.SafeTxHash)
		v -= 4
	default:
		return errcode.Errorf(errcode.InvalidSafeSignature, "signature: v is %d; a Safe takes v 27/28 (the EIP-712 SafeTx hash signed) or 31/32 (its eth_sign, v + 4)", r.Signature[64])
	}
	signer, err := recoverSigner(digest, r.Signature, v)
	if errors.As(err, new(*errcode.Error)) {
		return err
	}
	if err != nil || signer != r.From {
		return errcode.Errorf(errcode.InvalidSafeSignature,
			"signature: it does not recover to from %s over the SafeTx (to, value 0, data, operation, zero gas fields, nonce %s) of wallet %s on chain %d; its hash is %s",
			r.From.Hex(), r.Nonce, r.Wallet.Hex(), env.ChainID, r.SafeTxHash.Hex())
	}
	return nil
}

// SafeTx is the Safe transaction the owner signed (Safe only).
func (r *Request) SafeTx() safewallet.SafeTx {
	z := new(big.Int)
	return safewallet.SafeTx{To: r.To, Value: z, Data: r.Data, Operation: r.Operation, SafeTxGas: z, BaseGas: z,
		GasPrice: z, Nonce: r.Nonce}
}

// wire normalizes the submission as it is queued and shown.
func (r *Request) wire(in relayerapi.SubmitRequest) relayerapi.SubmitRequest {
	w := relayerapi.SubmitRequest{Type: r.Kind.String(), From: r.From.Hex(), To: r.To.Hex(), ProxyWallet: r.Wallet.Hex(),
		Data: hexutil.Encode(r.Data), Value: "0", Signature: hexutil.Encode(r.Signature), Metadata: in.Metadata}
	if r.Kind == Safe {
		w.Nonce = r.Nonce.String()
		w.SignatureParams = relayerapi.SignatureParams{GasPrice: "0", Operation: fmt.Sprint(uint8(r.Operation)), SafeTxnGas: "0",
			BaseGas: "0", GasToken: zeroAddr, RefundReceiver: zeroAddr}
	} else {
		w.Data = "0x"
		w.SignatureParams = relayerapi.SignatureParams{PaymentToken: zeroAddr, Payment: "0", PaymentReceiver: zeroAddr}
	}
	return w
}

const zeroAddr = "0x0000000000000000000000000000000000000000"

// Key is the idempotency key of what the submission asks the chain to do:
// for a Safe transaction its EIP-712 hash (which commits to the chain,
// the wallet, the call and the Safe nonce, so two signatures of the same
// transaction are one submission); for a deployment the factory and the
// owner (a wallet is created once).
func (r *Request) Key(chainID uint64) common.Hash {
	if r.Kind == Safe {
		return crypto.Keccak256Hash([]byte("pred/relayer/v1/SAFE"), r.SafeTxHash[:])
	}
	var id [8]byte
	binary.BigEndian.PutUint64(id[:], chainID)
	return crypto.Keccak256Hash([]byte("pred/relayer/v1/SAFE-CREATE"), id[:], r.To[:], r.From[:])
}

// TxID returns the transaction id of the gen-th submission of the request
// whose key is key (gen counts the earlier ones that ended INVALID or
// FAILED): a UUID (version 8, RFC 9562's custom layout) of
// keccak256(key ‖ gen), so the same request sent again finds its
// transaction on any replica.
func TxID(key common.Hash, gen uint32) string {
	var g [4]byte
	binary.BigEndian.PutUint32(g[:], gen)
	h := crypto.Keccak256(key[:], g[:])
	h[6] = h[6]&0x0f | 0x80
	h[8] = h[8]&0x3f | 0x80
	x := hex.EncodeToString(h[:16])
	return x[0:8] + "-" + x[8:12] + "-" + x[12:16] + "-" + x[16:20] + "-" + x[20:32]
}

// ValidTxID reports whether s has the form of a transaction id.
func ValidTxID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i, c := range s {
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
				return false
			}
		}
	}
	return true
}

func parseAddress(field, s string, required bool) (common.Address, error) {
	if s == "" && !required {
		return common.Address{}, nil
	}
	if len(s) != 42 || !strings.HasPrefix(s, "0x") || !common.IsHexAddress(s) {
		return common.Address{}, errcode.Errorf(errcode.InvalidAddress, "%s: %q is not 0x followed by 40 hex digits", field, clip(s))
	}
	return common.HexToAddress(s), nil
}

// ParseAddress parses a 0x address for a query parameter.
func ParseAddress(field, s string) (common.Address, error) { return parseAddress(field, s, true) }

func parseHex(field, s string, maxBytes int) ([]byte, error) {
	if !strings.HasPrefix(s, "0x") || len(s)%2 != 0 {
		return nil, errcode.Errorf(errcode.InvalidPayload, "%s: send 0x followed by an even number of hex digits", field)
	}
	if (len(s)-2)/2 > maxBytes {
		return nil, errcode.Errorf(errcode.InvalidPayload, "%s: at most %d bytes", field, maxBytes)
	}
	b, err := hex.DecodeString(s[2:])
	if err != nil {
		return nil, errcode.Errorf(errcode.InvalidPayload, "%s: %v", field, err)
	}
	return b, nil
}

func parseSignature(s string) ([]byte, error) {
	if !strings.HasPrefix(s, "0x") || len(s) != 2+2*signatureBytes {
		return nil, errcode.Errorf(errcode.InvalidSafeSignature, "signature: send 0x followed by 130 hex digits (r ‖ s ‖ v)")
	}
	b, err := hex.DecodeString(s[2:])
	if err != nil {
		return nil, errcode.Errorf(errcode.InvalidSafeSignature, "signature: %v", err)
	}
	return b, nil
}

// parseUint parses a non-negative decimal below 2^256 with no sign,
// leading zeros or spaces.
func parseUint(field, s string) (*big.Int, error) {
	if s == "" || len(s) > 78 || (len(s) > 1 && s[0] == '0') {
		return nil, errcode.Errorf(errcode.InvalidPayload, "%s: send a decimal integer string (\"3\")", field)
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return nil, errcode.Errorf(errcode.InvalidPayload, "%s: send a decimal integer string (\"3\")", field)
		}
	}
	v, _ := new(big.Int).SetString(s, 10)
	if v.BitLen() > 256 {
		return nil, errcode.Errorf(errcode.InvalidPayload, "%s: above 2^256", field)
	}
	return v, nil
}

func zeroNumber(s string) bool { return s == "" || s == "0" }

// zeroAddress: an address field left out ("") or the zero address in
// full; "0x" is not an address.
func zeroAddress(s string) bool { return s == "" || s == zeroAddr }

func clip(s string) string {
	if len(s) > 64 {
		return s[:64] + "…"
	}
	return s
}

// accounts191 is the eth_sign hash of a 32-byte message:
// keccak256("\x19Ethereum Signed Message:\n32" ‖ h).
func accounts191(h common.Hash) common.Hash {
	return crypto.Keccak256Hash([]byte("\x19Ethereum Signed Message:\n32"), h[:])
}

// EthSignHash is the hash an eth_sign (EIP-191) signature of h signs.
func EthSignHash(h common.Hash) common.Hash { return accounts191(h) }

// recoverSigner recovers the signer of digest from r ‖ s and v (27 or
// 28) with the checks an order's signature gets (eip712.RecoverSigner):
// r and s in range, and s low, so that a transaction has one signature
// per signer (the chain would take the malleable twin too). A refusal it
// can name is an *errcode.Error.
func recoverSigner(digest common.Hash, sig []byte, v byte) (common.Address, error) {
	rsv := slices.Clone(sig)
	rsv[64] = v
	signer, err := eip712.RecoverSigner(digest, rsv)
	switch {
	case errors.Is(err, eip712.ErrSignatureHighS):
		return signer, errcode.Errorf(errcode.InvalidSafeSignature,
			"signature: s is in the upper half of the curve order, the malleable twin of a valid signature: normalise it to low s, as ethers, viem and libsecp256k1 do")
	case errors.Is(err, eip712.ErrSignatureRS):
		return signer, errcode.Errorf(errcode.InvalidSafeSignature, "signature: r and s must each be non-zero and below the secp256k1 curve order")
	}
	return signer, err
}
