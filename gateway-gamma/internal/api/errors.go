package api

import (
	"github.com/labstack/echo/v4"
	"go.uber.org/zap"

	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/runtime/httpmw"
)

// ErrorHandler renders every error as {"error","code"} with the code's
// status (httpmw.ErrorHandler: errors without a code are logged and
// answered as 500 INTERNAL_ERROR).
func ErrorHandler(log *zap.Logger) echo.HTTPErrorHandler {
	return httpmw.ErrorHandler(log, func(code errcode.Code, message string) any {
		return gammaapi.ErrorBody{Error: message, Code: string(code)}
	})
}
