package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/pb"
)

func (a *API) registerHeartbeat(e *echo.Echo) {
	e.POST("/heartbeats", a.postHeartbeat, a.requireL2)
}

// postHeartbeat appends a Heartbeat for the calling key. It answers once
// the command is in the log, without waiting for the engine: the timeout
// runs on engine time, which the log orders.
func (a *API) postHeartbeat(c echo.Context) error {
	id := l2Identity(c)
	cmd := &pb.Command{Id: newCommandID(), Body: &pb.Command_Heartbeat{Heartbeat: &pb.Heartbeat{Owner: id.KeyID[:]}}}
	if _, err := a.pub.Append(c.Request().Context(), cmd); err != nil {
		return a.journalError(err, "")
	}
	return c.JSON(http.StatusOK, clobapi.HeartbeatResponse{Status: "ok", HeartbeatID: id.KeyID.String()})
}
