package httpmw

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
	"go.uber.org/zap"

	"pred.dev/proto/errcode"
	"pred.dev/proto/runtime/apitest"
)

// waitMax bounds every exchange of these tests: it turns a hang into a
// failure.
const waitMax = 10 * time.Second

type errorBody struct {
	Error string `json:"error"`
	Code  string `json:"code"`
}

// serveGuarded serves a small API the way the services do (Strict in
// the chain, Serve on a real listener) and returns its address. GET and
// POST /echo answer the query, the body and the values of X-Seen.
func serveGuarded(t testing.TB) string {
	t.Helper()
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.HTTPErrorHandler = ErrorHandler(zap.NewNop(), func(code errcode.Code, msg string) any { return errorBody{Error: msg, Code: string(code)} })
	e.Use(RequestID(), Recover(zap.NewNop()), Strict(StrictConfig{Repeatable: []string{"id"}, Single: []string{"PRED_API_KEY"}}))
	echoHandler := func(c echo.Context) error {
		body, err := ReadBody(c, 1<<20)
		if err != nil {
			return err
		}
		return c.JSON(http.StatusOK, map[string]any{"query": c.QueryParams(), "body": string(body), "seen": c.Request().Header.Values("X-Seen")})
	}
	e.GET("/echo", echoHandler)
	e.POST("/echo", echoHandler)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: e, ReadHeaderTimeout: waitMax}
	done := make(chan error, 1)
	go func() { done <- Serve(srv, ln) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), waitMax)
		defer cancel()
		_ = srv.Shutdown(ctx)
		if err := <-done; !errors.Is(err, http.ErrServerClosed) {
			t.Errorf("Serve: %v", err)
		}
	})
	return ln.Addr().String()
}

// exchange and isRefusal are apitest's, shared with the services' tests.
var exchange = apitest.Exchange

type answer = apitest.Answer

func isRefusal(t testing.TB, what string, a answer, code errcode.Code) {
	t.Helper()
	apitest.RequireRefusal(t, what, []answer{a}, code)
}

const host = "Host: api.test\r\n"

// TestGuardRefusesMalformedHeads: every head net/http would answer in
// plain text, or serve loosely, is answered with the JSON error and its
// code, the connection closed after it, and nothing behind it answered.
func TestGuardRefusesMalformedHeads(t *testing.T) {
	addr := serveGuarded(t)
	next := "GET /echo?hidden=1 HTTP/1.1\r\n" + host + "\r\n" // must never be answered
	cases := []struct {
		name, head string
		code       errcode.Code
	}{
		{"invalid escape in the path", "GET /echo/%zz HTTP/1.1\r\n" + host + "\r\n", errcode.MalformedURL},
		{"control character in the path", "GET /e\x01cho HTTP/1.1\r\n" + host + "\r\n", errcode.MalformedURL},
		{"server-wide OPTIONS", "OPTIONS * HTTP/1.1\r\n" + host + "\r\n", errcode.MalformedURL},
		{"NUL in a header value", "GET /echo HTTP/1.1\r\n" + host + "X-Seen: a\x00b\r\n\r\n", errcode.InvalidHeader},
		{"CR in a header value", "GET /echo HTTP/1.1\r\n" + host + "X-Seen: a\rb\r\n\r\n", errcode.InvalidHeader},
		{"DEL in a header value", "GET /echo HTTP/1.1\r\n" + host + "X-Seen: a\x7fb\r\n\r\n", errcode.InvalidHeader},
		{"non-ASCII header name", "GET /echo HTTP/1.1\r\n" + host + "X-S\xc3\xa9en: 1\r\n\r\n", errcode.InvalidHeader},
		{"space before the colon", "GET /echo HTTP/1.1\r\n" + host + "Content-Length : 0\r\n\r\n", errcode.InvalidHeader},
		{"header without a colon", "GET /echo HTTP/1.1\r\n" + host + "X-Seen\r\n\r\n", errcode.InvalidHeader},
		{"folded header line", "GET /echo HTTP/1.1\r\n" + host + "X-Seen: a\r\n b\r\n\r\n", errcode.InvalidHeader},
		{"bare LF", "GET /echo HTTP/1.1\n" + host + "\r\n", errcode.MalformedRequest},
		{"no version", "GET /echo\r\n" + host + "\r\n", errcode.MalformedRequest},
		{"HTTP/2.0", "GET /echo HTTP/2.0\r\n" + host + "\r\n", errcode.MalformedRequest},
		{"HTTP/1.2", "GET /echo HTTP/1.2\r\n" + host + "\r\n", errcode.MalformedRequest},
		{"method not a token", "G(T /echo HTTP/1.1\r\n" + host + "\r\n", errcode.MalformedRequest},
		{"no Host", "GET /echo HTTP/1.1\r\n\r\n", errcode.MalformedRequest},
		{"two Hosts", "GET /echo HTTP/1.1\r\n" + host + host + "\r\n", errcode.DuplicateHeader},
		{"bad Host", "GET /echo HTTP/1.1\r\nHost: a b\r\n\r\n", errcode.MalformedRequest},
		{"unknown expectation", "GET /echo HTTP/1.1\r\n" + host + "Expect: 200-ok\r\n\r\n", errcode.MalformedRequest},
		{"Content-Length and chunked", "POST /echo HTTP/1.1\r\n" + host + "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", errcode.InvalidBodyFraming},
		{"two Content-Lengths", "POST /echo HTTP/1.1\r\n" + host + "Content-Length: 2\r\nContent-Length: 2\r\n\r\nab", errcode.InvalidBodyFraming},
		{"signed Content-Length", "POST /echo HTTP/1.1\r\n" + host + "Content-Length: +2\r\n\r\nab", errcode.InvalidBodyFraming},
		{"gzip transfer coding", "POST /echo HTTP/1.1\r\n" + host + "Transfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n", errcode.InvalidBodyFraming},
		{"chunked in HTTP/1.0", "POST /echo HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", errcode.InvalidBodyFraming},
	}
	for _, tc := range cases {
		got := exchange(t, addr, tc.head+next, false)
		if len(got) != 1 {
			t.Errorf("%s: %d answers, want the refusal alone: %+v", tc.name, len(got), got)
			continue
		}
		isRefusal(t, tc.name, got[0], tc.code)
	}
}

// TestSmugglingShape: with both lengths, a request hidden in the body
// (as a proxy reading Content-Length would pass it on) is never
// answered: the refusal is the last thing on the connection.
func TestSmugglingShape(t *testing.T) {
	addr := serveGuarded(t)
	hidden := "GET /echo?smuggled=1 HTTP/1.1\r\n" + host + "\r\n"
	raw := "POST /echo HTTP/1.1\r\n" + host + "Content-Length: " + strconv.Itoa(len("0\r\n\r\n")+len(hidden)) + "\r\n" +
		"Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n" + hidden
	got := exchange(t, addr, raw, false)
	if len(got) != 1 {
		t.Fatalf("%d answers, want one: %+v", len(got), got)
	}
	isRefusal(t, "smuggling shape", got[0], errcode.InvalidBodyFraming)
	if bytes.Contains(got[0].Body, []byte("smuggled")) {
		t.Fatal("the hidden request was served")
	}
}

// TestHugeHeader: a 1 MB header is refused 431 as JSON, and the refusal
// reaches the client although it was still sending.
func TestHugeHeader(t *testing.T) {
	addr := serveGuarded(t)
	raw := "GET /echo HTTP/1.1\r\n" + host + "X-Seen: " + strings.Repeat("a", 1<<20) + "\r\n\r\n"
	got := exchange(t, addr, raw, false)
	if len(got) != 1 {
		t.Fatalf("%d answers: %+v", len(got), got)
	}
	isRefusal(t, "1 MB header", got[0], errcode.HeaderTooLarge)
	// Just under the limit is served.
	pad := HeaderBytesMax - len("GET /echo HTTP/1.1\r\n"+host+"X-Seen: \r\n\r\n")
	ok := exchange(t, addr, "GET /echo HTTP/1.1\r\n"+host+"X-Seen: "+strings.Repeat("a", pad)+"\r\n\r\n", true)
	if len(ok) != 1 || ok[0].Status != 200 {
		t.Fatalf("a head of exactly %d bytes: %+v", HeaderBytesMax, ok)
	}
	over := exchange(t, addr, "GET /echo HTTP/1.1\r\n"+host+"X-Seen: "+strings.Repeat("a", pad+1)+"\r\n\r\n", true)
	if len(over) != 1 {
		t.Fatalf("a head one byte over: %+v", over)
	}
	isRefusal(t, "one byte over", over[0], errcode.HeaderTooLarge)
}

// TestHeadCutShort: a connection closed inside a head is answered, not
// dropped.
func TestHeadCutShort(t *testing.T) {
	addr := serveGuarded(t)
	got := exchange(t, addr, "GET /echo HTTP/1.1\r\n"+host, true)
	if len(got) != 1 {
		t.Fatalf("%d answers", len(got))
	}
	isRefusal(t, "head cut short", got[0], errcode.MalformedRequest)
}

// TestGuardPassesWellFormedRequests: pipelined requests with and without
// bodies are served in order on one connection; empty lines before a
// request line are ignored; UTF-8 in a header value (obs-text) passes; a
// request forging the stand-in's header is served as itself; a chunked
// body is read, and the connection closes after its answer.
func TestGuardPassesWellFormedRequests(t *testing.T) {
	addr := serveGuarded(t)
	raw := "GET /echo?a=1 HTTP/1.1\r\n" + host + "\r\n" +
		"\r\nPOST /echo HTTP/1.1\r\n" + host + "Content-Length: 11\r\n\r\nhello world" +
		"GET /echo?id=1&id=2 HTTP/1.1\r\n" + host + "X-Seen: caf\xc3\xa9\r\nPred-Refusal: 00\r\n\r\n" +
		"POST /echo HTTP/1.1\r\n" + host + "Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n chunk\r\n0\r\n\r\n" +
		"GET /echo?after=chunked HTTP/1.1\r\n" + host + "\r\n"
	got := exchange(t, addr, raw, false)
	if len(got) != 4 {
		t.Fatalf("%d answers, want 4 (none after the chunked request): %+v", len(got), got)
	}
	want := []string{`"a":["1"]`, `"body":"hello world"`, `"seen":["café"]`, `"body":"hello chunk"`}
	for i, w := range want {
		if got[i].Status != 200 || !bytes.Contains(got[i].Body, []byte(w)) {
			t.Errorf("answer %d: %d %s, want %s", i, got[i].Status, got[i].Body, w)
		}
	}
	if got[2].Close || !got[3].Close {
		t.Errorf("only the chunked request closes the connection: %v, %v", got[2].Close, got[3].Close)
	}
}

// TestExpectContinue: a client that waits for 100 Continue gets it and
// then its answer.
func TestExpectContinue(t *testing.T) {
	addr := serveGuarded(t)
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(waitMax))
	if _, err := io.WriteString(conn, "POST /echo HTTP/1.1\r\n"+host+"Expect: 100-continue\r\nContent-Length: 2\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(conn)
	line, err := r.ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "HTTP/1.1 100") {
		t.Fatalf("%q %v", line, err)
	}
	if _, err := r.ReadString('\n'); err != nil { // the empty line after 100 Continue
		t.Fatal(err)
	}
	if _, err := io.WriteString(conn, "ok"); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(r, nil)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || !bytes.Contains(body, []byte(`"body":"ok"`)) {
		t.Fatalf("%d %s", resp.StatusCode, body)
	}
}

// TestStrictQueriesAndHeaders: a query net/url cannot parse, a repeated
// parameter and a repeated credential are refused with their codes; a
// repeatable list filter and other repeated headers pass.
func TestStrictQueriesAndHeaders(t *testing.T) {
	addr := serveGuarded(t)
	get := func(target, headers string) answer {
		got := exchange(t, addr, "GET "+target+" HTTP/1.1\r\n"+host+headers+"Connection: close\r\n\r\n", false)
		if len(got) != 1 {
			t.Fatalf("GET %s: %d answers", target, len(got))
		}
		return got[0]
	}
	cases := []struct {
		target, headers string
		code            errcode.Code
	}{
		{"/echo?limit=%zz", "", errcode.MalformedURL},
		{"/echo?limit=5%", "", errcode.MalformedURL},
		{"/echo?a=1;b=2", "", errcode.MalformedURL},
		{"/echo?limit=1&limit=2", "", errcode.DuplicateParameter},
		{"/echo?address=a&address=a", "", errcode.DuplicateParameter},
		{"/echo", "PRED_API_KEY: a\r\nPRED_API_KEY: b\r\n", errcode.DuplicateHeader},
		{"/echo", "Pred_Api_Key: a\r\nPRED_API_KEY: a\r\n", errcode.DuplicateHeader},
		{"/echo", "Authorization: Bearer a\r\nAuthorization: Bearer b\r\n", errcode.DuplicateHeader},
		{"/echo", "Content-Type: application/json\r\ncontent-type: text/plain\r\n", errcode.DuplicateHeader},
	}
	for _, tc := range cases {
		a := get(tc.target, tc.headers)
		var eb errorBody
		if a.Status != 400 || json.Unmarshal(a.Body, &eb) != nil || eb.Code != string(tc.code) {
			t.Errorf("GET %s %q: %d %s, want %s", tc.target, tc.headers, a.Status, a.Body, string(tc.code))
		}
	}
	for _, tc := range []struct{ target, headers string }{
		{"/echo?id=1&id=2&limit=5", ""},
		{"/echo?q=a+b%20c", ""},
		{"/echo", "X-Seen: a\r\nX-Seen: b\r\n"},
	} {
		if a := get(tc.target, tc.headers); a.Status != 200 {
			t.Errorf("GET %s %q: %d %s", tc.target, tc.headers, a.Status, a.Body)
		}
	}
}

// FuzzRequestHead: whatever bytes a client sends, every answer is a JSON
// document with a code (an error) or the echo (a request that was
// well-formed), and no answer is net/http's plain text.
func FuzzRequestHead(f *testing.F) {
	for _, s := range []string{
		"GET /echo HTTP/1.1\r\n" + host + "\r\n",
		"GET /echo/%zz HTTP/1.1\r\n" + host + "\r\n",
		"GET /echo HTTP/1.1\r\n" + host + "X-Seen: \x00\r\n\r\n",
		"POST /echo HTTP/1.1\r\n" + host + "Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
		"POST /echo HTTP/1.1\r\n" + host + "Transfer-Encoding: chunked\r\n\r\nzz\r\n",
		"POST /echo HTTP/1.1\r\n" + host + "Content-Length: 1\r\n\r\nxGET / HTTP/1.1\r\n\r\n",
		"GET /echo HTTP/1.0\r\n\r\n",
		"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n",
		"\r\n\r\n",
	} {
		f.Add([]byte(s))
	}
	addr := serveGuarded(f)
	f.Fuzz(func(t *testing.T, raw []byte) {
		for i, a := range exchange(t, addr, string(raw), true) {
			var eb errorBody
			if a.Status == 100 {
				continue
			}
			if a.Header.Get("Content-Type") != "application/json" || json.Unmarshal(a.Body, &eb) != nil {
				t.Fatalf("answer %d to %q is not JSON: %d %q", i, raw, a.Status, a.Body)
			}
			if a.Status >= 400 && !errcode.Code(eb.Code).Known() {
				t.Fatalf("answer %d to %q has no known code: %d %s", i, raw, a.Status, a.Body)
			}
		}
	})
}

// TestUpgradeRequestEndsTheConnection: a request asking to switch
// protocols that the handler does not switch (an ordinary route) is
// answered and the connection closed: what follows an upgrade request is
// handed on unchecked (the new protocol's bytes), so no request after it
// may be served.
func TestUpgradeRequestEndsTheConnection(t *testing.T) {
	addr := serveGuarded(t)
	hidden := "GET /echo?hidden=1 HTTP/1.1\r\n" + host + "\r\n"
	raw := "GET /echo HTTP/1.1\r\n" + host + "Connection: Upgrade\r\nUpgrade: websocket\r\n\r\n" + hidden
	got := exchange(t, addr, raw, false)
	if len(got) != 1 || got[0].Status != http.StatusOK {
		t.Fatalf("%d answers, want the upgrade request's alone: %+v", len(got), got)
	}
	if bytes.Contains(got[0].Body, []byte("hidden")) {
		t.Fatal("the request after the upgrade request was served")
	}
}
