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
	// AuthIPPerSecond and AuthIPBurst bound the login endpoints
	// (GET /auth/nonce, POST /auth/login, POST /auth/refresh) per client
	// IP, on top of the IP bucket.
	AuthIPPerSecond float64
	AuthIPBurst     int
	// AddressPerSecond and AddressBurst bound the login endpoints per
	// wallet address, whatever the IP.
	AddressPerSecond float64
	AddressBurst     int
}

// DefaultRateConfig serves a busy front end from one IP and stops a
// login loop: 20 logins in a burst, then one every two seconds per IP,
// and 10 then one every five seconds per address.
var DefaultRateConfig = RateConfig{IPPerSecond: 1000, IPBurst: 2000,
	AuthIPPerSecond: 0.5, AuthIPBurst: 20, AddressPerSecond: 0.2, AddressBurst: 10}

// Limiter holds one token bucket per IP, per IP for login, and per
// address for login.
type Limiter struct {
	// IPs is charged for every request (httpmw.RateLimitIP).
	IPs     *httpmw.Buckets
	authIPs *httpmw.Buckets
	addrs   *httpmw.Buckets
}

// NewLimiter returns a limiter; a zero rate disables that class. A login
// is charged to the IP, then the login IP bucket, then the address; the
// refusal names the one that refused it, and the headers describe it.
func NewLimiter(cfg RateConfig) *Limiter {
	return &Limiter{
		IPs:     gateway.Buckets(gateway.PerIP, cfg.IPPerSecond, cfg.IPBurst),
		authIPs: gateway.Buckets(gateway.PerLoginIP, cfg.AuthIPPerSecond, cfg.AuthIPBurst),
		addrs:   gateway.Buckets(gateway.PerLoginAddress, cfg.AddressPerSecond, cfg.AddressBurst),
	}
}

// ChargeAuthIP charges one login attempt to the request's client IP.
func (lm *Limiter) ChargeAuthIP(c echo.Context) error {
	return lm.authIPs.Charge(c, c.RealIP(), 1)
}

// ChargeAddress charges one login attempt to a wallet address
// (lowercase hex).
func (lm *Limiter) ChargeAddress(c echo.Context, addr string) error {
	return lm.addrs.Charge(c, addr, 1)
}

// KeyAddress is the context key under which auth stores the caller's
// address for the request log (httpmw.RequestLog). Only the address is
// logged, never a token or signature.
const KeyAddress = "address"
