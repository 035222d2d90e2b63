package api

import (
	"embed"

	"pred.dev/proto/runtime/apidocs"
)

// source is the hand-written OpenAPI 3.1 document of this API, and
// examples the examples of its requests, responses and error codes, one
// file per operation, most recorded from what its tests received (see
// pred.dev/proto/runtime/apidocs).
//
//go:embed openapi.yaml
var source []byte

//go:embed examples
var examples embed.FS

// Document is the document this API serves: source with its examples
// merged in. Tests check it against the routes, the error table, the
// codes each operation answers with and real responses.
var Document = apidocs.MustBuild(source, examples, "examples")

// OpenAPI is what GET /openapi.yaml serves.
var OpenAPI = Document.YAML

// asyncSource is the hand-written AsyncAPI 3.0 document of the streams
// (/ws/market, /ws/user); examples/stream holds its messages' examples,
// one file per message, most recorded from what the stream tests
// received.
//
//go:embed asyncapi.yaml
var asyncSource []byte

// AsyncDocument is the streams' document this API serves: asyncSource
// with its examples merged in. The stream tests check every message they
// receive against it.
var AsyncDocument = apidocs.MustBuildAsync(asyncSource, examples, "examples/stream")

// AsyncAPI is what GET /asyncapi.yaml serves and /docs/stream renders.
var AsyncAPI = AsyncDocument.YAML

// Title names the API on /docs and GET /.
const Title = "Pred CLOB API"
