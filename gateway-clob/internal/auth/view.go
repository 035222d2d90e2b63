package auth

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/google/uuid"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"

	"pred.dev/proto/errcode"
	"pred.dev/proto/journal"
	"pred.dev/proto/runtime/leaderread"
)

// FreshWaitMax bounds how long an authenticated request waits for this
// replica's key view to catch up with the bucket's leader before it
// answers ENGINE_UNAVAILABLE, as a failed key read did.
const FreshWaitMax = 2 * time.Second

// KeyView is one replica's copy of the key records, kept current by a
// watch of the key bucket, so that L2 authentication reads memory
// instead of asking the bucket's leader on every request. Reading the
// record on every request cost the CLOB bench about a sixth of its order
// rate.
//
// Fresh keeps the promise the per-request read made: a key created or
// revoked through any replica authenticates, or is refused, on every
// replica by the next request. It takes the bucket stream's last sequence
// from its leader (a fence shared by the requests that arrive together)
// and waits until the watch has applied it.
//
// It holds every key record of the bucket (revoked ones too: history 1
// keeps one record per key, and a revoked key must stay refused), about
// 150 bytes each; the bucket's size is its bound.
type KeyView struct {
	log   *zap.Logger
	fence *leaderread.Fence
	watch *leaderread.Watch

	mu   sync.RWMutex
	keys map[uuid.UUID]viewKey
}

// viewKey is what authentication reads of a key record.
type viewKey struct {
	address common.Address
	scope   string
	revoked bool
}

// StartKeyView watches the key bucket and returns once its current
// records are applied (or ctx ends).
func StartKeyView(ctx context.Context, js jetstream.JetStream, log *zap.Logger) (*KeyView, error) {
	if log == nil {
		log = zap.NewNop()
	}
	kv, err := js.KeyValue(ctx, journal.ClobKeyBucket)
	if err != nil {
		return nil, fmt.Errorf("auth: key view: %w", err)
	}
	v := &KeyView{log: log, fence: leaderread.NewFence(js, journal.BucketStream(journal.ClobKeyBucket)),
		keys: map[uuid.UUID]viewKey{}}
	if v.watch, err = leaderread.StartWatch(ctx, kv, v.apply); err != nil {
		return nil, fmt.Errorf("auth: key view: %w", err)
	}
	return v, nil
}

// Stop ends the watch.
func (v *KeyView) Stop() { v.watch.Stop() }

// apply folds one bucket entry into the view. Only key records matter;
// every entry moves the watch's revision.
func (v *KeyView) apply(e jetstream.KeyValueEntry) {
	id, isRecord := strings.CutPrefix(e.Key(), "k.")
	uid, err := uuid.Parse(id)
	isRecord = isRecord && err == nil
	key, found := viewKey{}, false
	if isRecord && e.Operation() == jetstream.KeyValuePut {
		var rec KeyRecord
		if err := json.Unmarshal(e.Value(), &rec); err != nil {
			// Not fatal: an older or newer writer's record must not take
			// every replica down. The key then fails as unknown.
			v.log.Error("unreadable API key record", zap.String("key", e.Key()), zap.Error(err))
		} else {
			key, found = viewKey{address: common.HexToAddress(rec.Address), scope: rec.Scope, revoked: rec.Revoked}, true
		}
	}
	v.mu.Lock()
	switch {
	case found:
		v.keys[uid] = key
	case isRecord:
		delete(v.keys, uid) // deleted, purged or unreadable
	}
	v.mu.Unlock()
}

// Fresh returns the key's record as of a moment after the call: every
// create or revoke acknowledged before it is seen.
func (v *KeyView) Fresh(ctx context.Context, id uuid.UUID) (viewKey, bool, error) {
	ctx, cancel := context.WithTimeout(ctx, FreshWaitMax)
	defer cancel()
	rev, err := v.fence.Seq(ctx)
	if err != nil {
		return viewKey{}, false, errcode.Wrap(errcode.EngineUnavailable, err)
	}
	if err := v.watch.WaitFor(ctx, rev); err != nil {
		return viewKey{}, false, errcode.Wrap(errcode.EngineUnavailable, fmt.Errorf("auth: key view: %w", err))
	}
	v.mu.RLock()
	defer v.mu.RUnlock()
	key, found := v.keys[id]
	return key, found, nil
}
