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

var spec = apitest.NewSpec(api.OpenAPI)

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
