// Package rest is the one HTTP transport of the Go SDKs (clob, gamma and
// relayer): it builds a request, has the SDK sign it, sends it, waits out
// a rate limit as the caller's policy allows, and decodes the JSON answer,
// or the error answer into an *APIError. The SDKs keep only what is
// theirs: their auth headers and their calls.
//
// What it sends again (the union of what the three SDKs promised before
// they shared it): a 429 RATE_LIMITED answer, whatever the method, after
// its Retry-After, as often as the ratelimit.Policy allows, unless the
// request says NoRetry; the API refused it before doing anything, so
// sending it again is safe even for a POST. Nothing else: a 5xx or a
// lost answer (a *NoAnswerError) may have done its work, so it goes back
// to the SDK, whose caller knows whether the request may be repeated (the
// CLOB's PlaceOrder reads the order back before it sends it again).
package rest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"pred.dev/proto/client/ratelimit"
)

const (
	// ResponseBytesMax bounds a response body the SDKs read.
	ResponseBytesMax = 16 << 20
	// DefaultTimeout bounds one HTTP exchange when the caller brings no
	// HTTP client of its own.
	DefaultTimeout = 30 * time.Second
)

// Client sends one SDK's requests to one API. Set its fields before the
// first request; it is safe for concurrent use afterwards.
type Client struct {
	// API names the API in errors: "clob", "gamma", "relayer".
	API string
	// Base is the API's base URL, without a trailing slash.
	Base string
	// HTTP sends the requests.
	HTTP *http.Client
	// RateLimit says how 429 answers are waited out; the zero policy
	// returns them at once.
	RateLimit ratelimit.Policy
}

// New returns a client of the API named api at baseURL (for example
// "http://127.0.0.1:8080"), with its own HTTP client bounded by
// DefaultTimeout.
func New(api, baseURL string) Client {
	return Client{API: api, Base: strings.TrimRight(baseURL, "/"), HTTP: &http.Client{Timeout: DefaultTimeout}}
}

// Request is one API call.
type Request struct {
	Method string
	// Path is the request's path below the base URL ("/order/0x12").
	Path  string
	Query url.Values
	// Body is sent as JSON; a []byte is sent as it is; nil sends none.
	Body any
	// Sign, if set, adds the auth headers before each attempt, over the
	// body as sent: an SDK that signs a timestamp or a nonce signs every
	// attempt afresh. Its error is returned as it is, and nothing is sent.
	Sign func(h http.Header, body []byte) error
	// NoRetry returns a 429 at once whatever the policy, for a request
	// whose retry the SDK makes itself.
	NoRetry bool
}

// Do sends r and decodes the answer into out: JSON into a pointer, the
// raw body into a *string, nothing when out is nil. An error answer is an
// *APIError; an answer that did not arrive whole is a *NoAnswerError.
func (c *Client) Do(ctx context.Context, r Request, out any) error {
	body, err := c.encode(r.Body)
	if err != nil {
		return err
	}
	for attempt := 0; ; attempt++ {
		err := c.once(ctx, r, body, out)
		if !c.again(ctx, r, attempt, err) {
			return err
		}
	}
}

func (c *Client) encode(v any) ([]byte, error) {
	if v == nil {
		return nil, nil
	}
	if b, ok := v.([]byte); ok {
		return b, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("%s: encode request: %w", c.API, err)
	}
	return b, nil
}

// once makes one attempt.
func (c *Client) once(ctx context.Context, r Request, body []byte, out any) error {
	req, err := c.newRequest(ctx, r, body)
	if err != nil {
		return err
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return &NoAnswerError{fmt.Errorf("%s: %s %s: %w", c.API, r.Method, r.Path, err)}
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, ResponseBytesMax))
	if err != nil {
		return &NoAnswerError{fmt.Errorf("%s: read %s %s: %w", c.API, r.Method, r.Path, err)}
	}
	if resp.StatusCode >= 300 {
		return c.apiError(resp, data)
	}
	return c.decode(r, data, out)
}

func (c *Client) newRequest(ctx context.Context, r Request, body []byte) (*http.Request, error) {
	u := c.Base + r.Path
	if len(r.Query) > 0 {
		u += "?" + r.Query.Encode()
	}
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, r.Method, u, rd)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", c.API, err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if r.Sign != nil {
		if err := r.Sign(req.Header, body); err != nil {
			return nil, err
		}
	}
	return req, nil
}

// decode reads a success answer into out. An answer that does not decode
// was cut or garbled on the way, so it counts as no answer.
func (c *Client) decode(r Request, data []byte, out any) error {
	switch o := out.(type) {
	case nil:
		return nil
	case *string:
		*o = string(data)
		return nil
	}
	if err := json.Unmarshal(data, out); err != nil {
		return &NoAnswerError{fmt.Errorf("%s: decode %s %s: %w", c.API, r.Method, r.Path, err)}
	}
	return nil
}
