package api

import (
	"context"
	"crypto/ecdsa"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/google/uuid"
	"go.uber.org/zap"
	"google.golang.org/protobuf/proto"

	"pred.dev/gateway-clob/internal/auth"
	"pred.dev/gateway-clob/internal/market"
	"pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/eip712"
	"pred.dev/proto/errcode"
	"pred.dev/proto/pb"
)

var rewrite = flag.Bool("rewrite", false, "rewrite testdata/order_parse.golden with the actual answers")

// parseCase is one POST /order body: the default order changed by sign
// before signing, by env after, and by text as JSON text.
type parseCase struct {
	name   string
	sign   func(o *eip712.Order)
	env    func(r *clobapi.PostOrderRequest)
	text   func(body string) string
	domain common.Address
}

var (
	parseKey      = mustKey("4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318")
	parseOther    = mustKey("8da4ef21b864d2cc526dbdb2a120bd2874c36c9d0a1fb7f8c63d7f7a8b41de8f")
	parseAddr     = crypto.PubkeyToAddress(parseKey.PublicKey)
	parseNegRisk  = common.HexToAddress("0xd91E80cF2E7be2e162c6513ceD06f1dD0dA35296")
	parseFactory  = common.HexToAddress("0xaacFeEa03eb1561C4e67d661e40682Bd20E3541b")
	parseNowSec   = int64(1_750_000_000)
	parseKeyID    = uuid.MustParse("0f0e0d0c-0b0a-4908-8706-050403020100")
	parsePlainTok = [32]byte{31: 7}
	parseNegTok   = [32]byte{30: 0x07, 31: 0xd1} // 2001
)

func mustKey(h string) *ecdsa.PrivateKey {
	k, err := crypto.HexToECDSA(h)
	if err != nil {
		panic(err)
	}
	return k
}

func parseDefault() *eip712.Order {
	o := &eip712.Order{Maker: parseAddr, Signer: parseAddr, Side: eip712.SideBuy, SignatureType: eip712.SignatureEOA}
	o.Salt.SetUint64(12345)
	o.TokenID.SetUint64(7)
	o.MakerAmount.SetUint64(5_000_000)
	o.TakerAmount.SetUint64(10_000_000)
	o.FeeRateBps.SetUint64(10)
	return o
}

func parseCases() []parseCase {
	now := uint64(parseNowSec)
	amounts := func(maker, taker uint64) func(o *eip712.Order) {
		return func(o *eip712.Order) { o.MakerAmount.SetUint64(maker); o.TakerAmount.SetUint64(taker) }
	}
	respell := func(old, new string) func(string) string {
		return func(b string) string { return strings.Replace(b, old, new, 1) }
	}
	other := crypto.PubkeyToAddress(parseOther.PublicKey)
	return []parseCase{
		{name: "valid"},
		{name: "valid SELL", sign: func(o *eip712.Order) {
			o.Side = eip712.SideSell
			o.MakerAmount, o.TakerAmount = o.TakerAmount, o.MakerAmount
		}},
		{name: "valid GTD post-only", sign: func(o *eip712.Order) { o.Expiration.SetUint64(now + 60) },
			env: func(r *clobapi.PostOrderRequest) { r.OrderType, r.PostOnly = "GTD", true }},
		{name: "valid neg-risk with the exchange as taker", domain: parseNegRisk,
			sign: func(o *eip712.Order) { o.TokenID.SetBytes32(parseNegTok[:]); o.Taker = parseNegRisk }},
		{name: "valid proxy wallet", sign: func(o *eip712.Order) {
			o.SignatureType = eip712.SignaturePolyGnosisSafe
			o.Maker, _ = (&API{cfg: Config{ProxyFactory: parseFactory}}).proxyOf(parseAddr)
		}},
		{name: "valid without orderType", text: respell(`,"orderType":"GTC"`, "")},
		{name: "taker absent", text: respell(`"taker":"0x0000000000000000000000000000000000000000",`, "")},
		{name: "malformed JSON", text: func(string) string { return `{"order":` }},
		{name: "salt is a float", text: func(string) string { return `{"order":{"salt":1.5},"owner":"x"}` }},
		{name: "taker empty", text: respell(`"taker":"0x0000000000000000000000000000000000000000"`, `"taker":""`)},
		{name: "orderType empty", env: func(r *clobapi.PostOrderRequest) { r.OrderType = "" }},
		{name: "taker and orderType empty", text: respell(`"taker":"0x0000000000000000000000000000000000000000"`, `"taker":""`),
			env: func(r *clobapi.PostOrderRequest) { r.OrderType = "" }},
		{name: "owner is another key", env: func(r *clobapi.PostOrderRequest) { r.Owner = "00000000-0000-0000-0000-000000000000" }},
		{name: "owner too long", env: func(r *clobapi.PostOrderRequest) { r.Owner = strings.Repeat("o", 100) }},
		{name: "scope differs", env: func(r *clobapi.PostOrderRequest) { r.Order.ScopeID = "tenant-b" }},
		{name: "unknown order type", env: func(r *clobapi.PostOrderRequest) { r.OrderType = "IOC" }},
		{name: "lowercase order type", env: func(r *clobapi.PostOrderRequest) { r.OrderType = "gtc" }},
		{name: "post-only FOK", env: func(r *clobapi.PostOrderRequest) { r.OrderType, r.PostOnly = "FOK", true }},
		{name: "post-only FAK", env: func(r *clobapi.PostOrderRequest) { r.OrderType, r.PostOnly = "FAK", true }},
		{name: "maker not an address", env: func(r *clobapi.PostOrderRequest) { r.Order.Maker = "0x1234" }},
		{name: "signer without 0x", env: func(r *clobapi.PostOrderRequest) { r.Order.Signer = r.Order.Signer[2:] }},
		{name: "taker not hex", env: func(r *clobapi.PostOrderRequest) { r.Order.Taker = "0x" + strings.Repeat("z", 40) }},
		{name: "token id not decimal", env: func(r *clobapi.PostOrderRequest) { r.Order.TokenID = "0x3e9" }},
		{name: "token id beyond 256 bits", env: func(r *clobapi.PostOrderRequest) {
			r.Order.TokenID = "115792089237316195423570985008687907853269984665640564039457584007913129639936"
		}},
		{name: "makerAmount in exponent form", env: func(r *clobapi.PostOrderRequest) { r.Order.MakerAmount = "5e6" }},
		{name: "takerAmount beyond 64 bits", env: func(r *clobapi.PostOrderRequest) { r.Order.TakerAmount = "18446744073709551616" }},
		{name: "expiration 00", env: func(r *clobapi.PostOrderRequest) { r.Order.Expiration = "00" }},
		{name: "nonce with a space", env: func(r *clobapi.PostOrderRequest) { r.Order.Nonce = " 0" }},
		{name: "feeRateBps beyond 32 bits", env: func(r *clobapi.PostOrderRequest) { r.Order.FeeRateBps = "4294967296" }},
		{name: "lowercase side", env: func(r *clobapi.PostOrderRequest) { r.Order.Side = "buy" }},
		{name: "signature type 256", env: func(r *clobapi.PostOrderRequest) { r.Order.SignatureType = 256 }},
		{name: "short signature", env: func(r *clobapi.PostOrderRequest) { r.Order.Signature = "0x1234" }},
		{name: "signer is not the key's", sign: func(o *eip712.Order) { o.Signer, o.Maker = other, other }},
		{name: "EOA order for another maker", sign: func(o *eip712.Order) { o.Maker = common.HexToAddress("0x02") }},
		{name: "proxy order with the EOA as maker", sign: func(o *eip712.Order) { o.SignatureType = eip712.SignaturePolyGnosisSafe }},
		{name: "signature type 1", sign: func(o *eip712.Order) { o.SignatureType = eip712.SignaturePolyProxy }},
		{name: "signature type 3", sign: func(o *eip712.Order) { o.SignatureType = 3 }},
		{name: "GTC with an expiration", sign: func(o *eip712.Order) { o.Expiration.SetUint64(now + 3600) }},
		{name: "GTD already expired", sign: func(o *eip712.Order) { o.Expiration.SetUint64(now) },
			env: func(r *clobapi.PostOrderRequest) { r.OrderType = "GTD" }},
		{name: "market closed", sign: func(o *eip712.Order) { o.TokenID.SetUint64(9) }},
		{name: "price off the tick grid", sign: amounts(5_550_000, 10_000_000)},
		{name: "price above 0.99", sign: amounts(9_950_000, 10_000_000)},
		{name: "price below 0.01", sign: amounts(50_000, 10_000_000)},
		{name: "size not whole lots", sign: amounts(5_002_500, 10_005_000)},
		{name: "zero size", sign: amounts(0, 0)},
		{name: "size below the minimum", sign: amounts(2_000_000, 4_000_000)},
		{name: "size above the maximum", sign: amounts(10_000_000_000, 20_000_000_000)},
		{name: "fee below the market's", sign: func(o *eip712.Order) { o.FeeRateBps.SetUint64(5) }},
		{name: "fee above 1000", sign: func(o *eip712.Order) { o.FeeRateBps.SetUint64(1001) }},
		{name: "private taker", sign: func(o *eip712.Order) { o.Taker = common.HexToAddress("0x01") }},
		{name: "taker is the other exchange", sign: func(o *eip712.Order) { o.Taker = parseNegRisk }},
		{name: "neg-risk market signed for the plain exchange", sign: func(o *eip712.Order) { o.TokenID.SetBytes32(parseNegTok[:]) }},
		{name: "field changed after signing", env: func(r *clobapi.PostOrderRequest) { r.Order.Salt++ }},
	}
}

// TestOrderParseAnswers runs every case through the order parse and
// compares each answer, code and message or the command's bytes, with
// testdata/order_parse.golden, so a restructuring of the parse cannot
// change a word of an answer. -rewrite writes the file; read its diff.
func TestOrderParseAnswers(t *testing.T) {
	t.Parallel()
	a := newParseAPI()
	id := auth.Identity{KeyID: parseKeyID, Address: parseAddr}
	var out strings.Builder
	for _, c := range parseCases() {
		p, err := parseBody(a, id, buildParseCase(t, c))
		fmt.Fprintf(&out, "%s\n", c.name)
		var ce *errcode.Error
		switch {
		case err == nil:
			b, merr := proto.MarshalOptions{Deterministic: true}.Marshal(p.cmd)
			if merr != nil {
				t.Fatal(merr)
			}
			fmt.Fprintf(&out, "\tok %s %s %d\n\t%s\n", p.orderID(), p.side, p.price, hex.EncodeToString(b))
		case errors.As(err, &ce):
			fmt.Fprintf(&out, "\t%s %q\n", string(errcode.CodeOf(err)), ce.Error())
		default:
			t.Fatalf("%s: an uncoded error: %v", c.name, err)
		}
	}
	const golden = "testdata/order_parse.golden"
	if *rewrite {
		if err := os.WriteFile(golden, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != string(want) {
		t.Errorf("the answers differ from %s (go test -run TestOrderParseAnswers -rewrite, then read the diff):\n%s", golden, got)
	}
}

// newParseAPI is an API with a fixed clock, proxy wallets on and three
// markets cached: 7 (plain), 2001 (neg-risk) and 9 (closed).
func newParseAPI() *API {
	cache := market.New(nil, zap.NewNop())
	add := func(m byte, yes [32]byte, negRisk bool, status pb.MarketStatus) {
		cache.Put(market.Info{Market: [32]byte{31: m}, Yes: yes, No: [32]byte{0: m}, TickSize: 10_000, MinSize: 5_000_000,
			MaxSize: 1_000_000_000, FeeRateBps: 10, NegRisk: negRisk, Status: status}, uint64(m))
	}
	add(1, parsePlainTok, false, pb.MarketStatus_MARKET_STATUS_ACTIVE)
	add(2, parseNegTok, true, pb.MarketStatus_MARKET_STATUS_ACTIVE)
	add(3, [32]byte{31: 9}, false, pb.MarketStatus_MARKET_STATUS_CLOSED)
	return New(Config{ChainID: 80002, Exchange: benchExchange, NegRiskExchange: parseNegRisk, ProxyFactory: parseFactory},
		Deps{Markets: cache, Log: zap.NewNop(), Now: func() time.Time { return time.Unix(parseNowSec, 0) }})
}

func buildParseCase(t *testing.T, c parseCase) []byte {
	t.Helper()
	o := parseDefault()
	if c.sign != nil {
		c.sign(o)
	}
	domain := benchExchange
	if c.domain != (common.Address{}) {
		domain = c.domain
	}
	sig, err := eip712.SignOrder(parseKey, eip712.OrderDomain(80002, domain).Separator(), o)
	if err != nil {
		t.Fatal(err)
	}
	req := &clobapi.PostOrderRequest{Owner: parseKeyID.String(), OrderType: "GTC", Order: clob.OrderJSON(o, sig)}
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

// parseBody is postOrder's path from the body to the placement.
func parseBody(a *API, id auth.Identity, body []byte) (*placement, error) {
	var env orderEnvelope
	if err := decodeJSON(body, &env, errcode.InvalidOrderPayload); err != nil {
		return nil, err
	}
	return a.parseOrder(context.Background(), id, &env)
}
