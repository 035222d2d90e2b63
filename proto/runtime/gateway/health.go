package gateway

import (
	"context"
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/nats-io/nats.go"
)

// Check is one named readiness check of GET /readyz. It answers what the
// probe shows when it passes ("" shows "ok"), or an error that says why
// the API is not ready.
type Check struct {
	Name  string
	Check func(ctx context.Context) (string, error)
}

// NATS is the check every API has: its NATS connection is up.
func NATS(nc *nats.Conn) Check {
	return Check{Name: "nats", Check: func(context.Context) (string, error) {
		if !nc.IsConnected() {
			return "", notReady("not connected: " + nc.Status().String())
		}
		return "", nil
	}}
}

// notReady is a check's failure, shown as it is.
type notReady string

func (n notReady) Error() string { return string(n) }

// Health is the body of /livez and /readyz: each API's document names it
// Health, and its Go types (clobapi.Health, ...) have these fields.
type Health struct {
	Status string            `json:"status"`
	Checks map[string]string `json:"checks,omitempty"`
}

type health struct {
	ready   []Check
	metrics http.Handler
}

func (h health) register(e *echo.Echo) {
	e.GET("/livez", livez)
	e.GET("/readyz", h.readyz)
	if h.metrics != nil {
		e.GET("/metrics", echo.WrapHandler(h.metrics))
	}
}

// livez answers while the process serves HTTP; it checks no dependency.
func livez(c echo.Context) error {
	return c.JSON(http.StatusOK, Health{Status: "ok"})
}

// readyz answers 200 when every check passes, 503 otherwise, with one
// line per check.
func (h health) readyz(c echo.Context) error {
	body := Health{Status: "ok", Checks: map[string]string{}}
	status := http.StatusOK
	for _, rc := range h.ready {
		shown, err := rc.Check(c.Request().Context())
		switch {
		case err != nil:
			shown, status, body.Status = err.Error(), http.StatusServiceUnavailable, "unavailable"
		case shown == "":
			shown = "ok"
		}
		body.Checks[rc.Name] = shown
	}
	return c.JSON(status, body)
}
