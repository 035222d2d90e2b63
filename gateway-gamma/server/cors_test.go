package server_test

import (
	"testing"

	"pred.dev/gateway-gamma/server"
	"pred.dev/proto/client/gammaapi"
	rtapitest "pred.dev/proto/runtime/apitest"
)

// TestCORS: -cors-origins reaches Gamma's middleware: the web app (served
// by the CLOB gateway, another origin) may create a profile with its
// bearer token and an operator page may send the operator key, and read
// their errors; another origin's preflight is refused.
func TestCORS(t *testing.T) {
	t.Parallel()
	const origin = "http://localhost:8080"
	h := newHarness(t, func(c *server.Config) {
		if err := c.CORSOrigins.Set(origin); err != nil {
			t.Fatal(err)
		}
	})
	rtapitest.CheckCORS(t, h.httpClient(false), h.url(0), origin, rtapitest.CORSRoute{Method: "POST", Path: "/profiles",
		Headers: []string{"Content-Type", gammaapi.HeaderAuthorization}})
	rtapitest.CheckCORS(t, h.httpClient(false), h.url(0), origin, rtapitest.CORSRoute{Method: "POST", Path: "/admin/markets",
		Headers: []string{"Content-Type", gammaapi.HeaderOperatorKey}})
}
