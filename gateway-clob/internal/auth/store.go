package auth

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/google/uuid"
	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/errcode"
	"pred.dev/proto/journal"
	"pred.dev/proto/runtime/leaderread"
	"pred.dev/proto/runtime/natscheck"
)

// keysPerAddressMax bounds GET /auth/api-keys and the index scan behind it.
const keysPerAddressMax = 1000

// ActiveKeysPerScopeMax is how many active API keys one wallet may hold in
// one scope. Every POST /auth/api-key makes a new key, so the cap keeps a
// client that creates a key per session from piling them up: past it,
// creation answers API_KEY_LIMIT_REACHED until a key is revoked. Replicas
// count from the shared bucket, so two creates racing on two replicas can
// pass the cap by one each; the cap bounds growth, not an exact count.
const ActiveKeysPerScopeMax = 20

// revokeRetriesMax bounds optimistic-concurrency retries of a revoke that
// races another write to the same record.
const revokeRetriesMax = 8

// KeyRecord is what the exchange stores about an API key. Secrets are
// never stored: they are derived again from the id.
type KeyRecord struct {
	KeyID     string `json:"keyId"`
	Address   string `json:"address"` // 0x checksummed EOA
	Scope     string `json:"scope"`
	CreatedAt int64  `json:"createdAt"`
	Revoked   bool   `json:"revoked"`
	RevokedAt int64  `json:"revokedAt,omitempty"`
	// revision is the record's position in the bucket's stream, read
	// back from KV: unlike CreatedAt (seconds) it orders two keys created
	// in one second, on any replica.
	revision uint64
}

// KeyStore keeps key records in NATS KV. Records live at "k.<key id>";
// "a.<address hex>.<key id>" entries index them by owner for listing.
type KeyStore struct {
	kv jetstream.KeyValue
}

// OpenKeyStore creates the bucket if needed. History 1 is enough: a record
// only ever moves from active to revoked.
func OpenKeyStore(ctx context.Context, js jetstream.JetStream, replicas int) (*KeyStore, error) {
	kv, err := natscheck.CreateOrUpdateKeyValue(ctx, js, natscheck.KVReplicasFlag, jetstream.KeyValueConfig{
		Bucket:      journal.ClobKeyBucket,
		Description: "CLOB API key records (no secrets)",
		Storage:     jetstream.FileStorage,
		Replicas:    replicas,
	})
	if err != nil {
		return nil, fmt.Errorf("auth: open %s: %w", journal.ClobKeyBucket, err)
	}
	// Reads go to the bucket's leader: a key created or revoked through
	// one gateway replica is used next through the other, and a direct
	// get may be answered by a follower that has not stored it yet.
	return &KeyStore{kv: leaderread.WrapKV(js, kv)}, nil
}

func recordKey(id string) string { return "k." + id }

func indexKey(addr, id string) string {
	return "a." + strings.ToLower(strings.TrimPrefix(addr, "0x")) + "." + id
}

// Create stores rec if its key id is new. Creating an existing active key
// returns the stored record (creation is idempotent, since the id and
// secrets are deterministic); an existing revoked key is refused with
// API_KEY_REVOKED, because reviving it would revive its old secret.
func (s *KeyStore) Create(ctx context.Context, rec KeyRecord) (KeyRecord, error) {
	data, err := json.Marshal(rec)
	if err != nil {
		return KeyRecord{}, err
	}
	if _, err := s.kv.Create(ctx, recordKey(rec.KeyID), data); err != nil {
		if !errors.Is(err, jetstream.ErrKeyExists) {
			return KeyRecord{}, fmt.Errorf("auth: store key: %w", err)
		}
		existing, err := s.Get(ctx, rec.KeyID)
		if err != nil {
			return KeyRecord{}, err
		}
		if existing.Revoked {
			return KeyRecord{}, errcode.New(errcode.APIKeyRevoked)
		}
		rec = existing
	}
	// The index entry is written after the record so that a listed key
	// always has a record; a crash in between leaves an unlisted key,
	// which the next create of the same key repairs.
	if _, err := s.kv.Put(ctx, indexKey(rec.Address, rec.KeyID), nil); err != nil {
		return KeyRecord{}, fmt.Errorf("auth: index key: %w", err)
	}
	return rec, nil
}

// ErrKeyNotFound means no record exists for a key id.
var ErrKeyNotFound = errors.New("auth: no such API key")

// Get reads a key record from the bucket's stream leader, so a create or
// revoke acknowledged on any replica is seen by the next request on every
// replica.
func (s *KeyStore) Get(ctx context.Context, id string) (KeyRecord, error) {
	rec, _, err := s.get(ctx, id)
	return rec, err
}

func (s *KeyStore) get(ctx context.Context, id string) (KeyRecord, uint64, error) {
	e, err := s.kv.Get(ctx, recordKey(id))
	if err != nil {
		if errors.Is(err, jetstream.ErrKeyNotFound) || errors.Is(err, jetstream.ErrKeyDeleted) {
			return KeyRecord{}, 0, ErrKeyNotFound
		}
		return KeyRecord{}, 0, fmt.Errorf("auth: read key: %w", err)
	}
	var rec KeyRecord
	if err := json.Unmarshal(e.Value(), &rec); err != nil {
		return KeyRecord{}, 0, fmt.Errorf("auth: key record %s: %w", id, err)
	}
	rec.revision = e.Revision()
	return rec, e.Revision(), nil
}

// Revoke marks a key revoked. Revoking a revoked key is a no-op.
func (s *KeyStore) Revoke(ctx context.Context, id string, now time.Time) (KeyRecord, error) {
	for range revokeRetriesMax {
		rec, rev, err := s.get(ctx, id)
		if err != nil {
			return KeyRecord{}, err
		}
		if rec.Revoked {
			return rec, nil
		}
		rec.Revoked, rec.RevokedAt = true, now.Unix()
		data, err := json.Marshal(rec)
		if err != nil {
			return KeyRecord{}, err
		}
		if _, err := s.kv.Update(ctx, recordKey(id), data, rev); err != nil {
			if isWrongRevision(err) {
				continue
			}
			return KeyRecord{}, fmt.Errorf("auth: revoke key: %w", err)
		}
		// The record is authoritative; a leftover index entry is skipped
		// by List, so a failed delete is harmless.
		_ = s.kv.Delete(ctx, indexKey(rec.Address, id))
		return rec, nil
	}
	return KeyRecord{}, fmt.Errorf("auth: revoke key %s: too many concurrent updates", id)
}

func isWrongRevision(err error) bool {
	return errors.Is(err, jetstream.ErrKeyRevisionMismatch)
}

// List returns the active keys of an address, oldest first. The index is
// listed through a consumer, which the server may place on a follower: a
// key created through another replica an instant ago can be missing from
// the list (never from Get); the API document says so.
func (s *KeyStore) List(ctx context.Context, addr common.Address) ([]KeyRecord, error) {
	prefix := "a." + strings.ToLower(strings.TrimPrefix(addr.Hex(), "0x")) + "."
	lister, err := s.kv.ListKeysFiltered(ctx, prefix+"*")
	if err != nil {
		return nil, fmt.Errorf("auth: list keys: %w", err)
	}
	var ids []string
	for k := range lister.Keys() {
		if len(ids) < keysPerAddressMax {
			ids = append(ids, strings.TrimPrefix(k, prefix))
		}
	}
	var out []KeyRecord
	for _, id := range ids {
		rec, err := s.Get(ctx, id)
		if errors.Is(err, ErrKeyNotFound) {
			continue
		}
		if err != nil {
			return nil, err
		}
		if !rec.Revoked {
			out = append(out, rec)
		}
	}
	sortRecords(out)
	return out, nil
}

// ActiveInScope returns the active keys of an address in one scope, oldest
// first.
func (s *KeyStore) ActiveInScope(ctx context.Context, addr common.Address, scope string) ([]KeyRecord, error) {
	recs, err := s.List(ctx, addr)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(recs, func(r KeyRecord) bool { return r.Scope != scope }), nil
}

// sortRecords orders active records by creation: a record is written once
// when created and again only when revoked, so the revision of an active
// record is its creation order.
func sortRecords(rs []KeyRecord) {
	slices.SortFunc(rs, func(a, b KeyRecord) int { return cmp.Compare(a.revision, b.revision) })
}

// ParseKeyID parses an API key as sent in PRED_API_KEY or an order's
// owner field. Only the form the API issues is accepted: a lowercase
// hyphenated UUID.
func ParseKeyID(s string) (uuid.UUID, bool) {
	id, err := uuid.Parse(s)
	return id, err == nil && id.String() == s
}
