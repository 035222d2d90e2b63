package gateway

import (
	"net/http"
	"regexp"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"go.uber.org/zap"

	"pred.dev/proto/runtime/httpmw"
)

// Config is what makes one API's Echo instance its own.
type Config struct {
	// Name prefixes the HTTP metrics (<Name>_http_*).
	Name string
	// Title names the API on /docs and GET / ("Pred CLOB API").
	Title string
	// Document is what GET /openapi.yaml serves, byte for byte.
	Document []byte
	// AsyncAPI is the document of the API's WebSocket streams
	// (apidocs.AsyncDocument.YAML), nil if it has none: GET
	// /asyncapi.yaml serves it and /docs/stream renders it.
	AsyncAPI []byte
	// Log receives the request log and the errors without a code.
	Log *zap.Logger
	// Registry holds the HTTP metrics and is what GET /metrics serves.
	Registry *prometheus.Registry
	// CallerKey is the context key under which the API's authentication
	// stores the caller it logs (an API key id, an address).
	CallerKey string
	// Strict names the API's repeatable query parameters and single
	// headers (httpmw.Strict).
	Strict httpmw.StrictConfig
	// IPs is the per-IP bucket charged for every request.
	IPs *httpmw.Buckets
	// Ready are the checks of GET /readyz beside NATS.
	Ready []Check
	// ErrorBody builds the API's error body; nil is Body.
	ErrorBody ErrorBody
	// TrustForwardedFor takes client IPs from X-Forwarded-For, behind a
	// trusted load balancer.
	TrustForwardedFor bool
	// CORS lets pages on other origins call the API (httpmw.CORS); its
	// zero value allows none.
	CORS httpmw.CORSConfig
}

// New builds the Echo instance of an API, with the documentation and
// health routes; the service registers its own routes on it. Middleware
// order: request id, the request log (which renders errors so it logs
// the final status), metrics, panic recovery, CORS (which answers
// preflights itself, so they are neither refused nor charged, and marks
// every answer, errors included), the refusal of ambiguous requests (and
// of heads the guard refused), then the per-IP rate limit.
func New(cfg Config) *echo.Echo {
	log := cfg.Log
	if log == nil {
		log = zap.NewNop()
	}
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.HTTPErrorHandler = ErrorHandler(log, cfg.ErrorBody)
	e.IPExtractor = echo.ExtractIPDirect()
	if cfg.TrustForwardedFor {
		e.IPExtractor = echo.ExtractIPFromXFFHeader()
	}
	e.Use(httpmw.RequestID(), httpmw.RequestLog(log, cfg.CallerKey), httpmw.NewMetrics(cfg.Registry, cfg.Name).Middleware(),
		httpmw.Recover(log), httpmw.CORS(cfg.CORS), httpmw.Strict(cfg.Strict), httpmw.RateLimitIP(cfg.IPs))
	newDocs(cfg.Title, cfg.Document, cfg.AsyncAPI).register(e)
	health{ready: cfg.Ready, metrics: metricsHandler(cfg.Registry)}.register(e)
	return e
}

// Operations lists an Echo instance's routes as OpenAPI operations,
// "METHOD /path/{param}", leaving out Echo's own catch-all routes.
func Operations(routes []*echo.Route) []string {
	var out []string
	for _, r := range routes {
		if strings.HasPrefix(r.Method, "echo_") {
			continue
		}
		out = append(out, r.Method+" "+echoParam.ReplaceAllString(r.Path, "{$1}"))
	}
	return out
}

// echoParam is a path parameter in Echo's syntax (:orderID).
var echoParam = regexp.MustCompile(`:([A-Za-z_]+)`)

func metricsHandler(reg *prometheus.Registry) http.Handler {
	if reg == nil {
		return nil
	}
	return promhttp.HandlerFor(reg, promhttp.HandlerOpts{})
}
