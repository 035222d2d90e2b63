package leaderread_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/runtime/leaderread"
)

// TestWatchCountsWhatItApplied: the current values are applied before
// StartWatch returns; a reader that waits for a write's revision then
// sees the write in the copy, whichever connection wrote it; a wait for
// a revision not yet written ends with its context.
func TestWatchCountsWhatItApplied(t *testing.T) {
	t.Parallel()
	js := testJS(t)
	ctx := context.Background()
	kv, err := js.CreateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: "B"})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"a", "b", "c"} {
		if _, err := kv.Put(ctx, k, []byte("0")); err != nil {
			t.Fatal(err)
		}
	}
	var mu sync.Mutex
	copyOf := map[string]string{}
	w, err := leaderread.StartWatch(ctx, kv, func(e jetstream.KeyValueEntry) {
		mu.Lock()
		defer mu.Unlock()
		if e.Operation() == jetstream.KeyValuePut {
			copyOf[e.Key()] = string(e.Value())
		} else {
			delete(copyOf, e.Key())
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Stop()
	mu.Lock()
	initial := len(copyOf)
	mu.Unlock()
	if !w.Ready() || initial != 3 || w.Revision() != 3 {
		t.Fatalf("after StartWatch: ready %v, %d keys, revision %d; want true, 3, 3", w.Ready(), initial, w.Revision())
	}
	for i := range 50 {
		changed := w.Changed()
		rev, err := kv.Put(ctx, "a", []byte{byte('a' + i%26)})
		if err != nil {
			t.Fatal(err)
		}
		if err := w.WaitFor(ctx, rev); err != nil {
			t.Fatal(err)
		}
		mu.Lock()
		got := copyOf["a"]
		mu.Unlock()
		if want := string([]byte{byte('a' + i%26)}); got != want {
			t.Fatalf("write %d: the copy has %q after waiting for revision %d, want %q", i, got, rev, want)
		}
		select {
		case <-changed:
		default:
			t.Fatalf("write %d: Changed's channel still open after an applied entry", i)
		}
	}
	short, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	if err := w.WaitFor(short, w.Revision()+1); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("waiting for a revision never written: %v, want the context's deadline", err)
	}
}
