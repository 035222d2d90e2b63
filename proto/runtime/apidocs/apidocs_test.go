package apidocs

import (
	"strings"
	"testing"
)

// TestAssetsAreEmbedded: every served name resolves to non-empty content
// with its media type, and the page loads nothing from another origin.
func TestAssetsAreEmbedded(t *testing.T) {
	v := Viewer{Title: "Test API"}
	for name := range assets {
		b, mt, ok := v.Asset(name)
		if !ok || len(b) == 0 || mt == "" {
			t.Errorf("%s: ok=%v, %d bytes, %q", name, ok, len(b), mt)
		}
	}
	page, mt, _ := v.Asset("index.html")
	if !strings.Contains(string(page), "<title>Test API</title>") {
		t.Fatalf("index.html does not carry the title:\n%s", page)
	}
	if !strings.HasPrefix(mt, "text/html") || strings.Contains(string(page), "http") {
		t.Fatalf("index.html (%s) refers to another origin:\n%s", mt, page)
	}
	if _, _, ok := v.Asset("../apidocs.go"); ok {
		t.Fatal("an unlisted file is served")
	}
	ver, _, _ := v.Asset("VERSION")
	if !strings.Contains(string(ver), "5.35.0") {
		t.Fatalf("VERSION says %q", ver)
	}
}
