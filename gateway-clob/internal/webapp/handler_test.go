package webapp

import (
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/labstack/echo/v4"
	"go.uber.org/zap"

	"pred.dev/proto/runtime/gateway"
)

var testConfig = Config{GammaURL: "http://127.0.0.1:8081", RelayerURL: "https://relayer.example"}

// testBuild stands in for Vite's output: an index and one hashed asset.
var testBuild = fstest.MapFS{
	"index.html":           {Data: []byte(`<!doctype html><script type="module" src="/app/assets/index-abc.js"></script>`)},
	"assets/index-abc.js":  {Data: []byte(strings.Repeat("console.log('pred');\n", 200))},
	"favicon.svg":          {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`)},
	"assets/nested/x.js":   {Data: []byte("nested")},
	"../outside-the-build": {Data: []byte("never served")},
}

func serve(t *testing.T, built bool, method, target string, hdr map[string]string) *httptest.ResponseRecorder {
	t.Helper()
	e := echo.New()
	e.HTTPErrorHandler = gateway.ErrorHandler(zap.NewNop(), nil)
	register(e, testConfig, testBuild, built)
	req := httptest.NewRequest(method, target, nil)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, req)
	return rec
}

func TestIndexAndAssets(t *testing.T) {
	t.Parallel()
	cases := []struct {
		target, cache, mediaPrefix string
	}{
		// Echo's last parameter takes the rest of the path, so a build's
		// nested asset is served too; io/fs refuses any ".." in it.
		{"/app/assets/nested/x.js", cacheImmutable, "text/javascript"},
		{"/app/", cacheRevalidate, "text/html"},
		{"/app/assets/index-abc.js", cacheImmutable, "text/javascript"},
		{"/app/favicon.svg", cacheOther, "image/svg+xml"},
	}
	for _, tc := range cases {
		rec := serve(t, true, http.MethodGet, tc.target, nil)
		if rec.Code != http.StatusOK {
			t.Fatalf("GET %s: %d %s", tc.target, rec.Code, rec.Body)
		}
		if got := rec.Header().Get(echo.HeaderCacheControl); got != tc.cache {
			t.Errorf("GET %s: Cache-Control %q, want %q", tc.target, got, tc.cache)
		}
		if got := rec.Header().Get(echo.HeaderContentType); !strings.HasPrefix(got, tc.mediaPrefix) {
			t.Errorf("GET %s: Content-Type %q, want %s", tc.target, got, tc.mediaPrefix)
		}
	}
	csp := serve(t, true, http.MethodGet, "/app/", nil).Header().Get(echo.HeaderContentSecurityPolicy)
	for _, want := range []string{"script-src 'self'", "http://127.0.0.1:8081", "ws://127.0.0.1:8081", "wss://relayer.example", "frame-ancestors 'none'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("the index's Content-Security-Policy %q lacks %q", csp, want)
		}
	}
}

func TestRedirectsBarePrefix(t *testing.T) {
	t.Parallel()
	rec := serve(t, true, http.MethodGet, "/app", nil)
	if rec.Code != http.StatusMovedPermanently || rec.Header().Get(echo.HeaderLocation) != Prefix {
		t.Fatalf("GET /app: %d Location %q, want 301 to %s", rec.Code, rec.Header().Get(echo.HeaderLocation), Prefix)
	}
}

func TestGzip(t *testing.T) {
	t.Parallel()
	rec := serve(t, true, http.MethodGet, "/app/assets/index-abc.js", map[string]string{echo.HeaderAcceptEncoding: "gzip"})
	if rec.Header().Get(echo.HeaderContentEncoding) != "gzip" {
		t.Fatalf("Content-Encoding %q, want gzip", rec.Header().Get(echo.HeaderContentEncoding))
	}
	zr, err := gzip.NewReader(rec.Body)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != string(testBuild["assets/index-abc.js"].Data) {
		t.Fatal("the gzipped asset does not decompress to the file")
	}
}

func TestConfigNamesTheAPIs(t *testing.T) {
	t.Parallel()
	rec := serve(t, true, http.MethodGet, "/app/config.json", map[string]string{"Host": "exchange.example:8080"})
	var got Endpoints
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
		t.Fatalf("%d %s: %v", rec.Code, rec.Body, err)
	}
	want := Endpoints{ClobURL: "http://example.com", GammaURL: testConfig.GammaURL, RelayerURL: testConfig.RelayerURL}
	// httptest.NewRequest's Host is example.com; a set Host header does
	// not change it, so the page's origin is that one.
	if got != want {
		t.Fatalf("config %+v, want %+v", got, want)
	}
}

func TestUnknownAndUnbuilt(t *testing.T) {
	t.Parallel()
	for _, target := range []string{"/app/nope.js", "/app/assets/nope.js", "/app/..%2Foutside-the-build", "/app/assets/..%2F..%2Foutside-the-build"} {
		if rec := serve(t, true, http.MethodGet, target, nil); rec.Code != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", target, rec.Code)
		}
	}
	rec := serve(t, false, http.MethodGet, "/app/", nil)
	if rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), "make web-build") {
		t.Fatalf("an unbuilt app answers %d %s, want 404 saying how to build it", rec.Code, rec.Body)
	}
}

func TestDisabled(t *testing.T) {
	t.Parallel()
	e := echo.New()
	e.HTTPErrorHandler = gateway.ErrorHandler(zap.NewNop(), nil)
	register(e, Config{}, testBuild, true)
	for _, target := range []string{"/app/", "/app/config.json", "/app/assets/index-abc.js"} {
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
		if rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), "-app-gamma-url") {
			t.Errorf("GET %s without the app: %d %s, want 404 naming the flags", target, rec.Code, rec.Body)
		}
	}
}

func TestValidate(t *testing.T) {
	t.Parallel()
	for _, bad := range []Config{
		{GammaURL: "http://g"},
		{GammaURL: "ftp://g", RelayerURL: "http://r"},
		{GammaURL: "http://g", RelayerURL: "/relative"},
		{GammaURL: "http://g", RelayerURL: "http://r?x=1"},
		{ClobURL: "nope", GammaURL: "http://g", RelayerURL: "http://r"},
	} {
		if bad.Validate() == nil {
			t.Errorf("%+v validated", bad)
		}
	}
	for _, good := range []Config{testConfig, {}} {
		if err := good.Validate(); err != nil {
			t.Fatal(err)
		}
	}
}
