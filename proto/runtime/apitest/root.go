package apitest

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"pred.dev/proto/runtime/apidocs"
)

// rootTimeout bounds each request of CheckRoot; it only turns a hang into
// a failure.
const rootTimeout = 30 * time.Second

// browserAccept is the Accept header Chromium sends for a page.
const browserAccept = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8"

// CheckRoot checks the bare base URL of the API at baseURL, through v (so
// each answer is validated against the document): a browser is
// redirected to the viewer, which answers a page, and any other client
// gets where the documentation is, as JSON naming the API by title.
func CheckRoot(t *testing.T, v *Validator, baseURL, title string) {
	t.Helper()
	c := &http.Client{Timeout: rootTimeout, Transport: v.Transport(nil, true),
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	get := func(path, accept string) (*http.Response, []byte) {
		t.Helper()
		return fetch(t, c, baseURL+path, accept)
	}

	resp, _ := get("/", browserAccept)
	loc := resp.Header.Get("Location")
	if resp.StatusCode != http.StatusFound || loc != apidocs.DocsPath || !strings.Contains(resp.Header.Get("Vary"), "Accept") {
		t.Fatalf("GET / from a browser: %d, Location %q, Vary %q; want 302 to %s, Vary: Accept",
			resp.StatusCode, loc, resp.Header.Get("Vary"), apidocs.DocsPath)
	}
	resp, page := get(loc, browserAccept)
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") ||
		!strings.Contains(string(page), "<title>"+title+"</title>") {
		t.Errorf("GET %s, where a browser is sent: %d %s", loc, resp.StatusCode, resp.Header.Get("Content-Type"))
	}

	want := apidocs.Index{Name: title, Docs: apidocs.DocsPath, OpenAPI: apidocs.OpenAPIPath}
	for _, accept := range []string{"*/*", "application/json", ""} {
		resp, body := get("/", accept)
		var got apidocs.Index
		if resp.StatusCode != http.StatusOK || json.Unmarshal(body, &got) != nil || got != want {
			t.Errorf("GET / with Accept %q: %d %s; want 200 %+v", accept, resp.StatusCode, body, want)
		}
	}
}

// fetch GETs url with an Accept header (none if empty) and reads the
// whole answer, failing t if it cannot.
func fetch(t *testing.T, c *http.Client, url, accept string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, body
}
