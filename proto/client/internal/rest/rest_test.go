package rest

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/client/ratelimit"
	"pred.dev/proto/client/relayerapi"
	"pred.dev/proto/errcode"
)

// serve starts a real HTTP server for one test.
func serve(t *testing.T, h http.HandlerFunc) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

func answer(w http.ResponseWriter, status int, body string) {
	w.WriteHeader(status)
	_, _ = io.WriteString(w, body)
}

const rateLimitedBody = `{"error":"slow down","code":"RATE_LIMITED"}`

// TestRetryAfterForms: both forms of Retry-After reach APIError.RetryAfter,
// a date counted from the answer's Date (the server's clock); what cannot
// be read, or is past, is no Retry-After.
func TestRetryAfterForms(t *testing.T) {
	t.Parallel()
	serverNow := time.Date(2026, 11, 27, 7, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name, retryAfter string
		want             time.Duration
	}{
		{"seconds", "7", 7 * time.Second},
		{"an HTTP date", serverNow.Add(7 * time.Second).Format(http.TimeFormat), 7 * time.Second},
		{"an HTTP date already past", serverNow.Add(-time.Minute).Format(http.TimeFormat), 0},
		{"negative seconds", "-3", 0},
		{"garbage", "soon", 0},
		{"absent", "", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Date", serverNow.Format(http.TimeFormat))
				if tc.retryAfter != "" {
					w.Header().Set("Retry-After", tc.retryAfter)
				}
				answer(w, http.StatusTooManyRequests, rateLimitedBody)
			})
			c := New("clob", srv.URL)
			err := c.Do(context.Background(), Request{Method: http.MethodGet, Path: "/book"}, nil)
			var ae *APIError
			if !errors.As(err, &ae) || ae.RetryAfter != tc.want || ae.Code != errcode.RateLimited {
				t.Fatalf("Retry-After %q: %#v, want RetryAfter %s", tc.retryAfter, err, tc.want)
			}
		})
	}
}

// TestRateLimitedIsRetried: a 429 is sent again, POST included (the API
// did nothing), after the wait its Retry-After asks for, signed afresh
// over the same body each time, until the answer comes.
func TestRateLimitedIsRetried(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var bodies, stamps []string
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		bodies, stamps = append(bodies, string(b)), append(stamps, r.Header.Get("Stamp"))
		n := len(bodies)
		mu.Unlock()
		if n < 3 {
			now := time.Now()
			w.Header().Set("Date", now.Format(http.TimeFormat))
			w.Header().Set("Retry-After", now.Add(time.Second).Format(http.TimeFormat))
			answer(w, http.StatusTooManyRequests, rateLimitedBody)
			return
		}
		answer(w, http.StatusOK, `{"ok":true}`)
	})
	var waits []ratelimit.Wait
	c := New("clob", srv.URL)
	c.RateLimit = ratelimit.Policy{Retries: 5, Notify: func(w ratelimit.Wait) { waits = append(waits, w) }}
	signed := 0
	sign := func(h http.Header, body []byte) error {
		signed++
		h.Set("Stamp", string(rune('a'+signed))+string(body))
		return nil
	}
	var out struct{ OK bool }
	err := c.Do(context.Background(), Request{Method: http.MethodPost, Path: "/order", Body: map[string]int{"n": 1}, Sign: sign}, &out)
	if err != nil || !out.OK {
		t.Fatalf("got %+v, %v", out, err)
	}
	if len(bodies) != 3 || bodies[0] != `{"n":1}` || bodies[2] != bodies[0] || stamps[0] == stamps[1] || stamps[1] == stamps[2] {
		t.Fatalf("attempts %q, signed %q: want the same body three times, each signed afresh", bodies, stamps)
	}
	want := []ratelimit.Wait{
		{Method: "POST", Path: "/order", Retry: 1, Retries: 5, Delay: time.Second, Message: "slow down"},
		{Method: "POST", Path: "/order", Retry: 2, Retries: 5, Delay: time.Second, Message: "slow down"},
	}
	if len(waits) != 2 || waits[0] != want[0] || waits[1] != want[1] {
		t.Fatalf("waits %+v, want %+v", waits, want)
	}
}

// TestRetriesAreCapped: an API that keeps answering 429 gets the first
// attempt and the policy's retries, then the caller its error.
func TestRetriesAreCapped(t *testing.T) {
	t.Parallel()
	var calls atomic.Int32
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		w.Header().Set("Retry-After", "1")
		answer(w, http.StatusTooManyRequests, rateLimitedBody)
	})
	c := New("gamma", srv.URL)
	c.RateLimit = ratelimit.Policy{Retries: 2}
	err := c.Do(context.Background(), Request{Method: http.MethodGet, Path: "/events"}, nil)
	if !errors.Is(err, errcode.RateLimited) || calls.Load() != 3 {
		t.Fatalf("%v after %d calls, want RATE_LIMITED after 3", err, calls.Load())
	}
}

// TestOnlyRateLimitsAreRetried: whatever the policy, a request answered
// with anything but 429 RATE_LIMITED is sent once, even a 503 that names
// a Retry-After, since it may have done its work; and so is a 429 the
// request asked to have back (NoRetry).
func TestOnlyRateLimitsAreRetried(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, method string
		status       int
		body         string
		noRetry      bool
	}{
		{"a POST answered 503 OVERLOADED", http.MethodPost, 503, `{"error":"busy","code":"OVERLOADED"}`, false},
		{"a POST answered 503 ENGINE_TIMEOUT", http.MethodPost, 503, `{"error":"late","code":"ENGINE_TIMEOUT","orderID":"0x01"}`, false},
		{"a GET answered 503 ENGINE_UNAVAILABLE", http.MethodGet, 503, `{"error":"down","code":"ENGINE_UNAVAILABLE"}`, false},
		{"a GET answered 500", http.MethodGet, 500, `{"error":"oops","code":"INTERNAL_ERROR"}`, false},
		{"a 429 without its code", http.MethodGet, 429, `<html>too many</html>`, false},
		{"a 429 asked back", http.MethodPost, 429, rateLimitedBody, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var calls atomic.Int32
			srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
				calls.Add(1)
				w.Header().Set("Retry-After", "1")
				answer(w, tc.status, tc.body)
			})
			c := New("clob", srv.URL)
			c.RateLimit = ratelimit.Policy{Retries: 3}
			err := c.Do(context.Background(), Request{Method: tc.method, Path: "/order", Body: []byte(`{}`), NoRetry: tc.noRetry}, nil)
			var ae *APIError
			if !errors.As(err, &ae) || ae.Status != tc.status || calls.Load() != 1 {
				t.Fatalf("%v after %d calls, want the %d after one", err, calls.Load(), tc.status)
			}
		})
	}
}

// TestErrorBodies: the error body of each API, as its types encode it,
// becomes an *APIError with its code, message, the CLOB's orderID, the
// request id and Retry-After; a body that is not one keeps its text under
// INTERNAL_ERROR.
func TestErrorBodies(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		api       string
		status    int
		body      any
		want      APIError
		wantError string
	}{
		{"clob", 503, clobapi.ErrorBody{Error: "no result in time", Code: "ENGINE_TIMEOUT", OrderID: "0xabc"},
			APIError{API: "clob", Status: 503, Code: errcode.EngineTimeout, Message: "no result in time", OrderID: "0xabc"},
			"clob: 503 ENGINE_TIMEOUT: no result in time"},
		{"gamma", 404, gammaapi.ErrorBody{Error: "no such event", Code: "EVENT_NOT_FOUND"},
			APIError{API: "gamma", Status: 404, Code: "EVENT_NOT_FOUND", Message: "no such event"},
			"gamma: 404 EVENT_NOT_FOUND: no such event"},
		{"relayer", 429, relayerapi.ErrorBody{Error: "rate limit exceeded per address", Code: "RATE_LIMITED"},
			APIError{API: "relayer", Status: 429, Code: errcode.RateLimited, Message: "rate limit exceeded per address"},
			"relayer: 429 RATE_LIMITED: rate limit exceeded per address"},
		{"clob", 502, "<html>bad gateway</html>\n",
			APIError{API: "clob", Status: 502, Code: errcode.InternalError, Message: "<html>bad gateway</html>"},
			"clob: 502 INTERNAL_ERROR: <html>bad gateway</html>"},
	} {
		t.Run(tc.wantError, func(t *testing.T) {
			t.Parallel()
			srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set(HeaderRequestID, "req-42")
				w.Header().Set("Retry-After", "3")
				w.WriteHeader(tc.status)
				if s, ok := tc.body.(string); ok {
					_, _ = io.WriteString(w, s)
					return
				}
				_ = json.NewEncoder(w).Encode(tc.body)
			})
			c := New(tc.api, srv.URL)
			err := c.Do(context.Background(), Request{Method: http.MethodGet, Path: "/x"}, nil)
			want := tc.want
			want.RequestID, want.RetryAfter = "req-42", 3*time.Second
			var ae *APIError
			if !errors.As(err, &ae) || *ae != want || err.Error() != tc.wantError {
				t.Fatalf("got %#v (%v), want %#v (%s)", err, err, want, tc.wantError)
			}
			if !errors.Is(err, want.Code) || !errors.Is(err, &APIError{Code: want.Code}) || errors.Is(err, errcode.OrderNotFound) {
				t.Fatalf("%v does not match its code alone", err)
			}
		})
	}
}

// TestAnswers: a JSON answer decodes into out, a *string takes the body
// as it is, and a query and the base URL's trailing slash are handled.
func TestAnswers(t *testing.T) {
	t.Parallel()
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/time" {
			answer(w, 200, "1700000000\n")
			return
		}
		_ = json.NewEncoder(w).Encode(map[string]string{"path": r.URL.Path, "q": r.URL.Query().Get("token_id"), "ct": r.Header.Get("Content-Type")})
	})
	c := New("clob", srv.URL+"/")
	var got map[string]string
	if err := c.Do(context.Background(), Request{Method: http.MethodGet, Path: "/book", Query: map[string][]string{"token_id": {"12"}}}, &got); err != nil ||
		got["path"] != "/book" || got["q"] != "12" || got["ct"] != "" {
		t.Fatalf("GET: %v, %v", got, err)
	}
	if err := c.Do(context.Background(), Request{Method: http.MethodPost, Path: "/books", Body: []string{"1"}}, &got); err != nil || got["ct"] != "application/json" {
		t.Fatalf("POST: %v, %v", got, err)
	}
	var s string
	if err := c.Do(context.Background(), Request{Method: http.MethodGet, Path: "/time"}, &s); err != nil || s != "1700000000\n" {
		t.Fatalf("raw: %q, %v", s, err)
	}
}

// TestSignRefusal: a request the SDK cannot sign is not sent, and its
// error comes back as it is.
func TestSignRefusal(t *testing.T) {
	t.Parallel()
	var calls atomic.Int32
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) { calls.Add(1) })
	refusal := errors.New("no credentials")
	c := New("relayer", srv.URL)
	err := c.Do(context.Background(), Request{Method: http.MethodGet, Path: "/transactions",
		Sign: func(http.Header, []byte) error { return refusal }}, nil)
	if err != refusal || calls.Load() != 0 {
		t.Fatalf("%v after %d calls, want the refusal itself and nothing sent", err, calls.Load())
	}
}

// TestNoAnswer: an answer that does not arrive whole is a
// *NoAnswerError, which may have reached the API unless the connection
// was never made.
func TestNoAnswer(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String()
	ln.Close()
	dropped := serve(t, func(w http.ResponseWriter, r *http.Request) {
		conn, _, err := w.(http.Hijacker).Hijack()
		if err == nil {
			conn.Close()
		}
	})
	garbled := serve(t, func(w http.ResponseWriter, r *http.Request) { answer(w, 200, `{"price":`) })
	for _, tc := range []struct {
		name, base string
		arrived    bool
	}{
		{"a refused connection", closed, false},
		{"a dropped connection", dropped.URL, true},
		{"a cut body", garbled.URL, true},
	} {
		var out struct{ Price string }
		c := New("clob", tc.base)
		err := c.Do(context.Background(), Request{Method: http.MethodPost, Path: "/order"}, &out)
		var na *NoAnswerError
		if !errors.As(err, &na) || na.MayHaveArrived() != tc.arrived {
			t.Errorf("%s: %#v, want a *NoAnswerError that may have arrived: %v", tc.name, err, tc.arrived)
		}
	}
}
