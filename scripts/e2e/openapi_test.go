package e2e

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"
)

// httpTimeout bounds one HTTP exchange of a test client; generous, since
// a loaded two-core machine may be slow, and never part of an assertion.
const httpTimeout = time.Minute

// validator checks every response a test receives against the OpenAPI
// document the gateway serves at GET /openapi.yaml. Failures are
// collected and reported when the test ends, because a RoundTripper
// must not stop the test from another goroutine.
type validator struct {
	router routers.Router

	mu       sync.Mutex
	checked  int
	failures []string
}

// newValidator loads the document from a running gateway.
func newValidator(t *testing.T, baseURL string) *validator {
	t.Helper()
	registerTextDecoders()
	resp, err := http.Get(baseURL + "/openapi.yaml")
	if err != nil {
		t.Fatalf("GET /openapi.yaml: %v", err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /openapi.yaml: %d %v", resp.StatusCode, err)
	}
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(data)
	if err != nil {
		t.Fatalf("load the OpenAPI document: %v", err)
	}
	if err := doc.Validate(loader.Context); err != nil {
		t.Fatalf("the OpenAPI document is invalid: %v", err)
	}
	r, err := legacy.NewRouter(doc)
	if err != nil {
		t.Fatal(err)
	}
	v := &validator{router: r}
	t.Cleanup(func() { v.report(t) })
	return v
}

// registerTextDecoders lets the validator read the bodies of the
// documentation endpoints (YAML, HTML, scripts) as the strings the
// document says they are.
var registerTextDecoders = sync.OnceFunc(func() {
	asString := func(body io.Reader, _ http.Header, _ *openapi3.SchemaRef, _ openapi3filter.EncodingFn) (any, error) {
		b, err := io.ReadAll(body)
		return string(b), err
	}
	for _, ct := range []string{"application/yaml", "text/javascript", "text/css", "text/html", "text/plain"} {
		openapi3filter.RegisterBodyDecoder(ct, asString)
	}
})

// client returns an HTTP client whose every response is validated.
func (v *validator) client() *http.Client {
	return &http.Client{Timeout: httpTimeout, Transport: &validatingTransport{v: v, next: http.DefaultTransport}}
}

// validatingTransport is an http.RoundTripper that validates each
// response against the document before handing it on.
type validatingTransport struct {
	v    *validator
	next http.RoundTripper
}

func (vt *validatingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	var reqBody []byte
	if req.Body != nil {
		var err error
		if reqBody, err = io.ReadAll(req.Body); err != nil {
			return nil, err
		}
		req.Body = io.NopCloser(bytes.NewReader(reqBody))
	}
	resp, err := vt.next.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	respBody, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	resp.Body = io.NopCloser(bytes.NewReader(respBody))
	vt.v.check(req, reqBody, resp, respBody)
	return resp, nil
}

// check validates one response. A path the document does not know may
// only answer the documented NOT_FOUND error.
func (v *validator) check(req *http.Request, reqBody []byte, resp *http.Response, respBody []byte) {
	vreq := req.Clone(context.Background())
	vreq.Body = io.NopCloser(bytes.NewReader(reqBody))
	vreq.URL.Host, vreq.URL.Scheme, vreq.Host = "", "", ""
	key := req.Method + " " + req.URL.Path + " " + resp.Status
	route, params, err := v.router.FindRoute(vreq)
	if err != nil {
		undocumented := resp.StatusCode == http.StatusNotFound && strings.Contains(string(respBody), `"code":"NOT_FOUND"`) ||
			resp.StatusCode == http.StatusMethodNotAllowed && strings.Contains(string(respBody), `"code":"METHOD_NOT_ALLOWED"`)
		if !undocumented {
			v.fail(key + ": no documented route: " + err.Error())
		}
		return
	}
	opts := &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc, IncludeResponseStatus: true, MultiError: true}
	in := &openapi3filter.RequestValidationInput{Request: vreq, PathParams: params, Route: route, Options: opts}
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: resp.StatusCode,
		Header: resp.Header, Body: io.NopCloser(bytes.NewReader(respBody)), Options: opts}
	if err := openapi3filter.ValidateResponse(context.Background(), out); err != nil {
		v.fail(key + ": response does not match the document: " + err.Error() + "\nbody: " + clip(string(respBody)))
		return
	}
	v.mu.Lock()
	v.checked++
	v.mu.Unlock()
}

func clip(s string) string {
	const max = 600
	if len(s) > max {
		return s[:max] + "..."
	}
	return s
}

func (v *validator) fail(msg string) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.failures = append(v.failures, msg)
}

// report fails the test for every response that broke the document, and
// if no response was validated at all, since then the check proved
// nothing.
func (v *validator) report(t *testing.T) {
	v.mu.Lock()
	defer v.mu.Unlock()
	for _, f := range v.failures {
		t.Error("OpenAPI: " + f)
	}
	if v.checked == 0 && len(v.failures) == 0 && !t.Failed() {
		t.Error("OpenAPI: no response was validated")
	}
}
