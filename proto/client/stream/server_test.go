package stream

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"pred.dev/proto/client/clobapi"
)

// waitMax bounds every wait of a test over a connection: a Stream that
// does not do what the test waits for fails it instead of hanging it.
const waitMax = 10 * time.Second

// fastBackoff makes a test's reconnections quick.
var fastBackoff = WithBackoff(time.Millisecond, 4*time.Millisecond)

// fakeServer is a WebSocket server over real HTTP whose answers a test
// scripts: serve gets the number of each upgrade request (from 1) and
// answers it, with an HTTP error or by accepting it.
func fakeServer(t *testing.T, serve func(n int, w http.ResponseWriter, r *http.Request)) *httptest.Server {
	t.Helper()
	var mu sync.Mutex
	n := 0
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		n++
		i := n
		mu.Unlock()
		serve(i, w, r)
	}))
	t.Cleanup(ts.Close)
	return ts
}

// refuse answers an upgrade with a JSON error, as the gateways do.
func refuse(w http.ResponseWriter, status int, code, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]string{"error": msg, "code": code})
}

// accept upgrades r; the connection is closed when the request ends.
func accept(t *testing.T, w http.ResponseWriter, r *http.Request) *websocket.Conn {
	c, err := websocket.Accept(w, r, nil)
	if err != nil {
		t.Errorf("accept: %v", err)
		return nil
	}
	return c
}

// request reads the client's next request.
func request(ctx context.Context, c *websocket.Conn) (clobapi.StreamRequest, error) {
	var req clobapi.StreamRequest
	_, data, err := c.Read(ctx)
	if err == nil {
		err = json.Unmarshal(data, &req)
	}
	return req, err
}

// send writes messages as one frame.
func send(ctx context.Context, c *websocket.Conn, msgs ...any) error {
	b, err := json.Marshal(msgs)
	if err != nil {
		return err
	}
	return c.Write(ctx, websocket.MessageText, b)
}

// drain reads a Stream's messages until it ends, failing t if it does
// not within waitMax.
func drain(t *testing.T, s *Stream) []any {
	t.Helper()
	var got []any
	timeout := time.After(waitMax)
	for {
		select {
		case m, ok := <-s.Messages():
			if !ok {
				return got
			}
			got = append(got, m)
		case <-timeout:
			t.Fatalf("the stream did not end; status %+v", s.Status())
		}
	}
}

// next returns a Stream's next message, failing t if none comes.
func next(t *testing.T, s *Stream) any {
	t.Helper()
	select {
	case m, ok := <-s.Messages():
		if !ok {
			t.Fatalf("the stream ended: %v", s.Err())
		}
		return m
	case <-time.After(waitMax):
		t.Fatalf("no message; status %+v", s.Status())
	}
	return nil
}

// discard keeps reading a connection until it ends, answering nothing.
func discard(ctx context.Context, c *websocket.Conn) {
	for {
		if _, _, err := c.Read(ctx); err != nil {
			return
		}
	}
}
