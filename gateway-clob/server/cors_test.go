package server_test

import (
	"testing"

	"pred.dev/gateway-clob/server"
	"pred.dev/proto/client/clobapi"
	rtapitest "pred.dev/proto/runtime/apitest"
)

// TestCORS: -cors-origins reaches the CLOB's middleware: a page on an
// allowed origin may send POST /order with the L2 headers, and read its
// error; another origin's preflight is refused.
func TestCORS(t *testing.T) {
	t.Parallel()
	const origin = "http://localhost:5173"
	h := newHarness(t, withoutEngine(), withConfig(func(c *server.Config) {
		if err := c.CORSOrigins.Set(origin); err != nil {
			t.Fatal(err)
		}
	}))
	rtapitest.CheckCORS(t, h.httpClient(false), h.url(0), origin, rtapitest.CORSRoute{Method: "POST", Path: "/order",
		Headers: []string{"Content-Type", clobapi.HeaderAddress, clobapi.HeaderSignature, clobapi.HeaderTimestamp,
			clobapi.HeaderAPIKey, clobapi.HeaderPassphrase}})
}
