package apitest

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"pred.dev/proto/runtime/apidocs"
)

// upgradeDoc is an API with a WebSocket channel, refused with 426 to a
// plain request, and a path that does not upgrade.
const upgradeDoc = `openapi: 3.1.0
info: {title: Test API, version: 1.0.0}
paths:
  /ws/feed:
    get:
      operationId: streamFeed
      responses:
        "101": {description: Switching Protocols.}
        "426":
          description: Not a WebSocket handshake.
          content:
            application/json:
              schema: {type: object, required: [error, code], properties: {error: {type: string}, code: {type: string, const: STREAM_UPGRADE_REQUIRED}}}
  /plain:
    get:
      operationId: getPlain
      responses:
        "200": {description: Plain., content: {application/json: {schema: {type: object}}}}
`

// upgradeWait bounds a test's dial and exchange, and how long the server
// waits for the client's message: a transport that holds the connection
// fails the test instead of hanging it.
const upgradeWait = 10 * time.Second

// echoServer upgrades any path to a WebSocket that waits for the client's
// first message, as the exchange's channels wait for a subscribe, and
// sends it back; a request that is not a handshake gets a 426 error.
func echoServer(t *testing.T) *httptest.Server {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.EqualFold(r.Header.Get("Upgrade"), "websocket") {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusUpgradeRequired)
			_, _ = io.WriteString(w, `{"error":"this is a WebSocket channel: send a handshake","code":"STREAM_UPGRADE_REQUIRED"}`)
			return
		}
		c, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer func() { _ = c.CloseNow() }()
		ctx, cancel := context.WithTimeout(r.Context(), upgradeWait)
		defer cancel()
		typ, data, err := c.Read(ctx)
		if err != nil {
			return
		}
		_ = c.Write(ctx, typ, data)
		_ = c.Close(websocket.StatusNormalClosure, "")
	}))
	t.Cleanup(ts.Close)
	return ts
}

func upgradeSpec(t *testing.T) *Spec {
	t.Helper()
	d, err := apidocs.Build([]byte(upgradeDoc), nil)
	if err != nil {
		t.Fatal(err)
	}
	return NewSpec(d, "")
}

// dialEcho dials path through a validating transport, sends a message and
// returns what came back.
func dialEcho(t *testing.T, c *http.Client, url string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), upgradeWait)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPClient: c})
	if err != nil {
		return "", err
	}
	defer func() { _ = conn.CloseNow() }()
	if err := conn.Write(ctx, websocket.MessageText, []byte("hello")); err != nil {
		return "", err
	}
	_, data, err := conn.Read(ctx)
	return string(data), err
}

// TestTransportCarriesUpgrades: a WebSocket handshake through the
// validating transport gets its connection, whose server speaks only
// after the client; its 101 counts as a checked exchange.
func TestTransportCarriesUpgrades(t *testing.T) {
	t.Parallel()
	ts := echoServer(t)
	rec := NewRecorder(t)
	v := upgradeSpec(t).New(rec, RequireChecks())
	got, err := dialEcho(t, &http.Client{Transport: v.Transport(nil, true)}, ts.URL+"/ws/feed")
	if err != nil || got != "hello" {
		t.Fatalf("through the validating transport: echoed %q, %v; want hello", got, err)
	}
	if errs := rec.Finish(); len(errs) != 0 {
		t.Fatalf("a documented upgrade reported: %q", errs)
	}
}

// TestTransportChecksUpgrades: a switch on a path whose operation does
// not document 101 is reported (and the connection still handed on); a
// refused upgrade is read and checked as any answer, its body handed on.
func TestTransportChecksUpgrades(t *testing.T) {
	t.Parallel()
	ts := echoServer(t)
	rec := NewRecorder(t)
	c := &http.Client{Transport: upgradeSpec(t).New(rec).Transport(nil, false)}
	if got, err := dialEcho(t, c, ts.URL+"/plain"); err != nil || got != "hello" {
		t.Fatalf("an undocumented switch is still handed on: echoed %q, %v", got, err)
	}
	errs := rec.Finish()
	if len(errs) != 1 || !strings.Contains(errs[0], "GET /plain 101 Switching Protocols: response does not match the document") {
		t.Fatalf("a switch the operation does not document: %q", errs)
	}

	rec = NewRecorder(t)
	c = &http.Client{Transport: upgradeSpec(t).New(rec).Transport(nil, false)}
	resp, err := c.Get(ts.URL + "/ws/feed")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusUpgradeRequired || !strings.Contains(string(body), "STREAM_UPGRADE_REQUIRED") {
		t.Fatalf("a plain request: %s %s", resp.Status, body)
	}
	if errs := rec.Finish(); len(errs) != 0 {
		t.Fatalf("a documented refusal reported: %q", errs)
	}
}

// TestTransportChecksTheSwitch: a 101 that switches to another protocol
// than the request asked for is reported, and handed on as it came.
func TestTransportChecksTheSwitch(t *testing.T) {
	t.Parallel()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		conn, buf, err := w.(http.Hijacker).Hijack()
		if err != nil {
			return
		}
		defer conn.Close()
		_, _ = buf.WriteString("HTTP/1.1 101 Switching Protocols\r\nUpgrade: h2c\r\nConnection: Upgrade\r\n\r\nswitched")
		_ = buf.Flush()
	}))
	t.Cleanup(ts.Close)
	rec := NewRecorder(t)
	c := &http.Client{Transport: upgradeSpec(t).New(rec).Transport(nil, false)}
	req, err := http.NewRequest(http.MethodGet, ts.URL+"/ws/feed", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Connection", "Upgrade")
	req.Header.Set("Upgrade", "websocket")
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	rwc, ok := resp.Body.(io.ReadWriteCloser)
	if !ok {
		t.Fatalf("the switch's body is a %T, not the connection", resp.Body)
	}
	data, _ := io.ReadAll(rwc)
	rwc.Close()
	if string(data) != "switched" {
		t.Errorf("read %q off the switched connection", data)
	}
	errs := rec.Finish()
	if len(errs) != 1 || !strings.Contains(errs[0], "GET /ws/feed 101 Switching Protocols: the switch names Upgrade h2c") {
		t.Fatalf("a switch to another protocol: %q", errs)
	}
}
