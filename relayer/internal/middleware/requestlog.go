package middleware

import (
	"time"

	"github.com/labstack/echo/v4"
	"go.uber.org/zap"
)

// KeyAddress is the context key under which auth stores the caller's
// address for the request log. Only the address is logged, never a token
// or signature.
const KeyAddress = "address"

// RequestLog logs one structured line per request after it completes.
// Health probes are skipped, as they would drown everything else.
func RequestLog(log *zap.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if Unlimited(c.Request()) {
				return next(c)
			}
			start := time.Now()
			err := next(c)
			if err != nil {
				c.Error(err) // writes the response so the status below is final
			}
			fields := []zap.Field{
				zap.String("request_id", RequestIDOf(c)),
				zap.String("method", c.Request().Method),
				zap.String("route", c.Path()),
				zap.Int("status", c.Response().Status),
				zap.Duration("latency", time.Since(start)),
				zap.String("ip", c.RealIP()),
			}
			if id, ok := c.Get(KeyAddress).(string); ok {
				fields = append(fields, zap.String(KeyAddress, id))
			}
			if err != nil {
				fields = append(fields, zap.Error(err))
			}
			log.Info("request", fields...)
			return nil
		}
	}
}
