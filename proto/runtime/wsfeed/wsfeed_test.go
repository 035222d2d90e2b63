package wsfeed_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"go.uber.org/zap/zaptest"

	"pred.dev/proto/errcode"
	"pred.dev/proto/runtime/eventually"
	"pred.dev/proto/runtime/gateway"
	"pred.dev/proto/runtime/wsfeed"
)

// feed is a stream server behind the real API kit (Echo, the request-head
// guard, net/http with short request timeouts) on a real listener.
type feed struct {
	srv   *wsfeed.Server
	reg   *prometheus.Registry
	url   string // ws://.../ws
	http  string // http://.../ws
	conns chan *wsfeed.Conn
}

// tightTimeouts are far below the streams' lifetimes: a connection must
// outlive them (the upgrade clears them).
var tightTimeouts = gateway.Timeouts{ReadHeader: 300 * time.Millisecond, Read: 300 * time.Millisecond,
	Write: 300 * time.Millisecond, Idle: time.Second, Shutdown: time.Second}

// start serves /ws: each connection is handed to the test (conns) and
// echoes every client message back as a one-element array at position 1,
// or claims the key of ?key= first.
func start(t *testing.T, limits wsfeed.Limits) *feed {
	t.Helper()
	reg := prometheus.NewRegistry()
	f := &feed{srv: wsfeed.New(wsfeed.Config{Name: "test", Registry: reg, Limits: limits}), reg: reg,
		conns: make(chan *wsfeed.Conn, 64)}
	e := gateway.New(gateway.Config{Name: "test", Registry: prometheus.NewRegistry(), Log: zaptest.NewLogger(t),
		IPs: gateway.Buckets(gateway.PerIP, 1000, 1000)})
	e.GET("/ws", func(c echo.Context) error {
		conn, err := f.srv.Accept(c.Response(), c.Request(), "test", c.RealIP())
		if err != nil {
			return err
		}
		if key := c.QueryParam("key"); key != "" {
			if err := f.srv.ClaimKey(conn, key); err != nil {
				conn.Fail(err)
			}
		}
		f.conns <- conn
		conn.Run(context.Background(), func(ctx context.Context, data []byte) {
			if strings.Contains(string(data), `"slow"`) { // a long request, such as a resume
				select {
				case <-time.After(slowRequest):
				case <-ctx.Done():
				}
			}
			conn.Send(1, append(append([]byte("["), data...), ']'))
		})
		return nil
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	// http.Server.Shutdown does not wait for hijacked connections, whose
	// handlers still log once Run returns; the cleanup waits for them, as
	// a log after the test ended is a race on testing.T.
	var handlers sync.WaitGroup
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		handlers.Add(1)
		defer handlers.Done()
		e.ServeHTTP(w, r)
	})
	go func() { done <- gateway.Serve(ctx, ln, h, tightTimeouts, nil) }()
	t.Cleanup(func() {
		f.srv.Close()
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
		handlers.Wait()
	})
	f.http = "http://" + ln.Addr().String() + "/ws"
	f.url = "ws://" + ln.Addr().String() + "/ws"
	return f
}

func (f *feed) dial(t *testing.T, query string) *websocket.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, resp, err := websocket.Dial(ctx, f.url+query, nil)
	if err != nil {
		t.Fatalf("dial: %v (%v)", err, resp)
	}
	c.SetReadLimit(-1)
	t.Cleanup(func() { _ = c.CloseNow() })
	return c
}

// next is the server's next connection.
func (f *feed) next(t *testing.T) *wsfeed.Conn {
	t.Helper()
	select {
	case c := <-f.conns:
		return c
	case <-time.After(10 * time.Second):
		t.Fatal("no connection reached the handler")
		return nil
	}
}

type msg struct {
	Type     string `json:"type"`
	Position uint64 `json:"position"`
	ID       string `json:"id"`
	Code     string `json:"code"`
	Message  string `json:"message"`
}

func read(t *testing.T, c *websocket.Conn) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	typ, data, err := c.Read(ctx)
	if err != nil {
		t.Fatalf("read: %v", err)
	}
	if typ != websocket.MessageText {
		t.Fatalf("frame type %v, want text", typ)
	}
	return data
}

func readMsg(t *testing.T, c *websocket.Conn) msg {
	t.Helper()
	data := read(t, c)
	var m msg
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("not a control message: %s", data)
	}
	return m
}

func write(t *testing.T, c *websocket.Conn, s string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := c.Write(ctx, websocket.MessageText, []byte(s)); err != nil {
		t.Fatalf("write: %v", err)
	}
}

// closedWith reads until the connection ends and returns its close error.
func closedWith(t *testing.T, c *websocket.Conn) (websocket.StatusCode, string, []msg) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var seen []msg
	for {
		_, data, err := c.Read(ctx)
		if err != nil {
			var ce websocket.CloseError
			if errors.As(err, &ce) {
				return ce.Code, ce.Reason, seen
			}
			return -1, err.Error(), seen
		}
		var m msg
		_ = json.Unmarshal(data, &m)
		seen = append(seen, m)
	}
}

func TestEchoOutlivesRequestTimeouts(t *testing.T) {
	t.Parallel()
	f := start(t, wsfeed.Limits{PingInterval: 400 * time.Millisecond})
	c := f.dial(t, "")
	f.next(t)
	// Two server pings are 800 ms in: past the HTTP server's 300 ms read
	// and write timeouts, which the upgrade cleared.
	for range 2 {
		if m := readMsg(t, c); m.Type != "ping" {
			t.Fatalf("got %+v, want the server's ping", m)
		}
	}
	write(t, c, `{"type":"subscribe","id":"a"}`)
	if got := string(read(t, c)); got != `[{"type":"subscribe","id":"a"}]` {
		t.Fatalf("echo: %s", got)
	}
}

func TestPingPong(t *testing.T) {
	t.Parallel()
	f := start(t, wsfeed.Limits{PingInterval: 100 * time.Millisecond})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	pinged := make(chan struct{}, 1)
	c, _, err := websocket.Dial(ctx, f.url, &websocket.DialOptions{OnPingReceived: func(context.Context, []byte) bool {
		select {
		case pinged <- struct{}{}:
		default:
		}
		return true
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	conn := f.next(t)
	if !conn.Send(41, []byte(`[{"type":"x","position":41}]`)) {
		t.Fatal("Send refused a frame on an idle connection")
	}
	write(t, c, `{"type":"ping","id":"p1"}`)
	// The client answers WebSocket pings while it reads: it reads the
	// server's ping messages (every 100 ms) until it has seen all three.
	var sawPong, sawPing, sawWSPing bool
	for !sawPong || !sawPing || !sawWSPing {
		select {
		case <-pinged:
			sawWSPing = true
		default:
		}
		data := read(t, c)
		if data[0] == '[' {
			continue
		}
		var m msg
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatal(err)
		}
		switch m.Type {
		case "pong":
			sawPong = true
		case "ping":
			sawPing = true
		default:
			t.Fatalf("unexpected %s", data)
		}
		if m.Position != 41 {
			t.Fatalf("%s carries position %d, want the last one sent, 41", m.Type, m.Position)
		}
	}
}

// slowRequest is how long the test server takes to answer a "slow" request.
const slowRequest = time.Second

// A request that takes five pong timeouts to answer (a resume replaying
// the log) does not stop the server from reading the client's pongs: the
// client stays connected, and its requests are answered in order.
func TestLongRequestKeepsTheConnection(t *testing.T) {
	t.Parallel()
	f := start(t, wsfeed.Limits{PingInterval: 50 * time.Millisecond, PongTimeout: slowRequest / 5})
	c := f.dial(t, "")
	conn := f.next(t)
	write(t, c, `{"type":"slow","id":"1"}`)
	write(t, c, `{"type":"fast","id":"2"}`)
	var got []string
	for len(got) < 2 {
		data := read(t, c) // reading answers the server's pings
		if data[0] == '[' {
			got = append(got, string(data))
		}
	}
	if got[0] != `[{"type":"slow","id":"1"}]` || got[1] != `[{"type":"fast","id":"2"}]` {
		t.Fatalf("answers %v, want the slow request's then the fast one's", got)
	}
	select {
	case <-conn.Done():
		t.Fatal("the connection ended during a long request")
	default:
	}
	if n := testutil.ToFloat64(f.srv.Metrics().Closes.WithLabelValues("test", string(errcode.StreamPongTimeout))); n != 0 {
		t.Fatalf("pong-timeout closes = %v, want 0", n)
	}
}

// A client that never reads answers no WebSocket ping: the server drops it.
func TestPongTimeoutDropsSilentClient(t *testing.T) {
	t.Parallel()
	f := start(t, wsfeed.Limits{PingInterval: 50 * time.Millisecond, PongTimeout: 200 * time.Millisecond})
	c := f.dial(t, "")
	conn := f.next(t)
	select {
	case <-conn.Done():
	case <-time.After(20 * time.Second):
		t.Fatal("a client that answers no ping was not dropped")
	}
	closes := testutil.ToFloat64(f.srv.Metrics().Closes.WithLabelValues("test", string(errcode.StreamPongTimeout)))
	if closes != 1 {
		t.Fatalf("pong-timeout closes = %v, want 1", closes)
	}
	eventually.True(t, "the connection gauge returns to 0", func() bool {
		return testutil.ToFloat64(f.srv.Metrics().Connections.WithLabelValues("test")) == 0
	})
	_ = c
}

// A client that does not read fills its queue: the server stops queueing
// (memory bounded), and once the client reads it finds what was written,
// the error and the close with the code.
func TestSlowConsumerIsClosed(t *testing.T) {
	t.Parallel()
	const queue = 8
	f := start(t, wsfeed.Limits{SendQueueFrames: queue, PingInterval: time.Hour, PongTimeout: time.Hour,
		WriteTimeout: time.Minute})
	c := f.dial(t, "")
	conn := f.next(t)
	frame := []byte(`["` + strings.Repeat("x", 64<<10) + `"]`)
	sent := 0
	for pos := uint64(1); conn.Send(pos, frame); pos++ {
		sent++
		if sent > 100000 {
			t.Fatal("the queue never filled for a client that never reads")
		}
	}
	if n := testutil.ToFloat64(f.srv.Metrics().SlowConsumers.WithLabelValues("test")); n != 1 {
		t.Fatalf("slow consumer closes = %v, want 1", n)
	}
	if conn.Send(uint64(sent+1), frame) {
		t.Fatal("Send queued a frame after the slow consumer's close")
	}
	code, reason, seen := closedWith(t, c)
	if code != websocket.StatusPolicyViolation || !strings.HasPrefix(reason, "STREAM_SLOW_CONSUMER: ") {
		t.Fatalf("closed with %d %q, want 1008 STREAM_SLOW_CONSUMER: ...", code, reason)
	}
	if len(seen) == 0 || seen[len(seen)-1].Code != string(errcode.StreamSlowConsumer) {
		t.Fatalf("the last message before the close is not the slow consumer's error")
	}
	// The frames the client missed were dropped, not kept: it read fewer
	// than were accepted once the queue was full.
	if len(seen)-1 >= sent {
		t.Fatalf("read %d frames of %d accepted: the queue was not dropped", len(seen)-1, sent)
	}
}

func TestConnectionsPerIP(t *testing.T) {
	t.Parallel()
	f := start(t, wsfeed.Limits{ConnsPerIP: 2})
	a := f.dial(t, "")
	f.dial(t, "")
	f.next(t)
	f.next(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, resp, err := websocket.Dial(ctx, f.url, nil)
	if err == nil || resp == nil || resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("third connection: %v %v, want 429", err, resp)
	}
	body, _ := io.ReadAll(resp.Body)
	var b gateway.Body
	if json.Unmarshal(body, &b) != nil || b.Code != string(errcode.StreamTooManyConnections) {
		t.Fatalf("refusal body %s", body)
	}
	_ = a.Close(websocket.StatusNormalClosure, "")
	eventually.NoError(t, "a connection is accepted once one closed", func() error {
		c, _, err := websocket.Dial(ctx, f.url, nil)
		if err == nil {
			_ = c.CloseNow()
		}
		return err
	})
}

func TestConnectionsPerKey(t *testing.T) {
	t.Parallel()
	f := start(t, wsfeed.Limits{ConnsPerKey: 1})
	f.dial(t, "?key=k1")
	f.next(t)
	f.dial(t, "?key=k2")
	f.next(t)
	c := f.dial(t, "?key=k1")
	code, reason, seen := closedWith(t, c)
	if code != websocket.StatusPolicyViolation || !strings.HasPrefix(reason, "STREAM_TOO_MANY_CONNECTIONS: ") ||
		len(seen) != 1 || seen[0].Code != string(errcode.StreamTooManyConnections) {
		t.Fatalf("second connection of a key: %d %q %+v", code, reason, seen)
	}
}

func TestNotAnUpgrade(t *testing.T) {
	t.Parallel()
	f := start(t, wsfeed.Limits{})
	resp, err := http.Get(f.http)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	var b gateway.Body
	if resp.StatusCode != http.StatusUpgradeRequired || json.Unmarshal(body, &b) != nil ||
		b.Code != string(errcode.StreamUpgradeRequired) {
		t.Fatalf("plain GET: %d %s", resp.StatusCode, body)
	}
}

func TestInboundLimitAndFrames(t *testing.T) {
	t.Parallel()
	f := start(t, wsfeed.Limits{InboundBytes: 1024})
	c := f.dial(t, "")
	f.next(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := c.Write(ctx, websocket.MessageBinary, []byte(`{}`)); err != nil {
		t.Fatal(err)
	}
	if m := readMsg(t, c); m.Type != "error" || m.Code != string(errcode.StreamMalformedMessage) {
		t.Fatalf("binary frame: %+v", m)
	}
	write(t, c, `{"type":"x"}`) // still usable
	if got := string(read(t, c)); got != `[{"type":"x"}]` {
		t.Fatalf("echo after an error: %s", got)
	}
	write(t, c, `{"type":"`+strings.Repeat("x", 2048)+`"}`)
	if code, _, _ := closedWith(t, c); code != websocket.StatusMessageTooBig {
		t.Fatalf("a frame over the inbound limit closed with %d, want 1009", code)
	}
}

func TestFailWithin(t *testing.T) {
	t.Parallel()
	f := start(t, wsfeed.Limits{})
	c := f.dial(t, "")
	conn := f.next(t)
	conn.FailWithin(100*time.Millisecond, make(chan struct{}), errcode.New(errcode.StreamAuthTimeout))
	code, reason, _ := closedWith(t, c)
	if code != websocket.StatusPolicyViolation || !strings.HasPrefix(reason, "STREAM_AUTH_TIMEOUT: ") {
		t.Fatalf("closed with %d %q", code, reason)
	}
}

func TestCloseTellsClients(t *testing.T) {
	t.Parallel()
	f := start(t, wsfeed.Limits{})
	c := f.dial(t, "")
	f.next(t)
	go f.srv.Close()
	code, reason, _ := closedWith(t, c)
	if code != websocket.StatusGoingAway || !strings.HasPrefix(reason, "STREAM_SHUTTING_DOWN: ") {
		t.Fatalf("closed with %d %q", code, reason)
	}
}

// SendWait waits for a reader that reads, however much it queues, and
// gives up on one that does not.
func TestSendWait(t *testing.T) {
	t.Parallel()
	const queue = 4
	f := start(t, wsfeed.Limits{SendQueueFrames: queue, PingInterval: time.Hour, PongTimeout: time.Hour,
		WriteTimeout: 500 * time.Millisecond})
	c := f.dial(t, "")
	conn := f.next(t)
	const frames = 200
	done := make(chan int, 1)
	go func() {
		n := 0
		for pos := uint64(1); pos <= frames && conn.SendWait(context.Background(), pos, []byte(`["`+strings.Repeat("y", 32<<10)+`"]`)); pos++ {
			n++
		}
		done <- n
	}()
	for range frames {
		read(t, c)
	}
	if n := <-done; n != frames {
		t.Fatalf("SendWait queued %d of %d frames for a client that read them all", n, frames)
	}
	// Now nobody reads: SendWait gives up, and the connection ends (the
	// writer's WriteTimeout or the full queue, whichever comes first).
	for pos := uint64(frames + 1); conn.SendWait(context.Background(), pos, []byte(`["`+strings.Repeat("y", 64<<10)+`"]`)); pos++ {
	}
	select {
	case <-conn.Done():
	case <-time.After(20 * time.Second):
		t.Fatal("a connection nobody reads did not end")
	}
}
