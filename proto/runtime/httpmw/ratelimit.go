package httpmw

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

// The rate-limit headers Charge sets.
const (
	HeaderRateLimitLimit     = "X-RateLimit-Limit"
	HeaderRateLimitRemaining = "X-RateLimit-Remaining"
	HeaderRateLimitReset     = "X-RateLimit-Reset"
)

// bucketsMax bounds a Buckets map. When full, idle buckets (full again)
// are dropped first; a dropped bucket restarts full, which only ever
// favours the client.
const bucketsMax = 100_000

// Buckets is one class of rate limit: a token bucket per identity of one
// kind (a client IP, an API key, an address). Limits are per process: N
// replicas behind a load balancer admit up to N times these rates. Which
// classes a request is charged to, and how much, is the service's policy.
type Buckets struct {
	limit   rate.Limit
	burst   int
	refused string
	now     func() time.Time
	mu      sync.Mutex
	m       map[string]*rate.Limiter
}

// NewBuckets returns a class that admits burst requests at once and
// perSecond after that; a zero rate or burst disables it. refused is the
// message of the RATE_LIMITED error, a format with one %d for the seconds
// to wait: each service words it for its own limits, and its API
// documents quote it.
func NewBuckets(perSecond float64, burst int, refused string) *Buckets {
	return &Buckets{limit: rate.Limit(perSecond), burst: burst, refused: refused,
		now: time.Now, m: make(map[string]*rate.Limiter)}
}

// Charge charges n tokens to id's bucket. It sets the X-RateLimit-*
// headers from that bucket, so when a request is charged to several
// classes the client sees the last one's; refused, it also sets
// Retry-After and returns the RATE_LIMITED error.
func (b *Buckets) Charge(c echo.Context, id string, n int) error {
	now := b.now()
	ok, remaining, wait := b.take(id, n, now)
	if remaining < 0 {
		return nil // this class is disabled
	}
	h := c.Response().Header()
	h.Set(HeaderRateLimitLimit, strconv.Itoa(b.burst))
	h.Set(HeaderRateLimitRemaining, strconv.Itoa(remaining))
	if ok {
		return nil
	}
	secs := int(math.Ceil(wait.Seconds()))
	if secs < 1 {
		secs = 1
	}
	h.Set(echo.HeaderRetryAfter, strconv.Itoa(secs))
	h.Set(HeaderRateLimitReset, strconv.FormatInt(now.Add(wait).Unix(), 10))
	return errcode.Errorf(errcode.RateLimited, b.refused, secs)
}

func (b *Buckets) get(id string, now time.Time) *rate.Limiter {
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
func (b *Buckets) evictIdle(now time.Time) {
	for id, l := range b.m {
		if l.TokensAt(now) >= float64(b.burst) {
			delete(b.m, id)
		}
	}
	if len(b.m) >= bucketsMax {
		clear(b.m)
	}
}

// take charges n tokens or reports how long to wait; remaining is -1 when
// the class is disabled. A request larger than the burst can never pass,
// so it is told to wait for a full bucket.
func (b *Buckets) take(id string, n int, now time.Time) (ok bool, remaining int, wait time.Duration) {
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

// RateLimitIP charges one token per request to the client IP in ips.
func RateLimitIP(ips *Buckets) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if HealthProbe(c.Request()) {
				return next(c)
			}
			if err := ips.Charge(c, c.RealIP(), 1); err != nil {
				return err
			}
			return next(c)
		}
	}
}

// HealthProbe reports whether a request is a health probe (/livez,
// /readyz). Probes are exempt from rate limits, as they must answer even
// for a client that is being throttled, and from the request log and
// metrics, which they would drown.
func HealthProbe(r *http.Request) bool {
	return r.URL.Path == "/livez" || r.URL.Path == "/readyz"
}
