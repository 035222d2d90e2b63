package httpmw

import (
	"time"

	"github.com/labstack/echo/v4"
	"go.uber.org/zap"
)

// RequestLog logs one structured line per request after it completes.
// Health probes are skipped, as they would drown everything else.
//
// callerKey names the context value under which the service's auth stores
// who called (the CLOB an API key id, Gamma and the relayer an address);
// the line carries it under the same name. Auth stores only an id there,
// never a secret, token or signature, as the log is not a place for them.
func RequestLog(log *zap.Logger, callerKey string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if HealthProbe(c.Request()) {
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
			if id, ok := c.Get(callerKey).(string); ok {
				fields = append(fields, zap.String(callerKey, id))
			}
			if err != nil {
				fields = append(fields, zap.Error(err))
			}
			log.Info("request", fields...)
			return nil
		}
	}
}
