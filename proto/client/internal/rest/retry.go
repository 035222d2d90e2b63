package rest

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"

	"pred.dev/proto/errcode"
)

// again reports whether to send r again after attempt (0 the first)
// failed with err, having waited as the policy says: only for a 429
// RATE_LIMITED (see the package comment).
func (c *Client) again(ctx context.Context, r Request, attempt int, err error) bool {
	var ae *APIError
	if r.NoRetry || !errors.As(err, &ae) || ae.Code != errcode.RateLimited {
		return false
	}
	return c.RateLimit.Sleep(ctx, r.Method, r.Path, attempt, ae.RetryAfter, ae.Message)
}

// retryAfter reads a Retry-After header, in either of its forms: a
// number of seconds, or an HTTP date. A date counts from the answer's
// Date (the server's clock, so that a client whose clock is off neither
// waits too long nor hammers the API), or from now without one. It is 0
// when the header is absent, unreadable or already past.
func retryAfter(h http.Header, now time.Time) time.Duration {
	s := h.Get("Retry-After")
	if s == "" {
		return 0
	}
	if n, err := strconv.Atoi(s); err == nil {
		return time.Duration(max(n, 0)) * time.Second
	}
	at, err := http.ParseTime(s)
	if err != nil {
		return 0
	}
	if d, err := http.ParseTime(h.Get("Date")); err == nil {
		now = d
	}
	return max(at.Sub(now), 0)
}
