package leaderread

import (
	"context"
	"fmt"
	"sync"

	"github.com/nats-io/nats.go/jetstream"
)

// Watch keeps a replica's copy of a KV bucket current: it hands every
// entry of the bucket, the current values first, then each change, to
// the copy's apply function, in revision order on one goroutine, and
// counts the revisions applied, so that a reader can wait until the copy
// has reached one (a Fence's sequence, or a writer's own revision).
//
// The copy itself (its maps, its lock) is the caller's: apply must have
// finished its change, visible to readers, when it returns, since the
// revision counts as applied from then on.
type Watch struct {
	watcher jetstream.KeyWatcher
	stopped chan struct{}
	ready   chan struct{} // closed once the initial values are applied

	// mu is read by every request that waits (a CLOB order's key
	// check among them): readers share it.
	mu      sync.RWMutex
	rev     uint64        // the highest revision applied
	changed chan struct{} // closed and replaced on every applied entry
}

// StartWatch watches every key of kv and returns once its current values
// are applied (or ctx ends, when it stops the watch).
func StartWatch(ctx context.Context, kv jetstream.KeyValue, apply func(jetstream.KeyValueEntry)) (*Watch, error) {
	// The whole bucket, bookkeeping keys included: a fence names the
	// stream's last sequence, which may be any key's.
	kw, err := kv.WatchAll(context.Background())
	if err != nil {
		return nil, fmt.Errorf("leaderread: watch %s: %w", kv.Bucket(), err)
	}
	w := &Watch{watcher: kw, stopped: make(chan struct{}), ready: make(chan struct{}), changed: make(chan struct{})}
	go w.run(apply)
	select {
	case <-w.ready:
		return w, nil
	case <-ctx.Done():
		w.Stop()
		return nil, fmt.Errorf("leaderread: initial load of %s: %w", kv.Bucket(), ctx.Err())
	}
}

func (w *Watch) run(apply func(jetstream.KeyValueEntry)) {
	defer close(w.stopped)
	readyOnce := sync.OnceFunc(func() { close(w.ready) })
	for e := range w.watcher.Updates() {
		if e == nil {
			readyOnce() // the initial values are all delivered
			continue
		}
		apply(e)
		w.mu.Lock()
		w.rev = max(w.rev, e.Revision())
		close(w.changed)
		w.changed = make(chan struct{})
		w.mu.Unlock()
	}
}

// Stop ends the watch and waits for its goroutine.
func (w *Watch) Stop() {
	_ = w.watcher.Stop()
	<-w.stopped
}

// Ready reports whether the initial values are applied.
func (w *Watch) Ready() bool {
	select {
	case <-w.ready:
		return true
	default:
		return false
	}
}

// Revision returns the highest revision applied.
func (w *Watch) Revision() uint64 {
	w.mu.RLock()
	defer w.mu.RUnlock()
	return w.rev
}

// Changed returns a channel closed when the next entry is applied.
func (w *Watch) Changed() <-chan struct{} {
	w.mu.RLock()
	defer w.mu.RUnlock()
	return w.changed
}

// WaitFor returns once revision rev is applied, or ctx's error.
func (w *Watch) WaitFor(ctx context.Context, rev uint64) error {
	for {
		w.mu.RLock()
		done, ch := w.rev >= rev, w.changed
		w.mu.RUnlock()
		if done {
			return nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return fmt.Errorf("leaderread: the copy did not reach revision %d: %w", rev, ctx.Err())
		}
	}
}
