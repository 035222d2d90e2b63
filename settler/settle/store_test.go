package settle

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"

	"pred.dev/proto/journal"
	"pred.dev/proto/runtime/natstest"
)

// testStore is the settler's bucket on an embedded NATS server, and the
// server's JetStream.
func testStore(t *testing.T) (*store, jetstream.JetStream) {
	t.Helper()
	js, err := jetstream.New(natstest.Connect(t, natstest.Start(t)))
	if err != nil {
		t.Fatal(err)
	}
	kv, err := js.CreateKeyValue(context.Background(), jetstream.KeyValueConfig{Bucket: journal.SettlerBucket, History: 1})
	if err != nil {
		t.Fatal(err)
	}
	return &store{js: js, kv: kv}, js
}

// TestCursorRecordRoundTrip: the cursor record reads back as written,
// with its parameters and pending switches; an older settler's plain
// decimal cursor reads as its sequence with that settler's defaults;
// none at all is sequence 0 with them; a record that does not decode, or
// names no limits, is an error rather than a guess.
func TestCursorRecordRoundTrip(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st, _ := testStore(t)
	if c, err := st.cursor(ctx, paramsA); err != nil || !reflect.DeepEqual(c, cursorRecord{Params: paramsA}) {
		t.Fatalf("no cursor yet: %+v %v", c, err)
	}
	want := cursorRecord{Seq: 1234, Params: paramsA, Pending: []paramSwitch{{Params: paramsB, AfterSeq: 1300}, {Params: paramsC, AfterSeq: 1400}}}
	if err := st.setCursor(ctx, want); err != nil {
		t.Fatal(err)
	}
	if c, err := st.cursor(ctx, paramsC); err != nil || !reflect.DeepEqual(c, want) {
		t.Fatalf("read back %+v %v, want %+v", c, err, want)
	}
	if _, err := st.kv.Put(ctx, cursorKey, []byte("987")); err != nil {
		t.Fatal(err)
	}
	if c, err := st.cursor(ctx, paramsB); err != nil || !reflect.DeepEqual(c, cursorRecord{Seq: 987, Params: legacyParams}) {
		t.Fatalf("a plain decimal cursor reads %+v %v", c, err)
	}
	for _, bad := range []string{"98x", `{"seq":5`, `{"seq":5,"params":{"matchesMax":0,"fillsMax":9,"gatherWindowMs":100}}`,
		`{"seq":5,"params":{"matchesMax":5,"fillsMax":9,"gatherWindowMs":100},"pending":[{"params":{},"afterSeq":9}]}`} {
		if c, err := decodeCursor([]byte(bad)); err == nil {
			t.Errorf("%s decodes to %+v", bad, c)
		}
	}
}

// TestResumeSchedulesASwitch: a settler started with other parameters
// than its record's target schedules a switch to them after the EVT
// stream's last message and writes it before reading on; started again
// with the same parameters it schedules nothing; with a third set, it
// appends a second switch after the first. An older settler's cursor
// reads with that settler's defaults: started with them it schedules
// nothing, with today's (45 fills) a switch.
func TestResumeSchedulesASwitch(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	st, js := testStore(t)
	if _, err := js.CreateStream(ctx, jetstream.StreamConfig{Name: journal.EventStream, Subjects: []string{journal.EventSubject}}); err != nil {
		t.Fatal(err)
	}
	publish := func(n int) {
		for range n {
			if _, err := js.Publish(ctx, journal.EventSubject, []byte("x")); err != nil {
				t.Fatal(err)
			}
		}
	}
	publish(5)
	start := func(p params) cursorRecord {
		t.Helper()
		s := &Settler{cfg: Config{MatchesMax: p.MatchesMax, FillsMax: p.FillsMax, GatherWindow: time.Duration(p.GatherWindowMs) * time.Millisecond},
			js: js, st: st, log: zap.NewNop(), m: newMetrics(nil)}
		c, err := s.resume(ctx)
		if err != nil {
			t.Fatal(err)
		}
		stored, err := st.cursor(ctx, params{})
		if err != nil || !reflect.DeepEqual(stored, c) {
			t.Fatalf("resumed with %+v, the bucket holds %+v (%v)", c, stored, err)
		}
		return c
	}
	if err := st.setCursor(ctx, cursorRecord{Seq: 3, Params: paramsA}); err != nil {
		t.Fatal(err)
	}
	toB := cursorRecord{Seq: 3, Params: paramsA, Pending: []paramSwitch{{Params: paramsB, AfterSeq: 5}}}
	if c := start(paramsB); !reflect.DeepEqual(c, toB) {
		t.Fatalf("started with B: %+v, want %+v", c, toB)
	}
	publish(2)
	if c := start(paramsB); !reflect.DeepEqual(c, toB) {
		t.Fatalf("started again with B: %+v, want %+v", c, toB)
	}
	toC := cursorRecord{Seq: 3, Params: paramsA, Pending: append(toB.Pending, paramSwitch{Params: paramsC, AfterSeq: 7})}
	if c := start(paramsC); !reflect.DeepEqual(c, toC) {
		t.Fatalf("started with C: %+v, want %+v", c, toC)
	}
	if _, err := st.kv.Put(ctx, cursorKey, []byte("6")); err != nil {
		t.Fatal(err)
	}
	if c := start(legacyParams); !reflect.DeepEqual(c, cursorRecord{Seq: 6, Params: legacyParams}) {
		t.Fatalf("an older settler's cursor resumes with its defaults as %+v", c)
	}
	toD := cursorRecord{Seq: 6, Params: legacyParams, Pending: []paramSwitch{{Params: paramsOf(&Config{MatchesMax: 12, FillsMax: 45,
		GatherWindow: 250 * time.Millisecond}), AfterSeq: 7}}}
	if c := start(toD.Pending[0].Params); !reflect.DeepEqual(c, toD) {
		t.Fatalf("an older settler's cursor with the new default fills: %+v, want %+v", c, toD)
	}
}
