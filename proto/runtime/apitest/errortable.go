package apitest

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"pred.dev/proto/errcode"
	"pred.dev/proto/runtime/apidocs"
)

// Every HTTP API's document lists the error codes it answers with twice:
// as the ErrorCode schema's enum and as the table of its introduction.
// Which codes those are is what its operations' examples list
// (apidocs.Document.Codes); these checks keep both lists equal to them,
// with proto/errcode's statuses and messages, one implementation for
// every service.

// tableRow matches a row of the document's error table.
var tableRow = regexp.MustCompile("(?m)^    \\| `[A-Z0-9_]+` \\| [0-9]{3} \\|")

// errorRows and errorValues are the table's rows and the enum's values of
// codes, as proto/errcode gives them.
func errorRows(codes []errcode.Code) (rows, values []string) {
	for _, c := range codes {
		e, _ := errcode.Lookup(c)
		rows = append(rows, fmt.Sprintf("    | `%s` | %d | %s |", string(e.Code), e.Status, strings.ReplaceAll(e.Message, "|", "/")))
		values = append(values, string(e.Code))
	}
	return rows, values
}

func parseDoc(t *testing.T, doc []byte) *openapi3.T {
	t.Helper()
	d, err := openapi3.NewLoader().LoadFromData(doc)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// CheckErrorCodes fails t unless the ErrorCode enum and the error table of
// the document are the codes its operations list (d.Codes), in
// proto/errcode's order, with its statuses and messages; a failure prints
// the lines to paste (RewriteErrorCodes writes them).
func CheckErrorCodes(t *testing.T, d apidocs.Document) {
	t.Helper()
	doc := d.YAML
	var got []string
	for _, v := range parseDoc(t, doc).Components.Schemas["ErrorCode"].Value.Enum {
		got = append(got, fmt.Sprint(v))
	}
	rows, want := errorRows(d.Codes)
	if len(want) == 0 {
		t.Fatal("the document's operations list no error code")
	}
	if !slices.Equal(got, want) {
		t.Errorf("the ErrorCode enum is not the codes the operations list (their examples); "+
			"rewrite it and the table with go test -run TestConformance/ErrorTable -update, or use:\n        - %s", strings.Join(want, "\n        - "))
	}
	for _, row := range rows {
		if !strings.Contains(string(doc), row) {
			t.Errorf("error table lacks the row (or it is stale):\n%s", row)
		}
	}
	if n := len(tableRow.FindAllString(string(doc), -1)); n != len(rows) {
		t.Errorf("the error table has %d rows, the operations list %d codes (rewrite it with go test -run TestConformance/ErrorTable -update)", n, len(rows))
	}
}

// RewriteErrorCodes replaces the table's rows and the enum's values in the
// document's source file with those of the codes its operations list.
func RewriteErrorCodes(t *testing.T, path string, d apidocs.Document) {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rows, codes := errorRows(d.Codes)
	values := make([]string, len(codes))
	for i, c := range codes {
		values[i] = "        - " + c
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
	if err := os.WriteFile(path, []byte(strings.Join(out, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("rewrote %s: %d codes", path, len(rows))
}

// CheckErrorResponses fails t unless every 4xx and 5xx response of doc
// (but /readyz's, which answers with its checks) uses the Error schema,
// so clients can rely on the error body everywhere.
func CheckErrorResponses(t *testing.T, doc []byte) {
	t.Helper()
	for path, item := range parseDoc(t, doc).Paths.Map() {
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
