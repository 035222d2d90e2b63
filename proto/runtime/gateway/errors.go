package gateway

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"go.uber.org/zap"

	"pred.dev/proto/errcode"
	"pred.dev/proto/runtime/httpmw"
)

// ErrorBody builds an API's error body from the error a handler returned,
// its stable code and the message a client reads. It is the hook for
// fields of an API's own: the CLOB adds the orderID of a command that is
// (or may be) in the log.
type ErrorBody func(err error, code errcode.Code, message string) any

// Body is the error body every API shares, {"error","code"}: each API's
// document names it Error, and its Go types (clobapi.ErrorBody, ...) have
// these fields.
type Body struct {
	Error string `json:"error"`
	Code  string `json:"code"`
}

// Plain is the ErrorBody of an API without fields of its own.
func Plain(_ error, code errcode.Code, message string) any {
	return Body{Error: message, Code: string(code)}
}

// ErrorHandler renders every error as body(err, code, message) with the
// code's status (nothing for HEAD). Errors without a code are logged and
// answered as 500 INTERNAL_ERROR (httpmw.Classify), so internals never
// leak to clients.
func ErrorHandler(log *zap.Logger, body ErrorBody) echo.HTTPErrorHandler {
	if body == nil {
		body = Plain
	}
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		code, message, status := httpmw.Classify(err, c, log)
		if c.Request().Method == http.MethodHead {
			_ = c.NoContent(status)
			return
		}
		_ = c.JSON(status, body(err, code, message))
	}
}
