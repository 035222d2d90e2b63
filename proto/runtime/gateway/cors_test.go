package gateway_test

import (
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"

	"pred.dev/proto/errcode"
	"pred.dev/proto/runtime/gateway"
	"pred.dev/proto/runtime/httpmw"
)

const (
	appOrigin   = "http://localhost:8080"
	otherOrigin = "http://evil.example"
	ownHeader   = "PRED_API_KEY"
)

// corsAPI serves a kit API allowing appOrigin, with one own header, a
// per-IP bucket of burst 3 that never refills within a test, and routes
// answering 200, a 400 error and a 201.
func corsAPI(t *testing.T, origins string) string {
	t.Helper()
	var o httpmw.Origins
	if err := o.Set(origins); err != nil {
		t.Fatal(err)
	}
	return serve(t, gateway.Config{Name: "kit", Registry: prometheus.NewRegistry(), IPs: gateway.Buckets(gateway.PerIP, 0.001, 3),
		CORS: httpmw.CORSConfig{Origins: o, Headers: []string{ownHeader}}},
		func(e *echo.Echo) {
			e.GET("/x", func(c echo.Context) error { return c.String(200, "ok") })
			e.GET("/bad", func(echo.Context) error { return errcode.New(errcode.InvalidOrderPayload) })
			e.POST("/order", func(c echo.Context) error { return c.NoContent(201) })
		})
}

// send makes one request with the given headers and returns the answer.
func send(t *testing.T, method, url string, header map[string]string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	c := &http.Client{Timeout: 10 * time.Second}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp
}

func preflight(origin, method string) map[string]string {
	return map[string]string{"Origin": origin, "Access-Control-Request-Method": method,
		"Access-Control-Request-Headers": "content-type,pred_api_key"}
}

// list splits a comma-separated header value.
func list(v string) []string {
	var out []string
	for f := range strings.SplitSeq(v, ",") {
		out = append(out, strings.TrimSpace(f))
	}
	return out
}

// noCORS reports the Access-Control-* headers of an answer that must
// carry none.
func noCORS(t *testing.T, what string, resp *http.Response) {
	t.Helper()
	for k := range resp.Header {
		if strings.HasPrefix(k, "Access-Control-") {
			t.Errorf("%s: %s: %q, want no CORS header", what, k, resp.Header.Get(k))
		}
	}
}

// TestCORSPreflight: an allowed origin's preflight is answered 204 with
// the methods, the kit's and the service's headers and the max age; a
// refused origin's gets 204 and no CORS header. Neither is charged to the
// rate limit nor refused by Strict (a duplicated query parameter), on a
// route or not.
func TestCORSPreflight(t *testing.T) {
	t.Parallel()
	url := corsAPI(t, "http://127.0.0.1:8080, "+appOrigin)
	for range 3 {
		resp := send(t, http.MethodOptions, url+"/order?a=1&a=2", preflight(appOrigin, "POST"))
		h := resp.Header
		if resp.StatusCode != 204 || h.Get(echo.HeaderAccessControlAllowOrigin) != appOrigin || !slices.Contains(h.Values("Vary"), "Origin") {
			t.Fatalf("preflight: %d %v", resp.StatusCode, h)
		}
		if m := list(h.Get(echo.HeaderAccessControlAllowMethods)); !slices.Contains(m, "POST") || !slices.Contains(m, "DELETE") {
			t.Errorf("Allow-Methods %v", m)
		}
		for _, want := range []string{"Content-Type", "Authorization", httpmw.HeaderRequestID, ownHeader} {
			if !slices.Contains(list(h.Get(echo.HeaderAccessControlAllowHeaders)), want) {
				t.Errorf("Allow-Headers %q lacks %s", h.Get(echo.HeaderAccessControlAllowHeaders), want)
			}
		}
		if h.Get(echo.HeaderAccessControlMaxAge) != "7200" || h.Get(httpmw.HeaderRateLimitRemaining) != "" {
			t.Errorf("Max-Age %q, X-RateLimit-Remaining %q (a preflight is not charged)", h.Get(echo.HeaderAccessControlMaxAge), h.Get(httpmw.HeaderRateLimitRemaining))
		}
	}
	if resp := send(t, http.MethodOptions, url+"/no/such/route", preflight(appOrigin, "GET")); resp.StatusCode != 204 || resp.Header.Get(echo.HeaderAccessControlAllowOrigin) != appOrigin {
		t.Errorf("preflight of an unknown route: %d %v", resp.StatusCode, resp.Header)
	}
	resp := send(t, http.MethodOptions, url+"/order", preflight(otherOrigin, "POST"))
	if resp.StatusCode != 204 || !slices.Contains(resp.Header.Values("Vary"), "Origin") {
		t.Errorf("refused preflight: %d %v", resp.StatusCode, resp.Header)
	}
	noCORS(t, "refused preflight", resp)
	// Five preflights later, the burst of 3 is intact.
	for i := range 3 {
		if resp := send(t, http.MethodGet, url+"/x", nil); resp.StatusCode != 200 {
			t.Fatalf("request %d after the preflights: %d, want 200 (preflights are not charged)", i, resp.StatusCode)
		}
	}
}

// TestCORSAnswers: answers to an allowed origin, errors and 429 included,
// carry the origin and the exposed headers; a refused origin's carry none.
func TestCORSAnswers(t *testing.T) {
	t.Parallel()
	url := corsAPI(t, appOrigin)
	from := map[string]string{"Origin": appOrigin}
	check := func(what string, resp *http.Response, status int) {
		t.Helper()
		h := resp.Header
		if resp.StatusCode != status || h.Get(echo.HeaderAccessControlAllowOrigin) != appOrigin || !slices.Contains(h.Values("Vary"), "Origin") {
			t.Errorf("%s: %d, Allow-Origin %q, Vary %v; want %d from %s", what, resp.StatusCode, h.Get(echo.HeaderAccessControlAllowOrigin), h.Values("Vary"), status, appOrigin)
		}
		exposed := list(h.Get(echo.HeaderAccessControlExposeHeaders))
		for _, want := range []string{echo.HeaderRetryAfter, httpmw.HeaderRequestID, httpmw.HeaderRateLimitRemaining, httpmw.HeaderRateLimitReset} {
			if !slices.Contains(exposed, want) {
				t.Errorf("%s: Expose-Headers %v lacks %s", what, exposed, want)
			}
		}
		if h.Get("Access-Control-Allow-Credentials") != "" {
			t.Errorf("%s: Allow-Credentials sent", what)
		}
	}
	check("POST /order", send(t, http.MethodPost, url+"/order", from), 201)
	check("GET /bad", send(t, http.MethodGet, url+"/bad", from), 400)
	check("404", send(t, http.MethodGet, url+"/no/such/route", from), 404)
	resp := send(t, http.MethodGet, url+"/x", map[string]string{"Origin": otherOrigin})
	if resp.StatusCode != 429 {
		t.Fatalf("third request: %d, want 429", resp.StatusCode)
	}
	noCORS(t, "429 to a refused origin", resp)
	resp = send(t, http.MethodGet, url+"/x", from)
	check("429", resp, 429)
	if resp.Header.Get(echo.HeaderRetryAfter) == "" {
		t.Error("429 without Retry-After")
	}
}

// TestCORSAnyOrigin: "*" answers every origin with *.
func TestCORSAnyOrigin(t *testing.T) {
	t.Parallel()
	url := corsAPI(t, "*")
	if resp := send(t, http.MethodGet, url+"/x", map[string]string{"Origin": otherOrigin}); resp.Header.Get(echo.HeaderAccessControlAllowOrigin) != "*" {
		t.Errorf("Allow-Origin %q, want *", resp.Header.Get(echo.HeaderAccessControlAllowOrigin))
	}
	if resp := send(t, http.MethodOptions, url+"/order", preflight(otherOrigin, "POST")); resp.StatusCode != 204 || resp.Header.Get(echo.HeaderAccessControlAllowOrigin) != "*" {
		t.Errorf("preflight: %d %v", resp.StatusCode, resp.Header)
	}
}

// TestCORSOff: with no origin allowed (the default), no answer carries a
// CORS header, and a preflight is an ordinary OPTIONS request (Echo's 204
// with Allow, charged like any request).
func TestCORSOff(t *testing.T) {
	t.Parallel()
	url := corsAPI(t, "")
	resp := send(t, http.MethodOptions, url+"/order", preflight(appOrigin, "POST"))
	if resp.StatusCode != 204 || resp.Header.Get("Allow") == "" || resp.Header.Get(httpmw.HeaderRateLimitRemaining) != "2" {
		t.Errorf("preflight: %d %v", resp.StatusCode, resp.Header)
	}
	noCORS(t, "preflight", resp)
	resp = send(t, http.MethodGet, url+"/x", map[string]string{"Origin": appOrigin})
	noCORS(t, "GET /x", resp)
	if slices.Contains(resp.Header.Values("Vary"), "Origin") {
		t.Error("Vary: Origin without CORS")
	}
}
