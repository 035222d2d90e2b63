package server_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"pred.dev/gateway-gamma/server"
	"pred.dev/proto/client/gamma"
	"pred.dev/proto/client/ratelimit"
	"pred.dev/proto/errcode"
)

// TestSDKLoginWaitsOutRateLimit: a login refused for the per-address
// rate spent its nonce, so the SDK must log in again from a new nonce
// rather than send the spent one again; it waits long enough for both
// requests (the nonce and the login) and says so to the policy's
// Notify. Without a policy the 429 comes back at once.
func TestSDKLoginWaitsOutRateLimit(t *testing.T) {
	t.Parallel()
	h := newHarness(t, func(c *server.Config) {
		// Three requests at once, then one a second: a login costs two
		// (GET /auth/nonce and POST /auth/login), so the second login's
		// POST is the one refused.
		c.RateLimit.AddressPerSecond, c.RateLimit.AddressBurst = 1, 3
	})
	ctx := context.Background()
	key := newKey(t)
	var waits []ratelimit.Wait
	c := gamma.New(h.url(0), gamma.WithHTTPClient(h.httpClient(true)), gamma.WithPrivateKey(key),
		gamma.WithRateLimitPolicy(ratelimit.Policy{Retries: 3, WaitMax: 10 * time.Second, Notify: func(w ratelimit.Wait) { waits = append(waits, w) }}))
	if _, err := c.Login(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Login(ctx); err != nil {
		t.Fatalf("the second login, rate-limited once: %v (a retry of the spent nonce is refused)", err)
	}
	if len(waits) == 0 || waits[0].Path != "/auth/login" || waits[0].Retry != 1 || waits[0].Delay < 2*time.Second {
		t.Fatalf("waits %+v: want the login's, at least twice its Retry-After of 1 s", waits)
	}

	impatient := gamma.New(h.url(0), gamma.WithHTTPClient(h.httpClient(true)), gamma.WithPrivateKey(key))
	for range 3 {
		if _, err := impatient.Login(ctx); err != nil {
			if !errors.Is(err, errcode.RateLimited) {
				t.Fatalf("a login without a policy: %v, want RATE_LIMITED", err)
			}
			return
		}
	}
	t.Fatal("three logins at once without a policy were never rate-limited")
}
