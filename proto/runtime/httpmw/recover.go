package httpmw

import (
	"fmt"
	"runtime"

	"github.com/labstack/echo/v4"
	"go.uber.org/zap"

	"pred.dev/proto/errcode"
)

// stackBytesMax bounds the stack trace logged for a panic.
const stackBytesMax = 8 << 10

// Recover turns a handler panic into a 500 INTERNAL_ERROR and logs the
// stack, so one bad request cannot take the process down.
func Recover(log *zap.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) (err error) {
			defer func() {
				r := recover()
				if r == nil {
					return
				}
				stack := make([]byte, stackBytesMax)
				stack = stack[:runtime.Stack(stack, false)]
				log.Error("handler panic", zap.String("request_id", RequestIDOf(c)),
					zap.String("panic", fmt.Sprint(r)), zap.ByteString("stack", stack))
				err = errcode.New(errcode.InternalError)
			}()
			return next(c)
		}
	}
}
