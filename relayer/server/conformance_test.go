package server_test

import (
	"testing"

	"pred.dev/proto/runtime/apitest"
	"pred.dev/proto/runtime/gateway"
	bound "pred.dev/relayer/apitest"
	"pred.dev/relayer/internal/api"
)

// TestConformance runs the suite every API passes (apitest.Conformance):
// routes and document, error table and errcode, examples, the served
// document and the /docs page in Chromium. -update rewrites the error
// table: go test ./server -run TestConformance/ErrorTable -update.
func TestConformance(t *testing.T) {
	h := newHarness(t)
	apitest.Conformance(t, apitest.API{
		Spec: bound.Spec(), Source: "../internal/api/openapi.yaml", Title: api.Title,
		Routes: gateway.Operations(h.replicas[0].r.Routes()), RoutesMin: 14,
		URL: h.url(), Validator: h.api,
		Page: apitest.Page{
			Paths: []string{"/relayer/api/auth", "/relayer/api/keys", "/relayer/api/keys/{id}", "/submit", "/transaction",
				"/transactions", "/deployed", "/nonce"},
			PathsMin: 14,
			Code: []string{
				"CreateProxy(address owner,address paymentToken,uint256 payment,address paymentReceiver)",
				`domain ("Pred Safe Factory", "1", chainId, the SafeFactory)`,
				"SafeTx(address to,uint256 value,bytes data,uint8 operation,uint256 safeTxGas,uint256 baseGas,uint256 gasPrice,address gasToken,address refundReceiver,uint256 nonce)",
			},
			Text: []string{
				"RELAYER_API_KEY_ADDRESS",         // the headers
				"STATE_CONFIRMED",                 // the states
				"Deployment is relayer-submitted", // the choice
				"MultiSendCallOnly",               // the allow-list
				"CALL_NOT_ALLOWED",                // the error table
			},
		},
	})
}
