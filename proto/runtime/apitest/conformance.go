package apitest

import (
	"context"
	"flag"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"pred.dev/proto/errcode"
	"pred.dev/proto/runtime/apidocs"
)

// updateDoc rewrites an API's error table and ErrorCode enum from the
// codes its operations list: go test ./server -run TestConformance/ErrorTable -update.
var updateDoc = flag.Bool("update", false, "rewrite the OpenAPI document's error table and ErrorCode enum from the codes its operations list")

// API is one HTTP API under the conformance suite: its document, its
// registered routes and a served instance of it.
type API struct {
	// Spec is the document bound to its examples.
	Spec *Spec
	// Source is the document's source file, relative to the test's
	// package, which -update rewrites.
	Source string
	// Title names the API on /docs and GET /.
	Title string
	// Routes are the registered routes as OpenAPI operations,
	// "GET /markets/{id}" (gateway.Operations); RoutesMin is how many
	// there are at least, so an empty list cannot pass.
	Routes    []string
	RoutesMin int
	// URL is a served instance, Validator the test's validator of it.
	URL       string
	Validator *Validator
	// Page is what its /docs page must show in Chromium.
	Page Page
	// Streams is the AsyncAPI document of the API's streams bound to its
	// examples, nil for an API without streams; StreamPage is what its
	// /docs/stream page must show.
	Streams    *StreamSpec
	StreamPage StreamPage
}

// Conformance checks what every API promises, once for all of them:
//   - the registered routes are the document's operations, no more;
//   - the error table and ErrorCode enum are the codes the operations
//     list, with proto/errcode's statuses and messages (-update writes
//     them);
//   - every request and response has an example that fits its schema,
//     and every error response uses the Error schema;
//   - GET /openapi.yaml serves the document byte for byte, /docs its
//     assets, an unknown asset or route a NOT_FOUND error, and GET / sends
//     a browser to /docs;
//   - the /docs page renders in Chromium (Page);
//   - for an API with streams, their AsyncAPI document loads, every
//     message has examples that fit, GET /asyncapi.yaml serves it byte
//     for byte, /docs links to /docs/stream, which renders every channel
//     and message in Chromium.
//
// Every response a test of the API receives is validated by its
// Validator; this suite adds what no single request shows.
func Conformance(t *testing.T, a API) {
	t.Run("Routes", func(t *testing.T) { checkRoutes(t, a) })
	t.Run("ErrorTable", func(t *testing.T) {
		if *updateDoc {
			RewriteErrorCodes(t, a.Source, a.Spec.Built())
			return
		}
		CheckErrorCodes(t, a.Spec.Built())
	})
	t.Run("Examples", func(t *testing.T) { CheckExamples(t, a.Spec) })
	t.Run("ErrorSchema", func(t *testing.T) { CheckErrorResponses(t, a.Spec.Document()) })
	t.Run("ServedDocument", func(t *testing.T) { checkServed(t, a) })
	t.Run("DocsRender", func(t *testing.T) { a.Page.check(t, a.URL, a.Title, a.Streams != nil) })
	if a.Streams == nil {
		return
	}
	t.Run("StreamDocument", func(t *testing.T) {
		CheckStreamDocument(t, a.Streams)
		CheckStreamExamples(t, a.Streams)
	})
	t.Run("ServedStreams", func(t *testing.T) { checkServedStreams(t, a) })
	t.Run("StreamDocsRender", func(t *testing.T) { a.StreamPage.check(t, a.URL, a.Streams) })
}

// checkServedStreams: the AsyncAPI document byte for byte, its page, and
// the link to it from /docs.
func checkServedStreams(t *testing.T, a API) {
	c := &http.Client{Timeout: rootTimeout, Transport: a.Validator.Transport(nil, true)}
	resp, data := fetch(t, c, a.URL+apidocs.AsyncAPIPath, "")
	if resp.StatusCode != http.StatusOK || string(data) != string(a.Streams.Built().YAML) ||
		!strings.HasPrefix(resp.Header.Get("Content-Type"), "application/yaml") {
		t.Errorf("GET %s: %d %s", apidocs.AsyncAPIPath, resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	resp, page := fetch(t, c, a.URL+apidocs.StreamDocsPath, browserAccept)
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		t.Errorf("GET %s: %d %s", apidocs.StreamDocsPath, resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	if !strings.Contains(string(page), `href="`+apidocs.DocsPath+`"`) {
		t.Errorf("%s does not link back to %s", apidocs.StreamDocsPath, apidocs.DocsPath)
	}
	if _, docs := fetch(t, c, a.URL+apidocs.DocsPath, browserAccept); !strings.Contains(string(docs), `href="`+apidocs.StreamDocsPath+`"`) {
		t.Errorf("%s does not link to %s", apidocs.DocsPath, apidocs.StreamDocsPath)
	}
}

// StreamPage is what an API's /docs/stream page must show once Chromium
// renders it, beyond a section with a table and an example for every
// message of the document.
type StreamPage struct {
	// Channels are the addresses it must list.
	Channels []string
}

func (p StreamPage) check(t *testing.T, baseURL string, s *StreamSpec) {
	r := RenderStreamDocs(t, baseURL)
	if r.Title == "" {
		t.Error("no title")
	}
	for _, want := range p.Channels {
		if !slices.Contains(r.Channels, want) {
			t.Errorf("channel %s is not rendered; rendered: %v", want, r.Channels)
		}
	}
	rendered := map[string]RenderedMessage{}
	for _, m := range r.Messages {
		rendered[m.ID] = m
	}
	for key := range s.document(t).messages {
		m, ok := rendered["message-"+key]
		switch {
		case !ok:
			t.Errorf("message %s has no section", key)
		case m.Rows == 0 || m.Examples == 0:
			t.Errorf("message %s renders %d fields and %d examples", key, m.Rows, m.Examples)
		}
	}
	for _, u := range r.Resources {
		if !strings.HasPrefix(u, baseURL+"/") {
			t.Errorf("the page loaded %s, not from the API", u)
		}
	}
}

// checkRoutes: every registered route is a documented operation, and
// every documented operation a registered route.
func checkRoutes(t *testing.T, a API) {
	documented := map[string]bool{}
	for path, item := range a.Spec.OpenAPI(t).Paths.Map() {
		for method := range item.Operations() {
			documented[method+" "+path] = true
		}
	}
	registered := map[string]bool{}
	for _, r := range a.Routes {
		registered[r] = true
		if !documented[r] {
			t.Errorf("route %s is not in the document", r)
		}
	}
	for k := range documented {
		if !registered[k] {
			t.Errorf("the document has %s, which is not a route", k)
		}
	}
	if len(registered) < a.RoutesMin {
		t.Fatalf("only %d routes registered", len(registered))
	}
}

// checkServed: the document, the viewer's assets, and the errors of an
// unknown asset and route, then the bare base URL (CheckRoot).
func checkServed(t *testing.T, a API) {
	// Responses are validated; requests are not, as an unknown asset is
	// one the document refuses.
	c := &http.Client{Timeout: rootTimeout, Transport: a.Validator.Transport(nil, false)}
	get := func(path string) (*http.Response, []byte) {
		t.Helper()
		return fetch(t, c, a.URL+path, "")
	}
	resp, data := get(apidocs.OpenAPIPath)
	if resp.StatusCode != http.StatusOK || string(data) != string(a.Spec.Document()) ||
		!strings.HasPrefix(resp.Header.Get("Content-Type"), "application/yaml") {
		t.Fatalf("GET %s: %d %s", apidocs.OpenAPIPath, resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	for _, asset := range []string{"swagger-ui-bundle.js", "swagger-ui.css", "init.js", "VERSION"} {
		if resp, _ := get(apidocs.DocsPath + "/" + asset); resp.StatusCode != http.StatusOK {
			t.Errorf("GET %s/%s: %d", apidocs.DocsPath, asset, resp.StatusCode)
		}
	}
	for _, path := range []string{apidocs.DocsPath + "/secret.txt", "/no/such/route"} {
		if resp, data := get(path); resp.StatusCode != http.StatusNotFound || errorCode(data) != string(errcode.NotFound) {
			t.Errorf("GET %s: %d %s", path, resp.StatusCode, data)
		}
	}
	CheckRoot(t, a.Validator, a.URL, a.Title)
}

// Page is what an API's /docs page must show once Chromium renders it.
type Page struct {
	// Paths are operations' paths the reference must list; PathsMin is
	// how many it lists at least.
	Paths    []string
	PathsMin int
	// Code are lines the introduction's code blocks must hold whole (a
	// formula Markdown must not break), Text what its text must say.
	Code []string
	Text []string
	// More checks the rendered page further, in the browser's context.
	More func(t *testing.T, browser context.Context)
}

func (p Page) check(t *testing.T, baseURL, title string, streams bool) {
	b := RenderDocs(t, baseURL)
	if streams {
		link, err := chromedp.Run(b.Context, chromedp.Evaluate[string](
			`(document.querySelector('#contents a[href="`+apidocs.StreamDocsPath+`"]') || {}).textContent || ""`))
		if err != nil || link == "" {
			t.Errorf("the rendered page has no link to %s: %v", apidocs.StreamDocsPath, err)
		}
	}
	if !strings.Contains(b.Title, title) {
		t.Errorf("title %q", b.Title)
	}
	for _, want := range p.Paths {
		if !slices.Contains(b.Paths, want) {
			t.Errorf("operation %s is not rendered; rendered: %v", want, b.Paths)
		}
	}
	if len(b.Paths) < p.PathsMin {
		t.Errorf("only %d operations rendered", len(b.Paths))
	}
	blocks := strings.Join(b.Code, "\n")
	for _, want := range p.Code {
		if !strings.Contains(blocks, want) {
			t.Errorf("no rendered code block holds %q whole", want)
		}
	}
	for _, want := range p.Text {
		if !strings.Contains(b.Text, want) {
			t.Errorf("the rendered introduction does not say %q", want)
		}
	}
	if p.More != nil {
		p.More(t, b.Context)
	}
}
