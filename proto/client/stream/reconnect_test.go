package stream

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"pred.dev/proto/client/clobapi"
)

// TestReconnectNotify: each failed dial is told, with its reason and
// its attempt since the last frame; a connection that served frames and
// ended is told too, with the attempts counted again from 1, and the
// Stream resumes after its last position.
func TestReconnectNotify(t *testing.T) {
	t.Parallel()
	bids := levels("0.4:10")
	resumed := make(chan *uint64, 1)
	ts := fakeServer(t, func(n int, w http.ResponseWriter, r *http.Request) {
		if n <= 2 {
			refuse(w, http.StatusServiceUnavailable, "STREAM_SHUTTING_DOWN", "this replica is shutting down")
			return
		}
		c := accept(t, w, r)
		if c == nil {
			return
		}
		defer func() { _ = c.CloseNow() }()
		req, err := request(r.Context(), c)
		if err != nil {
			return
		}
		if n > 3 {
			resumed <- req.From
			discard(r.Context(), c)
			return
		}
		_ = send(r.Context(), c, clobapi.BookMessage{StreamHeader: header(clobapi.MsgBook, 7), AssetID: token, Bids: bids, Hash: hash(bids, nil)})
		_ = c.Close(websocket.StatusGoingAway, "restart")
	})
	var mu sync.Mutex
	var told []Reconnect
	s := Market(context.Background(), ts.URL, Subscription{AssetIDs: []string{token}}, fastBackoff,
		WithReconnectNotify(func(r Reconnect) {
			mu.Lock()
			defer mu.Unlock()
			told = append(told, r)
		}))
	defer s.Close()
	if m, ok := next(t, s).(*clobapi.BookMessage); !ok || m.Position != 7 {
		t.Fatalf("first message %#v, want the book at 7", m)
	}
	select {
	case from := <-resumed:
		if from == nil || *from != 7 {
			t.Fatalf("the reconnection subscribed from %v, want 7", from)
		}
	case <-time.After(waitMax):
		t.Fatal("the stream did not reconnect after the server closed")
	}
	mu.Lock()
	defer mu.Unlock()
	if len(told) != 3 {
		t.Fatalf("told %d reconnections, want 3: %+v", len(told), told)
	}
	for i, want := range []struct {
		attempt, connects int
		err               string
	}{{1, 0, "upgrade refused: HTTP 503: {\"code\":\"STREAM_SHUTTING_DOWN\""}, {2, 0, "HTTP 503"}, {1, 1, `StatusGoingAway and reason = "restart"`}} {
		r := told[i]
		if r.Attempt != want.attempt || r.Connects != want.connects || r.Err == nil || !strings.Contains(r.Err.Error(), want.err) || r.Delay > 4*time.Millisecond {
			t.Errorf("reconnection %d: %+v, want attempt %d after %d connections for %q", i+1, r, want.attempt, want.connects, want.err)
		}
	}
}

// TestRefusalsEndTheStream: an upgrade refused with a status a new
// connection would not change (404: no such channel here), or a
// connection closed for a policy violation that is not transient (bad
// credentials), ends the Stream at once with a FinalError that says why,
// without a reconnection.
func TestRefusalsEndTheStream(t *testing.T) {
	t.Parallel()
	notFound := fakeServer(t, func(_ int, w http.ResponseWriter, _ *http.Request) {
		refuse(w, http.StatusNotFound, "NOT_FOUND", "no route GET /ws/market")
	})
	unauthorized := fakeServer(t, func(_ int, w http.ResponseWriter, r *http.Request) {
		if c := accept(t, w, r); c != nil {
			_ = c.Close(websocket.StatusPolicyViolation, "UNAUTHORIZED: the API key is unknown")
		}
	})
	for _, tc := range []struct {
		name, url, want string
		status          int
	}{
		{"404", notFound.URL, "upgrade refused: HTTP 404: {\"code\":\"NOT_FOUND\"", 404},
		{"1008", unauthorized.URL, "closed by the server: 1008 UNAUTHORIZED: the API key is unknown", 0},
	} {
		told := 0
		s := Market(context.Background(), tc.url, Subscription{AssetIDs: []string{token}}, fastBackoff,
			WithReconnectNotify(func(Reconnect) { told++ }))
		drain(t, s)
		var fe *FinalError
		if err := s.Err(); !errors.As(err, &fe) || fe.HTTPStatus != tc.status || !strings.Contains(err.Error(), tc.want) || told != 0 {
			t.Errorf("%s: ended with %v after %d reconnections, want a FinalError saying %q", tc.name, err, told, tc.want)
		}
	}
}
