package apitest

import (
	"net/http"
	"strings"

	"golang.org/x/net/http/httpguts"
)

// A WebSocket upgrade is an operation of the OpenAPI document like any
// other (GET /ws/market answers 101, or an error before the upgrade),
// but a 101 Switching Protocols has no body to read: its Body is the
// connection, an io.ReadWriteCloser the WebSocket client writes its
// frames to, which stays open as long as the stream. Reading it to its
// end, as every other answer is read, would wait for the stream to end
// (the server waits for the client's first message), and handing it on
// as a buffer would leave the client nothing to write to. So a 101 is
// checked by its status and headers alone and handed on as it came; the
// frames are the AsyncAPI document's, which a StreamValidator checks.
// An upgrade that is refused is an ordinary answer, read and checked in
// full.

// checkSwitch validates a 101 answer: an operation of the document that
// documents 101, for a request that asked to upgrade to the protocol the
// answer names.
func (v *Validator) checkSwitch(req *http.Request, reqBody []byte, resp *http.Response, checkRequest bool) {
	want := req.Header.Get("Upgrade")
	got := resp.Header.Get("Upgrade")
	switch {
	case want == "" || !httpguts.HeaderValuesContainsToken(req.Header["Connection"], "upgrade"):
		v.fail(req.Method + " " + req.URL.Path + " " + resp.Status + ": a protocol switch for a request that asked for none")
		return
	case !strings.EqualFold(got, want) || !httpguts.HeaderValuesContainsToken(resp.Header["Connection"], "upgrade"):
		v.fail(req.Method + " " + req.URL.Path + " " + resp.Status + ": the switch names Upgrade " + got + " and Connection " +
			strings.Join(resp.Header["Connection"], ", ") + ", the request asked for Upgrade " + want)
		return
	}
	v.check(req, reqBody, resp, nil, checkRequest)
}
