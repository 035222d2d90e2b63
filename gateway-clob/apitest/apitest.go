// Package apitest binds the shared OpenAPI and AsyncAPI checks
// (pred.dev/proto/runtime/apitest) to the CLOB API's documents, the ones
// the gateway embeds and serves at GET /openapi.yaml and GET
// /asyncapi.yaml, and to their examples.
// Spec().New(t) returns a Validator: wrap a test's HTTP transport with it,
// and each response (and optionally each request) is validated; what broke
// the document fails the test when it ends.
//
// It is for tests only: no non-test code may link it (the import rules
// check that).
package apitest

import (
	"pred.dev/gateway-clob/internal/api"
	"pred.dev/proto/runtime/apitest"
)

// spec binds the document to its examples, internal/api/examples beside
// this package, which -rewrite-examples writes.
var spec = apitest.NewSpec(api.Document, apitest.SourceDir("..", "internal", "api", "examples"))

// Spec returns the CLOB API's document bound to its examples.
func Spec() *apitest.Spec { return spec }

// streamSpec binds the streams' AsyncAPI document to its message
// examples, internal/api/examples/stream, which -rewrite-examples writes.
var streamSpec = apitest.NewStreamSpec(api.AsyncDocument, apitest.SourceDir("..", "internal", "api", "examples", "stream"))

// StreamSpec returns the CLOB streams' AsyncAPI document bound to its
// examples. A stream test calls StreamSpec().NewValidator(t) and hands it
// every frame it reads (Frame("/ws/market", data)) and every request it
// sends (Request); what broke the document fails the test when it ends.
func StreamSpec() *apitest.StreamSpec { return streamSpec }
