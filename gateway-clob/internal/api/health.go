package api

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"pred.dev/proto/errcode"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/gateway"
)

// readyQueryTimeout bounds the engine probe of GET /readyz.
const readyQueryTimeout = time.Second

// registerHealth adds the reference's probes; /livez, /readyz and
// /metrics are the gateway kit's.
func (a *API) registerHealth(e *echo.Echo) {
	e.GET("/ok", a.ok)
	e.GET("/time", a.serverTime)
}

// EngineReady is the readiness check of the engine: it answers a status
// query, and the probe shows the sequence it has applied.
func (a *API) EngineReady() gateway.Check {
	return gateway.Check{Name: "engine", Check: func(ctx context.Context) (string, error) {
		ctx, cancel := context.WithTimeout(ctx, readyQueryTimeout)
		defer cancel()
		resp, err := a.query(ctx, &pb.QueryRequest{Query: &pb.QueryRequest_Status{Status: &pb.StatusQuery{}}}, errcode.NotFound)
		if err != nil {
			return "", fmt.Errorf("no answer: %w", err)
		}
		return "ok, applied_seq " + strconv.FormatUint(resp.GetStatus().GetAppliedSeq(), 10), nil
	}}
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
