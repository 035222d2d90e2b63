package server_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// chromiumPath is Debian's chromium (apt-get install chromium).
const chromiumPath = "/usr/bin/chromium"

// docsRenderTimeout bounds the whole browser session; it only turns a
// hang into a failure.
const docsRenderTimeout = 90 * time.Second

// TestDocsRenderInChromium loads /docs in a real headless Chromium and
// checks that the vendored Swagger UI renders the document's operations
// and the introduction's formulas. Nothing is fetched from outside the
// test server.
func TestDocsRenderInChromium(t *testing.T) {
	h := newHarness(t)
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
	ctx, cancel := context.WithTimeout(context.Background(), docsRenderTimeout)
	defer cancel()
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	defer cancelAlloc()
	bctx, cancelBrowser := chromedp.NewContext(actx)
	defer cancelBrowser()

	err := chromedp.Do(bctx,
		chromedp.Navigate(h.url()+"/docs"),
		chromedp.WaitVisible(chromedp.CSS(".opblock-summary-path")),
	)
	if err != nil {
		t.Fatalf("render /docs: %v", err)
	}
	title, err := chromedp.Run(bctx, chromedp.Text(chromedp.CSS(".info .title")))
	if err != nil {
		t.Fatalf("read the title: %v", err)
	}
	paths, err := chromedp.Run(bctx, chromedp.Evaluate[[]string](
		`Array.from(document.querySelectorAll('.opblock-summary-path')).map(e => e.getAttribute('data-path') || e.textContent.trim())`))
	if err != nil {
		t.Fatalf("read the operations: %v", err)
	}
	if !strings.Contains(title, "Pred Relayer API") {
		t.Errorf("title %q", title)
	}
	for _, want := range []string{"/relayer/api/auth", "/relayer/api/keys", "/relayer/api/keys/{id}", "/submit", "/transaction",
		"/transactions", "/deployed", "/nonce"} {
		if !slices.Contains(paths, want) {
			t.Errorf("operation %s is not rendered; rendered: %v", want, paths)
		}
	}
	if len(paths) < 14 {
		t.Errorf("only %d operations rendered", len(paths))
	}
	code, err := chromedp.Run(bctx, chromedp.Evaluate[[]string](
		`Array.from(document.querySelectorAll('.info .description pre')).map(e => e.textContent)`))
	if err != nil {
		t.Fatalf("read the code blocks: %v", err)
	}
	blocks := strings.Join(code, "\n")
	for _, want := range []string{
		"CreateProxy(address owner,address paymentToken,uint256 payment,address paymentReceiver)",
		`domain ("Pred Safe Factory", "1", chainId, the SafeFactory)`,
		"SafeTx(address to,uint256 value,bytes data,uint8 operation,uint256 safeTxGas,uint256 baseGas,uint256 gasPrice,address gasToken,address refundReceiver,uint256 nonce)",
	} {
		if !strings.Contains(blocks, want) {
			t.Errorf("no rendered code block holds %q whole", want)
		}
	}
	text, err := chromedp.Run(bctx, chromedp.Text(chromedp.CSS(".info .description")))
	if err != nil {
		t.Fatalf("read the introduction: %v", err)
	}
	for _, want := range []string{
		"RELAYER_API_KEY_ADDRESS",         // the headers
		"STATE_CONFIRMED",                 // the states
		"Deployment is relayer-submitted", // the choice
		"MultiSendCallOnly",               // the allow-list
		"CALL_NOT_ALLOWED",                // the error table
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the rendered introduction does not say %q", want)
		}
	}
}
