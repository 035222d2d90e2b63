package request_test

import (
	"crypto/ecdsa"
	"encoding/json"
	"errors"
	"math/big"
	"reflect"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/proto/chain/safewallet"
	"pred.dev/proto/client/relayer"
	"pred.dev/proto/client/relayerapi"
	"pred.dev/proto/errcode"
	"pred.dev/relayer/request"
)

var (
	chainID    uint64 = 31337
	factory           = common.HexToAddress("0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9")
	singleton         = common.HexToAddress("0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0")
	collateral        = common.HexToAddress("0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9")
	stable            = common.HexToAddress("0x5FbDB2315678afecb367f032d93F642f64180aa3")
	ctfAddr           = common.HexToAddress("0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512")
	multiSend         = common.HexToAddress("0x0165878A594ca255338adfa4d48449f69242Eb8F")
	exchange          = common.HexToAddress("0xeB4B9f121088c69A4279e53f2d14dc7242a4E3F8")
	negRisk           = common.HexToAddress("0x2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6")
)

func env() request.Env {
	return request.Env{ChainID: chainID, Factory: factory, InitCodeHash: safewallet.InitCodeHash(singleton),
		Policy: request.Policy{Collateral: collateral, Stablecoin: stable, ConditionalTokens: ctfAddr, MultiSendCallOnly: multiSend}}
}

func clientChain() relayer.Chain {
	return relayer.Chain{ChainID: chainID, SafeFactory: factory, SafeInitCodeHash: safewallet.InitCodeHash(singleton),
		Collateral: collateral, ConditionalTokens: ctfAddr, Exchange: exchange, NegRiskExchange: negRisk, MultiSendCallOnly: multiSend}
}

func newClient(t *testing.T, form relayer.SigForm) *relayer.Client {
	t.Helper()
	key, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	testKeys[crypto.PubkeyToAddress(key.PublicKey)] = key
	return relayer.New("http://unused", relayer.WithPrivateKey(key), relayer.WithChain(clientChain()), relayer.WithSigForm(form))
}

// TestClientHashesAreTheChainPackages: the Go client's own SafeTx and
// CreateProxy hashing (it may not link proto/chain) equals
// proto/chain/safewallet's on random transactions.
func TestClientHashesAreTheChainPackages(t *testing.T) {
	for i := range 50 {
		to := common.BytesToAddress(crypto.Keccak256([]byte{byte(i)}))
		safeAddr := common.BytesToAddress(crypto.Keccak256([]byte{byte(i), 1}))
		data := crypto.Keccak256([]byte{byte(i), 2})[:i%32]
		nonce := big.NewInt(int64(i * 7919))
		op := relayer.Operation(i % 2)
		got := relayer.SafeTx{To: to, Data: data, Operation: op, Nonce: nonce}.Hash(uint64(i+1), safeAddr)
		z := new(big.Int)
		want := safewallet.SafeTx{To: to, Value: z, Data: data, Operation: safewallet.Operation(op), SafeTxGas: z, BaseGas: z,
			GasPrice: z, Nonce: nonce}.Hash(uint64(i+1), safeAddr)
		if got != want {
			t.Fatalf("SafeTx hash %d: client %s, safewallet %s", i, got.Hex(), want.Hex())
		}
		owner := common.BytesToAddress(crypto.Keccak256([]byte{byte(i), 3}))
		if got, want := relayer.CreateProxyDigest(uint64(i+1), safeAddr, owner), (safewallet.CreateProxy{Owner: owner}).Digest(uint64(i+1), safeAddr); got != want {
			t.Fatalf("CreateProxy digest %d: client %s, safewallet %s", i, got.Hex(), want.Hex())
		}
	}
}

// TestBothSignatureForms: a Safe transaction signed over its EIP-712 hash
// (v 27/28) and over the eth_sign of it (v 31/32) both recover to from;
// the key is the same idempotency key, whatever the form.
func TestBothSignatureForms(t *testing.T) {
	var keys []common.Hash
	for _, form := range []relayer.SigForm{relayer.EIP712, relayer.EthSign} {
		c := newClient(t, form)
		s, err := c.SafeRequest(c.Tx(big.NewInt(3), relayer.Approve(collateral, exchange, relayer.MaxUint256)))
		if err != nil {
			t.Fatal(err)
		}
		r, err := request.Parse(s, env())
		if err != nil {
			t.Fatalf("form %d: %v", form, err)
		}
		v := r.Signature[64]
		if form == relayer.EIP712 && r.Form != request.EIP712 && (v == 27 || v == 28) ||
			form == relayer.EthSign && (r.Form != request.EthSign || v < 31) {
			t.Fatalf("form %d parsed as %d with v %d", form, r.Form, v)
		}
		if r.Wallet != c.Wallet() || r.Nonce.Int64() != 3 {
			t.Fatalf("wallet %s nonce %s", r.Wallet.Hex(), r.Nonce)
		}
		keys = append(keys, r.Key(chainID))
	}
	if keys[0] == keys[1] {
		t.Fatal("two different transactions share a key")
	}
	// One transaction in both forms is one key.
	c := newClient(t, relayer.EIP712)
	tx := c.Tx(big.NewInt(0), relayer.Approve(collateral, exchange, big.NewInt(5)))
	a, _ := c.SafeRequest(tx)
	b := a
	sig, _ := relayer.SignSafeTx(keyOf(c), chainID, c.Wallet(), tx, relayer.EthSign)
	b.Signature = hexutil.Encode(sig)
	ra, err1 := request.Parse(a, env())
	rb, err2 := request.Parse(b, env())
	if err1 != nil || err2 != nil || ra.Key(chainID) != rb.Key(chainID) || request.TxID(ra.Key(chainID), 0) != request.TxID(rb.Key(chainID), 0) {
		t.Fatalf("the same transaction in two forms: %v %v", err1, err2)
	}
	if !request.ValidTxID(request.TxID(ra.Key(chainID), 0)) || request.TxID(ra.Key(chainID), 0) == request.TxID(ra.Key(chainID), 1) {
		t.Fatal("transaction ids")
	}
}

// testKeys are the clients' keys, by address.
var testKeys = map[common.Address]*ecdsa.PrivateKey{}

func keyOf(c *relayer.Client) *ecdsa.PrivateKey { return testKeys[c.Address()] }

// TestDeployRequest: the client's SAFE-CREATE parses, with the factory as
// to and the owner's wallet; another owner's signature does not.
func TestDeployRequest(t *testing.T) {
	c := newClient(t, relayer.EIP712)
	s, err := c.DeployRequest()
	if err != nil {
		t.Fatal(err)
	}
	r, err := request.Parse(s, env())
	if err != nil {
		t.Fatal(err)
	}
	if r.Kind != request.SafeCreate || r.To != factory || r.Wallet != c.Wallet() || r.From != c.Address() {
		t.Fatalf("%+v", r)
	}
	other := newClient(t, relayer.EIP712)
	s2, _ := other.DeployRequest()
	s2.From, s2.ProxyWallet = s.From, s.ProxyWallet
	if _, err := request.Parse(s2, env()); !errors.Is(err, errcode.InvalidSafeSignature) {
		t.Fatalf("a foreign signature: %v", err)
	}
	highS := s
	highS.Signature = twin(s.Signature)
	if _, err := request.Parse(highS, env()); !errors.Is(err, errcode.InvalidSafeSignature) {
		t.Fatalf("the malleable twin: %v", err)
	}
	for _, f := range []func(p *relayerapi.SignatureParams){
		func(p *relayerapi.SignatureParams) { p.PaymentToken = "0x" },
		func(p *relayerapi.SignatureParams) { p.PaymentReceiver = "0x" },
	} {
		bad := s
		f(&bad.SignatureParams)
		if _, err := request.Parse(bad, env()); !errors.Is(err, errcode.InvalidSignatureParams) {
			t.Fatalf("%+v: %v", bad.SignatureParams, err)
		}
	}
}

// TestRefusals: each malformed or foreign submission is refused with its
// code, before anything else happens.
func TestRefusals(t *testing.T) {
	c := newClient(t, relayer.EIP712)
	approve := relayer.Approve(collateral, exchange, relayer.MaxUint256)
	good, err := c.SafeRequest(c.Tx(big.NewInt(0), approve))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := request.Parse(good, env()); err != nil {
		t.Fatal(err)
	}
	signed := func(tx relayer.SafeTx) relayerapi.SubmitRequest {
		s, err := c.SafeRequest(tx)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	other := newClient(t, relayer.EIP712)
	foreign, _ := other.SafeRequest(other.Tx(big.NewInt(0), approve))
	foreign.From, foreign.ProxyWallet = good.From, good.ProxyWallet
	mod := func(f func(*relayerapi.SubmitRequest)) relayerapi.SubmitRequest {
		s := good
		f(&s)
		return s
	}
	selfCall := relayer.Call{To: c.Wallet(), Data: common.FromHex("0x0d582f13" + strings.Repeat("00", 64))}       // addOwnerWithThreshold
	exchangeCall := relayer.Call{To: exchange, Data: common.FromHex("0x627cdcb9")}                                // incrementNonce()
	transferFromCTF := relayer.Call{To: ctfAddr, Data: append(common.FromHex("0x2eb2c2d6"), make([]byte, 64)...)} // safeBatchTransferFrom
	cases := []struct {
		name string
		s    relayerapi.SubmitRequest
		code errcode.Code
	}{
		{"unknown type", mod(func(s *relayerapi.SubmitRequest) { s.Type = "CALL" }), errcode.UnsupportedTransactionType},
		{"proxy type", mod(func(s *relayerapi.SubmitRequest) { s.Type = "PROXY" }), errcode.UnsupportedTransactionType},
		{"bad from", mod(func(s *relayerapi.SubmitRequest) { s.From = "0x12" }), errcode.InvalidAddress},
		{"another wallet", mod(func(s *relayerapi.SubmitRequest) { s.ProxyWallet = exchange.Hex() }), errcode.InvalidProxyWallet},
		{"short signature", mod(func(s *relayerapi.SubmitRequest) { s.Signature = s.Signature[:100] }), errcode.InvalidSafeSignature},
		{"v 0", mod(func(s *relayerapi.SubmitRequest) { s.Signature = s.Signature[:130] + "00" }), errcode.InvalidSafeSignature},
		{"v 1 (approved hash)", mod(func(s *relayerapi.SubmitRequest) { s.Signature = s.Signature[:130] + "01" }), errcode.InvalidSafeSignature},
		{"foreign signature", foreign, errcode.InvalidSafeSignature},
		{"other nonce", mod(func(s *relayerapi.SubmitRequest) { s.Nonce = "1" }), errcode.InvalidSafeSignature},
		{"no nonce", mod(func(s *relayerapi.SubmitRequest) { s.Nonce = "" }), errcode.InvalidPayload},
		{"nonce with sign", mod(func(s *relayerapi.SubmitRequest) { s.Nonce = "-1" }), errcode.InvalidPayload},
		{"value", mod(func(s *relayerapi.SubmitRequest) { s.Value = "1" }), errcode.CallNotAllowed},
		{"gas price", mod(func(s *relayerapi.SubmitRequest) { s.SignatureParams.GasPrice = "1" }), errcode.InvalidSignatureParams},
		{"refund receiver", mod(func(s *relayerapi.SubmitRequest) { s.SignatureParams.RefundReceiver = exchange.Hex() }), errcode.InvalidSignatureParams},
		{"operation 2", mod(func(s *relayerapi.SubmitRequest) { s.SignatureParams.Operation = "2" }), errcode.InvalidSignatureParams},
		{"delegate call to USDW", signed(relayer.SafeTx{To: collateral, Data: approve.Data, Operation: relayer.OpDelegateCall, Nonce: big.NewInt(0)}), errcode.CallNotAllowed},
		{"call to the Safe itself", signed(c.Tx(big.NewInt(0), selfCall)), errcode.CallNotAllowed},
		{"call to the exchange", signed(c.Tx(big.NewInt(0), exchangeCall)), errcode.CallNotAllowed},
		{"USDW transferFrom", signed(c.Tx(big.NewInt(0), relayer.Call{To: collateral, Data: append(common.FromHex("0x23b872dd"), make([]byte, 96)...)})), errcode.CallNotAllowed},
		{"CTF batch transfer", signed(c.Tx(big.NewInt(0), transferFromCTF)), errcode.CallNotAllowed},
		{"approve with a trailing byte", signed(c.Tx(big.NewInt(0), relayer.Call{To: collateral, Data: append(approve.Data, 0)})), errcode.CallNotAllowed},
		{"multisend called, not delegate-called", signed(relayer.SafeTx{To: multiSend, Data: clientChain().MultiSend([]relayer.Call{approve}).Data, Nonce: big.NewInt(0)}), errcode.CallNotAllowed},
		{"multisend with a call to the exchange", signed(c.Tx(big.NewInt(0), approve, exchangeCall)), errcode.CallNotAllowed},
		{"multisend nested", signed(c.Tx(big.NewInt(0), approve, relayer.Call{To: multiSend, Data: clientChain().MultiSend([]relayer.Call{approve}).Data})), errcode.CallNotAllowed},
		{"data not hex", mod(func(s *relayerapi.SubmitRequest) { s.Data = "0xzz" }), errcode.InvalidPayload},
		{"high s, the malleable twin", mod(func(s *relayerapi.SubmitRequest) { s.Signature = twin(s.Signature) }), errcode.InvalidSafeSignature},
		{"high s, eth_sign form", twinOf(t, newClient(t, relayer.EthSign)), errcode.InvalidSafeSignature},
		{"gas token spelt 0x", mod(func(s *relayerapi.SubmitRequest) { s.SignatureParams.GasToken = "0x" }), errcode.InvalidSignatureParams},
		{"refund receiver spelt 0x", mod(func(s *relayerapi.SubmitRequest) { s.SignatureParams.RefundReceiver = "0x" }), errcode.InvalidSignatureParams},
		{"metadata too long", mod(func(s *relayerapi.SubmitRequest) { s.Metadata = strings.Repeat("x", 501) }), errcode.InvalidPayload},
	}
	for _, tc := range cases {
		_, err := request.Parse(tc.s, env())
		if !errors.Is(err, tc.code) {
			t.Errorf("%s: %v, want %s", tc.name, err, string(tc.code))
		}
	}
}

// curveOrder is the secp256k1 group order N.
var curveOrder = crypto.S256().Params().N

// twin returns the malleable twin of a signature: s' = N − s with the
// other parity. It recovers to the same key, so a chain that does not
// insist on low s takes it too.
func twin(sig string) string {
	b := hexutil.MustDecode(sig)
	s := new(big.Int).Sub(curveOrder, new(big.Int).SetBytes(b[32:64]))
	s.FillBytes(b[32:64])
	if b[64]%2 == 1 {
		b[64]++
	} else {
		b[64]--
	}
	return hexutil.Encode(b)
}

// twinOf is a valid Safe transaction of c with its signature's twin.
func twinOf(t *testing.T, c *relayer.Client) relayerapi.SubmitRequest {
	s, err := c.SafeRequest(c.Tx(big.NewInt(0), relayer.Approve(collateral, exchange, relayer.MaxUint256)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := request.Parse(s, env()); err != nil {
		t.Fatal(err)
	}
	s.Signature = twin(s.Signature)
	return s
}

// TestTwinRecoversToTheSameKey: the high-s refusals above are refusals
// of a signature the chain would take (ecrecover accepts high s), not of
// a broken one.
func TestTwinRecoversToTheSameKey(t *testing.T) {
	c := newClient(t, relayer.EIP712)
	digest := crypto.Keccak256([]byte("a Safe transaction"))
	sig, err := crypto.Sign(digest, keyOf(c))
	if err != nil {
		t.Fatal(err)
	}
	sig[64] += 27
	tw := hexutil.MustDecode(twin(hexutil.Encode(sig)))
	tw[64] -= 27
	pub, err := crypto.Ecrecover(digest, tw)
	if err != nil || common.BytesToAddress(crypto.Keccak256(pub[1:])[12:]) != c.Address() {
		t.Fatalf("the twin recovers to another key: %v", err)
	}
}

// TestDecode: the body is read strictly. A second from (the last one
// used to win), a second object after the first, a key in another case,
// null, and a signed zero spelt "" are refused; "0x" for the zero
// address decodes but Parse refuses it; the client's own bodies decode
// to what was sent.
func TestDecode(t *testing.T) {
	c := newClient(t, relayer.EIP712)
	create, err := c.DeployRequest()
	if err != nil {
		t.Fatal(err)
	}
	body, err := json.Marshal(create)
	if err != nil {
		t.Fatal(err)
	}
	got, err := request.Decode(body)
	if err != nil || !reflect.DeepEqual(got, create) {
		t.Fatalf("the client's SAFE-CREATE: %+v, %v", got, err)
	}
	if _, err := request.Parse(got, env()); err != nil {
		t.Fatal(err)
	}
	other := newClient(t, relayer.EIP712).Address().Hex()
	respell := func(old, new string) []byte { return []byte(strings.Replace(string(body), old, new, 1)) }
	for _, tc := range []struct {
		name string
		body []byte
		code errcode.Code
	}{
		{"from twice, the signer's last", respell(`"from":`, `"from":"`+other+`","from":`), errcode.InvalidPayload},
		{"a second object", append(append([]byte(nil), body...), body...), errcode.InvalidPayload},
		{"From", respell(`"from":`, `"From":`), errcode.InvalidPayload},
		{"payment null", respell(`"payment":"0"`, `"payment":null`), errcode.InvalidPayload},
		{"payment empty", respell(`"payment":"0"`, `"payment":""`), errcode.InvalidSignatureParams},
		{"payment token empty", respell(`"paymentToken":"0x0000000000000000000000000000000000000000"`, `"paymentToken":""`), errcode.InvalidSignatureParams},
		{"signatureParams null", respell(`"signatureParams":{`, `"signatureParams":null,"x":{`), errcode.InvalidPayload},
		{"not UTF-8", respell(`"from":"`, "\"metadata\":\"\xff\",\"from\":\""), errcode.InvalidPayload},
	} {
		if _, err := request.Decode(tc.body); !errors.Is(err, tc.code) {
			t.Errorf("%s: %v, want %s", tc.name, err, string(tc.code))
		}
	}
	zeroAs0x, err := request.Decode(respell(`"paymentReceiver":"0x0000000000000000000000000000000000000000"`, `"paymentReceiver":"0x"`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := request.Parse(zeroAs0x, env()); !errors.Is(err, errcode.InvalidSignatureParams) {
		t.Fatalf("paymentReceiver \"0x\": %v", err)
	}
	// Leaving the zero fields out is their one other spelling.
	var bare map[string]any
	_ = json.Unmarshal(body, &bare)
	delete(bare, "signatureParams")
	b, _ := json.Marshal(bare)
	if in, err := request.Decode(b); err != nil {
		t.Fatal(err)
	} else if _, err := request.Parse(in, env()); err != nil {
		t.Fatalf("a SAFE-CREATE without signatureParams: %v", err)
	}
}

// TestMultiSendBatch: the client's onboarding batch parses into the four
// approvals, and a batch with a delegate call or value inside, or a
// trailing byte, does not.
func TestMultiSendBatch(t *testing.T) {
	ch := clientChain()
	tx := ch.MultiSend(ch.TradingApprovals())
	calls, err := env().Policy.Calls(tx.To, tx.Data, safewallet.DelegateCall)
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) != 4 || calls[0].To != collateral || calls[1].To != ctfAddr {
		t.Fatalf("calls %+v", calls)
	}
	approve := relayer.Approve(collateral, exchange, big.NewInt(1))
	entry := func(op byte, value byte) []byte {
		b := append([]byte{op}, collateral[:]...)
		v := make([]byte, 32)
		v[31] = value
		b = append(b, v...)
		l := make([]byte, 32)
		l[31] = byte(len(approve.Data))
		b = append(b, l...)
		return append(b, approve.Data...)
	}
	if _, err := request.UnpackMultiSend(entry(0, 0)); err != nil {
		t.Fatal(err)
	}
	for name, b := range map[string][]byte{
		"delegate call": entry(1, 0), "value": entry(0, 1), "trailing byte": append(entry(0, 0), 0),
		"cut short": entry(0, 0)[:100],
	} {
		packed := multiSendCalldata(b)
		if _, err := env().Policy.Calls(multiSend, packed, safewallet.DelegateCall); !errors.Is(err, errcode.CallNotAllowed) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func multiSendCalldata(packed []byte) []byte {
	word := func(n int) []byte { w := make([]byte, 32); w[30], w[31] = byte(n>>8), byte(n); return w }
	data := append(crypto.Keccak256([]byte("multiSend(bytes)"))[:4], word(32)...)
	data = append(data, word(len(packed))...)
	data = append(data, packed...)
	if pad := len(packed) % 32; pad != 0 {
		data = append(data, make([]byte, 32-pad)...)
	}
	return data
}
