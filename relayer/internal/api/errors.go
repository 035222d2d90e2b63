package api

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"
	"go.uber.org/zap"

	"pred.dev/proto/client/relayerapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/runtime/httpmw"
)

// ErrorBody is every error response: {"error","code"}.
type ErrorBody = relayerapi.ErrorBody

// ErrorHandler renders every error as {"error","code"} with the code's
// status. Errors without a code are logged and answered as 500
// INTERNAL_ERROR, so internals never leak to clients.
func ErrorHandler(log *zap.Logger) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		body, status := errorBody(err, c, log)
		if c.Request().Method == http.MethodHead {
			_ = c.NoContent(status)
			return
		}
		_ = c.JSON(status, body)
	}
}

func errorBody(err error, c echo.Context, log *zap.Logger) (ErrorBody, int) {
	var ce *errcode.Error
	if errors.As(err, &ce) {
		if ce.Status() >= 500 {
			log.Warn("request failed", zap.String("request_id", httpmw.RequestIDOf(c)),
				zap.String("code", string(ce.Code)), zap.Error(errors.Unwrap(ce)))
		}
		return ErrorBody{Error: ce.Error(), Code: string(ce.Code)}, ce.Status()
	}
	var code errcode.Code
	if errors.As(err, &code) {
		return ErrorBody{Error: code.Message(), Code: string(code)}, code.Status()
	}
	var he *echo.HTTPError
	if errors.As(err, &he) {
		code := echoCode(he.Code)
		return ErrorBody{Error: code.Message(), Code: string(code)}, code.Status()
	}
	log.Error("unhandled error", zap.String("request_id", httpmw.RequestIDOf(c)), zap.Error(err))
	return ErrorBody{Error: errcode.InternalError.Message(), Code: string(errcode.InternalError)}, 500
}

// echoCode maps Echo's own errors (unknown route, wrong method, bad bind).
func echoCode(status int) errcode.Code {
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
