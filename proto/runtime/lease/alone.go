package lease

import (
	"context"
	"errors"
	"fmt"

	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/runtime/leaderread"
)

// ErrHeld is wrapped by CheckUnheld's refusal.
var ErrHeld = errors.New("lease: held by another process")

// CheckUnheld refuses to let a process act alone (configured without a
// lease: ttlFlag unset) while processes that elect their leader through
// the lease run: the key is held, so one of them acts, and two would act
// at once. The rule: either every process of a role takes the lease
// (ttlFlag set on each; one acts, the others wait), or exactly one runs
// without it. A process without the lease writes nothing to the bucket,
// so the reverse (a lease process started beside a lone one) is not seen
// here; the engine's EVT fencing halts the second to publish. The read
// goes to the bucket's leader.
func CheckUnheld(ctx context.Context, js jetstream.JetStream, bucket, key, ttlFlag string) error {
	kv, err := js.KeyValue(ctx, bucket)
	if errors.Is(err, jetstream.ErrBucketNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("lease: bucket %s: %w", bucket, err)
	}
	e, err := leaderread.WrapKV(js, kv).Get(ctx, key)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("lease: %s in %s: %w", key, bucket, err)
	}
	return fmt.Errorf("%w: %s holds the lease %s (bucket %s), so it acts; this process was started to act alone (no %s): "+
		"start it with %s like the others (it waits as a standby), or stop every process that takes the lease first",
		ErrHeld, e.Value(), key, bucket, ttlFlag, ttlFlag)
}
