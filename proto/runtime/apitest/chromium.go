package apitest

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"pred.dev/proto/runtime/apidocs"
)

// chromiumPath is Debian's chromium (apt-get install chromium).
const chromiumPath = "/usr/bin/chromium"

// docsRenderTimeout bounds the whole browser session; it only turns a
// hang into a failure.
const docsRenderTimeout = 90 * time.Second

// Rendered is an API's /docs page as a real browser shows it.
type Rendered struct {
	// Title is the reference's title, Paths the paths of the operations
	// it lists.
	Title string
	Paths []string
	// Code are the introduction's code blocks, Text its text.
	Code []string
	Text string
	// Context is the browser's, on the page, until the test ends.
	Context context.Context
}

// browser starts a headless Chromium for a docs page.
func browser(t *testing.T) context.Context { return Browser(t, docsRenderTimeout) }

// Browser starts a headless Chromium (Debian's) for the rest of the test,
// with a profile of its own; it only reaches what the test serves.
// timeout bounds the whole session: it only turns a hang into a failure.
func Browser(t *testing.T, timeout time.Duration) context.Context {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromiumPath),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.UserDataDir(t.TempDir()),
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	t.Cleanup(cancel)
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(cancelAlloc)
	bctx, cancelBrowser := chromedp.NewContext(actx)
	t.Cleanup(cancelBrowser)
	return bctx
}

// RenderDocs loads the /docs page of the API at baseURL in a headless
// Chromium and waits until the vendored Swagger UI has rendered its
// operations. Nothing is fetched from outside the test server.
func RenderDocs(t *testing.T, baseURL string) Rendered {
	t.Helper()
	bctx := browser(t)
	if err := chromedp.Do(bctx, chromedp.Navigate(baseURL+apidocs.DocsPath),
		chromedp.WaitVisible(chromedp.CSS(".opblock-summary-path"))); err != nil {
		t.Fatalf("render %s: %v", apidocs.DocsPath, err)
	}
	r := Rendered{Context: bctx}
	var err error
	if r.Title, err = chromedp.Run(bctx, chromedp.Text(chromedp.CSS(".info .title"))); err != nil {
		t.Fatalf("read the title: %v", err)
	}
	if r.Paths, err = chromedp.Run(bctx, chromedp.Evaluate[[]string](
		`Array.from(document.querySelectorAll('.opblock-summary-path')).map(e => e.getAttribute('data-path') || e.textContent.trim())`)); err != nil {
		t.Fatalf("read the operations: %v", err)
	}
	if r.Code, err = chromedp.Run(bctx, chromedp.Evaluate[[]string](
		`Array.from(document.querySelectorAll('.info .description pre')).map(e => e.textContent)`)); err != nil {
		t.Fatalf("read the code blocks: %v", err)
	}
	if r.Text, err = chromedp.Run(bctx, chromedp.Text(chromedp.CSS(".info .description"))); err != nil {
		t.Fatalf("read the introduction: %v", err)
	}
	return r
}

// RenderedStreams is an API's streams page (/docs/stream) as a real
// browser shows it.
type RenderedStreams struct {
	// Title is the page's heading; Channels the channels' addresses;
	// Messages the ids of the messages' sections, with the rows of their
	// payload tables and their examples counted.
	Title    string
	Channels []string
	Messages []RenderedMessage
	// Resources are the URLs the page loaded besides itself.
	Resources []string
}

// RenderedMessage is one message's section of the streams page.
type RenderedMessage struct {
	ID       string `json:"id"`
	Rows     int    `json:"rows"`
	Examples int    `json:"examples"`
}

// RenderStreamDocs loads the streams page of the API at baseURL in a
// headless Chromium.
func RenderStreamDocs(t *testing.T, baseURL string) RenderedStreams {
	t.Helper()
	bctx := browser(t)
	if err := chromedp.Do(bctx, chromedp.Navigate(baseURL+apidocs.StreamDocsPath),
		chromedp.WaitVisible(chromedp.CSS("section.message"))); err != nil {
		t.Fatalf("render %s: %v", apidocs.StreamDocsPath, err)
	}
	var r RenderedStreams
	var err error
	if r.Title, err = chromedp.Run(bctx, chromedp.Text(chromedp.CSS("h1#title"))); err != nil {
		t.Fatalf("read the title: %v", err)
	}
	if r.Channels, err = chromedp.Run(bctx, chromedp.Evaluate[[]string](
		`Array.from(document.querySelectorAll('section.channel .address')).map(e => e.textContent.trim())`)); err != nil {
		t.Fatalf("read the channels: %v", err)
	}
	if r.Messages, err = chromedp.Run(bctx, chromedp.Evaluate[[]RenderedMessage](
		`Array.from(document.querySelectorAll('section.message')).map(s => ({id: s.id,
			rows: s.querySelectorAll('table.payload tr').length - 1, examples: s.querySelectorAll('pre.example').length}))`)); err != nil {
		t.Fatalf("read the messages: %v", err)
	}
	if r.Resources, err = chromedp.Run(bctx, chromedp.Evaluate[[]string](
		`performance.getEntriesByType('resource').map(e => e.name)`)); err != nil {
		t.Fatalf("read the resources: %v", err)
	}
	return r
}
