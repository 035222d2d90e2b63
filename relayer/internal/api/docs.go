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

// Title names the API on /docs and GET /.
const Title = "Pred Relayer API"
