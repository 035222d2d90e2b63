// Package catalog is the Gamma API's catalogue: events, markets, tags,
// games, scores and profiles.
//
// The catalogue is durable in one NATS KV bucket (see README.md, "Where
// the catalogue lives"). Writes go to the bucket with compare-and-set;
// reads never touch it: each gateway replica keeps a View, an in-memory
// copy fed by a watch of the whole bucket, and answers every GET from it.
// A writer waits until its own replica's view has applied the revision
// it wrote before answering, so a client reads its own writes; other
// replicas converge within the watch's delivery delay.
package catalog

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/journal"
	"pred.dev/proto/runtime/leaderread"
	"pred.dev/proto/runtime/natscheck"
)

// Key prefixes of the bucket. Every key is <prefix>.<name>.
const (
	prefixEvent   = "event"
	prefixMarket  = "market"
	prefixGame    = "game"
	prefixScores  = "scores"
	prefixProfile = "profile"
	prefixTag     = "tag"
	prefixSlug    = "slug"
	prefixSeq     = "seq"
)

// casRetriesMax bounds the compare-and-set loops of concurrent writers.
const casRetriesMax = 16

// Store writes the catalogue. It is safe for concurrent use, across
// replicas too: every write is a compare-and-set on the KV revision.
type Store struct {
	kv jetstream.KeyValue
}

// Open creates the bucket if it is missing and returns its store.
func Open(ctx context.Context, js jetstream.JetStream, replicas int) (*Store, error) {
	if replicas <= 0 {
		replicas = 1
	}
	kv, err := natscheck.CreateOrUpdateKeyValue(ctx, js, natscheck.KVReplicasFlag, jetstream.KeyValueConfig{
		Bucket:      journal.GammaCatalogBucket,
		Description: "Gamma catalogue: events, markets, games, scores, profiles",
		History:     1,
		Storage:     jetstream.FileStorage,
		Replicas:    replicas,
	})
	if err != nil {
		return nil, fmt.Errorf("catalog: open bucket %s: %w", journal.GammaCatalogBucket, err)
	}
	// The writers' reads (counters, slugs, the record a compare-and-set
	// updates) go to the leader; a follower's stale revision would only
	// fail the compare-and-set, again and again while it lags.
	return &Store{kv: leaderread.WrapKV(js, kv)}, nil
}

// KV returns the bucket, for the view's watch.
func (s *Store) KV() jetstream.KeyValue { return s.kv }

func key(prefix, name string) string { return prefix + "." + name }

// NextID allocates the next id of a kind ("event", "market", "game"):
// 1, 2, 3, ... shared by every replica.
func (s *Store) NextID(ctx context.Context, kind string) (string, error) {
	k := key(prefixSeq, kind)
	for range casRetriesMax {
		e, err := s.kv.Get(ctx, k)
		switch {
		case errors.Is(err, jetstream.ErrKeyNotFound):
			if _, err := s.kv.Create(ctx, k, []byte("1")); err == nil {
				return "1", nil
			} else if !errors.Is(err, jetstream.ErrKeyExists) {
				return "", unavailable(err)
			}
			continue
		case err != nil:
			return "", unavailable(err)
		}
		n, err := strconv.ParseUint(string(e.Value()), 10, 64)
		if err != nil {
			return "", fmt.Errorf("catalog: counter %s holds %q", k, e.Value())
		}
		next := strconv.FormatUint(n+1, 10)
		if _, err := s.kv.Update(ctx, k, []byte(next), e.Revision()); err == nil {
			return next, nil
		} else if !isConflict(err) {
			return "", unavailable(err)
		}
	}
	return "", errcode.Errorf(errcode.Conflict, "too many concurrent writers allocating a %s id: retry", kind)
}

// ReserveSlug claims a slug of a kind ("event", "market") for id. A slug
// is claimed once and forever: it stays a valid lookup key.
func (s *Store) ReserveSlug(ctx context.Context, kind, slug, id string) error {
	_, err := s.kv.Create(ctx, key(prefixSlug, kind+"."+slug), []byte(id))
	switch {
	case errors.Is(err, jetstream.ErrKeyExists):
		e, gerr := s.kv.Get(ctx, key(prefixSlug, kind+"."+slug))
		if gerr == nil && string(e.Value()) == id {
			return nil // a retry of the same write
		}
		return errcode.Errorf(errcode.SlugTaken, "the %s slug %q is taken: choose another", kind, slug)
	case err != nil:
		return unavailable(err)
	}
	return nil
}

// ReleaseSlug frees a slug whose record was never written.
func (s *Store) ReleaseSlug(ctx context.Context, kind, slug string) {
	_ = s.kv.Delete(ctx, key(prefixSlug, kind+"."+slug))
}

// SlugOwner returns the id a slug was reserved for, if any.
func (s *Store) SlugOwner(ctx context.Context, kind, slug string) (string, bool, error) {
	e, err := s.kv.Get(ctx, key(prefixSlug, kind+"."+slug))
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return "", false, nil
	}
	if err != nil {
		return "", false, unavailable(err)
	}
	return string(e.Value()), true, nil
}

// Create writes a new record; it fails with CONFLICT if the key exists.
func (s *Store) create(ctx context.Context, k string, v any) (uint64, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return 0, err
	}
	rev, err := s.kv.Create(ctx, k, b)
	if errors.Is(err, jetstream.ErrKeyExists) {
		return 0, errcode.Errorf(errcode.Conflict, "%s exists already", k)
	}
	if err != nil {
		return 0, unavailable(err)
	}
	return rev, nil
}

// update reads the record at k into a fresh T, lets change modify it and
// writes it back with compare-and-set, retrying on a concurrent write.
// A missing key is notFound.
func update[T any](ctx context.Context, s *Store, k string, notFound errcode.Code, change func(*T) error) (*T, uint64, error) {
	for range casRetriesMax {
		e, err := s.kv.Get(ctx, k)
		if errors.Is(err, jetstream.ErrKeyNotFound) {
			return nil, 0, errcode.New(notFound)
		}
		if err != nil {
			return nil, 0, unavailable(err)
		}
		v := new(T)
		if err := json.Unmarshal(e.Value(), v); err != nil {
			return nil, 0, fmt.Errorf("catalog: %s: %w", k, err)
		}
		if err := change(v); err != nil {
			return nil, 0, err
		}
		b, err := json.Marshal(v)
		if err != nil {
			return nil, 0, err
		}
		rev, err := s.kv.Update(ctx, k, b, e.Revision())
		if err == nil {
			return v, rev, nil
		}
		if !isConflict(err) {
			return nil, 0, unavailable(err)
		}
	}
	return nil, 0, errcode.Errorf(errcode.Conflict, "too many concurrent writers of %s: retry", k)
}

// upsert is update that creates the record with init when it is missing.
func upsert[T any](ctx context.Context, s *Store, k string, init func() *T, change func(*T) error) (*T, uint64, error) {
	for range casRetriesMax {
		e, err := s.kv.Get(ctx, k)
		var v *T
		var rev uint64
		switch {
		case errors.Is(err, jetstream.ErrKeyNotFound):
			v = init()
		case err != nil:
			return nil, 0, unavailable(err)
		default:
			v = new(T)
			if err := json.Unmarshal(e.Value(), v); err != nil {
				return nil, 0, fmt.Errorf("catalog: %s: %w", k, err)
			}
			rev = e.Revision()
		}
		if err := change(v); err != nil {
			return nil, 0, err
		}
		b, err := json.Marshal(v)
		if err != nil {
			return nil, 0, err
		}
		var newRev uint64
		if rev == 0 {
			newRev, err = s.kv.Create(ctx, k, b)
		} else {
			newRev, err = s.kv.Update(ctx, k, b, rev)
		}
		if err == nil {
			return v, newRev, nil
		}
		if !isConflict(err) && !errors.Is(err, jetstream.ErrKeyExists) {
			return nil, 0, unavailable(err)
		}
	}
	return nil, 0, errcode.Errorf(errcode.Conflict, "too many concurrent writers of %s: retry", k)
}

// CreateEvent writes a new event record (its slug must be reserved).
func (s *Store) CreateEvent(ctx context.Context, r *EventRecord) (uint64, error) {
	return s.create(ctx, key(prefixEvent, r.ID), r)
}

// UpdateEvent changes an event with compare-and-set.
func (s *Store) UpdateEvent(ctx context.Context, id string, change func(*EventRecord) error) (*EventRecord, uint64, error) {
	return update(ctx, s, key(prefixEvent, id), errcode.EventNotFound, change)
}

// CreateMarket writes a new market record (its slug must be reserved).
func (s *Store) CreateMarket(ctx context.Context, r *MarketRecord) (uint64, error) {
	return s.create(ctx, key(prefixMarket, r.ID), r)
}

// UpdateMarket changes a market with compare-and-set.
func (s *Store) UpdateMarket(ctx context.Context, id string, change func(*MarketRecord) error) (*MarketRecord, uint64, error) {
	return update(ctx, s, key(prefixMarket, id), errcode.MarketNotFound, change)
}

// CreateGame writes a new game record.
func (s *Store) CreateGame(ctx context.Context, g *gammaapi.Game) (uint64, error) {
	return s.create(ctx, key(prefixGame, g.ID), g)
}

// UpdateGame changes a game with compare-and-set.
func (s *Store) UpdateGame(ctx context.Context, id string, change func(*gammaapi.Game) error) (*gammaapi.Game, uint64, error) {
	return update(ctx, s, key(prefixGame, id), errcode.GameNotFound, change)
}

// PutScores writes the score feed's state of a game.
func (s *Store) PutScores(ctx context.Context, sc *gammaapi.GameScores) (uint64, error) {
	b, err := json.Marshal(sc)
	if err != nil {
		return 0, err
	}
	rev, err := s.kv.Put(ctx, key(prefixScores, sc.FixtureID), b)
	if err != nil {
		return 0, unavailable(err)
	}
	return rev, nil
}

// CreateTag writes a new tag record (its slug must be reserved).
func (s *Store) CreateTag(ctx context.Context, t *gammaapi.Tag) (uint64, error) {
	return s.create(ctx, key(prefixTag, t.ID), t)
}

// UpdateTag changes a tag with compare-and-set.
func (s *Store) UpdateTag(ctx context.Context, id string, change func(*gammaapi.Tag) error) (*gammaapi.Tag, uint64, error) {
	return update(ctx, s, key(prefixTag, id), errcode.TagNotFound, change)
}

// UpsertProfile creates or changes the profile of a lowercase address.
func (s *Store) UpsertProfile(ctx context.Context, addr string, init func() *gammaapi.Profile, change func(*gammaapi.Profile) error) (*gammaapi.Profile, uint64, error) {
	return upsert(ctx, s, key(prefixProfile, addr), init, change)
}

func isConflict(err error) bool {
	var apiErr *jetstream.APIError
	if errors.As(err, &apiErr) && apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequence {
		return true
	}
	return errors.Is(err, jetstream.ErrKeyExists) || strings.Contains(err.Error(), "wrong last sequence")
}

func unavailable(err error) error {
	return errcode.Wrap(errcode.StoreUnavailable, err)
}
