package apitest

import (
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
)

// The CORS headers, as the standard names them (httpmw.CORS sets them
// with Echo's names; apitest imports neither httpmw, whose tests use
// apitest, nor Echo, which the import rules keep to the HTTP kit).
const (
	headerOrigin        = "Origin"
	headerRequestMethod = "Access-Control-Request-Method"
	headerAllowOrigin   = "Access-Control-Allow-Origin"
	headerAllowMethods  = "Access-Control-Allow-Methods"
	headerAllowHeaders  = "Access-Control-Allow-Headers"
	headerExposeHeaders = "Access-Control-Expose-Headers"
	headerRequestID     = "X-Request-Id"
)

// CORSRoute is a route a page on another origin calls, and the request
// headers (its credentials) it sends.
type CORSRoute struct {
	Method, Path string
	Headers      []string
}

// refusedOrigin is an origin no API allows.
const refusedOrigin = "http://refused.invalid"

// CheckCORS proves an API allowing origin is wired to httpmw.CORS: the
// route's preflight from origin, asking for the route's headers, is
// answered 204 allowing the method and each header; the same preflight
// from another origin gets no CORS header; the route called from origin
// without credentials answers its error with the origin allowed, so the
// page can read the code; the document's CORS section names each header.
// c is the service's validating client.
func CheckCORS(t *testing.T, c *http.Client, baseURL, origin string, r CORSRoute) {
	t.Helper()
	resp := corsDo(t, c, http.MethodOptions, baseURL+r.Path, map[string]string{headerOrigin: origin,
		headerRequestMethod: r.Method, "Access-Control-Request-Headers": strings.ToLower(strings.Join(r.Headers, ","))})
	h := resp.Header
	if resp.StatusCode != http.StatusNoContent || h.Get(headerAllowOrigin) != origin {
		t.Fatalf("preflight of %s %s from %s: %d, Allow-Origin %q", r.Method, r.Path, origin, resp.StatusCode, h.Get(headerAllowOrigin))
	}
	if !slices.Contains(splitList(h.Get(headerAllowMethods)), r.Method) {
		t.Errorf("preflight: Allow-Methods %q lacks %s", h.Get(headerAllowMethods), r.Method)
	}
	allowed := splitList(strings.ToLower(h.Get(headerAllowHeaders)))
	for _, want := range r.Headers {
		if !slices.Contains(allowed, strings.ToLower(want)) {
			t.Errorf("preflight: Allow-Headers %q lacks %s", h.Get(headerAllowHeaders), want)
		}
	}
	resp = corsDo(t, c, http.MethodOptions, baseURL+r.Path, map[string]string{headerOrigin: refusedOrigin,
		headerRequestMethod: r.Method})
	for k := range resp.Header {
		if strings.HasPrefix(k, "Access-Control-") {
			t.Errorf("preflight from %s: %s %q, want no CORS header", refusedOrigin, k, resp.Header.Get(k))
		}
	}
	resp = corsDo(t, c, r.Method, baseURL+r.Path, map[string]string{headerOrigin: origin})
	if resp.StatusCode < 400 || resp.Header.Get(headerAllowOrigin) != origin ||
		!slices.Contains(splitList(resp.Header.Get(headerExposeHeaders)), headerRequestID) {
		t.Errorf("%s %s from %s without credentials: %d, Allow-Origin %q, Expose-Headers %q; want an error the page can read",
			r.Method, r.Path, origin, resp.StatusCode, resp.Header.Get(headerAllowOrigin), resp.Header.Get(headerExposeHeaders))
	}
	checkCORSDocumented(t, c, baseURL, r.Headers)
}

// corsSection is the heading of the CORS section of every API's
// description.
const corsSection = "## CORS\n"

// checkCORSDocumented: the served document has a CORS section naming
// each header.
func checkCORSDocumented(t *testing.T, c *http.Client, baseURL string, headers []string) {
	t.Helper()
	resp, err := c.Get(baseURL + "/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), corsSection)
	if !ok {
		t.Fatalf("%s/openapi.yaml has no %q section", baseURL, strings.TrimSpace(corsSection))
	}
	section, _, _ = strings.Cut(section, "\n    ## ")
	for _, h := range headers {
		if !strings.Contains(section, "`"+h+"`") {
			t.Errorf("the CORS section of %s/openapi.yaml does not name the header %s", baseURL, h)
		}
	}
}

func corsDo(t *testing.T, c *http.Client, method, url string, header map[string]string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp
}

// splitList splits a comma-separated header value.
func splitList(v string) []string {
	var out []string
	for f := range strings.SplitSeq(v, ",") {
		out = append(out, strings.TrimSpace(f))
	}
	return out
}
