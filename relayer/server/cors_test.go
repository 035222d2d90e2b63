package server_test

import (
	"net/http"
	"testing"

	"pred.dev/proto/client/relayerapi"
	rtapitest "pred.dev/proto/runtime/apitest"
	relayersvc "pred.dev/relayer/server"
)

// TestCORS: -cors-origins reaches the relayer's middleware: the web app
// (served by the CLOB gateway, another origin) may send POST /submit with
// the relayer's key headers or a bearer token, and read its error;
// another origin's preflight is refused.
func TestCORS(t *testing.T) {
	const origin = "http://127.0.0.1:8080"
	h := newHarness(t, apiOnly(), withConfig(func(c *relayersvc.Config) {
		if err := c.CORSOrigins.Set(origin); err != nil {
			t.Fatal(err)
		}
	}))
	rtapitest.CheckCORS(t, &http.Client{Transport: h.api.Transport(nil, false), Timeout: waitMax}, h.url(), origin,
		rtapitest.CORSRoute{Method: "POST", Path: "/submit",
			Headers: []string{"Content-Type", relayerapi.HeaderAuthorization, relayerapi.HeaderAPIKey, relayerapi.HeaderAPIKeyAddress}})
}
