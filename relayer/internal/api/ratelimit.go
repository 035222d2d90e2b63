package api

import (
	"github.com/labstack/echo/v4"

	"pred.dev/proto/runtime/gateway"
	"pred.dev/proto/runtime/httpmw"
)

// RateConfig sets the token buckets. Limits are per relayer replica: N
// replicas behind a load balancer admit up to N times these rates.
type RateConfig struct {
	// IPPerSecond and IPBurst bound every request from one client IP.
	IPPerSecond float64
	IPBurst     int
	// CallerPerSecond and CallerBurst bound the authenticated requests of
	// one address (whether it comes with a relayer key or a token),
	// whatever the IP: what one user can make the relayer do.
	CallerPerSecond float64
	CallerBurst     int
	// KeyCreatePerSecond and KeyCreateBurst bound POST /relayer/api/auth
	// per address, on top of the caller bucket.
	KeyCreatePerSecond float64
	KeyCreateBurst     int
	// DeployIPPerSecond and DeployIPBurst bound SAFE-CREATE submissions per
	// client IP: a deployment is the costliest call the relayer pays for,
	// and anyone can make new addresses.
	DeployIPPerSecond float64
	DeployIPBurst     int
}

// DefaultRateConfig serves a busy front end from one IP, lets one user
// submit a burst of 100 and then 20 a second, create 10 keys and then one
// a minute, and one IP deploy 200 wallets and then one every 10 seconds.
var DefaultRateConfig = RateConfig{IPPerSecond: 2000, IPBurst: 4000, CallerPerSecond: 20, CallerBurst: 100,
	KeyCreatePerSecond: 1.0 / 60, KeyCreateBurst: 10, DeployIPPerSecond: 0.1, DeployIPBurst: 200}

// Limiter holds one token bucket per IP, per caller address and per
// address for key creation. Each class's RATE_LIMITED message names it,
// and the headers describe the bucket charged last.
type Limiter struct {
	// IPs is charged for every request (httpmw.RateLimitIP).
	IPs       *httpmw.Buckets
	callers   *httpmw.Buckets
	keyCreate *httpmw.Buckets
	deployIPs *httpmw.Buckets
}

// NewLimiter returns a limiter; a zero rate disables that class.
func NewLimiter(cfg RateConfig) *Limiter {
	return &Limiter{
		IPs:       gateway.Buckets(gateway.PerIP, cfg.IPPerSecond, cfg.IPBurst),
		callers:   gateway.Buckets(gateway.PerAddress, cfg.CallerPerSecond, cfg.CallerBurst),
		keyCreate: gateway.Buckets(gateway.PerKeyCreation, cfg.KeyCreatePerSecond, cfg.KeyCreateBurst),
		deployIPs: gateway.Buckets(gateway.PerWalletDeployIP, cfg.DeployIPPerSecond, cfg.DeployIPBurst),
	}
}

// ChargeCaller charges one request to an authenticated address
// (lowercase hex).
func (lm *Limiter) ChargeCaller(c echo.Context, addr string) error {
	return lm.callers.Charge(c, addr, 1)
}

// ChargeKeyCreate charges one key creation to an address.
func (lm *Limiter) ChargeKeyCreate(c echo.Context, addr string) error {
	return lm.keyCreate.Charge(c, addr, 1)
}

// ChargeDeployIP charges one wallet deployment to the client IP.
func (lm *Limiter) ChargeDeployIP(c echo.Context) error {
	return lm.deployIPs.Charge(c, c.RealIP(), 1)
}

// KeyAddress is the context key under which auth stores the caller's
// address for the request log (httpmw.RequestLog). Only the address is
// logged, never a token or signature.
const KeyAddress = "address"

// bodyBytesMax bounds a request body. The largest legitimate body is a
// submission with request.DataBytesMax bytes of calldata in hex (64 KB).
const bodyBytesMax = 128 << 10
