package predcli

import (
	"fmt"
	"time"

	"pred.dev/proto/client/ratelimit"
)

// A call the API answers 429 RATE_LIMITED is sent again after the wait
// its Retry-After asks for, at most rateLimitRetries times, and only
// while that wait is at most rateLimitWaitMax: past either, pred fails
// with the API's message. A line on stderr tells each wait, whatever the
// output flags, so that a pause is never silent.
const (
	rateLimitRetries = 5
	rateLimitWaitMax = time.Minute
)

// rateLimit is the policy every SDK client of the run gets.
func (inv *invocation) rateLimit() ratelimit.Policy {
	return ratelimit.Policy{Retries: rateLimitRetries, WaitMax: rateLimitWaitMax, Notify: func(w ratelimit.Wait) {
		fmt.Fprintf(inv.env.Stderr, "pred: %s %s was rate limited (RATE_LIMITED): waiting %s as the API asks, then retry %d of %d\n",
			w.Method, w.Path, w.Delay, w.Retry, w.Retries)
	}}
}
