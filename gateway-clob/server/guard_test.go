package server_test

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
	rtapitest "pred.dev/proto/runtime/apitest"
)

// TestMalformedHeadsOverTCP: requests an HTTP library would not send,
// written on a raw connection to the gateway as it serves in production.
// Each is answered with the JSON error and its code and the connection
// closed; a request hidden behind a smuggling-shaped one (both
// Content-Length and Transfer-Encoding) is never answered.
func TestMalformedHeadsOverTCP(t *testing.T) {
	t.Parallel()
	h := newHarness(t, withoutEngine())
	u, err := url.Parse(h.url(0))
	if err != nil {
		t.Fatal(err)
	}
	addr, host := u.Host, "Host: "+u.Host+"\r\n"
	hidden := "GET /time HTTP/1.1\r\n" + host + "\r\n"
	smuggled := "0\r\n\r\n" + hidden
	cases := []struct {
		name, raw string
		code      errcode.Code
	}{
		{"both lengths", "POST /order HTTP/1.1\r\n" + host + "Content-Length: " + strconv.Itoa(len(smuggled)) +
			"\r\nTransfer-Encoding: chunked\r\n\r\n" + smuggled, errcode.InvalidBodyFraming},
		{"invalid escape in the path", "GET /book%zz HTTP/1.1\r\n" + host + "\r\n" + hidden, errcode.MalformedURL},
		{"NUL in a header", "GET /time HTTP/1.1\r\n" + host + clobapi.HeaderAPIKey + ": a\x00\r\n\r\n" + hidden, errcode.InvalidHeader},
		{"CR in a header", "GET /time HTTP/1.1\r\n" + host + "X-A: a\rb\r\n\r\n" + hidden, errcode.InvalidHeader},
		{"non-ASCII header name", "GET /time HTTP/1.1\r\n" + host + "PRED_CL\xc3\xa9: 1\r\n\r\n" + hidden, errcode.InvalidHeader},
		{"1 MB header", "GET /time HTTP/1.1\r\n" + host + "X-A: " + strings.Repeat("a", 1<<20) + "\r\n\r\n" + hidden, errcode.HeaderTooLarge},
	}
	for _, tc := range cases {
		rtapitest.RequireRefusal(t, tc.name, rtapitest.Exchange(t, addr, tc.raw, false), tc.code)
	}
	// The control: the hidden request alone is served.
	if got := rtapitest.Exchange(t, addr, strings.Replace(hidden, "\r\n\r\n", "\r\nConnection: close\r\n\r\n", 1), false); len(got) != 1 || got[0].Status != 200 {
		t.Fatalf("GET /time: %+v", got)
	}
}

// TestAmbiguousRequests: a repeated query parameter, a repeated L1 or L2
// header and a query with an invalid escape are refused with their codes
// (documented: the harness's client checks the answers), where the first
// value used to be taken or the parameter dropped.
func TestAmbiguousRequests(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	c := h.tradingClient(0)
	l2 := l2Headers(t, c, http.MethodGet, "/orders", nil)
	twice := l2.Clone()
	twice.Add(clobapi.HeaderAPIKey, "00000000-0000-0000-0000-000000000000")
	cases := []struct {
		name, path string
		hdr        http.Header
		code       errcode.Code
	}{
		{"token_id twice", "/book?token_id=1001&token_id=1002", nil, errcode.DuplicateParameter},
		{"invalid escape in the query", "/book?token_id=%zz", nil, errcode.MalformedURL},
		{"PRED_API_KEY twice", "/orders", twice, errcode.DuplicateHeader},
		{"PRED_NONCE twice", "/auth/derive-api-key", http.Header{clobapi.HeaderNonce: {"1", "2"}}, errcode.DuplicateHeader},
	}
	for _, tc := range cases {
		resp, data := h.do(0, http.MethodGet, tc.path, nil, tc.hdr)
		if resp.StatusCode != tc.code.Status() || errorCode(t, data) != string(tc.code) {
			t.Errorf("%s: %d %s, want %s", tc.name, resp.StatusCode, data, string(tc.code))
		}
	}
	if resp, data := h.do(0, http.MethodGet, "/orders", nil, l2); resp.StatusCode != 200 {
		t.Fatalf("the control, signed once: %d %s", resp.StatusCode, data)
	}
}
