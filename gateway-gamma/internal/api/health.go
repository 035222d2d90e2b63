package api

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// registerHealth adds the reference's probe; /livez, /readyz and
// /metrics are the gateway kit's.
func (a *API) registerHealth(e *echo.Echo) {
	e.GET("/status", a.status)
}

// status is the reference's GET /status: the text OK.
func (a *API) status(c echo.Context) error {
	return c.String(http.StatusOK, "OK")
}
