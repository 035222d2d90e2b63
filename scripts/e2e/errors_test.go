package e2e

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/google/uuid"

	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/publish"
	"pred.dev/scripts/devnet"
)

// errorCase is one request the exchange must refuse with code.
type errorCase struct {
	name string
	code errcode.Code
	call func(t *testing.T) error
}

// TestErrorCodes drives every error path reachable from outside through
// the real stack and checks each answers the code, and the HTTP status,
// of the error table (pred.dev/proto/errcode), with a body the OpenAPI
// document describes.
func TestErrorCodes(t *testing.T) {
	t.Parallel()
	n := startNet(t)
	e := &errorEnv{n: n, m: n.market(0), tr: n.trader("100"), ctx: context.Background()}
	n.trader("100").buy(t, e.m.YesTokenID(), "0.40", "10") // a bid for the crossing cases: a NO ask at 0.60
	cases := slicesConcat(e.orderCases(), e.authCases(), e.requestCases())
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			wantCode(t, c.name, c.call(t), c.code)
		})
	}
	// Halting the market is an operator command, sent to the log here.
	e.halt(t)
	_, err := e.tr.place(e.m.YesTokenID(), "BUY", "0.30", "10")
	wantCode(t, "order on a halted market", err, errcode.MarketNotReady)
}

type errorEnv struct {
	n   *testNet
	m   devnet.Market
	tr  *trader
	ctx context.Context
}

func slicesConcat(parts ...[]errorCase) []errorCase {
	var out []errorCase
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// place returns a case placing an order of the trader with args changed
// by mod.
func (e *errorEnv) place(side, price, size string, mod func(*client.OrderArgs)) func(*testing.T) error {
	return func(*testing.T) error {
		if mod == nil {
			mod = func(*client.OrderArgs) {}
		}
		_, err := e.tr.place(e.m.YesTokenID(), side, price, size, mod)
		return err
	}
}

// tamper returns a case posting the trader's signed order after change
// edits the request.
func (e *errorEnv) tamper(change func(*clobapi.PostOrderRequest)) func(*testing.T) error {
	return func(t *testing.T) error {
		req, _, err := e.tr.BuildOrder(client.OrderArgs{TokenID: e.m.YesTokenID(), Side: "BUY", Price: "0.30", Size: "10", FeeRateBps: e.m.FeeRateBps})
		if err != nil {
			t.Fatal(err)
		}
		change(req)
		_, err = e.tr.PostOrder(e.ctx, req)
		return err
	}
}

func (e *errorEnv) orderCases() []errorCase {
	feeRate := func(bps uint32) func(*client.OrderArgs) { return func(a *client.OrderArgs) { a.FeeRateBps = bps } }
	return []errorCase{
		{"price off the tick", errcode.InvalidOrderMinTickSize, e.place("BUY", "0.405", "10", nil)},
		{"price out of range", errcode.InvalidOrderPrice, e.tamper(func(r *clobapi.PostOrderRequest) { r.Order.MakerAmount = r.Order.TakerAmount })},
		{"size below the minimum", errcode.InvalidOrderMinSize, e.place("BUY", "0.30", "1", nil)},
		{"size above the maximum", errcode.InvalidOrderMaxSize, e.place("BUY", "0.30", "100001", nil)},
		{"fee rate below the market's", errcode.InvalidOrderFeeRateTooLow, e.place("BUY", "0.30", "10", feeRate(0))},
		{"fee rate above the maximum", errcode.InvalidOrderFeeRateTooHigh, e.place("BUY", "0.30", "10", feeRate(1001))},
		{"GTD already expired", errcode.InvalidOrderExpiration, e.place("BUY", "0.30", "10", func(a *client.OrderArgs) {
			a.OrderType, a.Expiration = "GTD", time.Now().Unix()-1
		})},
		{"GTC with an expiration", errcode.InvalidOrderExpiration, e.place("BUY", "0.30", "10", func(a *client.OrderArgs) {
			a.Expiration = time.Now().Unix() + 3600
		})},
		{"unknown order type", errcode.InvalidOrderType, e.place("BUY", "0.30", "10", orderType("GTX"))},
		{"post-only that crosses", errcode.InvalidPostOnlyOrder, func(*testing.T) error {
			_, err := e.tr.place(e.m.NoTokenID(), "BUY", "0.60", "10", func(a *client.OrderArgs) { a.PostOnly = true })
			return err
		}},
		{"post-only FOK", errcode.InvalidPostOnlyOrderType, e.place("BUY", "0.30", "10", func(a *client.OrderArgs) {
			a.OrderType, a.PostOnly = "FOK", true
		})},
		{"sell without shares", errcode.InvalidOrderNotEnoughBal, e.place("SELL", "0.60", "10", nil)},
		{"buy beyond the balance", errcode.InvalidOrderNotEnoughBal, e.place("BUY", "0.90", "200", nil)},
		{"the same order twice", errcode.InvalidOrderDuplicated, e.duplicate},
		{"unknown token", errcode.TokenNotFound, func(*testing.T) error {
			_, err := e.tr.place("12345", "BUY", "0.30", "10")
			return err
		}},
		{"owner is not the API key", errcode.InvalidOrderOwner, e.tamper(func(r *clobapi.PostOrderRequest) { r.Owner = uuid.NewString() })},
		{"maker is not the signer", errcode.InvalidOrderMaker, e.tamper(func(r *clobapi.PostOrderRequest) { r.Order.Maker = devnet.FeeAccountHex })},
		{"signer is not the key's wallet", errcode.InvalidOrderSigner, e.tamper(func(r *clobapi.PostOrderRequest) { r.Order.Signer = devnet.FeeAccountHex })},
		{"taker is not public", errcode.InvalidOrderTaker, e.tamper(func(r *clobapi.PostOrderRequest) { r.Order.Taker = devnet.FeeAccountHex })},
		{"changed amount", errcode.InvalidOrderAmounts, e.tamper(func(r *clobapi.PostOrderRequest) { r.Order.MakerAmount = "3000001" })},
		{"changed salt", errcode.InvalidSignature, e.tamper(func(r *clobapi.PostOrderRequest) { r.Order.Salt++ })},
		{"signature type 1", errcode.InvalidSignatureType, e.tamper(func(r *clobapi.PostOrderRequest) { r.Order.SignatureType = 1 })},
		{"side is neither BUY nor SELL", errcode.InvalidOrderSide, e.tamper(func(r *clobapi.PostOrderRequest) { r.Order.Side = "HOLD" })},
		{"signed for another exchange", errcode.InvalidSignature, e.foreignSignature},
		{"more than 15 orders at once", errcode.TooManyOrders, e.tooMany},
		{"malformed order body", errcode.InvalidOrderPayload, e.rawL2(http.MethodPost, "/order", []byte(`{"order":`))},
	}
}

func (e *errorEnv) duplicate(t *testing.T) error {
	req, _, err := e.tr.BuildOrder(client.OrderArgs{TokenID: e.m.YesTokenID(), Side: "BUY", Price: "0.31", Size: "10", FeeRateBps: e.m.FeeRateBps})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.tr.PostOrder(e.ctx, req); err != nil {
		t.Fatalf("first submission: %v", err)
	}
	_, err = e.tr.PostOrder(e.ctx, req)
	return err
}

func (e *errorEnv) foreignSignature(*testing.T) error {
	creds, _ := e.tr.Creds()
	c := client.New(e.n.d.URL, client.WithHTTPClient(e.n.httpClient()), client.WithPrivateKey(e.tr.key), client.WithCreds(creds),
		client.WithChain(e.n.dep.ChainID, e.n.dep.Contracts.NegRiskExchange, e.n.dep.Contracts.Exchange))
	_, err := c.CreateAndPostOrder(e.ctx, client.OrderArgs{TokenID: e.m.YesTokenID(), Side: "BUY", Price: "0.30", Size: "10", FeeRateBps: e.m.FeeRateBps})
	return err
}

func (e *errorEnv) tooMany(t *testing.T) error {
	var reqs []*clobapi.PostOrderRequest
	for range 16 {
		req, _, err := e.tr.BuildOrder(client.OrderArgs{TokenID: e.m.YesTokenID(), Side: "BUY", Price: "0.30", Size: "5", FeeRateBps: e.m.FeeRateBps})
		if err != nil {
			t.Fatal(err)
		}
		reqs = append(reqs, req)
	}
	_, err := e.tr.PostOrders(e.ctx, reqs)
	return err
}

// rawL2 returns a case sending body with valid L2 headers.
func (e *errorEnv) rawL2(method, path string, body []byte) func(*testing.T) error {
	return func(t *testing.T) error {
		hdr, err := e.tr.L2Headers(strconv.FormatInt(time.Now().Unix(), 10), method, path, body)
		if err != nil {
			t.Fatal(err)
		}
		return e.rawErr(t, method, path, hdr, body)
	}
}

// rawErr sends a raw request and turns an error answer into an APIError.
func (e *errorEnv) rawErr(t *testing.T, method, path string, hdr http.Header, body []byte) error {
	status, text := e.n.rawBody(t, 0, method, path, hdr, body)
	var eb clobapi.ErrorBody
	if err := json.Unmarshal([]byte(text), &eb); err != nil || status < 300 {
		t.Fatalf("%s %s: %d %.600s, want an error body", method, path, status, text)
	}
	return &client.APIError{Status: status, Code: errcode.Code(eb.Code), Message: eb.Error}
}

func (e *errorEnv) authCases() []errorCase {
	creds, _ := e.tr.Creds()
	with := func(opts ...client.Option) *client.Client { return e.n.sdk(0, e.tr.key, opts...) }
	balance := func(c *client.Client) func(*testing.T) error {
		return func(*testing.T) error {
			_, err := c.GetBalanceAllowance(e.ctx, client.BalanceParams{})
			return err
		}
	}
	otherSecret := creds
	otherSecret.Secret = strings.Repeat("A", 43) + "="
	unknownKey := creds
	unknownKey.APIKey = uuid.NewString()
	return []errorCase{
		{"no L2 headers", errcode.Unauthorized, func(t *testing.T) error { return e.rawErr(t, http.MethodGet, "/orders", nil, nil) }},
		{"some L2 headers", errcode.InvalidL2Headers, func(t *testing.T) error {
			return e.rawErr(t, http.MethodGet, "/orders", http.Header{"Pred_api_key": {creds.APIKey}}, nil)
		}},
		{"unknown API key", errcode.InvalidAPIKey, balance(with(client.WithCreds(unknownKey)))},
		{"wrong secret", errcode.InvalidL2Signature, balance(with(client.WithCreds(otherSecret)))},
		{"stale timestamp", errcode.TimestampOutOfWindow, balance(with(client.WithCreds(creds), client.WithClock(func() time.Time {
			return time.Now().Add(-time.Hour)
		})))},
		{"another scope", errcode.ScopeMismatch, balance(with(client.WithCreds(creds), client.WithScope("other-tenant")))},
		{"no L1 headers", errcode.InvalidL1Headers, func(t *testing.T) error { return e.rawErr(t, http.MethodPost, "/auth/api-key", nil, nil) }},
		{"L1 signed for another chain", errcode.InvalidL1Signature, func(*testing.T) error {
			c := client.New(e.n.d.URL, client.WithHTTPClient(e.n.httpClient()), client.WithPrivateKey(e.tr.key),
				client.WithChain(e.n.dep.ChainID+1, e.n.dep.Contracts.Exchange, e.n.dep.Contracts.NegRiskExchange))
			_, err := c.CreateAPIKey(e.ctx)
			return err
		}},
		{"L1 signature used twice", errcode.L1NonceUsed, e.l1Replay},
		{"derive for a wallet with no key", errcode.APIKeyNotFound, func(*testing.T) error {
			_, err := e.n.wallet(0).DeriveAPIKey(e.ctx, "")
			return err
		}},
		{"revoked key", errcode.InvalidAPIKey, e.revoked},
		{"derive a revoked key", errcode.APIKeyRevoked, e.deriveRevoked},
		{"L1 nonce re-spelled", errcode.L1NonceUsed, e.l1Respelled},
	}
}

func (e *errorEnv) l1Replay(t *testing.T) error {
	hdr, err := e.tr.L1Headers(strconv.FormatInt(time.Now().Unix(), 10), client.NewL1Nonce())
	if err != nil {
		t.Fatal(err)
	}
	if status, body := e.n.raw(t, 0, http.MethodPost, "/auth/api-key", hdr); status != http.StatusOK {
		t.Fatalf("first use: %d %s", status, body)
	}
	return e.rawErr(t, http.MethodPost, "/auth/api-key", hdr, nil)
}

// l1Respelled uses a nonce "0" once, then sends the same signature with
// the nonce spelled "00": the replay hole of issue 8. The nonce is signed
// as a string, so the re-spelled header fails the signature check; this
// case asks for the first refusal a client sees, which is the reuse of
// "0" itself.
func (e *errorEnv) l1Respelled(t *testing.T) error {
	hdr, err := e.tr.L1Headers(strconv.FormatInt(time.Now().Unix(), 10), "0")
	if err != nil {
		t.Fatal(err)
	}
	if status, body := e.n.raw(t, 0, http.MethodPost, "/auth/api-key", hdr); status != http.StatusOK {
		t.Fatalf("first use: %d %s", status, body)
	}
	for _, v := range []string{"00", "000", "+0", "0000000000"} {
		respelled := hdr.Clone()
		respelled.Set(clobapi.HeaderNonce, v)
		if status, body := e.n.raw(t, 0, http.MethodPost, "/auth/api-key", respelled); status != http.StatusUnauthorized {
			t.Fatalf("nonce %q replayed a used signature: %d %s", v, status, body)
		}
	}
	return e.rawErr(t, http.MethodPost, "/auth/api-key", hdr, nil)
}

// revokedKey creates a key, revokes it, and returns its credentials.
func (e *errorEnv) revokedKey() (clobapi.APICreds, error) {
	c := e.n.sdk(0, e.tr.key)
	creds, err := c.CreateAPIKey(e.ctx)
	if err != nil {
		return creds, err
	}
	_, err = c.RevokeAPIKey(e.ctx, creds.APIKey)
	return creds, err
}

// revoked uses a revoked key.
func (e *errorEnv) revoked(*testing.T) error {
	creds, err := e.revokedKey()
	if err != nil {
		return err
	}
	_, err = e.n.sdk(0, e.tr.key, client.WithCreds(creds)).GetBalanceAllowance(e.ctx, client.BalanceParams{})
	return err
}

// deriveRevoked asks for the credentials of a revoked key by name.
func (e *errorEnv) deriveRevoked(*testing.T) error {
	creds, err := e.revokedKey()
	if err != nil {
		return err
	}
	_, err = e.n.sdk(0, e.tr.key).DeriveAPIKey(e.ctx, creds.APIKey)
	return err
}

func (e *errorEnv) requestCases() []errorCase {
	public := client.New(e.n.d.URL, client.WithHTTPClient(e.n.httpClient()))
	bigBody := bytes.Repeat([]byte(" "), 4<<20)
	return []errorCase{
		{"book of a malformed token id", errcode.InvalidTokenID, func(*testing.T) error {
			_, err := public.GetBook(e.ctx, "not-a-number")
			return err
		}},
		{"book of an unknown token", errcode.TokenNotFound, func(*testing.T) error {
			_, err := public.GetBook(e.ctx, "12345")
			return err
		}},
		{"price of an empty side", errcode.PriceNotAvailable, func(*testing.T) error {
			_, err := public.GetPrice(e.ctx, e.m.NoTokenID(), "BUY")
			return err
		}},
		{"price of a side that is no side", errcode.InvalidSide, func(*testing.T) error {
			_, err := public.GetPrice(e.ctx, e.m.YesTokenID(), "UP")
			return err
		}},
		{"prices of 501 tokens", errcode.TooManyTokenIDs, func(*testing.T) error {
			ids := make([]string, 501)
			for i := range ids {
				ids[i] = strconv.Itoa(i + 1)
			}
			_, err := public.GetPrices(e.ctx, ids)
			return err
		}},
		{"order of a malformed id", errcode.InvalidOrderID, func(*testing.T) error {
			_, err := e.tr.GetOrder(e.ctx, "0x1234")
			return err
		}},
		{"order never placed", errcode.OrderNotFound, func(*testing.T) error {
			_, err := e.tr.GetOrder(e.ctx, hexutil.Encode(crypto.Keccak256([]byte("nothing"))))
			return err
		}},
		{"orders from a malformed cursor", errcode.InvalidCursor, func(*testing.T) error {
			_, err := e.tr.GetOrders(e.ctx, client.OrderParams{PageParams: client.PageParams{Cursor: "%%%"}})
			return err
		}},
		{"cancel a malformed market", errcode.InvalidMarketID, func(*testing.T) error {
			_, err := e.tr.CancelMarketOrders(e.ctx, "0xzz", "")
			return err
		}},
		{"faucet of nothing", errcode.InvalidAmount, func(*testing.T) error {
			_, err := public.Faucet(e.ctx, e.tr.Address().Hex(), "0")
			return err
		}},
		{"faucet to a malformed address", errcode.InvalidAddress, func(*testing.T) error {
			_, err := public.Faucet(e.ctx, "0x12", "10")
			return err
		}},
		{"unknown path", errcode.NotFound, func(t *testing.T) error { return e.rawErr(t, http.MethodGet, "/no-such-thing", nil, nil) }},
		{"wrong method", errcode.MethodNotAllowed, func(t *testing.T) error { return e.rawErr(t, http.MethodPut, "/order", nil, nil) }},
		{"body too large", errcode.PayloadTooLarge, e.rawL2(http.MethodPost, "/order", bigBody)},
		{"malformed cancel body", errcode.InvalidPayload, e.rawL2(http.MethodDelete, "/order", []byte(`{"orderID":`))},
		{"cancel of no market", errcode.InvalidPayload, e.rawL2(http.MethodDelete, "/cancel-market-orders", []byte(`{}`))},
		{"balance of an unknown asset type", errcode.InvalidParameter, e.rawL2(http.MethodGet, "/balance-allowance?asset_type=GOLD", nil)},
		{"trades after a time that is no time", errcode.InvalidParameter, e.rawL2(http.MethodGet, "/trades?after=yesterday", nil)},
	}
}

// halt appends a HaltMarket for the test market to the command log, as
// an operator tool would. Submit returns once the engine applied it; a
// gateway whose market cache has not caught up yet passes the order on,
// and the engine refuses it with the same code.
func (e *errorEnv) halt(t *testing.T) {
	t.Helper()
	pub, err := publish.New(connectNATS(t, e.n.d), publish.Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer pub.Close()
	id := make([]byte, 16)
	_, _ = rand.Read(id)
	res, err := pub.Submit(e.ctx, &pb.Command{Id: id, Body: &pb.Command_HaltMarket{HaltMarket: &pb.HaltMarket{Market: common.FromHex(e.m.ConditionID)}}})
	if err != nil || len(res.Events) == 0 || res.Events[0].GetCommandRejected() != nil {
		t.Fatalf("halt the market: %v %v", res, err)
	}
}
