package httpmw

import (
	"github.com/google/uuid"
	"github.com/labstack/echo/v4"
)

// HeaderRequestID carries the request id in both directions.
const HeaderRequestID = "X-Request-Id"

// requestIDBytesMax bounds a client-supplied id; a longer one is replaced.
const requestIDBytesMax = 64

// RequestID keeps the client's X-Request-Id or assigns a new UUID, and
// echoes it on the response so a client can quote it in a report.
func RequestID() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			id := c.Request().Header.Get(HeaderRequestID)
			if id == "" || len(id) > requestIDBytesMax {
				id = uuid.NewString()
			}
			c.Set(HeaderRequestID, id)
			c.Response().Header().Set(HeaderRequestID, id)
			return next(c)
		}
	}
}

// RequestIDOf returns the request id assigned by RequestID.
func RequestIDOf(c echo.Context) string {
	id, _ := c.Get(HeaderRequestID).(string)
	return id
}
