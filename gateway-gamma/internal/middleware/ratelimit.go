package middleware

import (
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
	"golang.org/x/time/rate"

	"pred.dev/proto/errcode"
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

// bucketsMax bounds the limiter maps. When full, idle buckets (full again)
// are dropped first; a dropped bucket restarts full, which only ever
// favours the client.
const bucketsMax = 100_000

// Limiter holds one token bucket per IP, per IP for login, and per
// address for login.
type Limiter struct {
	cfg     RateConfig
	ips     *buckets
	authIPs *buckets
	addrs   *buckets
	now     func() time.Time
}

// NewLimiter returns a limiter; a zero rate disables that class.
func NewLimiter(cfg RateConfig) *Limiter {
	return &Limiter{
		cfg:     cfg,
		ips:     newBuckets(rate.Limit(cfg.IPPerSecond), cfg.IPBurst),
		authIPs: newBuckets(rate.Limit(cfg.AuthIPPerSecond), cfg.AuthIPBurst),
		addrs:   newBuckets(rate.Limit(cfg.AddressPerSecond), cfg.AddressBurst),
		now:     time.Now,
	}
}

type buckets struct {
	limit rate.Limit
	burst int
	mu    sync.Mutex
	m     map[string]*rate.Limiter
}

func newBuckets(limit rate.Limit, burst int) *buckets {
	return &buckets{limit: limit, burst: burst, m: make(map[string]*rate.Limiter)}
}

func (b *buckets) get(id string, now time.Time) *rate.Limiter {
	b.mu.Lock()
	defer b.mu.Unlock()
	l, ok := b.m[id]
	if !ok {
		if len(b.m) >= bucketsMax {
			b.evictIdle(now)
		}
		l = rate.NewLimiter(b.limit, b.burst)
		b.m[id] = l
	}
	return l
}

// evictIdle drops buckets that have refilled completely, and everything if
// none has (an attack from that many identities gains nothing from us
// remembering them).
func (b *buckets) evictIdle(now time.Time) {
	for id, l := range b.m {
		if l.TokensAt(now) >= float64(b.burst) {
			delete(b.m, id)
		}
	}
	if len(b.m) >= bucketsMax {
		clear(b.m)
	}
}

// take charges n tokens or reports how long to wait. A request larger than
// the burst can never pass, so it is told to wait for a full bucket.
func (b *buckets) take(id string, n int, now time.Time) (ok bool, remaining int, wait time.Duration) {
	if b.limit <= 0 || b.burst <= 0 {
		return true, -1, 0
	}
	l := b.get(id, now)
	r := l.ReserveN(now, n)
	if !r.OK() {
		return false, int(l.TokensAt(now)), time.Duration(float64(b.burst) / float64(b.limit) * float64(time.Second))
	}
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return false, 0, d
	}
	return true, int(math.Max(0, l.TokensAt(now))), 0
}

// ChargeIP charges n tokens to the request's client IP.
func (lm *Limiter) ChargeIP(c echo.Context, n int) error {
	ok, remaining, wait := lm.ips.take(c.RealIP(), n, lm.now())
	return lm.answer(c, ok, remaining, wait, lm.cfg.IPBurst)
}

// ChargeAuthIP charges one login attempt to the request's client IP.
func (lm *Limiter) ChargeAuthIP(c echo.Context) error {
	ok, remaining, wait := lm.authIPs.take(c.RealIP(), 1, lm.now())
	return lm.answer(c, ok, remaining, wait, lm.cfg.AuthIPBurst)
}

// ChargeAddress charges one login attempt to a wallet address
// (lowercase hex).
func (lm *Limiter) ChargeAddress(c echo.Context, addr string) error {
	ok, remaining, wait := lm.addrs.take(addr, 1, lm.now())
	return lm.answer(c, ok, remaining, wait, lm.cfg.AddressBurst)
}

// answer sets the X-RateLimit-* headers and, when refused, Retry-After and
// the RATE_LIMITED error. The headers describe the bucket charged last:
// a login is charged to the IP, then the login IP bucket, then the
// address.
func (lm *Limiter) answer(c echo.Context, ok bool, remaining int, wait time.Duration, burst int) error {
	if remaining < 0 {
		return nil // this class is disabled
	}
	h := c.Response().Header()
	h.Set("X-RateLimit-Limit", strconv.Itoa(burst))
	h.Set("X-RateLimit-Remaining", strconv.Itoa(remaining))
	if ok {
		return nil
	}
	secs := int(math.Ceil(wait.Seconds()))
	if secs < 1 {
		secs = 1
	}
	h.Set("Retry-After", strconv.Itoa(secs))
	h.Set("X-RateLimit-Reset", strconv.FormatInt(lm.now().Add(wait).Unix(), 10))
	return errcode.Errorf(errcode.RateLimited, "rate limit exceeded: retry in %d s (Retry-After); limits are per IP and, for login, per IP and per address", secs)
}

// RateLimitIP charges one token per request to the client IP.
func RateLimitIP(lm *Limiter) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if Unlimited(c.Request()) {
				return next(c)
			}
			if err := lm.ChargeIP(c, 1); err != nil {
				return err
			}
			return next(c)
		}
	}
}

// Unlimited reports whether a path is exempt from rate limits: health
// probes must answer even for a client that is being throttled.
func Unlimited(r *http.Request) bool {
	return r.URL.Path == "/livez" || r.URL.Path == "/readyz"
}
