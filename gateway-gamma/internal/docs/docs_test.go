package docs

import (
	"strings"
	"testing"
)

// TestAssetsAreEmbedded: every served name resolves to non-empty content
// with its media type, and the page loads nothing from another origin.
func TestAssetsAreEmbedded(t *testing.T) {
	for name := range assets {
		b, mt, ok := Asset(name)
		if !ok || len(b) == 0 || mt == "" {
			t.Errorf("%s: ok=%v, %d bytes, %q", name, ok, len(b), mt)
		}
	}
	page, mt, _ := Asset("index.html")
	if !strings.HasPrefix(mt, "text/html") || strings.Contains(string(page), "http") {
		t.Fatalf("index.html (%s) refers to another origin:\n%s", mt, page)
	}
	if _, _, ok := Asset("../docs.go"); ok {
		t.Fatal("an unlisted file is served")
	}
	v, _, _ := Asset("VERSION")
	if !strings.Contains(string(v), "5.35.0") {
		t.Fatalf("VERSION says %q", v)
	}
}
