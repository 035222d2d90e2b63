package api

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/pb"
)

// readyQueryTimeout bounds the engine probe of GET /readyz.
const readyQueryTimeout = time.Second

func (a *API) registerHealth(e *echo.Echo) {
	e.GET("/livez", a.livez)
	e.GET("/readyz", a.readyz)
	e.GET("/ok", a.ok)
	e.GET("/time", a.serverTime)
	if a.metrics != nil {
		e.GET("/metrics", echo.WrapHandler(a.metrics))
	}
}

// livez answers while the process serves HTTP; it checks no dependency.
func (a *API) livez(c echo.Context) error {
	return c.JSON(http.StatusOK, clobapi.Health{Status: "ok"})
}

// readyz answers 200 when NATS is connected and an engine answers a status
// query, 503 otherwise, with one line per check.
func (a *API) readyz(c echo.Context) error {
	checks := map[string]string{"nats": "ok", "engine": "ok"}
	status := http.StatusOK
	if !a.nc.IsConnected() {
		checks["nats"] = "not connected: " + a.nc.Status().String()
		status = http.StatusServiceUnavailable
	}
	ctx, cancel := context.WithTimeout(c.Request().Context(), readyQueryTimeout)
	defer cancel()
	resp, err := a.query(ctx, &pb.QueryRequest{Query: &pb.QueryRequest_Status{Status: &pb.StatusQuery{}}}, errcode.NotFound)
	if err != nil {
		checks["engine"] = "no answer: " + err.Error()
		status = http.StatusServiceUnavailable
	} else {
		checks["engine"] = "ok, applied_seq " + strconv.FormatUint(resp.GetStatus().GetAppliedSeq(), 10)
	}
	body := clobapi.Health{Status: "ok", Checks: checks}
	if status != http.StatusOK {
		body.Status = "unavailable"
	}
	return c.JSON(status, body)
}

// ok is the reference's liveness probe: the text OK.
func (a *API) ok(c echo.Context) error {
	return c.String(http.StatusOK, "OK")
}

// serverTime returns the server's Unix time in seconds as a bare integer,
// for clients to build L1 and L2 timestamps.
func (a *API) serverTime(c echo.Context) error {
	return c.JSON(http.StatusOK, a.now().Unix())
}
