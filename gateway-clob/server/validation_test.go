package server_test

import (
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"google.golang.org/protobuf/proto"

	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/eip712"
	"pred.dev/proto/errcode"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/eventually"
	"pred.dev/proto/wallet"
)

// orderCase describes one signed order: the struct is built from sane
// defaults (BUY 10 YES at 0.50, fee 10 bps, EOA), changed by sign before
// signing and by env after, so a case can break any single rule.
type orderCase struct {
	name   string
	sign   func(o *eip712.Order)
	env    func(r *clobapi.PostOrderRequest)
	raw    string                   // a literal body instead of a built order
	text   func(body string) string // rewrites the built body's JSON text
	signer *ecdsa.PrivateKey
	domain common.Address
	code   errcode.Code
}

func defaultOrder(addr common.Address) *eip712.Order {
	o := &eip712.Order{Maker: addr, Signer: addr, Side: eip712.SideBuy, SignatureType: eip712.SignatureEOA}
	o.Salt.SetUint64(12345)
	o.TokenID.SetUint64(1001)
	o.MakerAmount.SetUint64(5_000_000)
	o.TakerAmount.SetUint64(10_000_000)
	o.FeeRateBps.SetUint64(10)
	return o
}

// buildCase signs the case's order with key (or the case's signer) and
// returns the JSON body.
func buildCase(t *testing.T, c orderCase, key *ecdsa.PrivateKey, apiKey string) []byte {
	t.Helper()
	if c.raw != "" {
		return []byte(strings.ReplaceAll(c.raw, "OWNER", apiKey))
	}
	addr := crypto.PubkeyToAddress(key.PublicKey)
	o := defaultOrder(addr)
	if c.sign != nil {
		c.sign(o)
	}
	signer, domain := key, testExchange
	if c.signer != nil {
		signer = c.signer
	}
	if c.domain != (common.Address{}) {
		domain = c.domain
	}
	sig, err := eip712.SignOrder(signer, eip712.OrderDomain(testChainID, domain).Separator(), o)
	if err != nil {
		t.Fatal(err)
	}
	req := &clobapi.PostOrderRequest{Order: client.OrderJSON(o, sig), Owner: apiKey, OrderType: "GTC"}
	if c.env != nil {
		c.env(req)
	}
	body, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	if c.text != nil {
		body = []byte(c.text(string(body)))
	}
	return body
}

// respell replaces the first old in a body.
func respell(old, new string) func(string) string {
	return func(body string) string { return strings.Replace(body, old, new, 1) }
}

func amounts(maker, taker uint64) func(o *eip712.Order) {
	return func(o *eip712.Order) { o.MakerAmount.SetUint64(maker); o.TakerAmount.SetUint64(taker) }
}

// TestOrderValidationTable sends one order per rule, each breaking only
// that rule, and checks the status and code, and that nothing at all
// reached the command log.
func TestOrderValidationTable(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	c, key := h.newClient(0)
	creds, err := c.CreateOrDeriveAPIKey(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	h.fund(c.Address(), 100) // for the valid control order
	other, _ := crypto.GenerateKey()
	eoa := crypto.PubkeyToAddress(key.PublicKey)
	now := uint64(time.Now().Unix())
	cases := []orderCase{
		{name: "malformed JSON", raw: `{"order":`, code: errcode.InvalidOrderPayload},
		{name: "salt is a float", raw: `{"order":{"salt":1.5},"owner":"OWNER"}`, code: errcode.InvalidOrderPayload},
		{name: "owner is another key", env: func(r *clobapi.PostOrderRequest) { r.Owner = "00000000-0000-0000-0000-000000000000" }, code: errcode.InvalidOrderOwner},
		{name: "unknown order type", env: func(r *clobapi.PostOrderRequest) { r.OrderType = "IOC" }, code: errcode.InvalidOrderType},
		{name: "post-only FOK", env: func(r *clobapi.PostOrderRequest) { r.OrderType, r.PostOnly = "FOK", true }, code: errcode.InvalidPostOnlyOrderType},
		{name: "lowercase side", env: func(r *clobapi.PostOrderRequest) { r.Order.Side = "buy" }, code: errcode.InvalidOrderSide},
		{name: "maker not an address", env: func(r *clobapi.PostOrderRequest) { r.Order.Maker = "0x1234" }, code: errcode.InvalidOrderPayload},
		{name: "token id not decimal", env: func(r *clobapi.PostOrderRequest) { r.Order.TokenID = "0x3e9" }, code: errcode.InvalidTokenID},
		{name: "amount in exponent form", env: func(r *clobapi.PostOrderRequest) { r.Order.MakerAmount = "5e6" }, code: errcode.InvalidOrderPayload},
		{name: "amount beyond 64 bits", env: func(r *clobapi.PostOrderRequest) { r.Order.TakerAmount = "18446744073709551616" }, code: errcode.InvalidOrderPayload},
		{name: "signature type 1", sign: func(o *eip712.Order) { o.SignatureType = eip712.SignaturePolyProxy }, code: errcode.InvalidSignatureType},
		{name: "signature type 3", sign: func(o *eip712.Order) { o.SignatureType = 3 }, code: errcode.InvalidSignatureType},
		{name: "short signature", env: func(r *clobapi.PostOrderRequest) { r.Order.Signature = "0x1234" }, code: errcode.InvalidSignature},
		{name: "signer is not the key's wallet", signer: other, sign: func(o *eip712.Order) {
			a := crypto.PubkeyToAddress(other.PublicKey)
			o.Signer, o.Maker = a, a
		}, code: errcode.InvalidOrderSigner},
		{name: "private taker", sign: func(o *eip712.Order) { o.Taker = common.HexToAddress("0x01") }, code: errcode.InvalidOrderTaker},
		{name: "EOA order for another maker", sign: func(o *eip712.Order) { o.Maker = common.HexToAddress("0x02") }, code: errcode.InvalidOrderMaker},
		{name: "proxy order with the EOA as maker", sign: func(o *eip712.Order) { o.SignatureType = eip712.SignaturePolyGnosisSafe }, code: errcode.InvalidOrderMaker},
		{name: "GTC with an expiration", sign: func(o *eip712.Order) { o.Expiration.SetUint64(now + 3600) }, code: errcode.InvalidOrderExpiration},
		{name: "GTD already expired", sign: func(o *eip712.Order) { o.Expiration.SetUint64(now - 1) },
			env: func(r *clobapi.PostOrderRequest) { r.OrderType = "GTD" }, code: errcode.InvalidOrderExpiration},
		{name: "GTD without expiration", env: func(r *clobapi.PostOrderRequest) { r.OrderType = "GTD" }, code: errcode.InvalidOrderExpiration},
		{name: "unknown token", sign: func(o *eip712.Order) { o.TokenID.SetUint64(999) }, code: errcode.TokenNotFound},
		{name: "price off the tick grid", sign: amounts(5_550_000, 10_000_000), code: errcode.InvalidOrderMinTickSize},
		{name: "price above 0.99", sign: amounts(9_950_000, 10_000_000), code: errcode.InvalidOrderPrice},
		{name: "price below 0.01", sign: amounts(50_000, 10_000_000), code: errcode.InvalidOrderPrice},
		{name: "size not whole lots", sign: amounts(5_002_500, 10_005_000), code: errcode.InvalidOrderAmounts},
		{name: "zero size", sign: amounts(0, 0), code: errcode.InvalidOrderAmounts},
		{name: "size below the minimum", sign: amounts(2_000_000, 4_000_000), code: errcode.InvalidOrderMinSize},
		{name: "size above the maximum", sign: amounts(10_000_000_000, 20_000_000_000), code: errcode.InvalidOrderMaxSize},
		{name: "fee below the market's", sign: func(o *eip712.Order) { o.FeeRateBps.SetUint64(5) }, code: errcode.InvalidOrderFeeRateTooLow},
		{name: "fee above 1000", sign: func(o *eip712.Order) { o.FeeRateBps.SetUint64(1001) }, code: errcode.InvalidOrderFeeRateTooHigh},
		{name: "signed by another key", signer: other, code: errcode.InvalidSignature},
		{name: "neg-risk market signed for the plain exchange", sign: func(o *eip712.Order) { o.TokenID.SetUint64(2001) }, code: errcode.InvalidSignature},
		{name: "plain market signed for the neg-risk exchange", domain: testNegRisk, code: errcode.InvalidSignature},
		{name: "field changed after signing", env: func(r *clobapi.PostOrderRequest) { r.Order.Salt++ }, code: errcode.InvalidSignature},
		{name: "wrong chain", env: func(r *clobapi.PostOrderRequest) {
			o := defaultOrder(eoa)
			sig, _ := eip712.SignOrder(key, eip712.OrderDomain(137, testExchange).Separator(), o)
			r.Order.Signature = hexutil.Encode(sig)
		}, code: errcode.InvalidSignature},
		{name: "scope differs from the key's", env: func(r *clobapi.PostOrderRequest) { r.Order.ScopeID = "tenant-b" }, code: errcode.ScopeMismatch},
		{name: "signed for a scope, sent without it", sign: func(o *eip712.Order) { o.ScopeID = "tenant-b" },
			env: func(r *clobapi.PostOrderRequest) { r.Order.ScopeID = "" }, code: errcode.InvalidSignature},
		{name: "taker is the other exchange", sign: func(o *eip712.Order) { o.Taker = testNegRisk }, code: errcode.InvalidOrderTaker},
		// Spellings nobody documented: the OpenAPI document allows one.
		{name: "lowercase order type", env: func(r *clobapi.PostOrderRequest) { r.OrderType = "gtc" }, code: errcode.InvalidOrderType},
		{name: "empty order type", env: func(r *clobapi.PostOrderRequest) { r.OrderType = "" }, code: errcode.InvalidOrderType},
		{name: "upper-case owner", env: func(r *clobapi.PostOrderRequest) { r.Owner = strings.ToUpper(r.Owner) }, code: errcode.InvalidOrderOwner},
		{name: "leading zero in makerAmount", env: func(r *clobapi.PostOrderRequest) { r.Order.MakerAmount = "0" + r.Order.MakerAmount }, code: errcode.InvalidOrderPayload},
		{name: "plus sign in takerAmount", env: func(r *clobapi.PostOrderRequest) { r.Order.TakerAmount = "+" + r.Order.TakerAmount }, code: errcode.InvalidOrderPayload},
		{name: "expiration 00", env: func(r *clobapi.PostOrderRequest) { r.Order.Expiration = "00" }, code: errcode.InvalidOrderPayload},
		{name: "nonce with a space", env: func(r *clobapi.PostOrderRequest) { r.Order.Nonce = " 0" }, code: errcode.InvalidOrderPayload},
		{name: "fee rate 010", env: func(r *clobapi.PostOrderRequest) { r.Order.FeeRateBps = "010" }, code: errcode.InvalidOrderPayload},
		{name: "token id with a leading zero", env: func(r *clobapi.PostOrderRequest) { r.Order.TokenID = "0" + r.Order.TokenID }, code: errcode.InvalidTokenID},
		{name: "salt string with a leading zero", raw: `{"order":{"salt":"012345"},"owner":"OWNER"}`, code: errcode.InvalidOrderPayload},
		{name: "signature type \"00\"", raw: `{"order":{"salt":1,"signatureType":"00"},"owner":"OWNER"}`, code: errcode.InvalidOrderPayload},
		// JSON spellings encoding/json reads loosely: each body is the
		// valid default order, respelt.
		{name: "taker null", text: respell(`"taker":"0x0000000000000000000000000000000000000000"`, `"taker":null`), code: errcode.InvalidOrderPayload},
		{name: "taker empty", text: respell(`"taker":"0x0000000000000000000000000000000000000000"`, `"taker":""`), code: errcode.InvalidOrderPayload},
		{name: "maker twice, the last one signed", text: respell(`"maker":`, `"maker":"0x0000000000000000000000000000000000000002","maker":`), code: errcode.InvalidOrderPayload},
		{name: "a signed key in another case", text: respell(`"feeRateBps":`, `"FeeRateBps":`), code: errcode.InvalidOrderPayload},
		{name: "order key in another case", text: respell(`"order":`, `"Order":`), code: errcode.InvalidOrderPayload},
		{name: "a second object after the order", text: func(b string) string { return b + b }, code: errcode.InvalidOrderPayload},
		{name: "owner null", text: respell(`"owner":"`, `"owner":null,"x":"`), code: errcode.InvalidOrderPayload},
	}
	before := h.commandCount()
	for _, tc := range cases {
		body := buildCase(t, tc, key, creds.APIKey)
		resp, data := h.do(0, http.MethodPost, "/order", body, l2Headers(t, c, http.MethodPost, "/order", body))
		var eb clobapi.ErrorBody
		_ = json.Unmarshal(data, &eb)
		if resp.StatusCode != tc.code.Status() || eb.Code != string(tc.code) || len(eb.Error) < 10 {
			t.Errorf("%s: %d %s %q, want %d %s", tc.name, resp.StatusCode, eb.Code, eb.Error, tc.code.Status(), string(tc.code))
		}
	}
	if n := h.commandCount(); n != before {
		t.Fatalf("invalid orders appended %d commands to the log", n-before)
	}
	// The control: the default order itself is valid and does reach the log.
	body := buildCase(t, orderCase{}, key, creds.APIKey)
	if resp, data := h.do(0, http.MethodPost, "/order", body, l2Headers(t, c, http.MethodPost, "/order", body)); resp.StatusCode != 200 {
		t.Fatalf("the default order was refused: %s", data)
	}
	if n := h.commandCount(); n != before+1 {
		t.Fatalf("the valid order made %d commands, want 1", n-before)
	}
}

// TestTakerAndOrderTypeForms: the spec's "normally the exchange
// contract" taker is accepted on both kinds of market, and an absent
// orderType means GTC.
func TestTakerAndOrderTypeForms(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	c, key := h.newClient(0)
	creds, err := c.CreateOrDeriveAPIKey(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	h.fund(c.Address(), 100)
	cases := []orderCase{
		{name: "taker is the exchange", sign: func(o *eip712.Order) { o.Taker = testExchange; o.Salt.SetUint64(1) }},
		{name: "taker is the neg-risk exchange on a neg-risk market", domain: testNegRisk,
			sign: func(o *eip712.Order) { o.Taker, o.Salt = testNegRisk, *o.Salt.SetUint64(2); o.TokenID.SetUint64(2001) }},
		{name: "GTD one second ahead", sign: func(o *eip712.Order) { o.Salt.SetUint64(3); o.Expiration.SetUint64(uint64(time.Now().Unix()) + 2) },
			env: func(r *clobapi.PostOrderRequest) { r.OrderType = "GTD" }},
		{name: "no orderType", sign: func(o *eip712.Order) { o.Salt.SetUint64(4) }, env: func(r *clobapi.PostOrderRequest) { r.OrderType = "OMIT" }},
	}
	for _, tc := range cases {
		body := buildCase(t, tc, key, creds.APIKey)
		body = []byte(strings.Replace(string(body), `,"orderType":"OMIT"`, "", 1))
		resp, data := h.do(0, http.MethodPost, "/order", body, l2Headers(t, c, http.MethodPost, "/order", body))
		var out clobapi.OrderResponse
		if err := json.Unmarshal(data, &out); resp.StatusCode != 200 || err != nil || !out.Success || out.Status != "live" {
			t.Errorf("%s: %d %s", tc.name, resp.StatusCode, data)
		}
	}
}

// TestTakerRefusalStatesTheRule: the taker rule accepts the zero address
// and the market's exchange, and INVALID_ORDER_TAKER says both, in the
// code table every document shows and in the answer (which names the
// market's exchange). The table once said only the zero address.
func TestTakerRefusalStatesTheRule(t *testing.T) {
	t.Parallel()
	if m := errcode.InvalidOrderTaker.Message(); !strings.Contains(m, "zero address") || !strings.Contains(m, "exchange contract") {
		t.Errorf("INVALID_ORDER_TAKER's message %q does not name both accepted takers", m)
	}
	h := newHarness(t)
	c, key := h.newClient(0)
	creds, err := c.CreateOrDeriveAPIKey(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	body := buildCase(t, orderCase{sign: func(o *eip712.Order) { o.Taker = common.HexToAddress("0x01") }}, key, creds.APIKey)
	_, data := h.do(0, http.MethodPost, "/order", body, l2Headers(t, c, http.MethodPost, "/order", body))
	var eb clobapi.ErrorBody
	if err := json.Unmarshal(data, &eb); err != nil || eb.Code != string(errcode.InvalidOrderTaker) ||
		!strings.Contains(eb.Error, "zero address") || !strings.Contains(eb.Error, testExchange.Hex()) {
		t.Errorf("a private taker: %s, want INVALID_ORDER_TAKER naming the zero address and %s", data, testExchange.Hex())
	}
}

// TestProxyWalletOrders: signatureType 2 with the CREATE2 proxy wallet as
// maker is refused MAKER_WALLET_NOT_DEPLOYED until the engine has seen the
// wallet deployed (WalletDeployed, which the settler's chain watcher
// appends), accepted after, and reads default to that wallet.
func TestProxyWalletOrders(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	c := h.funded(0, 100, client.WithProxyWallet(testFactory, testInitCodeHash))
	ctx := context.Background()
	if want := wallet.ProxyAddress(testFactory, testInitCodeHash, c.Address()); c.Funder() != want {
		t.Fatalf("funder %s, want %s", c.Funder().Hex(), want.Hex())
	}
	if _, err := c.CreateAndPostOrder(ctx, buyArgs("0.3", "5")); !errors.Is(err, errcode.MakerWalletNotDeployed) {
		t.Fatalf("an order of an undeployed proxy wallet: %v, want %s", err, errcode.MakerWalletNotDeployed)
	}
	h.submit(func(cmd *pb.Command) {
		cmd.Body = &pb.Command_WalletDeployed{WalletDeployed: &pb.WalletDeployed{Owner: c.Address().Bytes(), Wallet: c.Funder().Bytes()}}
	})
	resp, err := c.CreateAndPostOrder(ctx, buyArgs("0.3", "5"))
	if err != nil {
		t.Fatal(err)
	}
	o, err := c.GetOrder(ctx, resp.OrderID)
	if err != nil || o.MakerAddress != c.Funder().Hex() {
		t.Fatalf("order %+v, %v", o, err)
	}
	all, err := c.AllOrders(ctx, client.OrderParams{})
	if err != nil || len(all) != 1 {
		t.Fatalf("orders of the proxy wallet: %+v, %v", all, err)
	}
	eoaOnly, err := c.GetOrders(ctx, client.OrderParams{SignatureType: "0"})
	if err != nil || eoaOnly.Count != 0 {
		t.Fatalf("orders of the EOA: %+v, %v", eoaOnly, err)
	}
	// Cancel-all covers both wallets of the key.
	cr, err := c.CancelAll(ctx)
	if err != nil || len(cr.Canceled) != 1 || cr.Canceled[0] != resp.OrderID {
		t.Fatalf("cancel-all: %+v, %v", cr, err)
	}
}

// TestBatchOrders: POST /orders answers per element, places the valid
// ones, and refuses more than 15 outright.
func TestBatchOrders(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	c, key := h.newClient(0)
	ctx := context.Background()
	if _, err := c.CreateOrDeriveAPIKey(ctx); err != nil {
		t.Fatal(err)
	}
	h.fund(c.Address(), 100)
	lc := h.lenient(0, key, c)
	good := mustBuild(t, c, buyArgs("0.41", "6"))
	offTick := mustBuild(t, c, buyArgs("0.415", "6"))
	before := h.commandCount()
	out, err := c.PostOrders(ctx, []*clobapi.PostOrderRequest{good, offTick})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 2 || !out[0].Success || out[0].Status != "live" || out[1].Success ||
		out[1].Code != string(errcode.InvalidOrderMinTickSize) || out[1].ErrorMsg == "" {
		t.Fatalf("batch answer %+v", out)
	}
	if n := h.commandCount() - before; n != 1 {
		t.Fatalf("the batch appended %d commands, want 1", n)
	}
	var many []*clobapi.PostOrderRequest
	for i := range 16 {
		many = append(many, mustBuild(t, c, client.OrderArgs{TokenID: testYesStr, Side: "SELL", Price: "0.6", Size: strconv.Itoa(5 + i), FeeRateBps: 10}))
	}
	if _, err := lc.PostOrders(ctx, many); !isCode(err, errcode.TooManyOrders, 400) {
		t.Fatalf("16 orders: %v", err)
	}
	ids := make([]string, 3001)
	for i := range ids {
		ids[i] = hexutil.Encode(crypto.Keccak256([]byte{byte(i), byte(i >> 8)}))
	}
	if _, err := lc.CancelOrders(ctx, ids); !isCode(err, errcode.TooManyOrders, 400) {
		t.Fatalf("3001 cancels: %v", err)
	}
	if n := h.commandCount() - before; n != 1 {
		t.Fatalf("refused batches appended %d commands", n-1)
	}
}

func isCode(err error, code errcode.Code, status int) bool {
	ae, ok := err.(*client.APIError)
	return ok && ae.Code == code && ae.Status == status
}

// l2Headers signs a raw request as the client would.
func l2Headers(t testing.TB, c *client.Client, method, path string, body []byte) http.Header {
	t.Helper()
	h, err := c.L2Headers(strconv.FormatInt(time.Now().Unix(), 10), method, path, body)
	if err != nil {
		t.Fatal(err)
	}
	h.Set("Content-Type", "application/json")
	return h
}

// TestMarketChangeIsEnforcedAtOnce: a tick size change and a halt reach
// the gateway through the event stream; orders are then judged by the new
// parameters without another engine query.
func TestMarketChangeIsEnforcedAtOnce(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	c := h.funded(0, 100)
	ctx := context.Background()
	if tick, err := c.GetTickSize(ctx, testYesStr); err != nil || tick != "0.01" {
		t.Fatalf("tick %q, %v", tick, err)
	}
	coarse := &pb.MarketParams{TickSize: 100_000, MinSize: 5_000_000, MaxSize: 10_000_000_000, FeeRateBps: 10}
	h.submit(configureMarket(testMarket, coarse))
	eventually.True(t, "the gateway applies the new tick size", func() bool {
		tick, err := c.GetTickSize(ctx, testYesStr)
		return err == nil && tick == "0.1"
	})
	before := h.commandCount()
	if _, err := c.CreateAndPostOrder(ctx, buyArgs("0.52", "10")); !isCode(err, errcode.InvalidOrderMinTickSize, 400) {
		t.Fatalf("0.52 on a 0.1 grid: %v", err)
	}
	if n := h.commandCount(); n != before {
		t.Fatalf("a refused order appended %d commands", n-before)
	}
	// Halt, then raise the fee: the cache applies the market's events in
	// log order, so once it shows the new fee it has the halt too.
	h.submit(haltMarket(testMarket))
	dearer := proto.CloneOf(coarse)
	dearer.FeeRateBps = 20
	h.submit(configureMarket(testMarket, dearer))
	eventually.True(t, "the gateway applies the new fee rate", func() bool {
		r, err := c.GetFeeRate(ctx, testYesStr)
		return err == nil && r == 20
	})
	before = h.commandCount()
	a := buyArgs("0.5", "10")
	a.FeeRateBps = 20
	if _, err := c.CreateAndPostOrder(ctx, a); !isCode(err, errcode.MarketNotReady, 400) {
		t.Fatalf("an order on a halted market: %v", err)
	}
	if n := h.commandCount(); n != before {
		t.Fatalf("a refused order appended %d commands", n-before)
	}
}

// waitMax bounds the engine calls of these tests: it only turns a hung
// call into a failure with a message, never asserts a duration.
const waitMax = 30 * time.Second
