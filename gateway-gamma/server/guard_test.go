package server_test

import (
	"net/url"
	"strconv"
	"strings"
	"testing"

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
	h := newHarness(t)
	u, err := url.Parse(h.url(0))
	if err != nil {
		t.Fatal(err)
	}
	addr, host := u.Host, "Host: "+u.Host+"\r\n"
	hidden := "GET /events HTTP/1.1\r\n" + host + "\r\n"
	smuggled := "0\r\n\r\n" + hidden
	cases := []struct {
		name, raw string
		code      errcode.Code
	}{
		{"both lengths", "POST /auth/login HTTP/1.1\r\n" + host + "Content-Length: " + strconv.Itoa(len(smuggled)) +
			"\r\nTransfer-Encoding: chunked\r\n\r\n" + smuggled, errcode.InvalidBodyFraming},
		{"invalid escape in the path", "GET /events/slug/a%zz HTTP/1.1\r\n" + host + "\r\n" + hidden, errcode.MalformedURL},
		{"NUL in a header", "GET /events HTTP/1.1\r\n" + host + "Authorization: Bearer a\x00b\r\n\r\n" + hidden, errcode.InvalidHeader},
		{"CR in a header", "GET /events HTTP/1.1\r\n" + host + "X-A: a\rb\r\n\r\n" + hidden, errcode.InvalidHeader},
		{"non-ASCII header name", "GET /events HTTP/1.1\r\n" + host + "\xe2\x82\xac: 1\r\n\r\n" + hidden, errcode.InvalidHeader},
		{"1 MB header", "GET /events HTTP/1.1\r\n" + host + "X-A: " + strings.Repeat("a", 1<<20) + "\r\n\r\n" + hidden, errcode.HeaderTooLarge},
	}
	for _, tc := range cases {
		rtapitest.RequireRefusal(t, tc.name, rtapitest.Exchange(t, addr, tc.raw, false), tc.code)
	}
	if got := rtapitest.Exchange(t, addr, strings.Replace(hidden, "\r\n\r\n", "\r\nConnection: close\r\n\r\n", 1), false); len(got) != 1 || got[0].Status != 200 {
		t.Fatalf("the control, GET /events alone: %+v", got)
	}
}
