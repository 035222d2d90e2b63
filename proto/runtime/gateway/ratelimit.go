package gateway

import "pred.dev/proto/runtime/httpmw"

// The classes of token bucket the APIs use, each named in its refusal so
// a client knows which limit it met and where to spread its load.
const (
	PerIP             = "per client IP"
	PerAddress        = "per address"
	PerKeyCreation    = "for key creation per address"
	PerWalletDeployIP = "for wallet deployments per client IP"
	PerAPIKey         = "per API key"
	PerLoginIP        = "for login per client IP"
	PerLoginAddress   = "for login per address"
)

// Buckets is a token bucket per identity of one class (httpmw.Buckets)
// whose RATE_LIMITED message names the class; a zero rate disables it.
func Buckets(class string, perSecond float64, burst int) *httpmw.Buckets {
	return httpmw.NewBuckets(perSecond, burst, "rate limit exceeded "+class+": retry in %d s (Retry-After)")
}
