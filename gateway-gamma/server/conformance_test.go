package server_test

import (
	"testing"

	bound "pred.dev/gateway-gamma/apitest"
	"pred.dev/gateway-gamma/internal/api"
	"pred.dev/proto/runtime/apitest"
	"pred.dev/proto/runtime/gateway"
)

// TestConformance runs the suite every API passes (apitest.Conformance):
// routes and document, error table and errcode, examples, the served
// document and the /docs page in Chromium, and the sports channel's
// AsyncAPI document, served and rendered at /docs/stream. -update rewrites the error
// table: go test ./server -run TestConformance/ErrorTable -update.
func TestConformance(t *testing.T) {
	h := newHarness(t)
	apitest.Conformance(t, apitest.API{
		Spec: bound.Spec(), Source: "../internal/api/openapi.yaml", Title: api.Title,
		Routes: gateway.Operations(h.gws[0].Routes()), RoutesMin: 20,
		URL: h.url(0), Validator: h.api,
		Page: apitest.Page{
			Paths: []string{"/events", "/events/keyset", "/markets/{id}", "/games", "/auth/nonce", "/auth/login",
				"/auth/refresh", "/profiles", "/public-info", "/admin/markets"},
			PathsMin: 30,
			Code: []string{
				"Login(address address,string statement,string nonce,string issuedAt,uint256 chainId,string scopeId)",
				`name "Pred Login", version "1", chainId <chainId>`,
				"conditionId  = keccak256(oracle ++ questionID ++ uint256(2))",
			},
			Text: []string{
				"spent by the first login attempt", // the nonce rule
				"never a silent cap",               // the limit rule
				"exactly once",                     // the keyset cursor's promise
				"INVALID_SORT_KEY",                 // unknown sort keys
			},
		},
		Streams:    bound.StreamSpec(),
		StreamPage: apitest.StreamPage{Channels: []string{"/ws/sports"}},
	})
}
