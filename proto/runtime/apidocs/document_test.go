package apidocs

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"go.yaml.in/yaml/v3"

	"pred.dev/proto/errcode"
)

// source is a small document in both styles the APIs write: flow
// mappings on one line and block mappings.
const source = `openapi: 3.1.0
info:
  title: Test API
  version: 1.0.0
  description: |
    A guide.
paths:
  /book:
    get:
      operationId: getBook
      responses:
        "200": {description: The book., content: {application/json: {schema: {$ref: "#/components/schemas/Book"}}}}
        "400": {$ref: "#/components/responses/BadRequest"}
        "404": {$ref: "#/components/responses/NotFound"}
        "429": {$ref: "#/components/responses/TooManyRequests"}
  /order:
    post:
      operationId: postOrder
      requestBody:
        required: true
        content:
          application/json:
            schema: { type: object }
      responses:
        "200":
          description: Placed.
          content:
            application/json:
              schema: { type: object }
        "400": { $ref: "#/components/responses/BadRequest" }
        "429": { $ref: "#/components/responses/TooManyRequests" }
  /orders:
    get:
      operationId: getOrders
      security: [{L2: []}]
      responses:
        "200": {description: The orders., content: {application/json: {schema: {type: array}}}}
        "401": {$ref: "#/components/responses/Unauthorized"}
  /time:
    get:
      operationId: getTime
      responses:
        "200": {description: The time., content: {application/json: {schema: {type: integer}}}}
components:
  securitySchemes:
    L2: {type: apiKey, in: header, name: PRED_API_KEY}
  responses:
    Unauthorized: {description: "Authentication failed.", content: {application/json: {schema: {$ref: "#/components/schemas/Error"}}}}
    BadRequest: {description: "Validation failed.", content: {application/json: {schema: {$ref: "#/components/schemas/Error"}}}}
    NotFound: {description: "Unknown id.", content: {application/json: {schema: {$ref: "#/components/schemas/Error"}}}}
    TooManyRequests:
      description: Rate limited.
      content:
        application/json:
          schema: { $ref: "#/components/schemas/Error" }
  schemas:
    Book: {type: object}
    Error: {type: object}
`

func errBody(code, msg string) string {
	return `{"error":"` + msg + `","code":"` + code + `"}`
}

func exampleFS(m map[string]string) fstest.MapFS {
	fs := fstest.MapFS{}
	for name, data := range m {
		fs[name] = &fstest.MapFile{Data: []byte(data)}
	}
	return fs
}

// decode reads a YAML document as plain values.
func decode(t *testing.T, doc []byte) map[string]any {
	t.Helper()
	var v map[string]any
	if err := yaml.Unmarshal(doc, &v); err != nil {
		t.Fatalf("the built document is not YAML: %v\n%s", err, doc)
	}
	return v
}

// at walks a decoded document by keys.
func at(t *testing.T, v any, keys ...string) any {
	t.Helper()
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			t.Fatalf("no %q in %v (path %v)", k, v, keys)
		}
		v = m[k]
	}
	return v
}

func TestBuildWithoutExamplesKeepsTheDocument(t *testing.T) {
	d, err := Build([]byte(source), exampleFS(nil))
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]any
	if err := yaml.Unmarshal([]byte(source), &want); err != nil {
		t.Fatal(err)
	}
	if got := decode(t, d.YAML); !reflect.DeepEqual(got, want) {
		t.Errorf("the document changed:\n%s", d.YAML)
	}
	if len(d.Problems) != 0 || len(d.Codes) != 0 {
		t.Errorf("problems %q, codes %v", d.Problems, d.Codes)
	}
}

func TestBuildMergesExamples(t *testing.T) {
	d, err := Build([]byte(source), exampleFS(map[string]string{
		"getBook.json": `{"responses": {"200": {"price": "0.57", "size": "10", "id": "12", "note": "a: b"}},
			"errors": {"TOKEN_NOT_FOUND": ` + errBody("TOKEN_NOT_FOUND", "token not found") + `,
			           "INVALID_TOKEN_ID": ` + errBody("INVALID_TOKEN_ID", "invalid token id: send 1 < 2 & 3") + `}}`,
		"postOrder.json": `{"request": {"salt": 12, "big": 115792089237316195423570985008687907853269984665640564039457584007913129639935},
			"responses": {"200": {"success": true}},
			"errors": {"RATE_LIMITED": ` + errBody("RATE_LIMITED", "slow down, this order") + `}}`,
		"getTime.json": `{"responses": {"200": 1700000000}}`,
		SharedFile: `{"everyOperation": {"RATE_LIMITED": ` + errBody("RATE_LIMITED", "slow down") + `,
			"MARKET_CLOSED": ` + errBody("MARKET_CLOSED", "closed") + `},
			"security": {"L2": {"UNAUTHORIZED": ` + errBody("UNAUTHORIZED", "send the L2 headers") + `}},
			"anyRoute": {"NOT_FOUND": ` + errBody("NOT_FOUND", "no route") + `}}`,
	}))
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Problems) != 0 {
		t.Fatalf("problems: %q", d.Problems)
	}
	doc := decode(t, d.YAML)
	book := at(t, doc, "paths", "/book", "get", "responses")

	// A success response: the example, strings kept strings.
	want := map[string]any{"price": "0.57", "size": "10", "id": "12", "note": "a: b"}
	if got := at(t, book, "200", "content", "application/json", "example"); !reflect.DeepEqual(got, want) {
		t.Errorf("GET /book 200 example: %#v", got)
	}
	if got := at(t, doc, "paths", "/time", "get", "responses", "200", "content", "application/json", "example"); got != 1700000000 {
		t.Errorf("GET /time example: %#v", got)
	}

	// An error response of the operation's own codes: a copy of the
	// component, one example per code in errcode's order, and the codes in
	// its description; the component itself is untouched.
	bad := at(t, book, "400")
	if at(t, bad, "$ref") != nil {
		t.Fatalf("GET /book 400 is still a reference: %v", bad)
	}
	examples := at(t, bad, "content", "application/json", "examples").(map[string]any)
	if len(examples) != 1 || at(t, examples, "INVALID_TOKEN_ID", "value", "error") != "invalid token id: send 1 < 2 & 3" {
		t.Errorf("GET /book 400 examples: %v", examples)
	}
	if desc := at(t, bad, "description"); desc != "Validation failed.\n\nCodes: `INVALID_TOKEN_ID`." {
		t.Errorf("GET /book 400 description %q", desc)
	}
	if at(t, bad, "content", "application/json", "schema", "$ref") != "#/components/schemas/Error" {
		t.Errorf("GET /book 400 lost its schema: %v", bad)
	}
	if at(t, doc, "paths", "/order", "post", "responses", "400", "$ref") != "#/components/responses/BadRequest" {
		t.Error("POST /order 400, which lists no code, is no longer the shared response")
	}
	if at(t, doc, "components", "responses", "BadRequest", "content", "application/json", "examples") != nil {
		t.Error("the BadRequest component got an operation's examples")
	}
	if at(t, book, "404", "content", "application/json", "examples", "TOKEN_NOT_FOUND", "value", "code") != "TOKEN_NOT_FOUND" {
		t.Errorf("GET /book 404: %v", at(t, book, "404"))
	}

	// A code of every operation: on each that documents its status, where
	// POST /order lists its own example of it; not on GET /time, which
	// documents no 429.
	book429 := at(t, book, "429")
	if at(t, book429, "content", "application/json", "examples", "RATE_LIMITED", "value", "error") != "slow down" ||
		at(t, book429, "description") != "Rate limited.\n\nCodes: `RATE_LIMITED`." {
		t.Errorf("GET /book 429: %v", book429)
	}
	if at(t, doc, "components", "responses", "TooManyRequests", "content", "application/json", "examples") != nil {
		t.Error("the TooManyRequests component got examples")
	}
	if len(at(t, doc, "paths", "/time", "get", "responses").(map[string]any)) != 1 {
		t.Errorf("GET /time got responses: %v", at(t, doc, "paths", "/time", "get", "responses"))
	}
	order429 := at(t, doc, "paths", "/order", "post", "responses", "429")
	if at(t, order429, "content", "application/json", "examples", "RATE_LIMITED", "value", "error") != "slow down, this order" ||
		at(t, order429, "description") != "Rate limited.\n\nCodes: `RATE_LIMITED`." {
		t.Errorf("POST /order 429: %v", order429)
	}

	// A security scheme's codes: on the operations called with it.
	orders401 := at(t, doc, "paths", "/orders", "get", "responses", "401")
	if at(t, orders401, "content", "application/json", "examples", "UNAUTHORIZED", "value", "error") != "send the L2 headers" ||
		at(t, orders401, "description") != "Authentication failed.\n\nCodes: `UNAUTHORIZED`." {
		t.Errorf("GET /orders 401: %v", orders401)
	}

	// The request example, its big number kept whole.
	req := at(t, doc, "paths", "/order", "post", "requestBody", "content", "application/json", "example")
	if at(t, req, "salt") != 12 {
		t.Errorf("request example %v", req)
	}
	if !strings.Contains(string(d.YAML), "big: 115792089237316195423570985008687907853269984665640564039457584007913129639935\n") {
		t.Errorf("the big number was not kept whole:\n%s", d.YAML)
	}

	// The API's codes: its operations', and anyRoute's; not MARKET_CLOSED,
	// whose 409 no operation documents.
	wantCodes := []errcode.Code{errcode.NotFound, errcode.InvalidTokenID, errcode.RateLimited, errcode.TokenNotFound, errcode.Unauthorized}
	slices.SortFunc(wantCodes, byTable)
	if !slices.Equal(d.Codes, wantCodes) {
		t.Errorf("codes %v, want %v", d.Codes, wantCodes)
	}
}

// byTable orders codes as errcode.All does.
func byTable(a, b errcode.Code) int {
	index := func(c errcode.Code) int {
		return slices.IndexFunc(errcode.All(), func(e errcode.Entry) bool { return e.Code == c })
	}
	return index(a) - index(b)
}

func TestBuildReportsExamplesThatDoNotFit(t *testing.T) {
	for name, tc := range map[string]struct {
		files map[string]string
		want  string
	}{
		"unknown operation": {map[string]string{"getBoook.json": `{}`}, "examples/getBoook.json: no operation has the operationId getBoook"},
		"not JSON":          {map[string]string{"getBook.json": `{"responses": `}, "examples/getBook.json: not an examples file"},
		"unknown key":       {map[string]string{"getBook.json": `{"response": {}}`}, "examples/getBook.json: not an examples file"},
		"undocumented status": {map[string]string{"getBook.json": `{"responses": {"201": {}}}`},
			"examples/getBook.json: GET /book documents no 201 response"},
		"error under responses": {map[string]string{"getBook.json": `{"responses": {"400": ` + errBody("INVALID_TOKEN_ID", "x") + `}}`},
			`GET /book's 400 response is an error: list its codes under "errors"`},
		"code of an undocumented status": {map[string]string{"getBook.json": `{"errors": {"MARKET_CLOSED": ` + errBody("MARKET_CLOSED", "x") + `}}`},
			"examples/getBook.json: GET /book answers MARKET_CLOSED with 409, but documents no 409 response with the Error schema"},
		"unknown code": {map[string]string{"getBook.json": `{"errors": {"NO_SUCH_CODE": ` + errBody("NO_SUCH_CODE", "x") + `}}`},
			"examples/getBook.json: NO_SUCH_CODE is not a code of proto/errcode"},
		"another code's body": {map[string]string{"getBook.json": `{"errors": {"TOKEN_NOT_FOUND": ` + errBody("NOT_FOUND", "x") + `}}`},
			`the example of TOKEN_NOT_FOUND is not {"error": "<message>", "code": "TOKEN_NOT_FOUND"}`},
		"request without a body": {map[string]string{"getBook.json": `{"request": {}}`},
			"examples/getBook.json: GET /book takes no JSON request body, but the file has a request"},
		"shared, every operation, wrong code": {map[string]string{SharedFile: `{"everyOperation": {"RATE_LIMITED": ` + errBody("NOT_FOUND", "x") + `}}`},
			`examples/shared.json everyOperation: the example of RATE_LIMITED is not`},
		"shared, unknown scheme": {map[string]string{SharedFile: `{"security": {"L3": {}}}`},
			"examples/shared.json: components/securitySchemes has no L3"},
		"shared, a scheme's code without its response": {map[string]string{SharedFile: `{"security": {"L2": {"ENGINE_UNAVAILABLE": ` + errBody("ENGINE_UNAVAILABLE", "x") + `}}}`},
			"examples/shared.json security L2: GET /orders answers ENGINE_UNAVAILABLE with 503, but documents no 503 response with the Error schema"},
		"shared, wrong code": {map[string]string{SharedFile: `{"anyRoute": {"NOT_FOUND": ` + errBody("RATE_LIMITED", "x") + `}}`},
			`examples/shared.json anyRoute: the example of NOT_FOUND is not`},
	} {
		t.Run(name, func(t *testing.T) {
			d, err := Build([]byte(source), exampleFS(tc.files))
			if err != nil {
				t.Fatal(err)
			}
			if len(d.Problems) != 1 || !strings.Contains(d.Problems[0], tc.want) {
				t.Errorf("problems %q, want one containing %q", d.Problems, tc.want)
			}
		})
	}
}

func TestBuildRefusesWhatIsNotADocument(t *testing.T) {
	for _, src := range []string{"openapi: [", "- a list"} {
		if _, err := Build([]byte(src), exampleFS(nil)); err == nil {
			t.Errorf("%q built", src)
		}
	}
}

func TestWantsPage(t *testing.T) {
	for accept, want := range map[string]bool{
		"text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8": true, // a browser
		"text/html":                         true,
		"application/json, text/html;q=0.5": true,
		"text/html;q=0":                     false,
		"*/*":                               false, // curl, most HTTP libraries
		"application/json":                  false,
		"":                                  false,
		"text/*":                            false,
	} {
		if got := WantsPage(accept); got != want {
			t.Errorf("WantsPage(%q) = %v, want %v", accept, got, want)
		}
	}
}

func TestIndex(t *testing.T) {
	got := Viewer{Title: "Test API"}.Index()
	if got != (Index{Name: "Test API", Docs: "/docs", OpenAPI: "/openapi.yaml"}) {
		t.Errorf("%+v", got)
	}
}
