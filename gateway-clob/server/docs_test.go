package server_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The CLOB's /docs page beyond what every API's must show
// (apitest.Conformance): its guide is long, so it has a bar of contents,
// and its formulas must survive Markdown.

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

// checkFormulasNotListItems reads the introduction as the browser shows
// it, not as the YAML writes it: Markdown can turn a wrapped line that
// starts with "+" into a list item, which once broke the L2 formula on
// this page.
func checkFormulasNotListItems(t *testing.T, bctx context.Context) {
	t.Helper()
	items, err := chromedp.Run(bctx, chromedp.Evaluate[[]string](
		`Array.from(document.querySelectorAll('.info .description li')).map(e => e.textContent.trim())`))
	if err != nil {
		t.Fatalf("read the list items: %v", err)
	}
	for _, it := range items {
		if strings.HasPrefix(it, "body") || strings.HasPrefix(it, "+") || strings.HasPrefix(it, "path") {
			t.Errorf("a formula line was rendered as the list item %q", it)
		}
	}
}
