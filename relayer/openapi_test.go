package relayer_test

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"pred.dev/proto/errcode"
	"pred.dev/relayer/internal/api"
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

var (
	echoParam = regexp.MustCompile(`:([A-Za-z_]+)`)
	tableRow  = regexp.MustCompile("(?m)^    \\| `[A-Z0-9_]+` \\| [0-9]{3} \\|")
)

// TestRoutesAreDocumented: every route registered in Echo is in the
// document, and every documented operation is a registered route.
func TestRoutesAreDocumented(t *testing.T) {
	h := newHarness(t)
	registered := map[string]bool{}
	for _, r := range h.replicas[0].r.Routes() {
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
	if len(registered) < 14 {
		t.Fatalf("only %d routes registered", len(registered))
	}
}

// updateDoc rewrites the document's error table and ErrorCode enum from
// proto/errcode: go test . -run TestErrorCodesMatchTable -update.
var updateDoc = flag.Bool("update", false, "rewrite the OpenAPI document's error table and ErrorCode enum from proto/errcode")

// docPath is the embedded document's source, relative to this package.
const docPath = "internal/api/openapi.yaml"

// TestErrorCodesMatchTable: the ErrorCode enum and the error table of the
// document are proto/errcode, code for code and status for status. On a
// mismatch the failure prints the lines to paste; -update writes them.
func TestErrorCodesMatchTable(t *testing.T) {
	if *updateDoc {
		rewriteErrorCodes(t)
		return
	}
	doc := loadDoc(t)
	schema := doc.Components.Schemas["ErrorCode"].Value
	var got []string
	for _, v := range schema.Enum {
		got = append(got, fmt.Sprint(v))
	}
	var want, rows []string
	for _, e := range errcode.All() {
		want = append(want, string(e.Code))
		rows = append(rows, fmt.Sprintf("    | `%s` | %d | %s |", string(e.Code), e.Status, strings.ReplaceAll(e.Message, "|", "/")))
	}
	if !slices.Equal(got, want) {
		t.Errorf("ErrorCode enum differs from proto/errcode; use:\n        - %s", strings.Join(want, "\n        - "))
	}
	for _, row := range rows {
		if !strings.Contains(string(api.OpenAPI), row) {
			t.Errorf("error table lacks the row (or it is stale):\n%s", row)
		}
	}
	if n := len(tableRow.FindAllString(string(api.OpenAPI), -1)); n != len(rows) {
		t.Errorf("error table has %d rows, errcode has %d codes", n, len(rows))
	}
}

// rewriteErrorCodes replaces the table's rows and the enum's values in the
// document's source with proto/errcode's.
func rewriteErrorCodes(t *testing.T) {
	src, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	var rows, values []string
	for _, e := range errcode.All() {
		rows = append(rows, fmt.Sprintf("    | `%s` | %d | %s |", string(e.Code), e.Status, strings.ReplaceAll(e.Message, "|", "/")))
		values = append(values, "        - "+string(e.Code))
	}
	lines := strings.Split(string(src), "\n")
	var out []string
	inSchema, inEnum := false, false
	for i, l := range lines {
		switch {
		case tableRow.MatchString(l):
			if !tableRow.MatchString(lines[i-1]) {
				out = append(out, rows...)
			}
			continue
		case inEnum && strings.HasPrefix(l, "        - "):
			continue
		case strings.HasPrefix(l, "    ErrorCode:"):
			inSchema = true
		case inSchema && strings.TrimSpace(l) == "enum:":
			out = append(out, l)
			out = append(out, values...)
			inSchema, inEnum = false, true
			continue
		}
		inEnum = false
		out = append(out, l)
	}
	if err := os.WriteFile(docPath, []byte(strings.Join(out, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("rewrote %s: %d codes", docPath, len(rows))
}

// TestEveryStatusOfAnErrorIsDocumented: each operation that can answer a
// status documents it with the Error schema, so clients can rely on the
// error body everywhere.
func TestErrorResponsesUseErrorSchema(t *testing.T) {
	doc := loadDoc(t)
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			for status, ref := range op.Responses.Map() {
				if status[0] != '4' && status[0] != '5' || path == "/readyz" {
					continue
				}
				mt := ref.Value.Content.Get("application/json")
				if mt == nil || mt.Schema == nil || mt.Schema.Ref != "#/components/schemas/Error" {
					t.Errorf("%s %s %s does not answer with the Error schema", method, path, status)
				}
			}
		}
	}
}

// TestServedDocument: /openapi.yaml serves the embedded document.
func TestServedDocument(t *testing.T) {
	h := newHarness(t)
	resp, data := h.do(http.MethodGet, "/openapi.yaml", nil, nil)
	if resp.StatusCode != 200 || string(data) != string(api.OpenAPI) || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/yaml") {
		t.Fatalf("GET /openapi.yaml: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	for _, asset := range []string{"swagger-ui-bundle.js", "swagger-ui.css", "init.js", "VERSION"} {
		if resp, _ := h.do(http.MethodGet, "/docs/"+asset, nil, nil); resp.StatusCode != 200 {
			t.Errorf("GET /docs/%s: %d", asset, resp.StatusCode)
		}
	}
	if resp, data := h.do(http.MethodGet, "/docs/secret.txt", nil, nil); resp.StatusCode != 404 || errorCode(t, data) != string(errcode.NotFound) {
		t.Errorf("unknown asset: %d %s", resp.StatusCode, data)
	}
	if resp, data := h.do(http.MethodGet, "/no/such/route", nil, nil); resp.StatusCode != 404 || errorCode(t, data) != string(errcode.NotFound) {
		t.Errorf("unknown route: %d %s", resp.StatusCode, data)
	}
}
