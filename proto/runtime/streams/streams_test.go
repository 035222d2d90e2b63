package streams

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/natstest"
)

// testTimeout bounds every wait so that a bug hangs a test for a while
// instead of forever. It is a safety net, not an assertion.
const testTimeout = 30 * time.Second

func testCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	t.Cleanup(cancel)
	return ctx
}

// newJS is a JetStream context on a fresh server, with the streams
// ensured once.
func newJS(t *testing.T) jetstream.JetStream {
	t.Helper()
	js, err := jetstream.New(natstest.Connect(t, natstest.Start(t)))
	if err != nil {
		t.Fatal(err)
	}
	if err := Ensure(testCtx(t), js, Config{}); err != nil {
		t.Fatal(err)
	}
	return js
}

func TestEnsureIsIdempotent(t *testing.T) {
	js := newJS(t) // ensured once already
	ctx := testCtx(t)
	if _, err := js.Publish(ctx, journal.CommandSubject, []byte("x")); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if err := Ensure(ctx, js, Config{}); err != nil {
			t.Fatalf("second Ensure: %v", err)
		}
	}
	cmd, err := js.Stream(ctx, journal.CommandStream)
	if err != nil {
		t.Fatal(err)
	}
	info, err := cmd.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if info.State.Msgs != 1 {
		t.Fatalf("CMD holds %d messages after re-ensuring, want the 1 published", info.State.Msgs)
	}
	c := info.Config
	if c.Storage != jetstream.FileStorage || c.Retention != jetstream.LimitsPolicy || c.MaxAge != 0 ||
		c.MaxBytes != -1 || c.MaxMsgs != -1 || !c.DenyDelete || !c.DenyPurge ||
		c.Duplicates != 2*time.Minute || c.Replicas != 1 || c.Subjects[0] != journal.CommandSubject {
		t.Fatalf("CMD config %+v", c)
	}
	evt, err := js.Stream(ctx, journal.EventStream)
	if err != nil {
		t.Fatal(err)
	}
	if s := evt.CachedInfo().Config.Subjects; len(s) != 1 || s[0] != journal.EventSubject {
		t.Fatalf("EVT subjects %v", s)
	}
}

func TestEnsureUpdatesExisting(t *testing.T) {
	js := newJS(t)
	ctx := testCtx(t)
	if err := Ensure(ctx, js, Config{DuplicateWindow: 5 * time.Minute}); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{journal.CommandStream, journal.EventStream} {
		s, err := js.Stream(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		if d := s.CachedInfo().Config.Duplicates; d != 5*time.Minute {
			t.Fatalf("%s duplicate window %s after update, want 5m", name, d)
		}
	}
}

func TestCommandLogRefusesPurge(t *testing.T) {
	js := newJS(t)
	ctx := testCtx(t)
	s, err := js.Stream(ctx, journal.CommandStream)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Purge(ctx); err == nil {
		t.Fatal("purging CMD succeeded")
	}
}

// TestStreamDropsRepublishedBatch: a publish retried with the same batch id
// (sent as Nats-Msg-Id) lands once.
func TestStreamDropsRepublishedBatch(t *testing.T) {
	js := newJS(t)
	ctx := testCtx(t)
	data, err := journal.EncodeCommandBatch(&pb.CommandBatch{BatchId: []byte("abab")})
	if err != nil {
		t.Fatal(err)
	}
	publish := func() *jetstream.PubAck {
		m := nats.NewMsg(journal.CommandSubject)
		m.Data = data
		ack, err := js.PublishMsg(ctx, m, jetstream.WithMsgID("abab"))
		if err != nil {
			t.Fatal(err)
		}
		return ack
	}
	first, second := publish(), publish()
	if first.Duplicate || !second.Duplicate || first.Sequence != second.Sequence {
		t.Fatalf("acks %+v then %+v, want the second a duplicate of the first", first, second)
	}
	last, err := LastSeq(ctx, js, journal.CommandStream)
	if err != nil || last != 1 {
		t.Fatalf("CMD ends at %d (%v), want 1", last, err)
	}
}

func TestEnsureReportsFailure(t *testing.T) {
	js, err := jetstream.New(natstest.Connect(t, natstest.Start(t)))
	if err != nil {
		t.Fatal(err)
	}
	ctx := testCtx(t)
	// A memory stream named CMD cannot be turned into a file stream.
	if _, err := js.CreateStream(ctx, jetstream.StreamConfig{Name: journal.CommandStream,
		Subjects: []string{journal.CommandSubject}, Storage: jetstream.MemoryStorage}); err != nil {
		t.Fatal(err)
	}
	err = Ensure(ctx, js, Config{})
	var apiErr *jetstream.APIError
	if !errors.As(err, &apiErr) {
		t.Fatalf("Ensure over an incompatible stream: %v, want an API error", err)
	}
}

func TestLastSeqOfEmptyAndMissingStreams(t *testing.T) {
	js := newJS(t)
	ctx := testCtx(t)
	if last, err := LastSeq(ctx, js, journal.EventStream); err != nil || last != 0 {
		t.Fatalf("empty EVT ends at %d (%v), want 0", last, err)
	}
	if _, err := LastSeq(ctx, js, "NOPE"); !errors.Is(err, jetstream.ErrStreamNotFound) {
		t.Fatalf("LastSeq of a missing stream: %v", err)
	}
}
