package server_test

import (
	"net/http"
	"testing"
	"time"

	"pred.dev/gateway-clob/server"
	"pred.dev/proto/errcode"
)

// endpointError is one request and the code it must be refused with.
type endpointError struct {
	method, path, body string
	code               errcode.Code
}

// checkEndpointErrors sends each request and checks its code. The
// harness's validator checks each answer against the document, which so
// must list that code for that operation (with -rewrite-examples the
// answers become the document's examples).
func checkEndpointErrors(t *testing.T, h *harness, cases []endpointError) {
	t.Helper()
	for _, c := range cases {
		var body []byte
		if c.body != "" {
			body = []byte(c.body)
		}
		resp, data := h.do(0, c.method, c.path, body, http.Header{"Content-Type": {"application/json"}})
		if resp.StatusCode != c.code.Status() || errorCode(t, data) != string(c.code) {
			t.Errorf("%s %s: %d %s, want %d %s", c.method, c.path, resp.StatusCode, data, c.code.Status(), c.code)
		}
	}
}

// TestMarketDataErrors: each public market-data endpoint refuses a
// malformed token id with INVALID_TOKEN_ID and an unknown one with
// TOKEN_NOT_FOUND, as its document says.
func TestMarketDataErrors(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	const bad, unknown = "12ab", "999999"
	var cases []endpointError
	for _, p := range []string{"/fee-rate?token_id=", "/fee-rate/", "/tick-size?token_id=", "/tick-size/",
		"/last-trade-price?token_id=", "/prices-history?interval=1d&market="} {
		cases = append(cases, endpointError{"GET", p + bad, "", errcode.InvalidTokenID}, endpointError{"GET", p + unknown, "", errcode.TokenNotFound})
	}
	for _, p := range []string{"/books", "/prices", "/last-trades-prices"} {
		side := ""
		if p == "/prices" {
			side = `,"side":"BUY"`
		}
		cases = append(cases,
			endpointError{"POST", p, `[{"token_id":"` + bad + `"` + side + `}]`, errcode.InvalidTokenID},
			endpointError{"POST", p, `{"token_id":"1001"}`, errcode.InvalidPayload})
	}
	cases = append(cases,
		endpointError{"POST", "/books", `[{"token_id":"` + unknown + `"}]`, errcode.TokenNotFound},
		endpointError{"GET", "/price?side=BUY&token_id=" + unknown, "", errcode.TokenNotFound},
		endpointError{"GET", "/last-trades-prices?token_ids=" + bad, "", errcode.InvalidTokenID},
	)
	checkEndpointErrors(t, h, cases)
}

// TestMarketDataWithoutEngine: while no engine answers, each endpoint
// that reads the engine answers 503 ENGINE_UNAVAILABLE (nothing is
// appended), and the faucet, which appends, ENGINE_TIMEOUT.
func TestMarketDataWithoutEngine(t *testing.T) {
	t.Parallel()
	h := newHarness(t, withoutEngine(), withConfig(func(c *server.Config) {
		c.QueryTimeout, c.ResultTimeout = 200*time.Millisecond, 200*time.Millisecond
	}))
	var cases []endpointError
	for _, p := range []string{"/fee-rate?token_id=1001", "/fee-rate/1001", "/tick-size?token_id=1001", "/tick-size/1001",
		"/last-trade-price?token_id=1001", "/last-trades-prices?token_ids=1001", "/price?side=BUY&token_id=1001",
		"/prices?token_ids=1001&sides=BUY", "/prices-history?interval=1d&market=1001",
		"/all-orders", "/all-trades", "/all-transactions"} {
		cases = append(cases, endpointError{"GET", p, "", errcode.EngineUnavailable})
	}
	cases = append(cases,
		endpointError{"POST", "/books", `[{"token_id":"1001"}]`, errcode.EngineUnavailable},
		endpointError{"POST", "/prices", `[{"token_id":"1001","side":"BUY"}]`, errcode.EngineUnavailable},
		endpointError{"POST", "/last-trades-prices", `[{"token_id":"1001"}]`, errcode.EngineUnavailable},
		endpointError{"POST", "/faucet", `{"address":"0x00000000000000000000000000000000000000aa","amount":"1"}`, errcode.EngineTimeout},
	)
	checkEndpointErrors(t, h, cases)
}
