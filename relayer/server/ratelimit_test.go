package server_test

import (
	"errors"
	"net/http"
	"strconv"
	"testing"

	"pred.dev/proto/client/relayer"
	"pred.dev/proto/errcode"
	relayersvc "pred.dev/relayer/server"
)

// TestRateLimits: an address past its burst, and an IP past its wallet
// deployments, get 429 RATE_LIMITED with Retry-After; another address is
// not charged for the first.
func TestRateLimits(t *testing.T) {
	h := newHarness(t, withConfig(func(c *relayersvc.Config) {
		c.RateLimit.CallerPerSecond, c.RateLimit.CallerBurst = 0.01, 3
		c.RateLimit.DeployIPPerSecond, c.RateLimit.DeployIPBurst = 0.01, 1
	}))
	u, v := h.user(), h.user()
	ctx := ctxT(t)
	for range 3 {
		if _, err := u.c.Transactions(ctx); err != nil {
			t.Fatal(err)
		}
	}
	_, err := u.c.Transactions(ctx)
	var ae *relayer.APIError
	if !errors.As(err, &ae) || !errors.Is(err, errcode.RateLimited) || ae.Status != 429 || ae.RetryAfter <= 0 {
		t.Fatalf("past the burst: %v", err)
	}
	resp, _ := h.do(http.MethodGet, "/transactions", nil, http.Header{"Authorization": {"Bearer " + u.token}})
	if s, _ := strconv.Atoi(resp.Header.Get("Retry-After")); resp.StatusCode != 429 || s < 1 {
		t.Fatalf("429 without Retry-After: %d %q", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
	if _, err := v.c.Deploy(ctx); err != nil {
		t.Fatalf("another address: %v", err)
	}
	w := h.user()
	if _, err := w.c.Deploy(ctx); !errors.Is(err, errcode.RateLimited) {
		t.Fatalf("a second deployment from the IP: %v", err)
	}
	if resp, _ := h.do(http.MethodGet, "/livez", nil, nil); resp.StatusCode != 200 {
		t.Fatalf("/livez is limited: %d", resp.StatusCode)
	}
}
