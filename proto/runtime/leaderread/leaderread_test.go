package leaderread_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/runtime/leaderread"
	"pred.dev/proto/runtime/natstest"
)

func testJS(t testing.TB) jetstream.JetStream {
	t.Helper()
	js, err := jetstream.New(natstest.Connect(t, natstest.Start(t)))
	if err != nil {
		t.Fatal(err)
	}
	return js
}

func TestFenceCoversEveryAcknowledgedPublish(t *testing.T) {
	t.Parallel()
	js := testJS(t)
	ctx := context.Background()
	if _, err := js.CreateStream(ctx, jetstream.StreamConfig{Name: "S", Subjects: []string{"s"}}); err != nil {
		t.Fatal(err)
	}
	f := leaderread.NewFence(js, "S")
	if seq, err := f.Seq(ctx); err != nil || seq != 0 {
		t.Fatalf("empty stream: seq %d, %v; want 0", seq, err)
	}
	// Concurrent writers each read right after their acknowledged write:
	// every read must be at least that write, however the reads coalesce.
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for range 64 {
		wg.Go(func() {
			ack, err := js.Publish(ctx, "s", []byte("x"))
			if err != nil {
				errs <- err
				return
			}
			seq, err := f.Seq(ctx)
			if err == nil && seq < ack.Sequence {
				err = errors.New("fence below an acknowledged write")
			}
			if err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
}

func TestFenceFailsForAMissingStream(t *testing.T) {
	t.Parallel()
	f := leaderread.NewFence(testJS(t), "NOPE")
	if _, err := f.Seq(context.Background()); !errors.Is(err, jetstream.ErrStreamNotFound) {
		t.Fatalf("got %v, want stream not found", err)
	}
}

func TestFenceStopsWaitingWithItsContext(t *testing.T) {
	t.Parallel()
	f := leaderread.NewFence(testJS(t), "NOPE")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := f.Seq(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
}

func TestKVGetIsTheBucketsGet(t *testing.T) {
	t.Parallel()
	js := testJS(t)
	ctx := context.Background()
	raw, err := js.CreateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: "b", History: 1, LimitMarkerTTL: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	kv := leaderread.WrapKV(js, raw)
	if _, err := kv.Get(ctx, "k"); !errors.Is(err, jetstream.ErrKeyNotFound) {
		t.Fatalf("missing key: %v", err)
	}
	rev, err := kv.Put(ctx, "k", []byte("v1"))
	if err != nil {
		t.Fatal(err)
	}
	e, err := kv.Get(ctx, "k")
	if err != nil || string(e.Value()) != "v1" || e.Revision() != rev || e.Key() != "k" || e.Bucket() != "b" {
		t.Fatalf("got %v, %v; want v1 at revision %d", e, err, rev)
	}
	want, err := raw.Get(ctx, "k")
	if err != nil || !e.Created().Equal(want.Created()) {
		t.Fatalf("created %v, the bucket says %v (%v)", e.Created(), want, err)
	}
	// A revision read by the leader is the one Update must be given.
	if _, err := kv.Update(ctx, "k", []byte("v2"), e.Revision()); err != nil {
		t.Fatal(err)
	}
	if err := kv.Delete(ctx, "k"); err != nil {
		t.Fatal(err)
	}
	if _, err := kv.Get(ctx, "k"); !errors.Is(err, jetstream.ErrKeyNotFound) {
		t.Fatalf("deleted key: %v", err)
	}
	if _, err := kv.Create(ctx, "p", []byte("x")); err != nil {
		t.Fatal(err)
	}
	if err := kv.Purge(ctx, "p"); err != nil {
		t.Fatal(err)
	}
	if _, err := kv.Get(ctx, "p"); !errors.Is(err, jetstream.ErrKeyNotFound) {
		t.Fatalf("purged key: %v", err)
	}
}

func TestLastMsgReadsTheSubjectsLastMessage(t *testing.T) {
	t.Parallel()
	js := testJS(t)
	ctx := context.Background()
	if _, err := js.CreateStream(ctx, jetstream.StreamConfig{Name: "Q", Subjects: []string{"q.*"}, AllowDirect: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := leaderread.LastMsg(ctx, js, "Q", "q.a"); !errors.Is(err, jetstream.ErrMsgNotFound) {
		t.Fatalf("empty subject: %v", err)
	}
	for _, v := range []string{"1", "2"} {
		if _, err := js.Publish(ctx, "q.a", []byte(v)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := js.Publish(ctx, "q.b", []byte("3")); err != nil {
		t.Fatal(err)
	}
	m, err := leaderread.LastMsg(ctx, js, "Q", "q.a")
	if err != nil || string(m.Data) != "2" || m.Sequence != 2 || m.Subject != "q.a" {
		t.Fatalf("got %+v, %v; want message 2 of q.a", m, err)
	}
}

// TestLastMsgGivesUpWhenNoLeaderAnswers: while a stream's group elects a
// leader a STREAM.MSG.GET request is taken by no one, and a caller whose
// context has no deadline (an HTTP handler's) must still get an answer.
// A subscriber that never replies stands in for the leaderless group: it
// keeps the request from failing fast with "no responders".
func TestLastMsgGivesUpWhenNoLeaderAnswers(t *testing.T) {
	t.Parallel()
	s := natstest.Start(t)
	nc := natstest.Connect(t, s)
	silent := natstest.Connect(t, s)
	if _, err := silent.Subscribe("silent.>", func(*nats.Msg) {}); err != nil {
		t.Fatal(err)
	}
	if err := silent.Flush(); err != nil {
		t.Fatal(err)
	}
	js, err := jetstream.NewWithAPIPrefix(nc, "silent")
	if err != nil {
		t.Fatal(err)
	}
	_, err = leaderread.LastMsg(context.Background(), js, "KV_X", "$KV.X.k")
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("unanswered read: %v; want a deadline error after %s", err, leaderread.ReadTimeout)
	}
}
