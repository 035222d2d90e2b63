package predcli_test

import (
	"net/http"
	"testing"

	"pred.dev/proto/runtime/apitest"
)

// TestApproveWaitsOutEngineUnavailable: pred wallet approve through a
// proxy that answers its first two reads of the balance 503
// ENGINE_UNAVAILABLE, as a gateway does while its engine is behind or
// changing leader. The approvals are on chain by then, and the answer
// says to retry: pred reads again and succeeds, rather than failing a
// user's (or a cluster's) onboarding.
func TestApproveWaitsOutEngineUnavailable(t *testing.T) {
	u := newUser(t, true)
	proxy := apitest.NewProxy(t, net.URL)
	u.env["PRED_URL"] = proxy.URL
	for range 2 {
		proxy.Next(http.MethodGet, "/balance-allowance", apitest.EngineUnavailable)
	}
	u.ok("wallet", "approve")
	if n := proxy.Forwarded(http.MethodGet, "/balance-allowance"); n == 0 {
		t.Fatal("pred wallet approve succeeded without reading the balance after the two refusals")
	}
}
