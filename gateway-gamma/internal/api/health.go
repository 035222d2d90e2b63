package api

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"pred.dev/proto/client/gammaapi"
)

func (a *API) registerHealth(e *echo.Echo) {
	e.GET("/livez", a.livez)
	e.GET("/readyz", a.readyz)
	e.GET("/status", a.status)
	if a.metrics != nil {
		e.GET("/metrics", echo.WrapHandler(a.metrics))
	}
}

// livez answers while the process serves HTTP; it checks no dependency.
func (a *API) livez(c echo.Context) error {
	return c.JSON(http.StatusOK, gammaapi.Health{Status: "ok"})
}

// readyz answers 200 when NATS is connected, the catalogue view has
// loaded and every other check passes, 503 otherwise, with one line per
// check.
func (a *API) readyz(c echo.Context) error {
	checks := map[string]string{"nats": "ok", "catalogue": "ok"}
	status := http.StatusOK
	if !a.nc.IsConnected() {
		checks["nats"] = "not connected: " + a.nc.Status().String()
		status = http.StatusServiceUnavailable
	}
	if !a.view.Ready() {
		checks["catalogue"] = "loading"
		status = http.StatusServiceUnavailable
	}
	for _, rc := range a.ready {
		checks[rc.Name] = "ok"
		if err := rc.Check(); err != nil {
			checks[rc.Name] = err.Error()
			status = http.StatusServiceUnavailable
		}
	}
	body := gammaapi.Health{Status: "ok", Checks: checks}
	if status != http.StatusOK {
		body.Status = "unavailable"
	}
	return c.JSON(status, body)
}

// status is the reference's GET /status: the text OK.
func (a *API) status(c echo.Context) error {
	return c.String(http.StatusOK, "OK")
}
