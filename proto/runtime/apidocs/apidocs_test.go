package apidocs

import (
	"io"
	"net/http"
	"net/http/httptest"
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

// TestRegister: a plain mux serves the document, the page and its
// assets as the Echo APIs do; an unknown asset is the JSON 404 and
// another method the JSON 405.
func TestRegister(t *testing.T) {
	mux := http.NewServeMux()
	doc := []byte("openapi: 3.1.0\n")
	Viewer{Title: "Test API"}.Register(mux, doc)
	srv := httptest.NewServer(mux)
	defer srv.Close()
	get := func(path string) (*http.Response, string) {
		t.Helper()
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		return resp, string(b)
	}
	if resp, body := get("/openapi.yaml"); resp.StatusCode != 200 || body != string(doc) || resp.Header.Get("Content-Type") != "application/yaml" {
		t.Errorf("/openapi.yaml: %d %s %q", resp.StatusCode, resp.Header.Get("Content-Type"), body)
	}
	if resp, body := get("/docs"); resp.StatusCode != 200 || !strings.Contains(body, "<title>Test API</title>") {
		t.Errorf("/docs: %d %q", resp.StatusCode, body)
	}
	if resp, _ := get("/docs/swagger-ui-bundle.js"); resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/javascript") {
		t.Errorf("/docs/swagger-ui-bundle.js: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	resp, err := http.Post(srv.URL+"/openapi.yaml", "text/plain", strings.NewReader("x"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 405 || resp.Header.Get("Content-Type") != "application/json" {
		t.Errorf("POST /openapi.yaml: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	if resp, body := get("/docs/secret.txt"); resp.StatusCode != 404 || !strings.Contains(body, `"code":"NOT_FOUND"`) ||
		resp.Header.Get("Content-Type") != "application/json" {
		t.Errorf("an unknown asset: %d %s %q", resp.StatusCode, resp.Header.Get("Content-Type"), body)
	}
}
