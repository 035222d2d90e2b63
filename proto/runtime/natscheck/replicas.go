package natscheck

import (
	"context"
	"errors"
	"fmt"

	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/journal"
)

// CreateOrUpdateStream creates a stream, or updates it when it exists at
// the asked replica count; a stream at another count, or more replicas
// than the NATS has servers (Cluster), is refused (see the package
// comment). flag names the setting that chose cfg.Replicas, for
// the message.
func CreateOrUpdateStream(ctx context.Context, js jetstream.JetStream, flag string, cfg jetstream.StreamConfig) (jetstream.Stream, error) {
	if err := checkReplicas(ctx, js, flag, cfg.Name, "", cfg.Replicas); err != nil {
		return nil, err
	}
	return js.CreateOrUpdateStream(ctx, cfg)
}

// CreateOrUpdateKeyValue is CreateOrUpdateStream for a KV bucket.
func CreateOrUpdateKeyValue(ctx context.Context, js jetstream.JetStream, flag string, cfg jetstream.KeyValueConfig) (jetstream.KeyValue, error) {
	if err := checkReplicas(ctx, js, flag, journal.BucketStream(cfg.Bucket), cfg.Bucket, cfg.Replicas); err != nil {
		return nil, err
	}
	return js.CreateOrUpdateKeyValue(ctx, cfg)
}

// ErrReplicas is wrapped by every refusal of a replica count.
var ErrReplicas = errors.New("natscheck: replica count differs from the existing one")

func checkReplicas(ctx context.Context, js jetstream.JetStream, flag, stream, bucket string, want int) error {
	want = max(want, 1)
	if err := Cluster(js.Conn(), flag, want); err != nil {
		return err
	}
	st, err := js.Stream(ctx, stream)
	if errors.Is(err, jetstream.ErrStreamNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("natscheck: stream %s: %w", stream, err)
	}
	have := max(st.CachedInfo().Config.Replicas, 1)
	if have == want {
		return nil
	}
	what := "stream " + stream
	if bucket != "" {
		what = "KV bucket " + bucket + " (stream " + stream + ")"
	}
	return fmt.Errorf("%w: the %s has %d replica(s) and %s asks for %d: start with %s %d, "+
		"or scale it first with `%s --replicas %d` (nats CLI, once, by the operator)",
		ErrReplicas, what, have, flag, want, flag, have, "nats stream edit "+stream, want)
}

// The flags that set replica counts: the engine's for the command log and
// its lease, every other service's for its streams and buckets.
const (
	ReplicasFlag   = "-replicas"
	KVReplicasFlag = "-kv-replicas"
)
