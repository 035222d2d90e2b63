package journal

import (
	"context"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// The leader lease elects one engine to lead among engines that share a
// log: it lives in a key-value bucket whose entries expire LeaseTTL after
// their last write, so a leader that stops renewing loses it. The lease
// decides who publishes events and ticks; it is not what keeps the EVT
// stream consistent (each EVT publish names the stream sequence it
// expects to follow, so of two engines that both think they lead, one
// fails and halts), only what keeps a standby from taking over while the
// leader lives.
const (
	// LeaseBucket is the key-value bucket of the lease.
	LeaseBucket = "ENGINE_LEASE"
	// LeaseKey is the one key in it; its value names the holder.
	LeaseKey = "leader"
)

// LeaseTTLMin bounds the lease's time to live from below: renewals run at
// a third of it, and a shorter lease would be lost to one slow round trip.
const LeaseTTLMin = 500 * time.Millisecond

// EnsureLeaseBucket creates or updates the lease bucket with entries that
// expire ttl after their last write.
func EnsureLeaseBucket(ctx context.Context, js jetstream.JetStream, ttl time.Duration, replicas int) (jetstream.KeyValue, error) {
	if ttl < LeaseTTLMin {
		return nil, fmt.Errorf("journal: lease TTL %s is below the minimum %s", ttl, LeaseTTLMin)
	}
	kv, err := js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
		Bucket:      LeaseBucket,
		Description: "The engine leader's lease: whoever holds key " + LeaseKey + " leads.",
		History:     1,
		TTL:         ttl,
		Storage:     jetstream.FileStorage,
		Replicas:    max(replicas, 1),
	})
	if err != nil {
		return nil, fmt.Errorf("journal: ensure bucket %s: %w", LeaseBucket, err)
	}
	return kv, nil
}
