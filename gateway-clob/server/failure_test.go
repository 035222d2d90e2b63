package server_test

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"pred.dev/gateway-clob/internal/api"
	"pred.dev/gateway-clob/server"
	client "pred.dev/proto/client/clob"
	"pred.dev/proto/errcode"
	"pred.dev/proto/runtime/gateway"
)

// TestRateLimits: past the burst, a client gets 429 RATE_LIMITED with
// Retry-After and the X-RateLimit headers; batches cost one token per
// item, and health probes are never limited.
func TestRateLimits(t *testing.T) {
	h := newHarness(t, withConfig(func(c *server.Config) {
		c.RateLimit = api.RateConfig{IPPerSecond: 0.001, IPBurst: 1000, KeyPerSecond: 0.001, KeyBurst: 5}
	}))
	ctx := context.Background()
	c := h.tradingClient(0)
	var err error
	calls := 0
	for ; calls < 10 && err == nil; calls++ {
		_, err = c.ListAPIKeys(ctx)
	}
	var ae *client.APIError
	if !errors.As(err, &ae) || ae.Code != errcode.RateLimited || ae.Status != 429 || ae.RetryAfter < time.Second {
		t.Fatalf("after %d calls: %v", calls, err)
	}
	if calls != 6 {
		t.Fatalf("the key's burst of 5 allowed %d calls", calls-1)
	}
	if !strings.Contains(ae.Message, "rate limit exceeded "+gateway.PerAPIKey) {
		t.Fatalf("the refusal does not name the key's limit: %q", ae.Message)
	}
	hdr := l2Headers(t, c, http.MethodGet, "/auth/api-keys", nil)
	resp, _ := h.do(0, http.MethodGet, "/auth/api-keys", nil, hdr)
	if resp.StatusCode != 429 || resp.Header.Get("Retry-After") == "" || resp.Header.Get("X-RateLimit-Limit") != "5" ||
		resp.Header.Get("X-RateLimit-Remaining") != "0" || resp.Header.Get("X-RateLimit-Reset") == "" {
		t.Fatalf("429 headers: %d %v", resp.StatusCode, resp.Header)
	}
	if resp, _ := h.do(0, http.MethodGet, "/livez", nil, nil); resp.StatusCode != 200 {
		t.Fatalf("livez while limited: %d", resp.StatusCode)
	}

	// A fresh key with a burst of 5 cannot send a batch of 6 cancels.
	c2 := h.tradingClient(0)
	ids := []string{hexOf([32]byte{1}), hexOf([32]byte{2}), hexOf([32]byte{3}), hexOf([32]byte{4}), hexOf([32]byte{5}), hexOf([32]byte{6})}
	before := h.commandCount()
	if _, err := c2.CancelOrders(ctx, ids); !isCode(err, errcode.RateLimited, 429) {
		t.Fatalf("a 6-item batch on a 5-token bucket: %v", err)
	}
	if h.commandCount() != before {
		t.Fatal("a rate-limited batch reached the log")
	}
}

// TestRateLimitRetry: the SDK can wait out Retry-After by itself.
func TestRateLimitRetry(t *testing.T) {
	h := newHarness(t, withoutEngine(), withConfig(func(c *server.Config) {
		c.RateLimit = api.RateConfig{IPPerSecond: 1000, IPBurst: 1000, KeyPerSecond: 2, KeyBurst: 1}
	}))
	c := h.tradingClient(0)
	creds, _ := c.Creds()
	patient := client.New(h.url(0), client.WithHTTPClient(h.httpClient(true)), client.WithCreds(creds), client.WithRateLimitRetries(3))
	for range 3 {
		if _, err := patient.ListAPIKeys(context.Background()); err != nil {
			t.Fatalf("a retrying client still failed: %v", err)
		}
	}
}

// TestEngineTimeout: when the command is in the log but the engine's
// result does not come (the engine stopped, NATS still up), the answer is
// 503 ENGINE_TIMEOUT with the order id.
func TestEngineTimeout(t *testing.T) {
	h := newHarness(t, withConfig(func(c *server.Config) { c.ResultTimeout = 200 * time.Millisecond }))
	c := h.funded(0, 100)
	// The gateway validates against its market cache, which must know the
	// market before the engine goes away.
	if tick, err := c.GetTickSize(context.Background(), testYesStr); err != nil || tick != "0.01" {
		t.Fatalf("tick %q, %v", tick, err)
	}
	h.engine.stop()
	req, id, err := c.BuildOrder(buyArgs("0.5", "10"))
	if err != nil {
		t.Fatal(err)
	}
	before := h.commandCount()
	_, err = c.PostOrder(context.Background(), req)
	var ae *client.APIError
	if !errors.As(err, &ae) || ae.Code != errcode.EngineTimeout || ae.Status != 503 || ae.OrderID != id {
		t.Fatalf("stopped engine: %v (%+v)", err, ae)
	}
	if h.commandCount() != before+1 {
		t.Fatal("ENGINE_TIMEOUT must mean the command is in the log")
	}
	// And it is applied once an engine runs again.
	h.engine.start()
	h.sync()
	if o, err := c.GetOrder(context.Background(), id); err != nil || o.Status != "LIVE" {
		t.Fatalf("the timed-out order after the restart: %+v, %v", o, err)
	}
}

// TestNoEngine: without an engine, reads and orders answer 503
// ENGINE_UNAVAILABLE, nothing is appended, and /readyz says why while
// /livez, /ok and /time still answer.
func TestNoEngine(t *testing.T) {
	h := newHarness(t, withoutEngine(), withConfig(func(c *server.Config) { c.QueryTimeout = 300 * time.Millisecond }))
	ctx := context.Background()
	c := h.tradingClient(0)
	if _, err := c.GetBook(ctx, testYesStr); !isCode(err, errcode.EngineUnavailable, 503) {
		t.Fatalf("book without engine: %v", err)
	}
	before := h.commandCount()
	if _, err := c.CreateAndPostOrder(ctx, buyArgs("0.5", "10")); !isCode(err, errcode.EngineUnavailable, 503) {
		t.Fatalf("order without engine: %v", err)
	}
	if h.commandCount() != before {
		t.Fatal("an order was appended although its market could not be checked")
	}
	resp, data := h.do(0, http.MethodGet, "/readyz", nil, nil)
	if resp.StatusCode != 503 {
		t.Fatalf("readyz without engine: %d %s", resp.StatusCode, data)
	}
	for _, p := range []string{"/livez", "/ok", "/time"} {
		if resp, data := h.do(0, http.MethodGet, p, nil, nil); resp.StatusCode != 200 {
			t.Fatalf("%s: %d %s", p, resp.StatusCode, data)
		}
	}
	ts, err := c.Time(ctx)
	if err != nil || ts < time.Now().Unix()-60 {
		t.Fatalf("time %d, %v", ts, err)
	}
}

// TestReady: with an engine, /readyz reports both checks.
func TestReady(t *testing.T) {
	h := newHarness(t)
	resp, data := h.do(0, http.MethodGet, "/readyz", nil, nil)
	if resp.StatusCode != 200 {
		t.Fatalf("readyz: %d %s", resp.StatusCode, data)
	}
	if resp.Header.Get("X-Request-Id") == "" {
		t.Fatal("no request id on the response")
	}
	req := http.Header{"X-Request-Id": {"abc-" + strconv.Itoa(42)}}
	if resp, _ := h.do(0, http.MethodGet, "/time", nil, req); resp.Header.Get("X-Request-Id") != "abc-42" {
		t.Fatalf("the client's request id was not kept: %q", resp.Header.Get("X-Request-Id"))
	}
}
