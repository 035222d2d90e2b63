package jsmetrics

import (
	"context"
	"testing"

	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/journal"
	"pred.dev/proto/runtime/natstest"
	"pred.dev/proto/runtime/streams"
)

// TestSingleServer: on one server every stream that exists has its one
// copy current and its last sequence; a stream that does not exist says
// so; the meta leader (the server itself) answers; no peer is offline.
func TestSingleServer(t *testing.T) {
	t.Parallel()
	srv := natstest.Start(t)
	nc := natstest.Connect(t, srv)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := streams.Ensure(ctx, js, streams.Config{Replicas: 1}); err != nil {
		t.Fatal(err)
	}
	kv, err := js.CreateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: journal.LeaseBucket})
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if _, err := kv.Put(ctx, journal.LeaseKey, []byte("x")); err != nil {
			t.Fatal(err)
		}
	}
	lease := journal.BucketStream(journal.LeaseBucket)
	c, err := New(nc, []string{journal.CommandStream, lease, journal.RelayerQueueStream})
	if err != nil {
		t.Fatal(err)
	}
	got, err := Sample(c)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{
		`pred_jetstream_meta_leader_known`:                                                  1,
		`pred_jetstream_peers_offline`:                                                      0,
		`pred_jetstream_stream_info_ok{stream="` + journal.CommandStream + `"}`:             1,
		`pred_jetstream_stream_replicas_configured{stream="` + journal.CommandStream + `"}`: 1,
		`pred_jetstream_stream_replicas_current{stream="` + journal.CommandStream + `"}`:    1,
		`pred_jetstream_stream_last_seq{stream="` + journal.CommandStream + `"}`:            0,
		`pred_jetstream_stream_info_ok{stream="` + lease + `"}`:                             1,
		`pred_jetstream_stream_last_seq{stream="` + lease + `"}`:                            3,
		`pred_jetstream_stream_info_ok{stream="` + journal.RelayerQueueStream + `"}`:        0,
	}
	for k, v := range want {
		if g, ok := got[k]; !ok || g != v {
			t.Errorf("%s = %v (present %v), want %v", k, g, ok, v)
		}
	}
	if _, ok := got[`pred_jetstream_stream_replicas_current{stream="`+journal.RelayerQueueStream+`"}`]; ok {
		t.Errorf("a missing stream has a replica count: %v", got)
	}
}
