// Package apitest is test support for clients of the exchange's HTTP
// APIs: it checks the HTTP exchanges a test makes against an API's OpenAPI
// document (the one its gateway embeds and serves at GET /openapi.yaml).
// Each gateway binds its own document in a small package of its own
// (gateway-clob/apitest, gateway-gamma/apitest), so every API's tests and
// the end-to-end tests share one validator.
//
// Wrap a test's HTTP transport with [Validator.Transport]: each response,
// and optionally each request, is validated, and what broke the document
// fails the test when it ends. A RoundTripper may run on any goroutine
// and must not stop the test, so failures are collected, never raised
// from the transport.
//
// The package imports package testing and is for tests only: no
// non-test code may import it (the import-rule tests of proto/runtime and
// of each gateway check that).
package apitest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"
)

// Spec is one API's OpenAPI document. Its router is loaded and validated
// once per process.
type Spec struct {
	doc    []byte
	router func() (routers.Router, error)
}

// NewSpec binds a document, typically a gateway's embedded one.
func NewSpec(doc []byte) *Spec {
	return &Spec{doc: doc, router: sync.OnceValues(func() (routers.Router, error) { return loadRouter(doc) })}
}

// Document returns a copy of the document, byte for byte what the gateway
// serves at GET /openapi.yaml.
func (s *Spec) Document() []byte { return slices.Clone(s.doc) }

// Router returns a router of the document, failing t if the document does
// not load or is invalid.
func (s *Spec) Router(t testing.TB) routers.Router {
	t.Helper()
	r, err := s.router()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func loadRouter(data []byte) (routers.Router, error) {
	registerTextDecoders()
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(data)
	if err != nil {
		return nil, fmt.Errorf("load the OpenAPI document: %w", err)
	}
	if err := doc.Validate(loader.Context); err != nil {
		return nil, fmt.Errorf("the OpenAPI document is invalid: %w", err)
	}
	r, err := legacy.NewRouter(doc)
	if err != nil {
		return nil, fmt.Errorf("route the OpenAPI document: %w", err)
	}
	return r, nil
}

// registerTextDecoders lets the validator read the bodies of the
// documentation endpoints (YAML, HTML, scripts, styles, text) as the
// strings the document says they are.
var registerTextDecoders = sync.OnceFunc(func() {
	asString := func(body io.Reader, _ http.Header, _ *openapi3.SchemaRef, _ openapi3filter.EncodingFn) (any, error) {
		b, err := io.ReadAll(body)
		return string(b), err
	}
	for _, ct := range []string{"application/yaml", "text/javascript", "text/css", "text/html", "text/plain"} {
		openapi3filter.RegisterBodyDecoder(ct, asString)
	}
})

// Validator checks HTTP exchanges against the document and reports what
// broke it when its test ends. It is safe for concurrent use.
type Validator struct {
	t              testing.TB
	router         routers.Router
	requireChecked bool

	mu       sync.Mutex
	checked  int // exchanges that matched a documented operation and passed
	failures []string
}

// Option adjusts a Validator.
type Option func(*Validator)

// RequireChecks makes the test fail if, by its end, no exchange was
// validated against a documented operation (and nothing else failed):
// the check would then have proved nothing.
func RequireChecks() Option { return func(v *Validator) { v.requireChecked = true } }

// New returns a Validator of the document whose failures are reported,
// with t.Error, when t and its subtests have finished.
func (s *Spec) New(t testing.TB, opts ...Option) *Validator {
	t.Helper()
	v := &Validator{t: t, router: s.Router(t)}
	for _, o := range opts {
		o(v)
	}
	t.Cleanup(v.report)
	return v
}

// Transport returns an http.RoundTripper that sends each request with
// next (http.DefaultTransport if nil) and validates the response, and the
// request too if checkRequests is set; leave it unset for clients that
// send invalid requests on purpose. The response's body is read in full
// and handed on unchanged.
func (v *Validator) Transport(next http.RoundTripper, checkRequests bool) http.RoundTripper {
	if next == nil {
		next = http.DefaultTransport
	}
	return &transport{v: v, next: next, checkRequests: checkRequests}
}

type transport struct {
	v             *Validator
	next          http.RoundTripper
	checkRequests bool
}

func (tr *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	var reqBody []byte
	if req.Body != nil && req.Body != http.NoBody {
		var err error
		reqBody, err = io.ReadAll(req.Body)
		req.Body.Close()
		if err != nil {
			return nil, err
		}
		// A RoundTripper must not modify the caller's request.
		req = req.Clone(req.Context())
		req.Body = io.NopCloser(bytes.NewReader(reqBody))
		req.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(reqBody)), nil }
	}
	resp, err := tr.next.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	respBody, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	resp.Body = io.NopCloser(bytes.NewReader(respBody))
	tr.v.check(req, reqBody, resp, respBody, tr.checkRequests)
	return resp, nil
}

// check validates one exchange and records what broke the document.
func (v *Validator) check(req *http.Request, reqBody []byte, resp *http.Response, respBody []byte, checkRequest bool) {
	vreq := req.Clone(context.Background())
	vreq.Body = io.NopCloser(bytes.NewReader(reqBody))
	vreq.URL.Host, vreq.URL.Scheme, vreq.Host = "", "", ""
	key := req.Method + " " + req.URL.Path + " " + resp.Status
	route, params, err := v.router.FindRoute(vreq)
	if err != nil {
		if !undocumented(err, resp.StatusCode, respBody) {
			v.fail(key + ": no documented route: " + err.Error() + "\nbody: " + clip(respBody))
		}
		return
	}
	opts := &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc, IncludeResponseStatus: true, MultiError: true}
	opts.WithCustomSchemaErrorFunc(func(err *openapi3.SchemaError) string {
		return strings.Join(err.JSONPointer(), "/") + ": " + err.Reason
	})
	in := &openapi3filter.RequestValidationInput{Request: vreq, PathParams: params, Route: route, Options: opts}
	ok := true
	if checkRequest {
		if err := openapi3filter.ValidateRequest(context.Background(), in); err != nil {
			v.fail(key + ": request does not match the document: " + err.Error())
			ok = false
		}
	}
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: resp.StatusCode,
		Header: resp.Header, Body: io.NopCloser(bytes.NewReader(respBody)), Options: opts}
	if err := openapi3filter.ValidateResponse(context.Background(), out); err != nil {
		v.fail(key + ": response does not match the document: " + err.Error() + "\nbody: " + clip(respBody))
		ok = false
	}
	if ok {
		v.mu.Lock()
		v.checked++
		v.mu.Unlock()
	}
}

// undocumented reports whether a response is acceptable for a request
// the document has no operation for, given the router's error: any
// undocumented path may answer only the documented 404 NOT_FOUND error,
// and a documented path may also answer an undocumented method with the
// 405 METHOD_NOT_ALLOWED error.
func undocumented(routeErr error, status int, body []byte) bool {
	switch status {
	case http.StatusNotFound:
		return bytes.Contains(body, []byte(`"code":"NOT_FOUND"`))
	case http.StatusMethodNotAllowed:
		var re *routers.RouteError
		return errors.As(routeErr, &re) && re.Reason == routers.ErrMethodNotAllowed.Error() &&
			bytes.Contains(body, []byte(`"code":"METHOD_NOT_ALLOWED"`))
	}
	return false
}

func clip(b []byte) string {
	const max = 600
	if len(b) > max {
		return string(b[:max]) + "..."
	}
	return string(b)
}

func (v *Validator) fail(msg string) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.failures = append(v.failures, msg)
}

// report fails the test for every exchange that broke the document, and,
// with RequireChecks, if no exchange was validated at all.
func (v *Validator) report() {
	v.mu.Lock()
	defer v.mu.Unlock()
	for _, f := range v.failures {
		v.t.Error("OpenAPI: " + f)
	}
	if v.requireChecked && v.checked == 0 && len(v.failures) == 0 && !v.t.Failed() {
		v.t.Error("OpenAPI: no response was validated")
	}
}
