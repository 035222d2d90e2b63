package server_test

import (
	"context"
	"flag"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	bound "pred.dev/gateway-gamma/apitest"
	"pred.dev/gateway-gamma/internal/api"
	"pred.dev/gateway-gamma/server"
	"pred.dev/proto/errcode"
	"pred.dev/proto/runtime/apitest"
	"pred.dev/proto/runtime/natstest"
)

func loadDoc(t *testing.T) *openapi3.T {
	t.Helper()
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(api.OpenAPI)
	if err != nil {
		t.Fatal(err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatalf("document invalid: %v", err)
	}
	return doc
}

var echoParam = regexp.MustCompile(`:([A-Za-z_]+)`)

// TestRoutesAreDocumented: every route registered in Echo is in the
// document, and every documented operation is a registered route.
func TestRoutesAreDocumented(t *testing.T) {
	h := newHarness(t)
	gw, err := server.New(h.cfg, natstest.Connect(t, h.ns), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(gw.Close)
	registered := map[string]bool{}
	for _, r := range gw.Routes() {
		if r.Method == "echo_route_any" || strings.HasPrefix(r.Method, "echo_") {
			continue
		}
		registered[r.Method+" "+echoParam.ReplaceAllString(r.Path, "{$1}")] = true
	}
	documented := map[string]bool{}
	doc := loadDoc(t)
	for path, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			documented[method+" "+path] = true
		}
	}
	for k := range registered {
		if !documented[k] {
			t.Errorf("route %s is not in openapi.yaml", k)
		}
	}
	for k := range documented {
		if !registered[k] {
			t.Errorf("openapi.yaml documents %s, which is not a route", k)
		}
	}
	if len(registered) < 20 {
		t.Fatalf("only %d routes registered", len(registered))
	}
}

// updateDoc rewrites the document's error table and ErrorCode enum from
// the codes its operations list (their examples), with proto/errcode's
// statuses and messages: go test ./server -run TestErrorCodesMatchTable -update.
var updateDoc = flag.Bool("update", false, "rewrite the OpenAPI document's error table and ErrorCode enum from the codes its operations list")

// docPath is the embedded document's source, relative to this package.
const docPath = "../internal/api/openapi.yaml"

// TestErrorCodesMatchTable: the ErrorCode enum and the error table of the
// document are the codes its operations list, no more (an API documents
// only the codes it can answer with), with proto/errcode's statuses and
// messages. On a mismatch the failure prints the lines to paste; -update
// writes them.
func TestErrorCodesMatchTable(t *testing.T) {
	if *updateDoc {
		apitest.RewriteErrorCodes(t, docPath, api.Document)
		return
	}
	apitest.CheckErrorCodes(t, api.Document)
}

// TestExamples: every JSON request body and response of the served
// document has an example that fits its schema, and every error response
// lists the codes its operation answers with, each with an example. A
// failure says which file to write, or which test to run again with
// -rewrite-examples to record what it receives.
func TestExamples(t *testing.T) {
	apitest.CheckExamples(t, bound.Spec())
}

// TestErrorResponsesUseErrorSchema: each operation that can answer an
// error status documents it with the Error schema.
func TestErrorResponsesUseErrorSchema(t *testing.T) {
	apitest.CheckErrorResponses(t, api.OpenAPI)
}

// TestServedDocument: /openapi.yaml serves the embedded document, and the
// bare base URL sends a person to /docs.
func TestServedDocument(t *testing.T) {
	h := newHarness(t)
	resp, data := h.do(0, http.MethodGet, "/openapi.yaml", nil, nil)
	if resp.StatusCode != 200 || string(data) != string(api.OpenAPI) || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/yaml") {
		t.Fatalf("GET /openapi.yaml: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	for _, asset := range []string{"swagger-ui-bundle.js", "swagger-ui.css", "init.js", "VERSION"} {
		if resp, _ := h.do(0, http.MethodGet, "/docs/"+asset, nil, nil); resp.StatusCode != 200 {
			t.Errorf("GET /docs/%s: %d", asset, resp.StatusCode)
		}
	}
	if resp, data := h.do(0, http.MethodGet, "/docs/secret.txt", nil, nil); resp.StatusCode != 404 || errorCode(t, data) != string(errcode.NotFound) {
		t.Errorf("unknown asset: %d %s", resp.StatusCode, data)
	}
	if resp, data := h.do(0, http.MethodGet, "/no/such/route", nil, nil); resp.StatusCode != 404 || errorCode(t, data) != string(errcode.NotFound) {
		t.Errorf("unknown route: %d %s", resp.StatusCode, data)
	}
	apitest.CheckRoot(t, h.api, h.url(0), "Pred Gamma API")
}
