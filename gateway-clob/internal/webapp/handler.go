package webapp

import (
	"errors"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"net/url"
	"path"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"pred.dev/proto/errcode"
)

// Paths of the app on the gateway.
const (
	// Prefix is where the app lives; Prefix without its slash redirects.
	Prefix = "/app/"
	// ConfigPath is the page's configuration: where the three APIs are.
	ConfigPath = Prefix + "config.json"
	indexFile  = "index.html"
	// assetsDir holds Vite's content-hashed files, which never change
	// under one name, so browsers may keep them for good.
	assetsDir = "assets"
)

// Cache lifetimes. index.html and config.json are revalidated on every
// load, so a new build or a new address reaches users at once; hashed
// assets are immutable; other files (icons) change rarely.
const (
	cacheImmutable  = "public, max-age=31536000, immutable"
	cacheRevalidate = "no-cache"
	cacheOther      = "public, max-age=3600"
)

// gzipLevel trades a little CPU per request for a third of the bytes;
// the JavaScript bundle compresses about 3:1.
const gzipLevel = 5

// Config says where the page finds the APIs, as a browser reaches them
// (behind a load balancer, its addresses, not the replicas').
type Config struct {
	// ClobURL is the CLOB API's base URL; empty means the origin the page
	// was loaded from, which is this gateway's (or its load balancer's).
	ClobURL string
	// GammaURL and RelayerURL are the other two APIs' base URLs.
	GammaURL   string
	RelayerURL string
}

// Endpoints is GET /app/config.json.
type Endpoints struct {
	ClobURL    string `json:"clobUrl"`
	GammaURL   string `json:"gammaUrl"`
	RelayerURL string `json:"relayerUrl"`
}

// Enabled says whether the gateway serves the app: a page told nothing
// about Gamma or the Relayer could show nothing, so both are needed.
func (c Config) Enabled() bool { return c.GammaURL != "" || c.RelayerURL != "" || c.ClobURL != "" }

// Validate accepts the zero Config (no app), or absolute http(s) URLs
// without a query for Gamma and the Relayer, and an empty or such ClobURL.
func (c Config) Validate() error {
	if !c.Enabled() {
		return nil
	}
	if c.GammaURL == "" || c.RelayerURL == "" {
		return errors.New("webapp: the Gamma and Relayer URLs are required (-app-gamma-url, -app-relayer-url)")
	}
	for _, u := range []string{c.ClobURL, c.GammaURL, c.RelayerURL} {
		if u == "" {
			continue
		}
		p, err := url.Parse(u)
		if err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" || p.RawQuery != "" || p.Fragment != "" {
			return fmt.Errorf("webapp: %q is not an absolute http(s) URL without query", u)
		}
	}
	return nil
}

// Register serves the app on e. Without a build it still registers the
// routes, which then answer 404 with how to build the app.
func Register(e *echo.Echo, cfg Config) {
	files, built := Files()
	register(e, cfg, files, built)
}

// register serves files, a build (Files' or a test's).
func register(e *echo.Echo, cfg Config, files fs.FS, built bool) {
	h := handler{cfg: cfg, files: files, built: built, csp: contentSecurityPolicy(cfg)}
	// /app redirects before routing: as a route of its own, OpenAPI
	// routers (which ignore a trailing slash) could not tell it from /app/.
	e.Pre(func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if c.Request().URL.Path == strings.TrimSuffix(Prefix, "/") && c.Request().Method == http.MethodGet {
				return c.Redirect(http.StatusMovedPermanently, Prefix)
			}
			return next(c)
		}
	})
	g := e.Group(strings.TrimSuffix(Prefix, "/"), middleware.GzipWithConfig(middleware.GzipConfig{Level: gzipLevel}))
	g.GET("/", h.index)
	g.GET("/config.json", h.config)
	g.GET("/:file", func(c echo.Context) error { return h.file(c, c.Param("file")) })
	g.GET("/"+assetsDir+"/:asset", func(c echo.Context) error { return h.file(c, path.Join(assetsDir, c.Param("asset"))) })
}

type handler struct {
	cfg   Config
	files fs.FS
	built bool
	csp   string
}

func (h handler) index(c echo.Context) error { return h.file(c, indexFile) }

// errDisabled answers every route of a gateway started without the app.
var errDisabled = errcode.Errorf(errcode.NotFound, "this gateway serves no web app: start it with -app-gamma-url and -app-relayer-url")

func (h handler) config(c echo.Context) error {
	if !h.cfg.Enabled() {
		return errDisabled
	}
	clob := h.cfg.ClobURL
	if clob == "" {
		clob = c.Scheme() + "://" + c.Request().Host
	}
	c.Response().Header().Set(echo.HeaderCacheControl, cacheRevalidate)
	return c.JSON(http.StatusOK, Endpoints{ClobURL: clob, GammaURL: h.cfg.GammaURL, RelayerURL: h.cfg.RelayerURL})
}

// file serves one file of the build. Names come from one path segment
// each (Echo's params), so they cannot climb out of the build.
func (h handler) file(c echo.Context, name string) error {
	if !h.cfg.Enabled() {
		return errDisabled
	}
	if !h.built {
		return errcode.Errorf(errcode.NotFound, "the web app is not built into this gateway: run make web-build, then build the gateway again")
	}
	b, err := fs.ReadFile(h.files, name)
	if err != nil {
		return errcode.Errorf(errcode.NotFound, "no file %s in the web app", name)
	}
	hd := c.Response().Header()
	hd.Set(echo.HeaderXContentTypeOptions, "nosniff")
	hd.Set(echo.HeaderCacheControl, cacheControl(name))
	if name == indexFile {
		hd.Set(echo.HeaderContentSecurityPolicy, h.csp)
		hd.Set(echo.HeaderReferrerPolicy, "no-referrer")
	}
	return c.Blob(http.StatusOK, mediaType(name), b)
}

func cacheControl(name string) string {
	switch {
	case name == indexFile:
		return cacheRevalidate
	case strings.HasPrefix(name, assetsDir+"/"):
		return cacheImmutable
	}
	return cacheOther
}

func mediaType(name string) string {
	if t := mime.TypeByExtension(path.Ext(name)); t != "" {
		return t
	}
	return echo.MIMEOctetStream
}

// contentSecurityPolicy lets the page run only its own scripts and talk
// only to the three APIs and their streams. Styles may be inline because
// the chart library sizes its canvases with style attributes.
func contentSecurityPolicy(cfg Config) string {
	connect := []string{"'self'"}
	for _, u := range []string{cfg.ClobURL, cfg.GammaURL, cfg.RelayerURL} {
		if u == "" {
			continue
		}
		p, err := url.Parse(u)
		if err != nil {
			continue
		}
		ws := "ws"
		if p.Scheme == "https" {
			ws = "wss"
		}
		connect = append(connect, p.Scheme+"://"+p.Host, ws+"://"+p.Host)
	}
	return strings.Join([]string{
		"default-src 'self'",
		"script-src 'self'",
		"style-src 'self' 'unsafe-inline'",
		"img-src 'self' data:",
		"connect-src " + strings.Join(connect, " "),
		"frame-ancestors 'none'",
		"base-uri 'none'",
		"form-action 'none'",
	}, "; ")
}
