package server_test

import (
	"context"
	"testing"

	bound "pred.dev/gateway-clob/apitest"
	"pred.dev/gateway-clob/internal/api"
	"pred.dev/gateway-clob/server"
	"pred.dev/proto/runtime/apitest"
	"pred.dev/proto/runtime/gateway"
	"pred.dev/proto/runtime/natstest"
)

// TestConformance runs the suite every API passes (apitest.Conformance):
// routes and document, error table and errcode, examples, the served
// document and the /docs page in Chromium, with the CLOB's own checks of
// the page (docs_test.go), and the streams' AsyncAPI document, served and
// rendered at /docs/stream. -update rewrites the error table:
// go test ./server -run TestConformance/ErrorTable -update.
func TestConformance(t *testing.T) {
	h := newHarness(t, withoutEngine())
	gw, err := server.New(h.cfg, natstest.Connect(t, h.ns), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = gw.Close() })
	apitest.Conformance(t, apitest.API{
		Spec: bound.Spec(), Source: "../internal/api/openapi.yaml", Title: api.Title,
		Routes: gateway.Operations(gw.Routes()), RoutesMin: 40,
		URL: h.url(0), Validator: h.api,
		Page: apitest.Page{
			Paths:    []string{"/order", "/book", "/orders", "/auth/api-key", "/prices-history", "/heartbeats"},
			PathsMin: 40,
			Code: []string{
				"message        = timestamp + METHOD + path + body",
				"PRED_SIGNATURE = base64url( HMAC-SHA256( key = base64url_decode(secret), message ) )",
				"ClobAuth(address address,string timestamp,string nonce,string message)",
				"Order(uint256 salt,address maker,address signer,address taker,uint256 tokenId,uint256 makerAmount,uint256 takerAmount,uint256 expiration,uint256 nonce,uint256 feeRateBps,uint8 side,uint8 signatureType,string scopeId)",
			},
			Text: []string{
				"plus the largest taker fee",       // placement needs notional plus maximum fee
				"locks only the notional",          // a resting BUY locks the notional
				"capacity of the bucket",           // what X-RateLimit-Limit carries
				"cancel_reason EXPIRED",            // an expired GTD order says why
				"INVALID_ORDER_DUPLICATED",         // every copy after the first
				"most recently created active key", // how derive picks a key
			},
			More: func(t *testing.T, browser context.Context) {
				checkFormulasNotListItems(t, browser)
				checkReferenceReachable(t, browser)
			},
		},
		Streams:    bound.StreamSpec(),
		StreamPage: apitest.StreamPage{Channels: []string{"/ws/market", "/ws/user"}},
	})
}
