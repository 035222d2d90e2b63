package client_test

import (
	"bytes"
	"crypto/ecdsa"
	"encoding/json"
	"flag"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/client/gamma"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/client/relayer"
	"pred.dev/proto/wallet"
)

// The TypeScript client (gateway-clob/web/client) must sign exactly as this
// SDK does. Its tests check every vector in tsVectorsFile, which this test
// computes with the Go code: `go test -run TestTSVectors -rewrite-ts-vectors`
// writes it, and without the flag the test fails when the file is stale.
var rewriteTSVectors = flag.Bool("rewrite-ts-vectors", false, "rewrite the TypeScript client's signing vectors")

// tsVectorsFile is relative to this module's directory.
const tsVectorsFile = "../../gateway-clob/web/client/test/vectors.json"

// Fixed inputs of the vectors: a well-known test key (anvil's first
// account), made-up contracts and credentials.
const (
	vecKey          = "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"
	vecChainID      = 1337
	vecExchange     = "0x1111111111111111111111111111111111111111"
	vecNegRisk      = "0x2222222222222222222222222222222222222222"
	vecFactory      = "0x3333333333333333333333333333333333333333"
	vecInitCodeHash = "0x2bce2127ff07fb632d16c8347c4ebf501f4841168bed00d9e6ef715ddb6fcecf"
	vecTokenID      = "71321045679252212594626385532706912750332728571942532289631379312455583992563"
)

var vecCreds = clobapi.APICreds{
	APIKey:     "5d1f0b9a-7c2e-4f1a-9b3d-2e6a8c4f0d11",
	Secret:     "c2VjcmV0LWJ5dGVzLWZvci10aGUtdHMtdmVjdG9ycy0xMjM0NTY3ODkw_-A=",
	Passphrase: "0f3a9c2e7b1d4a6f8e0c5b2d9a7f1e3c",
}

type tsVectors struct {
	Key             string           `json:"key"`
	Address         string           `json:"address"`
	ChainID         uint64           `json:"chainId"`
	Exchange        string           `json:"exchange"`
	NegRiskExchange string           `json:"negRiskExchange"`
	Factory         string           `json:"factory"`
	InitCodeHash    string           `json:"initCodeHash"`
	ProxyWallet     string           `json:"proxyWallet"`
	Creds           clobapi.APICreds `json:"creds"`
	Orders          []orderVector    `json:"orders"`
	BadOrders       []orderVector    `json:"badOrders"`
	L1              []l1Vector       `json:"l1"`
	L2              []l2Vector       `json:"l2"`
	Login           []loginVector    `json:"login"`
	Relayer         relayerVectors   `json:"relayer"`
}

// relayerVectors are the owner's signatures of the relayer's onboarding:
// the factory's CreateProxy, and Safe transactions (the trading
// approvals in one MultiSend, and a plain call) in both signature forms.
type relayerVectors struct {
	MultiSendCallOnly string         `json:"multiSendCallOnly"`
	Collateral        string         `json:"collateral"`
	ConditionalTokens string         `json:"conditionalTokens"`
	CreateProxySig    string         `json:"createProxySignature"`
	SafeTxs           []safeTxVector `json:"safeTxs"`
}

type safeTxVector struct {
	Name       string `json:"name"`
	To         string `json:"to"`
	Data       string `json:"data"`
	Operation  uint8  `json:"operation"`
	Nonce      uint64 `json:"nonce"`
	Hash       string `json:"hash"`
	SigEIP712  string `json:"signatureEip712"`
	SigEthSign string `json:"signatureEthSign"`
}

// orderVector is one BuildOrder call: its arguments, the client's setup
// (proxy wallet, scope), and the request and order id it gives.
type orderVector struct {
	Args    clob.OrderArgs            `json:"args"`
	Proxy   bool                      `json:"proxy"`
	ScopeID string                    `json:"scopeId"`
	Request *clobapi.PostOrderRequest `json:"request,omitempty"`
	OrderID string                    `json:"orderId,omitempty"`
	Error   string                    `json:"error,omitempty"`
}

type l1Vector struct {
	Timestamp string            `json:"timestamp"`
	Nonce     string            `json:"nonce"`
	ScopeID   string            `json:"scopeId"`
	Headers   map[string]string `json:"headers"`
}

type l2Vector struct {
	Timestamp string            `json:"timestamp"`
	Method    string            `json:"method"`
	Path      string            `json:"path"`
	Body      string            `json:"body"`
	ScopeID   string            `json:"scopeId"`
	Headers   map[string]string `json:"headers"`
}

type loginVector struct {
	Nonce   gammaapi.NonceResponse `json:"nonce"`
	Request gammaapi.LoginRequest  `json:"request"`
}

func TestTSVectors(t *testing.T) {
	t.Parallel()
	got, err := json.MarshalIndent(buildTSVectors(t), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	path := filepath.FromSlash(tsVectorsFile)
	if *rewriteTSVectors {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v: run go test -run TestTSVectors -rewrite-ts-vectors in proto/client", err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is stale: run go test -run TestTSVectors -rewrite-ts-vectors in proto/client and commit it", tsVectorsFile)
	}
}

func buildTSVectors(t *testing.T) tsVectors {
	key, err := crypto.HexToECDSA(vecKey)
	if err != nil {
		t.Fatal(err)
	}
	addr := crypto.PubkeyToAddress(key.PublicKey)
	factory, ich := common.HexToAddress(vecFactory), common.HexToHash(vecInitCodeHash)
	v := tsVectors{
		Key: "0x" + vecKey, Address: addr.Hex(), ChainID: vecChainID,
		Exchange: vecExchange, NegRiskExchange: vecNegRisk,
		Factory: vecFactory, InitCodeHash: vecInitCodeHash,
		ProxyWallet: wallet.ProxyAddress(factory, ich, addr).Hex(),
		Creds:       vecCreds,
	}
	client := func(proxy bool, scope string) *clob.Client {
		opts := []clob.Option{
			clob.WithPrivateKey(key),
			clob.WithChain(vecChainID, common.HexToAddress(vecExchange), common.HexToAddress(vecNegRisk)),
			clob.WithCreds(vecCreds), clob.WithScope(scope),
		}
		if proxy {
			opts = append(opts, clob.WithProxyWallet(factory, ich))
		}
		return clob.New("http://unused", opts...)
	}
	for _, o := range tsOrderCases() {
		req, id, err := client(o.Proxy, o.ScopeID).BuildOrder(o.Args)
		if err != nil {
			o.Error = err.Error()
			v.BadOrders = append(v.BadOrders, o)
			continue
		}
		o.Request, o.OrderID = req, id
		v.Orders = append(v.Orders, o)
	}
	for _, l := range []l1Vector{
		{Timestamp: "1767225600", Nonce: "00112233445566778899aabbccddeeff"},
		{Timestamp: "1767225601", Nonce: "0", ScopeID: "acme"},
	} {
		h, err := client(false, l.ScopeID).L1Headers(l.Timestamp, l.Nonce)
		if err != nil {
			t.Fatal(err)
		}
		l.Headers = flatHeaders(h)
		v.L1 = append(v.L1, l)
	}
	for _, l := range []l2Vector{
		{Timestamp: "1767225600", Method: "GET", Path: "/data/orders"},
		{Timestamp: "1767225600", Method: "GET", Path: "/balance-allowance?asset_type=COLLATERAL"},
		{Timestamp: "1767225602", Method: "DELETE", Path: "/order", Body: `{"orderID":"0xabc"}`, ScopeID: "acme"},
		{Timestamp: "1767225603", Method: "POST", Path: "/order", Body: `{"order":{"salt":1,"side":"BUY"},"owner":"k","orderType":"GTC"}`},
	} {
		h, err := client(false, l.ScopeID).L2Headers(l.Timestamp, l.Method, l.Path, []byte(l.Body))
		if err != nil {
			t.Fatal(err)
		}
		l.Headers = flatHeaders(h)
		v.L2 = append(v.L2, l)
	}
	for _, n := range []gammaapi.NonceResponse{
		{Nonce: "8f2c1e0a9b7d", IssuedAt: "2026-01-01T00:00:00Z", ChainID: vecChainID, Statement: "Sign in to pred"},
		{Nonce: "n-2", ScopeID: "acme", IssuedAt: "2026-01-01T00:00:05Z", ChainID: 137, Statement: "Sign in to pred (acme)"},
	} {
		req, err := gamma.SignLogin(key, n)
		if err != nil {
			t.Fatal(err)
		}
		v.Login = append(v.Login, loginVector{Nonce: n, Request: req})
	}
	v.Relayer = buildRelayerVectors(t, key, factory, ich, common.HexToAddress(v.ProxyWallet))
	return v
}

// Made-up addresses of the contracts the onboarding calls.
const (
	vecMultiSend         = "0x4444444444444444444444444444444444444444"
	vecCollateral        = "0x5555555555555555555555555555555555555555"
	vecConditionalTokens = "0x6666666666666666666666666666666666666666"
)

func buildRelayerVectors(t *testing.T, key *ecdsa.PrivateKey, factory common.Address, ich common.Hash, safe common.Address) relayerVectors {
	chain := relayer.Chain{
		ChainID: vecChainID, SafeFactory: factory, SafeInitCodeHash: ich,
		Collateral: common.HexToAddress(vecCollateral), ConditionalTokens: common.HexToAddress(vecConditionalTokens),
		Exchange: common.HexToAddress(vecExchange), NegRiskExchange: common.HexToAddress(vecNegRisk),
		MultiSendCallOnly: common.HexToAddress(vecMultiSend),
	}
	sig, err := relayer.SignCreateProxy(key, vecChainID, factory)
	if err != nil {
		t.Fatal(err)
	}
	rv := relayerVectors{
		MultiSendCallOnly: vecMultiSend, Collateral: vecCollateral, ConditionalTokens: vecConditionalTokens,
		CreateProxySig: hexutil.Encode(sig),
	}
	transfer := relayer.Transfer(chain.Collateral, common.HexToAddress(vecExchange), big.NewInt(12_500_000))
	for _, c := range []struct {
		name  string
		tx    relayer.SafeTx
		nonce int64
	}{
		{"approvals", chain.MultiSend(chain.TradingApprovals()), 0},
		{"transfer", relayer.SafeTx{To: transfer.To, Data: transfer.Data}, 7},
	} {
		c.tx.Nonce = big.NewInt(c.nonce)
		typed, err := relayer.SignSafeTx(key, vecChainID, safe, c.tx, relayer.EIP712)
		if err != nil {
			t.Fatal(err)
		}
		eth, err := relayer.SignSafeTx(key, vecChainID, safe, c.tx, relayer.EthSign)
		if err != nil {
			t.Fatal(err)
		}
		rv.SafeTxs = append(rv.SafeTxs, safeTxVector{
			Name: c.name, To: c.tx.To.Hex(), Data: hexutil.Encode(c.tx.Data), Operation: uint8(c.tx.Operation),
			Nonce: uint64(c.nonce), Hash: c.tx.Hash(vecChainID, safe).Hex(),
			SigEIP712: hexutil.Encode(typed), SigEthSign: hexutil.Encode(eth),
		})
	}
	return rv
}

// tsOrderCases cover both sides, both exchanges, EOA and proxy makers, a
// scope, GTD with an expiration, fee and nonce, the makers' options, the
// tick extremes, and
// arguments BuildOrder refuses (its rounding rules: no rounding at all).
func tsOrderCases() []orderVector {
	a := func(side, price, size string) clob.OrderArgs {
		return clob.OrderArgs{TokenID: vecTokenID, Side: side, Price: price, Size: size, Salt: 123456789}
	}
	gtd := a("SELL", "0.57", "12.5")
	gtd.OrderType, gtd.Expiration, gtd.FeeRateBps, gtd.Nonce, gtd.Salt = "GTD", 1767229200, 20, 3, 9007199254740991
	fok := a("BUY", "0.0125", "40")
	fok.OrderType, fok.NegRisk = "FOK", true
	post := a("BUY", "0.99", "0.01")
	post.PostOnly = true
	// The market makers' options: not signed, sent in the envelope.
	maker := a("SELL", "0.42", "25")
	maker.PostOnly, maker.SelfTradePrevention, maker.CancelOnHalt, maker.OrderGroupID = true, clobapi.SelfTradeCancelTaker, true, 7
	return []orderVector{
		{Args: a("BUY", "0.5", "10")},
		{Args: a("SELL", "0.01", "100")},
		{Args: a("BUY", "0.57", "100"), Proxy: true},
		{Args: gtd, Proxy: true, ScopeID: "acme"},
		{Args: fok},
		{Args: post},
		{Args: maker, Proxy: true},
		{Args: a("BUY", "0.123", "3.33")},
		{Args: a("BUY", "0.123456", "0.01")},
		{Args: a("BUY", "0.5", "10.001")},
		{Args: a("BUY", "1.01", "10")},
		{Args: a("SELL", "0.995", "10")},
		{Args: a("BUY", "0.5", "0")},
		{Args: a("BUY", "0.5000001", "10")},
		{Args: a("BUY", "1e-2", "10")},
		{Args: a("HOLD", "0.5", "10")},
	}
}

// flatHeaders keeps each header under its exact PRED_* name.
func flatHeaders(h map[string][]string) map[string]string {
	out := map[string]string{}
	for _, name := range []string{clobapi.HeaderAddress, clobapi.HeaderSignature, clobapi.HeaderTimestamp,
		clobapi.HeaderNonce, clobapi.HeaderAPIKey, clobapi.HeaderPassphrase, clobapi.HeaderScopeID} {
		if vs := h[http.CanonicalHeaderKey(name)]; len(vs) > 0 {
			out[name] = vs[0]
		}
	}
	return out
}
