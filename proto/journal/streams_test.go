package journal

import (
	"errors"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/natsembed"
)

func TestEnsureStreamsIsIdempotent(t *testing.T) {
	e := newEnv(t) // ensured once already
	ctx := testCtx(t)
	if _, err := e.js.Publish(ctx, CommandSubject, []byte("x")); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if err := EnsureStreams(ctx, e.js, StreamConfig{}); err != nil {
			t.Fatalf("second EnsureStreams: %v", err)
		}
	}
	cmd, err := e.js.Stream(ctx, CommandStream)
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
		c.Duplicates != 2*time.Minute || c.Replicas != 1 || c.Subjects[0] != CommandSubject {
		t.Fatalf("CMD config %+v", c)
	}
	evt, err := e.js.Stream(ctx, EventStream)
	if err != nil {
		t.Fatal(err)
	}
	if s := evt.CachedInfo().Config.Subjects; len(s) != 1 || s[0] != EventSubject {
		t.Fatalf("EVT subjects %v", s)
	}
}

func TestEnsureStreamsUpdatesExisting(t *testing.T) {
	e := newEnv(t)
	ctx := testCtx(t)
	if err := EnsureStreams(ctx, e.js, StreamConfig{DuplicateWindow: 5 * time.Minute}); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{CommandStream, EventStream} {
		s, err := e.js.Stream(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		if d := s.CachedInfo().Config.Duplicates; d != 5*time.Minute {
			t.Fatalf("%s duplicate window %s after update, want 5m", name, d)
		}
	}
}

func TestCommandLogRefusesPurge(t *testing.T) {
	e := newEnv(t)
	ctx := testCtx(t)
	s, err := e.js.Stream(ctx, CommandStream)
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
	e := newEnv(t)
	ctx := testCtx(t)
	data, err := EncodeCommandBatch(sampleCommandBatch())
	if err != nil {
		t.Fatal(err)
	}
	publish := func() *jetstream.PubAck {
		m := nats.NewMsg(CommandSubject)
		m.Data = data
		ack, err := e.js.PublishMsg(ctx, m, jetstream.WithMsgID("abab"))
		if err != nil {
			t.Fatal(err)
		}
		return ack
	}
	first, second := publish(), publish()
	if first.Duplicate || !second.Duplicate || first.Sequence != second.Sequence {
		t.Fatalf("acks %+v then %+v, want the second a duplicate of the first", first, second)
	}
	if n := len(e.commandMessages(t)); n != 1 {
		t.Fatalf("CMD holds %d messages, want 1", n)
	}
}

func TestEnsureStreamsReportsFailure(t *testing.T) {
	srv := natsembed.StartTest(t)
	nc := natsembed.ConnectTest(t, srv)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	ctx := testCtx(t)
	// A memory stream named CMD cannot be turned into a file stream.
	if _, err := js.CreateStream(ctx, jetstream.StreamConfig{Name: CommandStream, Subjects: []string{CommandSubject}, Storage: jetstream.MemoryStorage}); err != nil {
		t.Fatal(err)
	}
	err = EnsureStreams(ctx, js, StreamConfig{})
	var apiErr *jetstream.APIError
	if !errors.As(err, &apiErr) {
		t.Fatalf("EnsureStreams over an incompatible stream: %v, want an API error", err)
	}
}
