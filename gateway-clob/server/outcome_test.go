package server_test

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"net/http"
	"sync"
	"testing"
	"time"

	"pred.dev/gateway-clob/server"
	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/runtime/apitest"
)

// The "When an answer never comes" rule, through the SDK against the real
// gateway and engine: a placement whose answer is lost is reconciled by
// GET /order/{id} before anything is sent again, and the order is placed
// exactly once.

// TestLostAnswerIsReconciled: a proxy in front of the gateway loses the
// first POST /order three ways. The answer lost after the order landed:
// GET /order finds it, nothing is sent again. The request lost before it
// arrived: the order is not found and the same signed order is sent again.
// The request landing late, just ahead of its retry: the retry is a
// duplicate, and GET /order finds the first. Each time one order rests.
func TestLostAnswerIsReconciled(t *testing.T) {
	h := newHarness(t)
	for _, tc := range []struct {
		name      string
		fault     apitest.Fault
		posts     int // POST /order the SDK sends
		forwarded int // POST /order that reach the gateway
		found     bool
		commands  uint64
	}{
		{"answer lost", apitest.LoseAnswer, 1, 1, true, 1},
		{"request lost", apitest.LoseRequest, 2, 1, false, 1},
		{"request late", apitest.HoldRequest, 2, 2, true, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			funded, key := h.trader(100)
			proxy := apitest.NewProxy(t, h.url(0))
			creds, _ := funded.Creds()
			c := client.New(proxy.URL, client.WithHTTPClient(h.httpClient(true)), client.WithPrivateKey(key),
				client.WithChain(testChainID, testExchange, testNegRisk), client.WithCreds(creds))
			req, id, err := c.BuildOrder(buyArgs("0.4", "10"))
			if err != nil {
				t.Fatal(err)
			}
			proxy.Next(http.MethodPost, "/order", tc.fault)
			before := h.commandCount()
			out, err := c.PlaceOrder(context.Background(), req, id)
			if err != nil {
				t.Fatalf("PlaceOrder: %v (%+v)", err, out)
			}
			if out.Lost == nil || out.Posts != tc.posts || (out.Order != nil) != tc.found ||
				out.Response.OrderID != id || out.Response.Status != clobapi.InsertStatusLive || !out.Response.Success {
				t.Errorf("outcome %+v, want the answer lost, %d posts, found by GET /order %v", out, tc.posts, tc.found)
			}
			if n := proxy.Forwarded(http.MethodPost, "/order"); n != tc.forwarded {
				t.Errorf("%d POST /order reached the gateway, want %d", n, tc.forwarded)
			}
			if n := h.commandCount() - before; n != tc.commands {
				t.Errorf("%d commands appended, want %d", n, tc.commands)
			}
			open, err := funded.AllOrders(context.Background(), client.OrderParams{})
			if err != nil || len(open) != 1 || open[0].ID != id || open[0].Status != "LIVE" {
				t.Errorf("open orders %+v, %v; want %s alone, LIVE", open, err, id)
			}
		})
	}
}

// TestEngineTimeoutIsReconciled: the real 503 ENGINE_TIMEOUT (the order is
// in the log, the engine stopped before it answered). The SDK asks GET
// /order while the engine is away (503s), finds the order LIVE once the
// engine is back, and never sends it again.
func TestEngineTimeoutIsReconciled(t *testing.T) {
	h := newHarness(t, withConfig(func(c *server.Config) {
		c.ResultTimeout = 200 * time.Millisecond
		c.QueryTimeout = 300 * time.Millisecond
	}))
	funded, key := h.trader(100)
	if tick, err := funded.GetTickSize(context.Background(), testYesStr); err != nil || tick != "0.01" {
		t.Fatalf("tick %q, %v", tick, err)
	}
	creds, _ := funded.Creds()
	timedOut := make(chan struct{})
	watch := &watchTransport{next: h.httpClient(true).Transport, method: http.MethodPost, path: "/order", on503: func() { close(timedOut) }}
	c := client.New(h.url(0), client.WithHTTPClient(&http.Client{Transport: watch, Timeout: 30 * time.Second}),
		client.WithPrivateKey(key), client.WithChain(testChainID, testExchange, testNegRisk), client.WithCreds(creds))
	req, id, err := c.BuildOrder(buyArgs("0.45", "10"))
	if err != nil {
		t.Fatal(err)
	}
	h.engine.stop()
	before := h.commandCount()
	type result struct {
		out client.OrderOutcome
		err error
	}
	done := make(chan result, 1)
	go func() {
		out, err := c.PlaceOrder(context.Background(), req, id)
		done <- result{out, err}
	}()
	select {
	case <-timedOut:
	case r := <-done:
		t.Fatalf("PlaceOrder ended before any 503: %+v, %v", r.out, r.err)
	}
	h.engine.start()
	r := <-done
	if r.err != nil || !errors.Is(r.out.Lost, errcode.EngineTimeout) || r.out.Posts != 1 || r.out.Order == nil ||
		r.out.Order.Status != "LIVE" || r.out.Response.OrderID != id {
		t.Fatalf("PlaceOrder: %+v, %v; want ENGINE_TIMEOUT reconciled to the LIVE order with one post", r.out, r.err)
	}
	if n := h.commandCount() - before; n != 1 {
		t.Fatalf("%d commands appended, want the one order", n)
	}
}

// trader is a wallet with API credentials and usdw USDW, and its key.
func (h *harness) trader(usdw uint64) (*client.Client, *ecdsa.PrivateKey) {
	h.t.Helper()
	c, key := h.newClient(0)
	if _, err := c.CreateOrDeriveAPIKey(context.Background()); err != nil {
		h.t.Fatal(err)
	}
	h.fund(c.Funder(), usdw)
	return c, key
}

// watchTransport calls on503 once, at the first 503 answer to method and
// path it passes on.
type watchTransport struct {
	next         http.RoundTripper
	method, path string
	on503        func()
	once         sync.Once
}

func (w *watchTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := w.next.RoundTrip(r)
	if err == nil && resp.StatusCode == http.StatusServiceUnavailable && r.Method == w.method && r.URL.Path == w.path {
		w.once.Do(w.on503)
	}
	return resp, err
}
