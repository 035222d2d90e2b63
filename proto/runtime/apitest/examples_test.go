package apitest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"pred.dev/proto/runtime/apidocs"
)

// testDoc is a small API: a read with an error response shared by
// reference, and a write with a request body.
const testDoc = `openapi: 3.1.0
info: {title: Test API, version: 1.0.0}
paths:
  /book:
    get:
      operationId: getBook
      parameters:
        - {name: token_id, in: query, required: false, schema: {type: string}}
      responses:
        "200":
          description: The book.
          content:
            application/json:
              schema: {type: object, required: [price], properties: {price: {type: string}, size: {type: string}}}
        "400": {$ref: "#/components/responses/BadRequest"}
        "429": {$ref: "#/components/responses/TooManyRequests"}
  /order:
    post:
      operationId: postOrder
      requestBody:
        required: true
        content:
          application/json:
            schema: {type: object, required: [side], properties: {side: {type: string, enum: [BUY, SELL]}}}
      responses:
        "200":
          description: Placed.
          content:
            application/json:
              schema: {type: object, required: [id], properties: {id: {type: string}}}
        "400": {$ref: "#/components/responses/BadRequest"}
components:
  responses:
    BadRequest: {description: Invalid., content: {application/json: {schema: {$ref: "#/components/schemas/Error"}}}}
    TooManyRequests: {description: Slow down., content: {application/json: {schema: {$ref: "#/components/schemas/Error"}}}}
  schemas:
    Error:
      type: object
      required: [error, code]
      properties:
        error: {type: string}
        code: {type: string, enum: [INVALID_TOKEN_ID, INVALID_ORDER_SIDE, RATE_LIMITED]}
`

const (
	rateLimited  = `{"error":"slow down","code":"RATE_LIMITED"}`
	invalidToken = `{"error":"invalid token id","code":"INVALID_TOKEN_ID"}`
	invalidSide  = `{"error":"invalid side: use BUY or SELL","code":"INVALID_ORDER_SIDE"}`
)

// complete is every example testDoc needs.
var complete = map[string]string{
	"getBook.json":     `{"responses": {"200": {"price": "0.57"}}, "errors": {"INVALID_TOKEN_ID": ` + invalidToken + `}}`,
	"postOrder.json":   `{"request": {"side": "BUY"}, "responses": {"200": {"id": "0xab"}}, "errors": {"INVALID_ORDER_SIDE": ` + invalidSide + `}}`,
	apidocs.SharedFile: `{"everyOperation": {"RATE_LIMITED": ` + rateLimited + `}}`,
}

// writeExamples writes examples files into a new directory.
func writeExamples(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// specOf builds testDoc with the examples of dir, as a service does at
// start.
func specOf(t *testing.T, dir string) *Spec {
	t.Helper()
	fsys := fstest.MapFS{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		fsys[e.Name()] = &fstest.MapFile{Data: data}
	}
	d, err := apidocs.Build([]byte(testDoc), fsys)
	if err != nil {
		t.Fatal(err)
	}
	return NewSpec(d, dir)
}

// exchange is a request to the stub server and its canned answer.
type exchange struct {
	method, path, body string
	status             int
	answer             string
}

// run sends the exchanges through a Validator of s and returns what it
// reported when its test ended.
func run(t *testing.T, s *Spec, exchanges ...exchange) []string {
	t.Helper()
	i := 0
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ex := exchanges[i]
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(ex.status)
		_, _ = io.WriteString(w, ex.answer)
	}))
	defer ts.Close()
	rec := NewRecorder(t)
	v := s.New(rec)
	c := &http.Client{Transport: v.Transport(nil, false)}
	for i = range exchanges {
		ex := exchanges[i]
		req, err := http.NewRequest(ex.method, ts.URL+ex.path, strings.NewReader(ex.body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	return rec.Finish()
}

// setRewrite turns -rewrite-examples on for one test.
func setRewrite(t *testing.T) {
	old := *rewriteExamples
	*rewriteExamples = true
	t.Cleanup(func() { *rewriteExamples = old })
}

func TestValidatorChecksTheCodeOfAnError(t *testing.T) {
	s := specOf(t, writeExamples(t, complete))
	if errs := run(t, s,
		exchange{"GET", "/book?token_id=x", "", 400, invalidToken},
		exchange{"GET", "/book", "", 429, rateLimited}, // documented by the shared response
	); len(errs) != 0 {
		t.Errorf("documented codes reported: %q", errs)
	}
	errs := run(t, s, exchange{"GET", "/book", "", 400, invalidSide})
	if len(errs) != 1 {
		t.Fatalf("an undocumented code: %q", errs)
	}
	for _, want := range []string{
		"GET /book 400 Bad Request: operation getBook answered INVALID_ORDER_SIDE, a code its document does not list for 400",
		"go test ./apitest -run '^TestValidatorChecksTheCodeOfAnError$' -rewrite-examples",
		filepath.Join(s.examplesDir, "getBook.json"),
	} {
		if !strings.Contains(errs[0], want) {
			t.Errorf("the report does not say %q:\n%s", want, errs[0])
		}
	}
	errs = run(t, s, exchange{"POST", "/order", `{"side":"BUY"}`, 429, rateLimited})
	if len(errs) != 1 || !strings.Contains(errs[0], "If operation postOrder can answer RATE_LIMITED, add a 429 response to it in openapi.yaml") {
		t.Errorf("an undocumented status: %q", errs)
	}
}

// TestANewCodeIsRecorded: a code the document's ErrorCode enum does not
// list yet fails the test with how to add it, and -rewrite-examples
// records it.
func TestANewCodeIsRecorded(t *testing.T) {
	const amounts = `{"error":"invalid order amounts","code":"INVALID_ORDER_AMOUNTS"}`
	dir := writeExamples(t, complete)
	errs := run(t, specOf(t, dir), exchange{"GET", "/book", "", 400, amounts})
	if len(errs) != 1 || !strings.Contains(errs[0], "If operation getBook can answer INVALID_ORDER_AMOUNTS, record it with") ||
		!strings.Contains(errs[0], "go test -run TestConformance/ErrorTable -update") {
		t.Fatalf("reported %q", errs)
	}
	setRewrite(t)
	if errs := run(t, specOf(t, dir), exchange{"GET", "/book", "", 400, amounts}); len(errs) != 0 {
		t.Fatalf("with -rewrite-examples: %q", errs)
	}
	if got := fmt.Sprint(readFile(t, dir, "getBook.json")["errors"]); !strings.Contains(got, "INVALID_ORDER_AMOUNTS") {
		t.Errorf("not recorded: %s", got)
	}
}

// readFile reads an examples file as plain values.
func readFile(t *testing.T, dir, name string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return v
}

func TestRewriteRecordsWhatIsMissing(t *testing.T) {
	setRewrite(t)
	dir := writeExamples(t, map[string]string{
		apidocs.SharedFile: complete[apidocs.SharedFile],
		"getBook.json":     `{"responses": {"200": {"price": "0.57"}}}`,
	})
	s := specOf(t, dir)
	errs := run(t, s,
		exchange{"GET", "/book", "", 200, `{"price":"0.50"}`},                                          // no better than the example: kept
		exchange{"GET", "/book", "", 400, `{"error":"a \u003c b \u0026 c","code":"INVALID_TOKEN_ID"}`}, // recorded, although undocumented
		exchange{"GET", "/book", "", 400, invalidToken},                                                // the first of a code wins
		exchange{"GET", "/book", "", 429, rateLimited},                                                 // shared: not recorded
		exchange{"POST", "/order", `{"side":"SELL"}`, 200, `{"id":"0x0001"}`},
		exchange{"POST", "/order", `{"side":"BUY"}`, 200, `{"id":"0x02"}`}, // as informative, shorter: chosen
		exchange{"POST", "/order", `{"side":"HOLD"}`, 400, invalidSide},    // a refused request is no example
	)
	if len(errs) != 0 {
		t.Fatalf("reported %q", errs)
	}
	book := readFile(t, dir, "getBook.json")
	if fmt.Sprint(book) != fmt.Sprint(map[string]any{
		"responses": map[string]any{"200": map[string]any{"price": "0.57"}},
		"errors":    map[string]any{"INVALID_TOKEN_ID": map[string]any{"error": "a < b & c", "code": "INVALID_TOKEN_ID"}},
	}) {
		t.Errorf("getBook.json: %v", book)
	}
	raw, _ := os.ReadFile(filepath.Join(dir, "getBook.json"))
	if !strings.Contains(string(raw), `"a < b & c"`) {
		t.Errorf("the file escapes HTML:\n%s", raw)
	}
	order := readFile(t, dir, "postOrder.json")
	if fmt.Sprint(order) != fmt.Sprint(map[string]any{
		"request":   map[string]any{"side": "BUY"},
		"responses": map[string]any{"200": map[string]any{"id": "0x02"}},
		"errors":    map[string]any{"INVALID_ORDER_SIDE": map[string]any{"error": "invalid side: use BUY or SELL", "code": "INVALID_ORDER_SIDE"}},
	}) {
		t.Errorf("postOrder.json: %v", order)
	}

	// A more informative response replaces the example; one that no longer
	// fits the schema is replaced by any that does.
	dir = writeExamples(t, map[string]string{
		apidocs.SharedFile: complete[apidocs.SharedFile],
		"getBook.json":     `{"responses": {"200": {"price": "0.57"}}}`,
		"postOrder.json":   `{"responses": {"200": {"id": 7}}}`,
	})
	if errs := run(t, specOf(t, dir),
		exchange{"GET", "/book", "", 200, `{"price":"0.50","size":"10"}`},
		exchange{"POST", "/order", `{"side":"BUY"}`, 200, `{"id":"0x03"}`},
	); len(errs) != 0 {
		t.Fatalf("reported %q", errs)
	}
	if got := fmt.Sprint(readFile(t, dir, "getBook.json")["responses"]); got != "map[200:map[price:0.50 size:10]]" {
		t.Errorf("getBook.json responses: %s", got)
	}
	if got := fmt.Sprint(readFile(t, dir, "postOrder.json")["responses"]); got != "map[200:map[id:0x03]]" {
		t.Errorf("postOrder.json responses: %s", got)
	}
}

func TestCheckExamples(t *testing.T) {
	rec := NewRecorder(t)
	CheckExamples(rec, specOf(t, writeExamples(t, complete)))
	if len(rec.errs) != 0 {
		t.Fatalf("complete examples reported: %q", rec.errs)
	}

	dir := writeExamples(t, map[string]string{
		"getBook.json":   `{"responses": {"200": {"size": "10"}}, "errors": {"INVALID_TOKEN_ID": ` + invalidToken + `}}`,
		"postOrder.json": `{"errors": {"INVALID_ORDER_SIDE": ` + invalidSide + `}}`,
		"gone.json":      `{}`,
	})
	rec = NewRecorder(t)
	CheckExamples(rec, specOf(t, dir))
	for _, want := range []string{
		"examples: examples/gone.json: no operation has the operationId gone",
		"GET /book 200 (operation getBook): the example in " + filepath.Join(dir, "getBook.json") + " does not fit the schema",
		"GET /book 429 (operation getBook) lists no error code.\n  Add each code the endpoint answers with 429 to " + filepath.Join(dir, "getBook.json"),
		"POST /order (operation postOrder) has no example of its request body.\n  Record what a test receives: cd proto/runtime && go test ./apitest -run '<a test that calls POST /order>' -rewrite-examples",
		"POST /order 200 (operation postOrder) has no example.",
		`or write that file by hand: {"responses": {"200": <a response body the endpoint answered>}}`,
	} {
		if !strings.Contains(strings.Join(rec.errs, "\n"), want) {
			t.Errorf("no report says %q; reports:\n%s", want, strings.Join(rec.errs, "\n"))
		}
	}
	if len(rec.errs) != 5 {
		t.Errorf("%d reports, want 5:\n%s", len(rec.errs), strings.Join(rec.errs, "\n"))
	}
}

func TestUnescapeHTML(t *testing.T) {
	for in, want := range map[string]string{
		`{"a":"x \u003e= 1 \u0026\u0026 y \u003c 2"}`: `{"a":"x >= 1 && y < 2"}`,
		`{"a":"\\u003e"}`:  `{"a":"\\u003e"}`, // an escaped backslash, then text
		`{"a":"\\\u003e"}`: `{"a":"\\>"}`,
		`{"a":"\u00e9\n"}`: `{"a":"\u00e9\n"}`,
	} {
		if got := string(unescapeHTML([]byte(in))); got != want {
			t.Errorf("unescapeHTML(%s) = %s, want %s", in, got, want)
		}
	}
}

// TestPreflightIsAConvention: a CORS preflight, on a documented path or
// not, is accepted answered 204 without a body, and nothing else is; a
// plain OPTIONS request is not a preflight.
func TestPreflightIsAConvention(t *testing.T) {
	router := specOf(t, writeExamples(t, complete)).Router(t)
	for _, tc := range []struct {
		path      string
		preflight bool
		status    int
		body      string
		ok        bool
	}{
		{"/order", true, 204, "", true},
		{"/no/such/path", true, 204, "", true},
		{"/order", true, 200, `{"a":1}`, false},
		{"/order", false, 204, "", false},
	} {
		req := httptest.NewRequest(http.MethodOptions, tc.path, nil)
		if tc.preflight {
			req.Header.Set("Origin", "http://localhost:5173")
			req.Header.Set("Access-Control-Request-Method", "POST")
		}
		vreq := req.Clone(req.Context())
		vreq.URL.Host, vreq.URL.Scheme, vreq.Host = "", "", ""
		_, _, err := router.FindRoute(vreq)
		if err == nil {
			t.Fatalf("OPTIONS %s is documented", tc.path)
		}
		if got := undocumented(req, err, tc.status, []byte(tc.body)); got != tc.ok {
			t.Errorf("OPTIONS %s (preflight %v) answered %d %s: accepted %v, want %v", tc.path, tc.preflight, tc.status, tc.body, got, tc.ok)
		}
	}
}
