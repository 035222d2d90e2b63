package api

import (
	"github.com/labstack/echo/v4"
	"pred.dev/proto/runtime/gateway"

	"pred.dev/proto/runtime/httpmw"
)

// RateConfig sets the token buckets. Limits are per gateway replica: N
// replicas behind a load balancer admit up to N times these rates.
type RateConfig struct {
	// IPPerSecond and IPBurst bound every request from one client IP.
	IPPerSecond float64
	IPBurst     int
	// KeyPerSecond and KeyBurst bound the authenticated requests of one
	// API key. Batch endpoints cost one token per item.
	KeyPerSecond float64
	KeyBurst     int
}

// DefaultRateConfig is generous enough for a market maker on one key and
// tight enough to stop a runaway loop.
var DefaultRateConfig = RateConfig{IPPerSecond: 500, IPBurst: 1000, KeyPerSecond: 300, KeyBurst: 600}

// Limiter holds one token bucket per IP and per API key.
type Limiter struct {
	// IPs is charged for every request (httpmw.RateLimitIP) and for a
	// batch's further items.
	IPs  *httpmw.Buckets
	keys *httpmw.Buckets
}

// NewLimiter returns a limiter; a zero rate disables that class. An
// authenticated request is charged to its IP and then to its key, and
// the refusal names the one that refused it.
func NewLimiter(cfg RateConfig) *Limiter {
	return &Limiter{
		IPs:  gateway.Buckets(gateway.PerIP, cfg.IPPerSecond, cfg.IPBurst),
		keys: gateway.Buckets(gateway.PerAPIKey, cfg.KeyPerSecond, cfg.KeyBurst),
	}
}

// ChargeIP charges n tokens to the request's client IP.
func (lm *Limiter) ChargeIP(c echo.Context, n int) error {
	return lm.IPs.Charge(c, c.RealIP(), n)
}

// ChargeKey charges n tokens to an API key.
func (lm *Limiter) ChargeKey(c echo.Context, key string, n int) error {
	return lm.keys.Charge(c, key, n)
}

// KeyAPIKeyID is the context key under which auth stores the caller's API
// key id for the request log (httpmw.RequestLog). Only the id is logged,
// never a secret, passphrase or signature.
const KeyAPIKeyID = "api_key_id"

// bodyBytesMax bounds a request body. The largest legitimate body is
// DELETE /orders with 3000 ids (about 210 KB).
const bodyBytesMax = 1 << 20

// readBody reads the whole body once (L2 auth signs the exact bytes and the
// handler decodes them), refusing more than bodyBytesMax.
func readBody(c echo.Context) ([]byte, error) { return httpmw.ReadBody(c, bodyBytesMax) }
