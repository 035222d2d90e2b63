package server_test

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"pred.dev/gateway-clob/apitest"
	"pred.dev/gateway-clob/server"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
	rtapitest "pred.dev/proto/runtime/apitest"
)

// TestStreamBadRequests: each bad request is answered with an error
// message with a stable code and the request's id, and the connection
// stays usable; bad credentials and a missing auth end a user connection
// with the code in an error message and the close (1008).
func TestStreamBadRequests(t *testing.T) {
	t.Parallel()
	h := newHarness(t, withConfig(func(c *server.Config) {
		c.StreamLimits.AuthTimeout = 300 * time.Millisecond
		c.StreamLimits.SubscriptionsMax = 3
	}))
	w := h.dialStream(t, 0, "/ws/market", nil)
	for _, c := range []struct {
		req  string
		code errcode.Code
	}{
		{`{"type":"subscribe","id":"1","assets_ids":["999"]}`, errcode.TokenNotFound},
		{`{"type":"subscribe","id":"2","assets_ids":["0x12"]}`, errcode.InvalidTokenID},
		{`{"type":"subscribe","id":"3","markets":["0x` + strings.Repeat("ab", 32) + `"]}`, errcode.MarketNotFound},
		{`{"type":"subscribe","id":"4","markets":["0x12"]}`, errcode.InvalidMarketID},
		{`{"type":"subscribe","id":"5","assets_ids":["1","2","3","4"]}`, errcode.StreamTooManySubscriptions},
		{`{"type":"subscribe","id":"6"}`, errcode.StreamInvalidRequest},
		{`{"type":"dance","id":"7"}`, errcode.StreamUnknownRequest},
		{`{"type":"auth","id":"8","auth":{}}`, errcode.StreamUnknownRequest},
		{`{"type":"subscribe","id":"9","assets_ids":["1001"],"extra":1}`, errcode.StreamMalformedMessage},
		{`{"type":"subscribe",`, errcode.StreamMalformedMessage},
		{`[1,2]`, errcode.StreamMalformedMessage},
	} {
		w.sendRaw(c.req)
		m := w.control(clobapi.MsgError)
		if m["code"] != string(c.code) || m["message"] == "" {
			t.Errorf("%s: %v, want %s", c.req, m, c.code)
		}
		var req struct{ ID string }
		if json.Unmarshal([]byte(c.req), &req) == nil && req.ID != "" && c.code != errcode.StreamMalformedMessage && m["id"] != req.ID {
			t.Errorf("%s: the error does not answer id %s: %v", c.req, req.ID, m)
		}
	}
	// Still usable: a subscription, then a from on a later one refused.
	w.send(clobapi.StreamRequest{Type: clobapi.StreamSubscribe, ID: "ok", AssetIDs: []string{testYesStr}})
	if m := w.control(clobapi.MsgSubscribed); m["id"] != "ok" {
		t.Fatalf("subscribed: %v", m)
	}
	if f, err := w.read(waitMax); err != nil || f.msgs == nil || !strings.Contains(string(f.msgs[0]), `"type":"book"`) {
		t.Fatalf("the snapshot: %v %v", f, err)
	}
	zero := uint64(0)
	w.send(clobapi.StreamRequest{Type: clobapi.StreamSubscribe, ID: "late", AssetIDs: []string{testNoStr}, From: &zero})
	if m := w.control(clobapi.MsgError); m["code"] != string(errcode.StreamInvalidRequest) || m["id"] != "late" {
		t.Fatalf("from on a second subscribe: %v", m)
	}
	w.sendRaw(`{"type":"ping"}`)
	w.control(clobapi.MsgPong)

	c := h.funded(0, 10)
	for name, hdr := range map[string]http.Header{
		"bad signature": func() http.Header {
			hd := userHeaders(t, c)
			hd.Set(clobapi.HeaderSignature, "AAAA"+hd.Get(clobapi.HeaderSignature)[4:])
			return hd
		}(),
		"old timestamp": func() http.Header {
			hd, _ := c.L2Headers(strconv.FormatInt(time.Now().Add(-time.Hour).Unix(), 10), "GET", "/ws/user", nil)
			return hd
		}(),
		"signed for another path": func() http.Header {
			hd, _ := c.L2Headers(strconv.FormatInt(time.Now().Unix(), 10), "GET", "/ws/market", nil)
			return hd
		}(),
	} {
		u := h.dialStream(t, 0, "/ws/user", hdr)
		m := u.control(clobapi.MsgError)
		code, reason := u.closed()
		if code != websocket.StatusPolicyViolation || !strings.HasPrefix(reason, m["code"].(string)+": ") ||
			!strings.HasPrefix(m["code"].(string), "INVALID_") && m["code"] != string(errcode.TimestampOutOfWindow) {
			t.Errorf("%s: %v, closed %d %q", name, m, code, reason)
		}
	}
	u := h.dialStream(t, 0, "/ws/user", nil)
	if m := u.control(clobapi.MsgError); m["code"] != string(errcode.StreamAuthTimeout) {
		t.Fatalf("no auth: %v", m)
	}
	if code, reason := u.closed(); code != websocket.StatusPolicyViolation || !strings.HasPrefix(reason, "STREAM_AUTH_TIMEOUT: ") {
		t.Fatalf("no auth: closed %d %q", code, reason)
	}
	// Not a WebSocket handshake: the API's JSON error, 426.
	resp, body := h.do(0, http.MethodGet, "/ws/market", nil, nil)
	if resp.StatusCode != http.StatusUpgradeRequired || !strings.Contains(string(body), string(errcode.StreamUpgradeRequired)) {
		t.Fatalf("plain GET /ws/market: %d %s", resp.StatusCode, body)
	}
}

// TestStreamGapAndAhead: a resume from further back than the replica
// replays gets a gap message naming the positions it will never send,
// then a snapshot; a resume from a position the replica has not reached
// waits for it, within a bound, then is refused with a stable code.
func TestStreamGapAndAhead(t *testing.T) {
	t.Parallel()
	h := newHarness(t, withConfig(func(c *server.Config) {
		c.ResumePositionsMax = 2
		c.ResumeWait = 300 * time.Millisecond
	}))
	h.funded(0, 10) // a few positions
	end := h.evtLast(t)
	// The gateway's replica of the stream follows the log on its own: wait
	// until a resume from end is taken, so the gap below is measured from
	// there (on a loaded machine it answered at end-1 once).
	for deadline := time.Now().Add(waitMax); ; {
		s := h.dialStream(t, 0, "/ws/market", nil)
		s.send(subscribeMarket(&end))
		m := s.control(clobapi.MsgSubscribed, clobapi.MsgError)
		_ = s.c.CloseNow()
		if m["type"] == clobapi.MsgSubscribed {
			break
		}
		if m["code"] != string(errcode.StreamPositionAhead) || time.Now().After(deadline) {
			t.Fatalf("the replica did not reach position %d: %v", end, m)
		}
	}
	zero := uint64(0)
	w := h.dialStream(t, 0, "/ws/market", nil)
	w.send(subscribeMarket(&zero))
	w.control(clobapi.MsgSubscribed)
	g := w.control(clobapi.MsgGap)
	if g["from"] != float64(1) || g["to"].(float64) < float64(end) || g["reason"] == "" {
		t.Fatalf("gap: %v (log at %d)", g, end)
	}
	f, err := w.read(waitMax)
	if err != nil || len(f.msgs) != 2 || !strings.Contains(string(f.msgs[0]), `"type":"book"`) {
		t.Fatalf("the snapshot after the gap: %v %v", f, err)
	}
	ahead := end + 1000
	a := h.dialStream(t, 0, "/ws/market", nil)
	a.send(subscribeMarket(&ahead))
	if m := a.control(clobapi.MsgError); m["code"] != string(errcode.StreamPositionAhead) {
		t.Fatalf("from ahead: %v", m)
	}
	a.send(subscribeMarket(&end)) // still usable, and nothing to replay
	if m := a.control(clobapi.MsgSubscribed); m["position"] != float64(end) {
		t.Fatalf("resume from the last position: %v", m)
	}
}

// TestStreamErrorCodesDocumented: every code the streams' document says
// an error message carries is a code of the one error table.
func TestStreamErrorCodesDocumented(t *testing.T) {
	rtapitest.CheckStreamErrorCodes(t, apitest.StreamSpec(), "StreamErrorCode")
}
