// Package apitest is test support for clients of the exchange's HTTP
// APIs: it checks the HTTP exchanges a test makes against an API's OpenAPI
// document (the one its gateway embeds and serves at GET /openapi.yaml).
// Each service binds its own document in a small package of its own
// (gateway-clob/apitest, gateway-gamma/apitest, relayer/apitest), so every
// API's tests and the end-to-end tests share one validator.
//
// The validator also keeps the document's examples true (examples.go):
// an error code an operation answered with must be one its document
// lists, and with -rewrite-examples the responses the tests receive are
// written as the examples the document lacks.
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
	"path/filepath"
	goruntime "runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"

	"pred.dev/proto/runtime/apidocs"
)

// Spec is one API's OpenAPI document, as its service serves it (the
// hand-written document with its examples merged in, apidocs.Build), and
// where its examples are kept. Its router is loaded and validated once
// per process.
type Spec struct {
	built       apidocs.Document
	examplesDir string
	router      func() (routers.Router, error)
	doc         func() (*openapi3.T, error)

	// writeMu orders the writes of examples files by this process's
	// validators (-rewrite-examples).
	writeMu sync.Mutex
}

// NewSpec binds a service's document, typically its embedded one, and the
// directory its examples are kept in (the source tree's, which
// -rewrite-examples writes; "" for none).
func NewSpec(d apidocs.Document, examplesDir string) *Spec {
	s := &Spec{built: d, examplesDir: examplesDir}
	s.doc = sync.OnceValues(func() (*openapi3.T, error) { return loadDoc(d.YAML) })
	s.router = sync.OnceValues(func() (routers.Router, error) {
		doc, err := s.doc()
		if err != nil {
			return nil, err
		}
		r, err := legacy.NewRouter(doc, openapi3.DisableExamplesValidation())
		if err != nil {
			return nil, fmt.Errorf("route the OpenAPI document: %w", err)
		}
		return r, nil
	})
	return s
}

// SourceDir is the directory of the calling source file joined with rel:
// where a service's examples are kept, found from the package that binds
// them wherever the test runs from ("" if the caller is unknown).
func SourceDir(rel ...string) string {
	_, file, _, ok := goruntime.Caller(1)
	if !ok {
		return ""
	}
	return filepath.Join(append([]string{filepath.Dir(file)}, rel...)...)
}

// Document returns a copy of the document, byte for byte what the service
// serves at GET /openapi.yaml.
func (s *Spec) Document() []byte { return slices.Clone(s.built.YAML) }

// Built returns the document with what its build found.
func (s *Spec) Built() apidocs.Document { return s.built }

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

// OpenAPI returns the loaded document, failing t if it does not load or
// is invalid.
func (s *Spec) OpenAPI(t testing.TB) *openapi3.T {
	t.Helper()
	d, err := s.doc()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// loadDoc loads and validates a document. Its examples are left to
// CheckExamples, which says which one is wrong and how to fix it, so a
// stale example does not stop every test that validates an exchange.
func loadDoc(data []byte) (*openapi3.T, error) {
	registerTextDecoders()
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(data)
	if err != nil {
		return nil, fmt.Errorf("load the OpenAPI document: %w", err)
	}
	if err := doc.Validate(loader.Context, openapi3.DisableExamplesValidation()); err != nil {
		return nil, fmt.Errorf("the OpenAPI document is invalid: %w", err)
	}
	return doc, nil
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
	spec           *Spec
	router         routers.Router
	requireChecked bool

	mu       sync.Mutex
	checked  int // exchanges that matched a documented operation and passed
	failures []string
	recorded []recorded // with -rewrite-examples: the examples seen
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
	v := &Validator{t: t, spec: s, router: s.Router(t)}
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
// and handed on unchanged, but for a protocol switch (upgrade.go), whose
// body is the connection itself.
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
	if resp.StatusCode == http.StatusSwitchingProtocols {
		tr.v.checkSwitch(req, reqBody, resp, tr.checkRequests)
		return resp, nil
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
		if !undocumented(req, err, resp.StatusCode, respBody) {
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
		if *rewriteExamples && newErrorCode(route, resp.StatusCode, respBody) {
			// A code new to the document fails its ErrorCode enum until
			// the examples list it: record it.
			v.record(in, route, resp, reqBody, respBody)
			return
		}
		v.fail(key + ": response does not match the document: " + err.Error() + "\nbody: " + clip(respBody) + v.undocumentedStatusHint(route, resp.StatusCode, respBody) + v.newCodeHint(route, resp.StatusCode, respBody))
		ok = false
	} else if !v.codeDocumented(key, route, resp.StatusCode, respBody) {
		ok = false
	} else if *rewriteExamples {
		v.record(in, route, resp, reqBody, respBody)
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
// 405 METHOD_NOT_ALLOWED error. A CORS preflight, on any path, is
// answered 204 without a body: the documents describe CORS once, as a
// convention of every path (httpmw.CORS), not as an OPTIONS operation.
func undocumented(req *http.Request, routeErr error, status int, body []byte) bool {
	if preflight(req) {
		return status == http.StatusNoContent && len(body) == 0
	}
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

// preflight reports whether req is a CORS preflight.
func preflight(req *http.Request) bool {
	return req.Method == http.MethodOptions && req.Header.Get(headerOrigin) != "" && req.Header.Get(headerRequestMethod) != ""
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
// with RequireChecks, if no exchange was validated at all. With
// -rewrite-examples it writes the examples first.
func (v *Validator) report() {
	v.mu.Lock()
	defer v.mu.Unlock()
	if len(v.recorded) > 0 {
		v.spec.write(v.t, v.recorded)
	}
	for _, f := range v.failures {
		v.t.Error("OpenAPI: " + f)
	}
	if v.requireChecked && v.checked == 0 && len(v.failures) == 0 && !v.t.Failed() {
		v.t.Error("OpenAPI: no response was validated")
	}
}
