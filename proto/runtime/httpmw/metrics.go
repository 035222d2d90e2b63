package httpmw

import (
	"strconv"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"
)

// Metrics are a service's HTTP metrics. Routes are labelled by their
// pattern (/events/:id), never by the raw path, and unknown routes by
// "unmatched", so the label sets stay bounded.
type Metrics struct {
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
}

// NewMetrics registers the HTTP metrics in reg as
// <prefix>_http_requests_total and <prefix>_http_request_duration_seconds:
// the prefix names the service ("gamma", "relayer"), as its dashboards and
// API documents expect.
func NewMetrics(reg prometheus.Registerer, prefix string) *Metrics {
	m := &Metrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: prefix + "_http_requests_total", Help: "HTTP requests answered, by route, method and status.",
		}, []string{"route", "method", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: prefix + "_http_request_duration_seconds", Help: "Time to answer an HTTP request, by route.",
			Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5},
		}, []string{"route"}),
	}
	reg.MustRegister(m.requests, m.latency)
	return m
}

// Middleware records every request but the health probes. It runs inside
// RequestLog, which has already rendered any error, so the status is final.
func (m *Metrics) Middleware() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if HealthProbe(c.Request()) {
				return next(c)
			}
			start := time.Now()
			err := next(c)
			if err != nil {
				c.Error(err)
			}
			route := c.Path()
			if route == "" || c.Response().Status == 404 && route == "/*" {
				route = "unmatched"
			}
			m.requests.WithLabelValues(route, c.Request().Method, strconv.Itoa(c.Response().Status)).Inc()
			m.latency.WithLabelValues(route).Observe(time.Since(start).Seconds())
			return nil
		}
	}
}
