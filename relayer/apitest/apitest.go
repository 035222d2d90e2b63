// Package apitest binds the shared OpenAPI checks
// (pred.dev/proto/runtime/apitest) to the Relayer API's document, the one
// the relayer embeds and serves at GET /openapi.yaml, and to its examples.
// Spec().New(t) returns a Validator: wrap a test's HTTP transport with it,
// and each response (and optionally each request) is validated; what broke
// the document fails the test when it ends.
//
// It is for tests only: no non-test code may link it (the import rules
// check that).
package apitest

import (
	"pred.dev/proto/runtime/apitest"
	"pred.dev/relayer/internal/api"
)

// spec binds the document to its examples, internal/api/examples beside
// this package, which -rewrite-examples writes.
var spec = apitest.NewSpec(api.Document, apitest.SourceDir("..", "internal", "api", "examples"))

// Spec returns the Relayer API's document bound to its examples.
func Spec() *apitest.Spec { return spec }
