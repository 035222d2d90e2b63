package apitest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"

	"pred.dev/proto/errcode"
	"pred.dev/proto/runtime/apidocs"
)

// The examples of a document (apidocs.Build) are kept true three ways:
// CheckExamples fails an API's test when an operation's JSON request or
// response has no example, or an example does not fit its schema; a
// Validator fails the test that received an error code the document does
// not list for that operation; and -rewrite-examples has the validators
// write what the tests received as the examples that are missing.

var rewriteExamples = flag.Bool("rewrite-examples", false,
	"write the responses (and request bodies) the tests receive as the OpenAPI document's missing examples, "+
		"in the service's internal/api/examples/<operationId>.json")

// errorSchema is the reference every error response's schema is.
const errorSchema = "#/components/schemas/Error"

// errorMedia returns the JSON media type of op's response of status if
// it answers the Error schema.
func errorMedia(op *openapi3.Operation, status int) *openapi3.MediaType {
	ref := op.Responses.Status(status)
	if ref == nil || ref.Value == nil {
		return nil
	}
	mt := ref.Value.Content.Get("application/json")
	if mt == nil || mt.Schema == nil || mt.Schema.Ref != errorSchema {
		return nil
	}
	return mt
}

// errorCode returns the code of an error body, "" if it has none.
func errorCode(body []byte) string {
	var e struct {
		Code string `json:"code"`
	}
	_ = json.Unmarshal(body, &e)
	return e.Code
}

// codeDocumented reports whether an error the operation answered with is
// one its document lists (an example of that code under that status), and
// fails the test if not. With -rewrite-examples nothing fails: the code
// is recorded instead.
func (v *Validator) codeDocumented(key string, route *routers.Route, status int, body []byte) bool {
	mt := errorMedia(route.Operation, status)
	code := errorCode(body)
	if mt == nil || code == "" || *rewriteExamples {
		return true
	}
	if _, ok := mt.Examples[code]; ok {
		return true
	}
	v.fail(fmt.Sprintf("%s: operation %s answered %s, a code its document does not list for %d.\n"+
		"  If the endpoint can answer it, document it: %s\n"+
		"  records the body it received in %s (or add it there by hand under \"errors\").\n"+
		"  If it cannot, the endpoint is wrong.",
		key, route.Operation.OperationID, code, status, rerun(v.t), v.spec.examplesFile(route.Operation.OperationID)))
	return false
}

// newErrorCode reports whether body is an error of a code proto/errcode
// answers with status, which the operation documents with the Error
// schema: one that -rewrite-examples may record although the ErrorCode
// enum of the document does not list it yet.
func newErrorCode(route *routers.Route, status int, body []byte) bool {
	code := errcode.Code(errorCode(body))
	return errorMedia(route.Operation, status) != nil && code.Known() && code.Status() == status
}

// undocumentedStatusHint says how to document an error status the
// operation answered with but does not list.
func (v *Validator) undocumentedStatusHint(route *routers.Route, status int, body []byte) string {
	code := errorCode(body)
	if status < 400 || code == "" || route.Operation.Responses.Status(status) != nil {
		return ""
	}
	return fmt.Sprintf("\n  If operation %s can answer %s, add a %d response to it in openapi.yaml, then record the code with %s.",
		route.Operation.OperationID, code, status, rerun(v.t))
}

// newCodeHint says how to document a code the document's ErrorCode enum
// does not list yet.
func (v *Validator) newCodeHint(route *routers.Route, status int, body []byte) string {
	if !newErrorCode(route, status, body) {
		return ""
	}
	return fmt.Sprintf("\n  If operation %s can answer %s, record it with %s\n"+
		"  (it writes %s), then rewrite the error table and enum: go test -run TestConformance/ErrorTable -update.",
		route.Operation.OperationID, errorCode(body), rerun(v.t), v.spec.examplesFile(route.Operation.OperationID))
}

// recorded is an example a test received: a request body, a response
// body by status, or an error body by code.
type recorded struct {
	op, kind, key string
	body          []byte
}

const (
	kindRequest  = "request"
	kindResponse = "responses"
	kindError    = "errors"
)

// record keeps the exchange's JSON bodies as candidate examples: the
// response, and the request if the exchange succeeded and the request
// fits the document.
func (v *Validator) record(in *openapi3filter.RequestValidationInput, route *routers.Route, resp *http.Response, reqBody, respBody []byte) {
	op := route.Operation
	if op.OperationID == "" || v.spec.examplesDir == "" || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		return
	}
	var rs []recorded
	if mt := errorMedia(op, resp.StatusCode); mt != nil {
		// A code documented already (by the operation, or by a shared
		// response it uses) keeps its example.
		if code := errorCode(respBody); mt.Examples[code] == nil {
			rs = append(rs, recorded{op.OperationID, kindError, code, respBody})
		}
	} else {
		rs = append(rs, recorded{op.OperationID, kindResponse, strconv.Itoa(resp.StatusCode), respBody})
	}
	if resp.StatusCode < 300 && len(reqBody) > 0 && op.RequestBody != nil && op.RequestBody.Value.Content.Get("application/json") != nil {
		in.Request.Body = io.NopCloser(bytes.NewReader(reqBody))
		if openapi3filter.ValidateRequestBody(context.Background(), in, op.RequestBody.Value) == nil {
			rs = append(rs, recorded{op.OperationID, kindRequest, "", reqBody})
		}
	}
	v.mu.Lock()
	v.recorded = append(v.recorded, rs...)
	v.mu.Unlock()
}

// write merges recorded examples into the examples files: an example is
// written where the file has none, or has one that no longer fits the
// document, or (for requests and responses) has a less informative one.
// Files are locked so that test processes running at once do not lose
// each other's writes.
func (s *Spec) write(t testing.TB, rs []recorded) {
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	unlock, err := lockDir(s.examplesDir)
	if err != nil {
		t.Errorf("examples: %v", err)
		return
	}
	defer unlock()
	doc, err := s.doc()
	if err != nil {
		t.Errorf("examples: %v", err)
		return
	}
	ops := operations(doc)
	byOp := map[string][]recorded{}
	for _, r := range rs {
		byOp[r.op] = append(byOp[r.op], r)
	}
	for id, rs := range byOp {
		o, ok := ops[id]
		if !ok {
			continue
		}
		path := filepath.Join(s.examplesDir, id+".json")
		var f apidocs.OperationFile
		if data, err := os.ReadFile(path); err == nil {
			if err := json.Unmarshal(data, &f); err != nil {
				t.Errorf("examples: %s: %v", path, err)
				continue
			}
		} else if !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("examples: %v", err)
			continue
		}
		var wrote []string
		for _, r := range best(rs) {
			if r.merge(&f, o, doc) {
				wrote = append(wrote, strings.TrimSpace(r.kind+" "+r.key))
			}
		}
		if len(wrote) == 0 {
			continue
		}
		if err := writeFile(path, f); err != nil {
			t.Errorf("examples: %v", err)
			continue
		}
		t.Logf("examples: wrote %s to %s", strings.Join(wrote, ", "), path)
	}
}

// best keeps one candidate per example: the first of each error code, and
// the most informative request or response (then the smallest).
func best(rs []recorded) []recorded {
	type slot struct{ kind, key string }
	chosen := map[slot]recorded{}
	var order []slot
	for _, r := range rs {
		k := slot{r.kind, r.key}
		cur, ok := chosen[k]
		switch {
		case !ok:
			order = append(order, k)
			chosen[k] = r
		case r.kind != kindError && better(r.body, cur.body):
			chosen[k] = r
		}
	}
	out := make([]recorded, 0, len(order))
	for _, k := range order {
		out = append(out, chosen[k])
	}
	return out
}

// better reports whether example a shows more than b: more distinct
// fields with a value, or as many in fewer bytes.
func better(a, b []byte) bool {
	sa, sb := informative(a), informative(b)
	return sa > sb || sa == sb && len(a) < len(b)
}

// informative counts the distinct paths (array elements taken as one) of
// a JSON value that hold something: not null, not "", not an empty array
// or object.
func informative(body []byte) int {
	var v any
	if json.Unmarshal(body, &v) != nil {
		return 0
	}
	paths := map[string]bool{}
	var walk func(string, any)
	walk = func(p string, v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				walk(p+"."+k, e)
			}
		case []any:
			for _, e := range x {
				walk(p+"[]", e)
			}
		case nil:
		case string:
			if x != "" {
				paths[p] = true
			}
		default:
			paths[p] = true
		}
	}
	walk("", v)
	return len(paths)
}

// merge writes r into f where the rules of write allow, reporting whether
// it did.
func (r recorded) merge(f *apidocs.OperationFile, o operation, doc *openapi3.T) bool {
	switch r.kind {
	case kindRequest:
		if f.Request == nil || o.checkRequest(doc, f.Request) != nil || informative(r.body) > informative(f.Request) {
			f.Request = r.body
			return true
		}
	case kindResponse:
		cur, ok := f.Responses[r.key]
		status, _ := strconv.Atoi(r.key)
		if !ok || o.checkResponse(doc, status, cur) != nil || informative(r.body) > informative(cur) {
			if f.Responses == nil {
				f.Responses = map[string]json.RawMessage{}
			}
			f.Responses[r.key] = r.body
			return true
		}
	case kindError:
		cur, ok := f.Errors[r.key]
		if !ok || errorCode(cur) != r.key || o.checkResponse(doc, errcode.Code(r.key).Status(), cur) != nil {
			if f.Errors == nil {
				f.Errors = map[string]json.RawMessage{}
			}
			f.Errors[r.key] = r.body
			return true
		}
	}
	return false
}

// writeFile writes an examples file: indented JSON, the bodies' key order
// kept, nothing escaped for HTML.
func writeFile(path string, f apidocs.OperationFile) error {
	f.Request = unescapeHTML(f.Request)
	for k, v := range f.Responses {
		f.Responses[k] = unescapeHTML(v)
	}
	for k, v := range f.Errors {
		f.Errors[k] = unescapeHTML(v)
	}
	return writeJSONFile(path, f)
}

// writeJSONFile writes an examples file atomically: indented JSON, the
// bodies' key order kept, nothing escaped for HTML.
func writeJSONFile(path string, f any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(f); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b.Bytes(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// htmlEscapes are the escapes Go's JSON encoders write for <, > and &.
var htmlEscapes = map[string]byte{`\u003c`: '<', `\u003e`: '>', `\u0026`: '&'}

// unescapeHTML writes <, > and & of a JSON text as themselves, for people
// to read: "feeRateBps >= 10" rather than "feeRateBps \u003e= 10". Other
// escapes stay.
func unescapeHTML(body []byte) []byte {
	if body == nil {
		return nil
	}
	out := make([]byte, 0, len(body))
	for i := 0; i < len(body); i++ {
		if body[i] != '\\' || i+1 >= len(body) {
			out = append(out, body[i])
			continue
		}
		if i+6 <= len(body) {
			if c, ok := htmlEscapes[string(body[i:i+6])]; ok {
				out = append(out, c)
				i += 5
				continue
			}
		}
		out = append(out, body[i], body[i+1]) // an escape: its second byte is never the start of one
		i++
	}
	return out
}

// lockDir takes an exclusive lock on a directory, for the processes of a
// test run that write examples at once.
func lockDir(dir string) (func(), error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	d, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(d.Fd()), syscall.LOCK_EX); err != nil {
		d.Close()
		return nil, fmt.Errorf("lock %s: %w", dir, err)
	}
	return func() {
		_ = syscall.Flock(int(d.Fd()), syscall.LOCK_UN)
		d.Close()
	}, nil
}

// operation is a documented operation by its method and path.
type operation struct {
	method, path string
	op           *openapi3.Operation
}

func (o operation) String() string { return o.method + " " + o.path }

// operations returns the document's operations by operationId.
func operations(doc *openapi3.T) map[string]operation {
	ops := map[string]operation{}
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			ops[op.OperationID] = operation{method, path, op}
		}
	}
	return ops
}

// schemaOptions are the validation options of the document's examples,
// the ones openapi3filter validates exchanges with.
func schemaOptions(doc *openapi3.T, request bool) []openapi3.SchemaValidationOption {
	opts := []openapi3.SchemaValidationOption{openapi3.MultiErrors(), openapi3.VisitAsResponse(),
		openapi3.SetSchemaErrorMessageCustomizer(func(err *openapi3.SchemaError) string {
			return "/" + strings.Join(err.JSONPointer(), "/") + ": " + err.Reason
		})}
	if request {
		opts[1] = openapi3.VisitAsRequest()
	}
	if doc.IsOpenAPI31OrLater() {
		opts = append(opts, openapi3.EnableJSONSchema2020())
	}
	return opts
}

// checkValue validates a decoded example against a media type's schema.
func checkValue(doc *openapi3.T, mt *openapi3.MediaType, v any, request bool) error {
	if mt == nil || mt.Schema == nil || mt.Schema.Value == nil {
		return fmt.Errorf("no JSON schema")
	}
	return mt.Schema.Value.VisitJSON(v, schemaOptions(doc, request)...)
}

func checkJSON(doc *openapi3.T, mt *openapi3.MediaType, body []byte, request bool) error {
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		return err
	}
	return checkValue(doc, mt, v, request)
}

func (o operation) checkRequest(doc *openapi3.T, body []byte) error {
	if o.op.RequestBody == nil || o.op.RequestBody.Value == nil {
		return fmt.Errorf("no request body")
	}
	return checkJSON(doc, o.op.RequestBody.Value.Content.Get("application/json"), body, true)
}

func (o operation) checkResponse(doc *openapi3.T, status int, body []byte) error {
	ref := o.op.Responses.Status(status)
	if ref == nil || ref.Value == nil {
		return fmt.Errorf("no %d response", status)
	}
	return checkJSON(doc, ref.Value.Content.Get("application/json"), body, false)
}

// CheckExamples fails t for each problem the document's build found, for
// each JSON request body and response of an operation that has no
// example (an error response: no example of a code), and for each
// example that does not fit its schema or, for an error, whose code's
// status is not the response's. Every failure says how to fix it.
func CheckExamples(t testing.TB, s *Spec) {
	t.Helper()
	for _, p := range s.built.Problems {
		t.Errorf("examples: %s", p)
	}
	doc := s.OpenAPI(t)
	ops := operations(doc)
	ids := make([]string, 0, len(ops))
	for id := range ops {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	n := 0
	for _, id := range ids {
		o := ops[id]
		if id == "" {
			t.Errorf("%s has no operationId: give it one, its examples file is named by it", o)
			continue
		}
		file := s.examplesFile(id)
		if rb := o.op.RequestBody; rb != nil && rb.Value != nil {
			if mt := rb.Value.Content.Get("application/json"); mt != nil {
				n++
				switch {
				case mt.Example == nil:
					t.Errorf("%s (operation %s) has no example of its request body.\n%s", o, id,
						howToRecord(o, file, `{"request": <a request body the endpoint accepts>}`))
				default:
					if err := checkValue(doc, mt, mt.Example, true); err != nil {
						t.Errorf("%s (operation %s): the request example in %s does not fit the schema: %v", o, id, file, err)
					}
				}
			}
		}
		statuses := make([]string, 0, o.op.Responses.Len())
		for status := range o.op.Responses.Map() {
			statuses = append(statuses, status)
		}
		slices.Sort(statuses)
		for _, status := range statuses {
			ref := o.op.Responses.Value(status)
			mt := ref.Value.Content.Get("application/json")
			if mt == nil {
				continue
			}
			n++
			if mt.Schema != nil && mt.Schema.Ref == errorSchema {
				checkErrorExamples(t, doc, o, id, file, status, mt)
				continue
			}
			if mt.Example == nil {
				t.Errorf("%s %s (operation %s) has no example.\n%s", o, status, id,
					howToRecord(o, file, fmt.Sprintf(`{"responses": {"%s": <a response body the endpoint answered>}}`, status)))
				continue
			}
			if err := checkValue(doc, mt, mt.Example, false); err != nil {
				t.Errorf("%s %s (operation %s): the example in %s does not fit the schema: %v", o, status, id, file, err)
			}
		}
	}
	if n == 0 {
		t.Error("the document has no JSON request or response: nothing was checked")
	}
}

func checkErrorExamples(t testing.TB, doc *openapi3.T, o operation, id, file, status string, mt *openapi3.MediaType) {
	t.Helper()
	if len(mt.Examples) == 0 {
		t.Errorf("%s %s (operation %s) lists no error code.\n"+
			"  Add each code the endpoint answers with %s to %s under \"errors\":\n"+
			"    {\"errors\": {\"<CODE>\": {\"error\": \"<its message>\", \"code\": \"<CODE>\"}}}\n"+
			"  A test that provokes one records it: %s.\n"+
			"  If the endpoint cannot answer %s, remove that response from openapi.yaml.",
			o, status, id, status, file, rerunAny(o), status)
		return
	}
	for code, ex := range mt.Examples {
		if ex == nil || ex.Value == nil {
			continue
		}
		if fmt.Sprint(errcode.Code(code).Status()) != status {
			t.Errorf("%s %s (operation %s): %s in %s is answered with %d, not %s", o, status, id, code, file, errcode.Code(code).Status(), status)
		}
		if err := checkValue(doc, mt, ex.Value.Value, false); err != nil {
			t.Errorf("%s %s (operation %s): the example of %s in %s does not fit the Error schema: %v", o, status, id, code, file, err)
		}
	}
}

// howToRecord tells how to add an example that is missing.
func howToRecord(o operation, file, shape string) string {
	return fmt.Sprintf("  Record what a test receives: %s\n"+
		"  writes it to %s; or write that file by hand: %s.", rerunAny(o), file, shape)
}

// examplesFile names an operation's examples file from the repository's
// root.
func (s *Spec) examplesFile(id string) string {
	if s.examplesDir == "" {
		return "the examples file " + id + ".json"
	}
	return fromRoot(filepath.Join(s.examplesDir, id+".json"))
}

// rerun is the command that runs t's test again, recording examples.
func rerun(t testing.TB) string {
	name, _, _ := strings.Cut(t.Name(), "/")
	return testCommand("-run '^" + name + "$'")
}

// rerunAny is the command that records o's examples from a test that
// calls it (which test is for the author to pick).
func rerunAny(o operation) string {
	return testCommand("-run '<a test that calls " + o.String() + ">'")
}

// testCommand is a go test command of the current package, from the
// repository's root, with -rewrite-examples.
func testCommand(run string) string {
	wd, err := os.Getwd()
	if err != nil {
		return "go test " + run + " -rewrite-examples"
	}
	mod := upTo(wd, "go.mod")
	if mod == "" {
		mod = wd
	}
	pkg, err := filepath.Rel(mod, wd)
	if err != nil {
		pkg = "."
	}
	return fmt.Sprintf("cd %s && go test ./%s %s -rewrite-examples", fromRoot(mod), filepath.ToSlash(pkg), run)
}

// fromRoot writes a path relative to the repository's root, the directory
// of go.work.
func fromRoot(path string) string {
	root := upTo(path, "go.work")
	if rel, err := filepath.Rel(root, path); err == nil && root != "" && !strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(rel)
	}
	return path
}

// upTo returns the nearest directory at or above dir holding file, or ""
// if there is none.
func upTo(dir, file string) string {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, file)); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}
