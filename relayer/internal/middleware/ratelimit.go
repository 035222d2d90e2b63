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

// bucketsMax bounds the limiter maps. When full, idle buckets (full again)
// are dropped first; a dropped bucket restarts full, which only ever
// favours the client.
const bucketsMax = 100_000

// Limiter holds one token bucket per IP, per caller address and per
// address for key creation.
type Limiter struct {
	cfg       RateConfig
	ips       *buckets
	callers   *buckets
	keyCreate *buckets
	deployIPs *buckets
	now       func() time.Time
}

// NewLimiter returns a limiter; a zero rate disables that class.
func NewLimiter(cfg RateConfig) *Limiter {
	return &Limiter{
		cfg:       cfg,
		ips:       newBuckets(rate.Limit(cfg.IPPerSecond), cfg.IPBurst),
		callers:   newBuckets(rate.Limit(cfg.CallerPerSecond), cfg.CallerBurst),
		keyCreate: newBuckets(rate.Limit(cfg.KeyCreatePerSecond), cfg.KeyCreateBurst),
		deployIPs: newBuckets(rate.Limit(cfg.DeployIPPerSecond), cfg.DeployIPBurst),
		now:       time.Now,
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
// none has.
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

// take charges one token or reports how long to wait.
func (b *buckets) take(id string, now time.Time) (ok bool, remaining int, wait time.Duration) {
	if b.limit <= 0 || b.burst <= 0 {
		return true, -1, 0
	}
	l := b.get(id, now)
	r := l.ReserveN(now, 1)
	if !r.OK() {
		return false, int(l.TokensAt(now)), time.Duration(float64(b.burst) / float64(b.limit) * float64(time.Second))
	}
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return false, 0, d
	}
	return true, int(math.Max(0, l.TokensAt(now))), 0
}

// ChargeIP charges one request to the client IP.
func (lm *Limiter) ChargeIP(c echo.Context) error {
	ok, remaining, wait := lm.ips.take(c.RealIP(), lm.now())
	return lm.answer(c, ok, remaining, wait, lm.cfg.IPBurst, "per client IP")
}

// ChargeCaller charges one request to an authenticated address
// (lowercase hex).
func (lm *Limiter) ChargeCaller(c echo.Context, addr string) error {
	ok, remaining, wait := lm.callers.take(addr, lm.now())
	return lm.answer(c, ok, remaining, wait, lm.cfg.CallerBurst, "per address")
}

// ChargeKeyCreate charges one key creation to an address.
func (lm *Limiter) ChargeKeyCreate(c echo.Context, addr string) error {
	ok, remaining, wait := lm.keyCreate.take(addr, lm.now())
	return lm.answer(c, ok, remaining, wait, lm.cfg.KeyCreateBurst, "for key creation per address")
}

// ChargeDeployIP charges one wallet deployment to the client IP.
func (lm *Limiter) ChargeDeployIP(c echo.Context) error {
	ok, remaining, wait := lm.deployIPs.take(c.RealIP(), lm.now())
	return lm.answer(c, ok, remaining, wait, lm.cfg.DeployIPBurst, "for wallet deployments per client IP")
}

// answer sets the X-RateLimit-* headers and, when refused, Retry-After and
// the RATE_LIMITED error. The headers describe the bucket charged last.
func (lm *Limiter) answer(c echo.Context, ok bool, remaining int, wait time.Duration, burst int, which string) error {
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
	return errcode.Errorf(errcode.RateLimited, "rate limit exceeded %s: retry in %d s (Retry-After)", which, secs)
}

// RateLimitIP charges one token per request to the client IP.
func RateLimitIP(lm *Limiter) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if Unlimited(c.Request()) {
				return next(c)
			}
			if err := lm.ChargeIP(c); err != nil {
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
