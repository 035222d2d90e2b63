package clob

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/eip712"
	"pred.dev/proto/errcode"
	"pred.dev/proto/l2auth"
	"pred.dev/proto/wallet"
)

// Reference vectors (polymarket-clob.md §11).
const (
	vectorKey    = "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"
	vectorAddr   = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
	zeroSecret   = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="
	vectorL1Sig  = "0x0ece8a31f068c44e7ff6ec194a64d7d21a4f097a322c1498cd084c4b9487677d728466685e9108b6255b992e59b2f89505d26038d0e420d0a418689c67bcf3361b"
	amoyExchange = "0xdFE02Eb6733538f8Ea35D585af8DE5958AD99E40"
)

func vectorClient(t *testing.T, base string, opts ...Option) *Client {
	t.Helper()
	key, err := crypto.HexToECDSA(vectorKey)
	if err != nil {
		t.Fatal(err)
	}
	all := append([]Option{WithPrivateKey(key), WithChain(80002, common.HexToAddress(amoyExchange), common.Address{}),
		WithCreds(clobapi.APICreds{APIKey: "00000000-0000-0000-0000-000000000001", Secret: zeroSecret, Passphrase: "pass"})}, opts...)
	return New(base, all...)
}

func TestL1HeadersVector(t *testing.T) {
	t.Parallel()
	c := vectorClient(t, "http://unused")
	h, err := c.L1Headers("10000000", "5f0c1e9a2b7d4c36")
	if err != nil {
		t.Fatal(err)
	}
	if h.Get(clobapi.HeaderSignature) != vectorL1Sig || h.Get(clobapi.HeaderAddress) != vectorAddr || h.Get(clobapi.HeaderTimestamp) != "10000000" || h.Get(clobapi.HeaderNonce) != "5f0c1e9a2b7d4c36" {
		t.Fatalf("L1 headers %v", h)
	}
}

func TestL2HeadersVectors(t *testing.T) {
	t.Parallel()
	c := vectorClient(t, "http://unused")
	cases := []struct{ ts, method, path, body, want string }{
		{"1000000", "test-sign", "/orders", `{"hash": "0x123"}`, "ZwAdJKvoYRlEKDkNMwd5BuwNNtg93kNaR_oU2HrfVvc="},
		{"1000000", "test-sign", "/orders", `{"hash":"0x123"}`, "4gJVbox-R6XlDK4nlaicig0_ANVL1qdcahiL8CXfXLM="},
		{"1", "GET", "/", "", "eHaylCwqRSOa2LFD77Nt_SaTpbsxzN8eTEI3LryhEj4="},
		// The DELETE example of the OpenAPI document.
		{"1700000000", "DELETE", "/order", `{"orderID":"0x02ca1d1aa31103804173ad1acd70066cb6c1258a4be6dada055111f9a7ea4e55"}`, "cEgMboMBB11El01OYMGU4QRZU96Z-qOIE62JXwCziIw="},
	}
	for _, tc := range cases {
		h, err := c.L2Headers(tc.ts, tc.method, tc.path, []byte(tc.body))
		if err != nil {
			t.Fatal(err)
		}
		if got := h.Get(clobapi.HeaderSignature); got != tc.want {
			t.Errorf("%s %s %s: %s, want %s", tc.ts, tc.method, tc.body, got, tc.want)
		}
		if h.Get(clobapi.HeaderAPIKey) == "" || h.Get(clobapi.HeaderPassphrase) != "pass" || h.Get(clobapi.HeaderTimestamp) != tc.ts {
			t.Errorf("headers %v", h)
		}
	}
}

// TestBuildOrder: the signed amounts follow fixed.OrderAmounts, the order
// id is the EIP-712 hash, and the signature verifies for the signer; the
// proxy option switches maker and signature type.
func TestBuildOrder(t *testing.T) {
	t.Parallel()
	c := vectorClient(t, "http://unused")
	req, id, err := c.BuildOrder(OrderArgs{TokenID: "1234", Side: "BUY", Price: "0.56", Size: "21.04", FeeRateBps: 100, Salt: 479249096354})
	if err != nil {
		t.Fatal(err)
	}
	o := req.Order
	if o.MakerAmount != "11782400" || o.TakerAmount != "21040000" || o.Side != "BUY" || o.Maker != vectorAddr || o.Signer != vectorAddr ||
		o.SignatureType != 0 || o.Salt != 479249096354 || req.OrderType != "GTC" || req.Owner != "00000000-0000-0000-0000-000000000001" {
		t.Fatalf("order %+v", req)
	}
	eo := &eip712.Order{Maker: common.HexToAddress(vectorAddr), Signer: common.HexToAddress(vectorAddr), Side: eip712.SideBuy}
	eo.Salt.SetUint64(479249096354)
	eo.TokenID.SetUint64(1234)
	eo.MakerAmount.SetUint64(11782400)
	eo.TakerAmount.SetUint64(21040000)
	eo.FeeRateBps.SetUint64(100)
	sep := eip712.OrderDomain(80002, common.HexToAddress(amoyExchange)).Separator()
	hash, err := eip712.VerifyOrder(sep, eo, hexutil.MustDecode(o.Signature))
	if err != nil || hexutil.Encode(hash[:]) != id {
		t.Fatalf("signature or id: %x %s %v", hash, id, err)
	}
	factory, code := common.HexToAddress("0xaacFeEa03eb1561C4e67d661e40682Bd20E3541b"), common.HexToHash("0x2bce2127ff07fb632d16c8347c4ebf501f4841168bed00d9e6ef715ddb6fcecf")
	pc := vectorClient(t, "http://unused", WithProxyWallet(factory, code))
	preq, _, err := pc.BuildOrder(OrderArgs{TokenID: "1", Side: "SELL", Price: "0.5", Size: "100"})
	if err != nil {
		t.Fatal(err)
	}
	if want := wallet.ProxyAddress(factory, code, common.HexToAddress(vectorAddr)).Hex(); preq.Order.Maker != want || preq.Order.SignatureType != 2 ||
		preq.Order.MakerAmount != "100000000" || preq.Order.TakerAmount != "50000000" || preq.Order.Salt == 0 || preq.Order.Salt > 1<<53-1 {
		t.Fatalf("proxy order %+v", preq.Order)
	}
	if _, _, err := c.BuildOrder(OrderArgs{TokenID: "1", Side: "BUY", Price: "0.5", Size: "1.005"}); err == nil {
		t.Fatal("a size of 1.005 shares was signed")
	}
	if _, _, err := New("x").BuildOrder(OrderArgs{}); !errors.Is(err, ErrNoKey) {
		t.Fatalf("no key: %v", err)
	}
}

// TestErrorMapping: an error body becomes an *APIError matching its code.
func TestErrorMapping(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "7")
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = io.WriteString(w, `{"error":"no result in time","code":"ENGINE_TIMEOUT","orderID":"0xabc"}`)
	}))
	defer srv.Close()
	_, err := New(srv.URL).GetBook(context.Background(), "1")
	var ae *APIError
	if !errors.As(err, &ae) || !errors.Is(err, errcode.EngineTimeout) || errors.Is(err, errcode.EngineUnavailable) ||
		ae.Status != 503 || ae.OrderID != "0xabc" || ae.RetryAfter != 7*time.Second || ae.Message != "no result in time" {
		t.Fatalf("mapped %#v", err)
	}
	if got := err.Error(); got != "clob: 503 ENGINE_TIMEOUT: no result in time" {
		t.Fatalf("message %q", got)
	}
	plain := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "bad gateway", http.StatusBadGateway)
	}))
	defer plain.Close()
	if _, err := New(plain.URL).GetBook(context.Background(), "1"); !errors.As(err, &ae) || ae.Status != 502 || ae.Code != errcode.InternalError {
		t.Fatalf("non-JSON error: %v", err)
	}
}

// TestL2RequestIsSignedOverTheSentBody: the server side recomputes the
// HMAC over exactly what arrived.
func TestL2RequestIsSignedOverTheSentBody(t *testing.T) {
	t.Parallel()
	var checked atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if l2auth.Verify(zeroSecret, r.Header.Get(clobapi.HeaderTimestamp), r.Method, r.URL.Path, body, r.Header.Get(clobapi.HeaderSignature)) &&
			r.URL.Path == "/order" && string(body) == `{"orderID":"0x01"}` {
			checked.Store(true)
		}
		_, _ = io.WriteString(w, `{"canceled":["0x01"],"not_canceled":{}}`)
	}))
	defer srv.Close()
	out, err := vectorClient(t, srv.URL).CancelOrder(context.Background(), "0x01")
	if err != nil || len(out.Canceled) != 1 || !checked.Load() {
		t.Fatalf("cancel %+v, %v, HMAC checked %v", out, err, checked.Load())
	}
}

// TestPagesWalksCursors follows next_cursor until LTE= and stops on a
// repeated cursor.
func TestPagesWalksCursors(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cur := r.URL.Query().Get("next_cursor")
		n, _ := strconv.Atoi(cur)
		if cur == clobapi.InitialCursor {
			n = 0
		}
		next := strconv.Itoa(n + 1)
		if n == 2 {
			next = clobapi.EndCursor
		}
		_ = json.NewEncoder(w).Encode(clobapi.Page[clobapi.Transaction]{Data: []clobapi.Transaction{{ID: fmt.Sprint(n)}}, NextCursor: next, Limit: 1, Count: 1})
	}))
	defer srv.Close()
	c := New(srv.URL)
	all, err := All(context.Background(), func(ctx context.Context, cursor string) (clobapi.Page[clobapi.Transaction], error) {
		return c.GetAllTransactions(ctx, PageParams{Cursor: cursor})
	})
	if err != nil || len(all) != 3 || all[2].ID != "2" {
		t.Fatalf("walked %+v, %v", all, err)
	}
	stuck := 0
	for _, err := range Pages(context.Background(), func(context.Context, string) (clobapi.Page[int], error) {
		stuck++
		return clobapi.Page[int]{Data: []int{1}, NextCursor: clobapi.InitialCursor}, nil
	}) {
		if err != nil {
			t.Fatal(err)
		}
	}
	if stuck != 1 {
		t.Fatalf("a repeated cursor was fetched %d times", stuck)
	}
}

// TestRetries: 429 is retried after Retry-After when asked; an L1 call
// whose signature was already used is signed again with a later timestamp.
func TestRetries(t *testing.T) {
	t.Parallel()
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) == 1 {
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusTooManyRequests)
			_, _ = io.WriteString(w, `{"error":"slow down","code":"RATE_LIMITED"}`)
			return
		}
		_, _ = io.WriteString(w, `{"price":"0.5"}`)
	}))
	defer srv.Close()
	if _, err := New(srv.URL).GetPrice(context.Background(), "1", "BUY"); !errors.Is(err, errcode.RateLimited) {
		t.Fatalf("without retries: %v", err)
	}
	calls.Store(0)
	if p, err := New(srv.URL, WithRateLimitRetries(1)).GetPrice(context.Background(), "1", "BUY"); err != nil || p != "0.5" {
		t.Fatalf("with a retry: %q, %v", p, err)
	}

	var nonces []string
	l1 := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		nonces = append(nonces, r.Header.Get(clobapi.HeaderNonce))
		if len(nonces) == 1 {
			w.WriteHeader(http.StatusUnauthorized)
			_, _ = io.WriteString(w, `{"error":"used","code":"L1_NONCE_ALREADY_USED"}`)
			return
		}
		_, _ = io.WriteString(w, `{"apiKey":"k","secret":"s","passphrase":"p"}`)
	}))
	defer l1.Close()
	creds, err := vectorClient(t, l1.URL).CreateAPIKey(context.Background())
	if err != nil || creds.APIKey != "k" || len(nonces) != 2 || nonces[0] == nonces[1] || len(nonces[1]) != 2*l1NonceBytes {
		t.Fatalf("re-signed L1: %+v, %v, nonces %v", creds, err, nonces)
	}
}
