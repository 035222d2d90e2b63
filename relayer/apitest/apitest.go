// Package apitest binds the shared response validator
// (pred.dev/proto/runtime/apitest) to the Relayer API's OpenAPI document, the
// one the relayer embeds and serves at GET /openapi.yaml. Wrap a test's
// HTTP transport with Validator.Transport: each response, and optionally
// each request, is validated, and what broke the document fails the test
// when it ends.
//
// The package imports package testing and is for tests only: no non-test
// code may import it (the relayer's import-rule test checks that).
package apitest

import (
	"path/filepath"
	"runtime"
	"testing"

	"github.com/getkin/kin-openapi/routers"

	"pred.dev/proto/runtime/apitest"
	"pred.dev/relayer/internal/api"
)

// Validator checks HTTP exchanges against the document; Option adjusts
// one.
type (
	Validator = apitest.Validator
	Option    = apitest.Option
)

var spec = apitest.NewSpec(api.Document, examplesDir())

// examplesDir is the source directory of the document's examples, which
// -rewrite-examples writes: internal/api/examples beside this package.
func examplesDir() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return ""
	}
	return filepath.Join(filepath.Dir(file), "..", "internal", "api", "examples")
}

// Spec returns the document bound to its examples, for the checks of
// package pred.dev/proto/runtime/apitest (CheckExamples).
func Spec() *apitest.Spec { return spec }

// Document returns a copy of the relayer's embedded OpenAPI document.
func Document() []byte { return spec.Document() }

// Router returns a router of the document, failing t if it does not load.
func Router(t testing.TB) routers.Router {
	t.Helper()
	return spec.Router(t)
}

// New returns a Validator of the document whose failures are reported
// when t and its subtests have finished.
func New(t testing.TB, opts ...Option) *Validator {
	t.Helper()
	return spec.New(t, opts...)
}

// RequireChecks makes the test fail if no exchange was validated against
// a documented operation by its end.
func RequireChecks() Option { return apitest.RequireChecks() }
