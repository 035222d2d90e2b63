package api

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"
	"go.uber.org/zap"

	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/runtime/httpmw"
)

// pendingError is a 503 whose command is (or may be) in the log: the body
// carries the order id so the client can poll GET /order/{orderID}.
type pendingError struct {
	err     *errcode.Error
	orderID string
}

func (e *pendingError) Error() string { return e.err.Error() }
func (e *pendingError) Unwrap() error { return e.err }

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

func errorBody(err error, c echo.Context, log *zap.Logger) (clobapi.ErrorBody, int) {
	var pe *pendingError
	if errors.As(err, &pe) {
		return clobapi.ErrorBody{Error: pe.err.Error(), Code: string(pe.err.Code), OrderID: pe.orderID}, pe.err.Status()
	}
	var ce *errcode.Error
	if errors.As(err, &ce) {
		if ce.Status() >= 500 {
			log.Warn("request failed", zap.String("request_id", httpmw.RequestIDOf(c)),
				zap.String("code", string(ce.Code)), zap.Error(errors.Unwrap(ce)))
		}
		return clobapi.ErrorBody{Error: ce.Error(), Code: string(ce.Code)}, ce.Status()
	}
	var he *echo.HTTPError
	if errors.As(err, &he) {
		code := httpmw.EchoCode(he.Code)
		return clobapi.ErrorBody{Error: code.Message(), Code: string(code)}, code.Status()
	}
	log.Error("unhandled error", zap.String("request_id", httpmw.RequestIDOf(c)), zap.Error(err))
	return clobapi.ErrorBody{Error: errcode.InternalError.Message(), Code: string(errcode.InternalError)}, 500
}
