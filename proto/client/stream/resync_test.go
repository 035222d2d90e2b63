package stream

import (
	"context"
	"errors"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"pred.dev/proto/client/clobapi"
)

// TestResyncLimitEndsTheStream: a server whose snapshots of a token never
// agree with their hash gets the limit's new snapshot requests, then the
// Stream ends with a FinalError wrapping a ResyncLimitError and the last
// HashMismatchError, rather than asking again as fast as it answers.
func TestResyncLimitEndsTheStream(t *testing.T) {
	t.Parallel()
	const limit = 3
	var subscribes atomic.Int32
	ts := fakeServer(t, func(_ int, w http.ResponseWriter, r *http.Request) {
		c := accept(t, w, r)
		if c == nil {
			return
		}
		defer func() { _ = c.CloseNow() }()
		for pos := uint64(1); ; pos++ {
			req, err := request(r.Context(), c)
			if err != nil {
				return
			}
			if req.Type != clobapi.StreamSubscribe {
				continue
			}
			subscribes.Add(1)
			// A hash of another book: this server's books never agree.
			bad := hash(levels("0.5:1"), nil)
			if err := send(r.Context(), c, clobapi.BookMessage{StreamHeader: header(clobapi.MsgBook, pos), AssetID: token,
				Bids: levels("0.4:10"), Hash: bad}); err != nil {
				return
			}
		}
	})
	reconnects := 0
	s := Market(context.Background(), ts.URL, Subscription{AssetIDs: []string{token}}, fastBackoff,
		WithResyncLimit(limit, time.Minute), WithReconnectNotify(func(Reconnect) { reconnects++ }))
	drain(t, s)
	var fe *FinalError
	var rl *ResyncLimitError
	var mm *HashMismatchError
	err := s.Err()
	if !errors.As(err, &fe) || !errors.As(err, &rl) || !errors.As(err, &mm) || rl.AssetID != token || rl.Resyncs != limit {
		t.Fatalf("ended with %v, want a FinalError wrapping a ResyncLimitError of %s and a HashMismatchError", err, token)
	}
	if n := subscribes.Load(); n != limit+1 {
		t.Errorf("the server got %d subscriptions, want the first and %d new snapshot requests", n, limit)
	}
	if st := s.Status(); st.HashMismatches != limit+1 || st.Connects != 1 || reconnects != 0 {
		t.Errorf("status %+v after %d reconnections, want %d mismatches on one connection", st, reconnects, limit+1)
	}
}

// TestResyncWindow: the limit counts the new snapshots of one token
// within the window: older ones, and other tokens', do not count.
func TestResyncWindow(t *testing.T) {
	t.Parallel()
	s, _ := marketStream()
	now := time.Unix(1_700_000_000, 0)
	s.cfg.now = func() time.Time { return now }
	s.cfg.resyncsMax, s.cfg.resyncWindow = 2, time.Minute
	mismatch := func(asset string, pos uint64) error {
		_, err := s.ch.frame(s, frame(t, clobapi.BookMessage{StreamHeader: header(clobapi.MsgBook, pos), AssetID: asset,
			Bids: levels("0.4:10"), Hash: "wrong"}))
		return err
	}
	for pos := range uint64(2) {
		if err := mismatch(token, pos+1); err != nil {
			t.Fatalf("new snapshot %d of 2: %v", pos+1, err)
		}
	}
	if err := mismatch("42", 3); err != nil {
		t.Fatalf("another token's first new snapshot: %v", err)
	}
	now = now.Add(time.Minute)
	if err := mismatch(token, 4); err != nil {
		t.Fatalf("a new snapshot once the first two are a window old: %v", err)
	}
	now = now.Add(time.Second)
	if err := mismatch(token, 5); err != nil {
		t.Fatalf("a second new snapshot in the new window: %v", err)
	}
	var rl *ResyncLimitError
	if err := mismatch(token, 6); !errors.As(err, &rl) || rl.AssetID != token {
		t.Fatalf("a third new snapshot within the window: %v, want a ResyncLimitError", err)
	}
}
