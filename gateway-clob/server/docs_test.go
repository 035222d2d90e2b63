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
// checks that the vendored Swagger UI renders the document's operations.
// Nothing is fetched from outside the test server.
func TestDocsRenderInChromium(t *testing.T) {
	h := newHarness(t, withoutEngine())
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
		chromedp.Navigate(h.url(0)+"/docs"),
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
	if !strings.Contains(title, "Pred CLOB API") {
		t.Errorf("title %q", title)
	}
	for _, want := range []string{"/order", "/book", "/orders", "/auth/api-key", "/prices-history", "/heartbeats"} {
		if !slices.Contains(paths, want) {
			t.Errorf("operation %s is not rendered; rendered: %v", want, paths)
		}
	}
	if len(paths) < 40 {
		t.Errorf("only %d operations rendered", len(paths))
	}
	checkRenderedIntroduction(t, bctx)
	checkReferenceReachable(t, bctx)
}

// reachableTopMaxPx bounds where the contents bar may start: at the top of
// the page, in the first screen whatever the guide's length.
const reachableTopMaxPx = 200

// checkReferenceReachable: the guide comes first on the page and runs to
// thousands of pixels, so a bar of contents at the top links to each
// group of endpoints, and a click on one brings its endpoints into view.
func checkReferenceReachable(t *testing.T, bctx context.Context) {
	t.Helper()
	if err := chromedp.Do(bctx, chromedp.WaitVisible(chromedp.CSS("#contents a"))); err != nil {
		t.Fatalf("no contents bar: %v", err)
	}
	type bar struct {
		Top   float64  `json:"top"`
		Links []string `json:"links"`
		Hrefs []string `json:"hrefs"`
	}
	got, err := chromedp.Run(bctx, chromedp.Evaluate[bar](`(() => {
		const n = document.getElementById('contents');
		const as = [...n.querySelectorAll('a')];
		return {top: n.getBoundingClientRect().top + window.scrollY, links: as.map(a => a.textContent), hrefs: as.map(a => a.getAttribute('href'))};
	})()`))
	if err != nil {
		t.Fatalf("read the contents bar: %v", err)
	}
	if got.Top > reachableTopMaxPx {
		t.Errorf("the contents bar starts %.0f px down", got.Top)
	}
	for _, want := range []string{"Authentication", "Error codes", "auth", "orders", "market data", "service"} {
		if !slices.Contains(got.Links, want) {
			t.Errorf("the contents bar has no link %q: %v", want, got.Links)
		}
	}
	where := func() (targetTop, viewport, scrolled float64) {
		t.Helper()
		v, err := chromedp.Run(bctx, chromedp.Evaluate[[]float64](`(() => {
			const r = document.getElementById('operations-tag-orders').getBoundingClientRect();
			return [r.top, window.innerHeight, window.scrollY];
		})()`))
		if err != nil || len(v) != 3 {
			t.Fatalf("read where the orders endpoints are: %v %v", v, err)
		}
		return v[0], v[1], v[2]
	}
	before, viewport, _ := where()
	t.Logf("the endpoints of orders start %.0f px down, below the guide", before)
	if before < viewport {
		t.Logf("the guide no longer hides the endpoints: the bar is not needed to reach them")
	}
	if err := chromedp.Do(bctx, chromedp.Click(chromedp.CSS(`#contents a[href="#operations-tag-orders"]`))); err != nil {
		t.Fatalf("click the orders link: %v", err)
	}
	after, viewport, scrolled := where()
	if after < 0 || after >= viewport || (before >= viewport && scrolled == 0) {
		t.Errorf("after a click on orders its endpoints are at %.0f px of a %.0f px window (scrolled %.0f px)", after, viewport, scrolled)
	}
}

// checkRenderedIntroduction reads the introduction as the browser shows it,
// not as the YAML writes it: Markdown can turn a wrapped line that starts
// with "+" into a list item, which once broke the L2 formula on this page.
func checkRenderedIntroduction(t *testing.T, bctx context.Context) {
	t.Helper()
	code, err := chromedp.Run(bctx, chromedp.Evaluate[[]string](
		`Array.from(document.querySelectorAll('.info .description pre')).map(e => e.textContent)`))
	if err != nil {
		t.Fatalf("read the code blocks: %v", err)
	}
	items, err := chromedp.Run(bctx, chromedp.Evaluate[[]string](
		`Array.from(document.querySelectorAll('.info .description li')).map(e => e.textContent.trim())`))
	if err != nil {
		t.Fatalf("read the list items: %v", err)
	}
	text, err := chromedp.Run(bctx, chromedp.Text(chromedp.CSS(".info .description")))
	if err != nil {
		t.Fatalf("read the introduction: %v", err)
	}
	blocks := strings.Join(code, "\n")
	for _, want := range []string{
		"message        = timestamp + METHOD + path + body",
		"PRED_SIGNATURE = base64url( HMAC-SHA256( key = base64url_decode(secret), message ) )",
		"ClobAuth(address address,string timestamp,string nonce,string message)",
		"Order(uint256 salt,address maker,address signer,address taker,uint256 tokenId,uint256 makerAmount,uint256 takerAmount,uint256 expiration,uint256 nonce,uint256 feeRateBps,uint8 side,uint8 signatureType,string scopeId)",
	} {
		if !strings.Contains(blocks, want) {
			t.Errorf("no rendered code block holds %q whole", want)
		}
	}
	for _, it := range items {
		if strings.HasPrefix(it, "body") || strings.HasPrefix(it, "+") || strings.HasPrefix(it, "path") {
			t.Errorf("a formula line was rendered as the list item %q", it)
		}
	}
	for _, want := range []string{
		"plus the largest taker fee",       // placement needs notional plus maximum fee
		"locks only the notional",          // a resting BUY locks the notional
		"capacity of the bucket",           // what X-RateLimit-Limit carries
		"cancel_reason EXPIRED",            // an expired GTD order says why
		"INVALID_ORDER_DUPLICATED",         // every copy after the first
		"most recently created active key", // how derive picks a key
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the rendered introduction does not say %q", want)
		}
	}
}
