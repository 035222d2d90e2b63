package server_test

import (
	"net/http"
	"testing"
	"time"

	"pred.dev/gateway-clob/server"
	"pred.dev/proto/errcode"
)

// TestBodyPolicy: a body is one JSON value with only the keys the document
// names, as on every API: an unknown key or data after the value is
// refused with the endpoint's payload code, before anything is read or
// appended. What the reference clients send is named, so it passes: a
// book request's side (their BookParams) reaches the engine, which no one
// answers here.
func TestBodyPolicy(t *testing.T) {
	h := newHarness(t, withoutEngine(), withConfig(func(c *server.Config) {
		c.QueryTimeout, c.ResultTimeout = 200*time.Millisecond, 200*time.Millisecond
	}))
	checkEndpointErrors(t, h, []endpointError{
		{"POST", "/books", `[{"token_id":"1001","depth":5}]`, errcode.InvalidPayload},
		{"POST", "/books", `[{"token_id":"1001"}] []`, errcode.InvalidPayload},
		{"POST", "/prices", `[{"token_id":"1001","side":"BUY"}]{}`, errcode.InvalidPayload},
		{"POST", "/books", `[{"token_id":"1001","side":"BUY"}]`, errcode.EngineUnavailable},
	})
	c := h.tradingClient(0)
	before := h.commandCount()
	for name, body := range map[string]string{
		"unknown key":       `{"order":{},"owner":"x","orderType":"GTC","expires":"soon"}`,
		"unknown order key": `{"order":{"price":"0.5"},"owner":"x","orderType":"GTC"}`,
		"trailing data":     `{"order":{},"owner":"x","orderType":"GTC"} {}`,
	} {
		resp, data := h.do(0, http.MethodPost, "/order", []byte(body), l2Headers(t, c, http.MethodPost, "/order", []byte(body)))
		if resp.StatusCode != errcode.InvalidOrderPayload.Status() || errorCode(t, data) != string(errcode.InvalidOrderPayload) {
			t.Errorf("%s: %d %s, want %s", name, resp.StatusCode, data, errcode.InvalidOrderPayload)
		}
	}
	if n := h.commandCount(); n != before {
		t.Errorf("refused bodies appended %d commands", n-before)
	}
}
