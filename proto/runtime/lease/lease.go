// Package lease elects one holder among processes that share a NATS
// server: the holder owns a key in a key-value bucket whose entries expire
// TTL after their last write, and renews it while it holds it, so a holder
// that stops renewing loses it and another takes it. The engines elect
// their leader with it; a relayer worker that owns the hot key would too.
//
// A lease decides who acts; it cannot by itself stop a holder that paused
// past its TTL from acting once more. Whatever the holder writes must
// fence that case too (the engine names the EVT sequence each publish must
// follow).
package lease

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"

	"pred.dev/proto/runtime/natscheck"
)

// TTLMin bounds the lease's time to live from below: renewals run at a
// third of it, and a shorter lease would be lost to one slow round trip.
const TTLMin = 500 * time.Millisecond

// releaseWaitMax bounds the release at shutdown.
const releaseWaitMax = time.Second

// ErrLost stops a holder that could not renew its lease in time, or whose
// renewal found the key taken.
var ErrLost = errors.New("lease: lost; another holder may have it now")

// Config names a lease and its holder.
type Config struct {
	// Bucket is the key-value bucket, created if missing; Key the one key
	// in it whose value names the holder.
	Bucket, Key string
	// Holder is this process's name, written as the key's value.
	Holder string
	// TTL is how long the lease outlives its last renewal. At least TTLMin.
	TTL time.Duration
	// Replicas of the bucket: 1 on one node, 3 in a cluster.
	Replicas int
	// ReplicasFlag names the setting Replicas came from, for the refusal
	// of a bucket at another count (default -kv-replicas).
	ReplicasFlag string
	// Logger receives campaign and renewal failures; nil discards them.
	Logger *zap.Logger
}

// Lease is one process's claim on a lease. Acquire, Hold and Release are
// called in that order from one goroutine.
type Lease struct {
	cfg Config
	kv  jetstream.KeyValue
	log *zap.Logger
	// rev is the key's revision this holder last wrote (0: not held), and
	// sent when that write left: the lease is safe until sent + TTL.
	rev  uint64
	sent time.Time
}

// Open creates or updates the lease's bucket, with entries that expire
// TTL after their last write.
func Open(ctx context.Context, js jetstream.JetStream, cfg Config) (*Lease, error) {
	if cfg.TTL < TTLMin {
		return nil, fmt.Errorf("lease: TTL %s is below the minimum %s", cfg.TTL, TTLMin)
	}
	if cfg.Bucket == "" || cfg.Key == "" {
		return nil, errors.New("lease: a bucket and a key are required")
	}
	if cfg.Logger == nil {
		cfg.Logger = zap.NewNop()
	}
	kv, err := natscheck.CreateOrUpdateKeyValue(ctx, js, cmp.Or(cfg.ReplicasFlag, natscheck.KVReplicasFlag), jetstream.KeyValueConfig{
		Bucket:      cfg.Bucket,
		Description: "A lease: whoever holds key " + cfg.Key + " acts.",
		History:     1,
		TTL:         cfg.TTL,
		Storage:     jetstream.FileStorage,
		Replicas:    max(cfg.Replicas, 1),
	})
	if err != nil {
		return nil, fmt.Errorf("lease: ensure bucket %s: %w", cfg.Bucket, err)
	}
	return &Lease{cfg: cfg, kv: kv, log: cfg.Logger.With(zap.String("lease", cfg.Bucket+"/"+cfg.Key))}, nil
}

// Acquire waits until this process holds the lease (true) or ctx ends
// (false, with a nil error). It tries at once, again as soon as the holder
// releases the key (a watch sees the delete), and every quarter TTL, since
// an entry that expires leaves nothing to watch.
func (l *Lease) Acquire(ctx context.Context) (bool, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var released <-chan jetstream.KeyValueEntry
	if w, err := l.kv.Watch(ctx, l.cfg.Key, jetstream.UpdatesOnly()); err == nil {
		defer func() { _ = w.Stop() }()
		released = w.Updates()
	} else {
		l.log.Warn("lease watch failed; polling only", zap.Error(err))
	}
	t := time.NewTicker(l.cfg.TTL / 4)
	defer t.Stop()
	for {
		sent := time.Now()
		rev, err := l.kv.Create(ctx, l.cfg.Key, []byte(l.cfg.Holder))
		if err == nil {
			l.rev, l.sent = rev, sent
			return true, nil
		}
		if !errors.Is(err, jetstream.ErrKeyExists) && ctx.Err() == nil {
			l.log.Warn("lease campaign", zap.Error(err))
		}
		if !nextChance(ctx, t.C, &released) {
			return false, nil
		}
	}
}

// nextChance waits for the next moment the lease may be free: a tick, or
// a delete of the key seen by the watch. It returns false when ctx ends.
func nextChance(ctx context.Context, tick <-chan time.Time, released *<-chan jetstream.KeyValueEntry) bool {
	for {
		select {
		case <-ctx.Done():
			return false
		case <-tick:
			return true
		case e, ok := <-*released:
			switch {
			case !ok:
				*released = nil // the watch ended; the ticker remains
			case e != nil && e.Operation() != jetstream.KeyValuePut:
				return true
			}
		}
	}
}

// Hold renews the lease every third of its TTL until ctx ends, then
// releases it and returns nil; or until a renewal is refused, or none
// succeeded for a TTL, and returns ErrLost: by then the bucket may have
// expired the entry and another process taken it.
func (l *Lease) Hold(ctx context.Context) error {
	if l.rev == 0 {
		return errors.New("lease: Hold without Acquire")
	}
	ttl := l.cfg.TTL
	t := time.NewTicker(ttl / 3)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			l.Release()
			return nil
		case <-t.C:
		}
		if time.Since(l.sent) >= ttl {
			l.rev = 0
			return fmt.Errorf("%w: no renewal succeeded for %s", ErrLost, ttl)
		}
		try := time.Now()
		rctx, cancel := context.WithDeadline(ctx, l.sent.Add(ttl))
		next, err := l.kv.Update(rctx, l.cfg.Key, []byte(l.cfg.Holder), l.rev)
		cancel()
		switch {
		case err == nil:
			l.rev, l.sent = next, try
		case errors.Is(err, jetstream.ErrKeyExists), errors.Is(err, jetstream.ErrKeyNotFound):
			l.rev = 0
			return fmt.Errorf("%w: renewal refused: %v", ErrLost, err)
		case ctx.Err() == nil:
			l.log.Warn("lease renewal failed; retrying", zap.Error(err))
		}
	}
}

// Release deletes the key if this process still holds it, so that another
// takes over at once instead of after the TTL. It is a no-op when the
// lease is not held.
func (l *Lease) Release() {
	if l.rev == 0 {
		return
	}
	rev := l.rev
	l.rev = 0
	ctx, cancel := context.WithTimeout(context.Background(), releaseWaitMax)
	defer cancel()
	if err := l.kv.Delete(ctx, l.cfg.Key, jetstream.LastRevision(rev)); err != nil {
		l.log.Warn("lease not released; it expires by itself", zap.Error(err))
		return
	}
	l.log.Info("lease released")
}
