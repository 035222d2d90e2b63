package clob

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// TestPlaceOrderReconcilesOnlyUnknownOutcomes: PlaceOrder asks GET
// /order/{id} only when POST /order may have placed the order (no answer,
// or a 5xx that does not say nothing was appended), places it again only
// while it is not found, and gives up with ErrOutcomeUnknown. An answer
// that settles the outcome (a 400, ENGINE_UNAVAILABLE, OVERLOADED, the
// balancer's NO_REPLICA_AVAILABLE) is
// returned as it is, after one POST and no lookup. (The end-to-end cases,
// with the real gateway and engine, are gateway-clob's
// TestLostAnswerIsReconciled and TestEngineTimeoutIsReconciled.)
func TestPlaceOrderReconcilesOnlyUnknownOutcomes(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name       string
		status     int
		body       string
		reconciles bool
	}{
		{"ENGINE_TIMEOUT", 503, `{"error":"late","code":"ENGINE_TIMEOUT","orderID":"0x01"}`, true},
		{"COMMAND_OUTCOME_UNKNOWN", 503, `{"error":"maybe","code":"COMMAND_OUTCOME_UNKNOWN","orderID":"0x01"}`, true},
		{"INTERNAL_ERROR", 500, `{"error":"oops","code":"INTERNAL_ERROR"}`, true},
		{"a proxy's 502", 502, `<html>bad gateway</html>`, true},
		{"ENGINE_UNAVAILABLE", 503, `{"error":"down","code":"ENGINE_UNAVAILABLE"}`, false},
		{"OVERLOADED", 503, `{"error":"busy","code":"OVERLOADED"}`, false},
		{"the balancer's NO_REPLICA_AVAILABLE", 503, `{"error":"none","code":"NO_REPLICA_AVAILABLE"}`, false},
		{"the balancer's REPLICA_CONNECTION_FAILED", 502, `{"error":"closed","code":"REPLICA_CONNECTION_FAILED"}`, true},
		{"a refusal", 400, `{"error":"no","code":"INVALID_ORDER_NOT_ENOUGH_BALANCE"}`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var posts, gets atomic.Int32
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				switch {
				case r.Method == http.MethodPost && r.URL.Path == "/order":
					posts.Add(1)
					w.WriteHeader(tc.status)
					_, _ = io.WriteString(w, tc.body)
				case r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/order/"):
					gets.Add(1)
					w.WriteHeader(http.StatusNotFound)
					_, _ = io.WriteString(w, `{"error":"not found","code":"ORDER_NOT_FOUND"}`)
				default:
					t.Errorf("unexpected %s %s", r.Method, r.URL.Path)
				}
			}))
			defer srv.Close()
			c := vectorClient(t, srv.URL)
			req, id, err := c.BuildOrder(OrderArgs{TokenID: "1", Side: "BUY", Price: "0.5", Size: "10"})
			if err != nil {
				t.Fatal(err)
			}
			out, err := c.PlaceOrder(context.Background(), req, id)
			switch {
			case tc.reconciles:
				if !errors.Is(err, ErrOutcomeUnknown) || !strings.Contains(err.Error(), id) || out.Lost == nil ||
					posts.Load() != orderPostsMax || gets.Load() != orderPostsMax || out.Posts != orderPostsMax {
					t.Errorf("%v (%+v): %d posts, %d lookups; want ErrOutcomeUnknown naming %s after %d of each", err, out, posts.Load(), gets.Load(), id, orderPostsMax)
				}
			default:
				var ae *APIError
				if !errors.As(err, &ae) || errors.Is(err, ErrOutcomeUnknown) || out.Lost != nil || posts.Load() != 1 || gets.Load() != 0 {
					t.Errorf("%v (%+v): %d posts, %d lookups; want the API's error after one post and no lookup", err, out, posts.Load(), gets.Load())
				}
			}
		})
	}
	// A connection never made placed nothing: no lookup.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String()
	ln.Close()
	c := vectorClient(t, closed)
	req, id, err := c.BuildOrder(OrderArgs{TokenID: "1", Side: "BUY", Price: "0.5", Size: "10"})
	if err != nil {
		t.Fatal(err)
	}
	if out, err := c.PlaceOrder(context.Background(), req, id); err == nil || errors.Is(err, ErrOutcomeUnknown) || out.Lost != nil || out.Posts != 1 {
		t.Errorf("a refused connection: %v (%+v), want its error after one attempt", err, out)
	}
}
