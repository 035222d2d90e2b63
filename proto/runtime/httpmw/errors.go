package httpmw

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"
	"go.uber.org/zap"

	"pred.dev/proto/errcode"
)

// ErrorHandler renders every error as body(code, message) with the code's
// status (nothing for HEAD). Errors without a code are logged and
// answered as 500 INTERNAL_ERROR, so internals never leak to clients.
// body builds the service's own error type, which its API document names.
func ErrorHandler(log *zap.Logger, body func(code errcode.Code, message string) any) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		code, message, status := Classify(err, c, log)
		if c.Request().Method == http.MethodHead {
			_ = c.NoContent(status)
			return
		}
		_ = c.JSON(status, body(code, message))
	}
}

// Classify gives an error its stable code, the message a client reads and
// the HTTP status: an *errcode.Error or errcode.Code as they are, Echo's
// own errors (unknown route, wrong method, bad bind) by their status, and
// anything else 500 INTERNAL_ERROR, logged with the request id.
func Classify(err error, c echo.Context, log *zap.Logger) (errcode.Code, string, int) {
	var ce *errcode.Error
	if errors.As(err, &ce) {
		if ce.Status() >= 500 {
			log.Warn("request failed", zap.String("request_id", RequestIDOf(c)),
				zap.String("code", string(ce.Code)), zap.Error(errors.Unwrap(ce)))
		}
		return ce.Code, ce.Error(), ce.Status()
	}
	var code errcode.Code
	if errors.As(err, &code) {
		return code, code.Message(), code.Status()
	}
	var he *echo.HTTPError
	if errors.As(err, &he) {
		code := EchoCode(he.Code)
		return code, code.Message(), code.Status()
	}
	log.Error("unhandled error", zap.String("request_id", RequestIDOf(c)), zap.Error(err))
	return errcode.InternalError, errcode.InternalError.Message(), http.StatusInternalServerError
}

// EchoCode maps the status of Echo's own errors (unknown route, wrong
// method, body too large, bad bind) to a code.
func EchoCode(status int) errcode.Code {
	switch status {
	case http.StatusNotFound:
		return errcode.NotFound
	case http.StatusMethodNotAllowed:
		return errcode.MethodNotAllowed
	case http.StatusRequestEntityTooLarge:
		return errcode.PayloadTooLarge
	case http.StatusTooManyRequests:
		return errcode.RateLimited
	}
	if status >= 400 && status < 500 {
		return errcode.InvalidPayload
	}
	return errcode.InternalError
}
