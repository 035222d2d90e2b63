// Package ratelimit is how the SDKs (the CLOB client, gamma and relayer)
// wait out a 429 RATE_LIMITED answer: as long as its Retry-After header
// says (a second when it says nothing), at most Retries times for one
// call, never longer than WaitMax at once, telling the caller before each
// wait. A rate-limited request did nothing on the server, so it is sent
// again (signed afresh where it is signed).
package ratelimit

import (
	"context"
	"time"
)

// defaultWait is the wait when the answer has no Retry-After.
const defaultWait = time.Second

// Policy says how a client waits out rate limits. The zero value does
// not wait: the 429 is returned at once.
type Policy struct {
	// Retries bounds the retries of one call.
	Retries int
	// WaitMax, if not zero, is the longest Retry-After waited for: a
	// longer one is returned at once, since the caller would rather know.
	WaitMax time.Duration
	// Notify, if set, is told of each wait before it starts.
	Notify func(Wait)
}

// Wait is one wait before a retry.
type Wait struct {
	// Method and Path are the request's ("POST", "/auth/login").
	Method, Path string
	// Retry counts from 1 to Retries.
	Retry, Retries int
	// Delay is how long the client waits.
	Delay time.Duration
	// Message is the server's error message.
	Message string
}

// Sleep waits before retry number attempt+1 of a call the server
// answered 429 (attempt 0 is the first try) and reports whether to send
// it again: false when the policy's retries are spent, the server asks
// for a longer wait than WaitMax, or ctx ends first.
func (p Policy) Sleep(ctx context.Context, method, path string, attempt int, retryAfter time.Duration, message string) bool {
	if attempt >= p.Retries {
		return false
	}
	delay := retryAfter
	if delay <= 0 {
		delay = defaultWait
	}
	if p.WaitMax > 0 && delay > p.WaitMax {
		return false
	}
	if p.Notify != nil {
		p.Notify(Wait{Method: method, Path: path, Retry: attempt + 1, Retries: p.Retries, Delay: delay, Message: message})
	}
	t := time.NewTimer(delay)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}
