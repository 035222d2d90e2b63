package server_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"pred.dev/gateway-clob/internal/webapp"
	"pred.dev/gateway-clob/server"
)

// TestWebAppRoutes: a gateway started with the app's URLs serves its
// configuration and its files under /app/, and one started without says
// which flags it lacks. The page itself is tested in Chromium by
// scripts/webapp.
func TestWebAppRoutes(t *testing.T) {
	t.Parallel()
	app := webapp.Config{GammaURL: "http://127.0.0.1:8081", RelayerURL: "http://127.0.0.1:8082"}
	h := newHarness(t, withoutEngine(), withConfig(func(c *server.Config) { c.App = app }))
	c := h.httpClient(true)
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	get := func(path string) (*http.Response, string) {
		t.Helper()
		res, err := c.Get(h.url(0) + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		return res, string(b)
	}
	// The redirect is not an operation of the document (see webapp.Register),
	// so it is asked for without validation.
	raw := h.httpClient(false)
	raw.CheckRedirect = c.CheckRedirect
	res, err := raw.Get(h.url(0) + "/app")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusMovedPermanently || res.Header.Get("Location") != webapp.Prefix {
		t.Fatalf("GET /app: %d to %q", res.StatusCode, res.Header.Get("Location"))
	}
	res, body := get(webapp.ConfigPath)
	var cfg webapp.Endpoints
	if err := json.Unmarshal([]byte(body), &cfg); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %s", webapp.ConfigPath, res.StatusCode, body)
	}
	if cfg.ClobURL != h.url(0) || cfg.GammaURL != app.GammaURL || cfg.RelayerURL != app.RelayerURL {
		t.Fatalf("config %+v: want the CLOB at %s and %+v", cfg, h.url(0), app)
	}
	for _, path := range []string{"/app/no-such-file.txt", "/app/assets/no-such-asset.js"} {
		if res, body := get(path); res.StatusCode != http.StatusNotFound || !strings.Contains(body, "NOT_FOUND") {
			t.Errorf("GET %s: %d %s, want 404 NOT_FOUND", path, res.StatusCode, body)
		}
	}
	_, built := webapp.Files()
	res, body = get(webapp.Prefix)
	if built && (res.StatusCode != http.StatusOK || !strings.Contains(body, "<html")) {
		t.Fatalf("GET /app/ of a built app: %d %.200s", res.StatusCode, body)
	}
	if !built && (res.StatusCode != http.StatusNotFound || !strings.Contains(body, "make web-build")) {
		t.Fatalf("GET /app/ of an unbuilt app: %d %s, want 404 saying how to build it", res.StatusCode, body)
	}

	off := newHarness(t, withoutEngine())
	res, err = off.httpClient(true).Get(off.url(0) + webapp.ConfigPath)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusNotFound {
		t.Fatalf("GET %s without the app: %d, want 404", webapp.ConfigPath, res.StatusCode)
	}
}
