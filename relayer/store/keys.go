package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/client/relayerapi"
)

// KeyRecord is a relayer key.
type KeyRecord = relayerapi.APIKey

func keyKey(apiKey string) string { return "key." + apiKey }
func addrKey(addr string) string  { return "addr." + strings.ToLower(addr) }

// CreateKey stores a new key unless its address has max keys already
// (ErrKeyLimit). The key record is written first and the address's list
// second, so a key is listed only once it authenticates.
func (s *Store) CreateKey(ctx context.Context, k KeyRecord, max int) error {
	b, _ := json.Marshal(k)
	if _, err := s.keys.Create(ctx, keyKey(k.APIKey), b); err != nil {
		return fmt.Errorf("store: create key: %w", err)
	}
	err := s.updateKeyList(ctx, k.Address, func(keys []string) ([]string, error) {
		if len(keys) >= max {
			return nil, ErrKeyLimit
		}
		return append(keys, k.APIKey), nil
	})
	if err != nil {
		_ = s.keys.Delete(ctx, keyKey(k.APIKey))
		return err
	}
	return nil
}

func (s *Store) updateKeyList(ctx context.Context, addr string, f func([]string) ([]string, error)) error {
	key := addrKey(addr)
	for range casAttemptsMax {
		var keys []string
		var rev uint64
		e, err := s.keys.Get(ctx, key)
		switch {
		case err == nil:
			rev = e.Revision()
			if err := json.Unmarshal(e.Value(), &keys); err != nil {
				return fmt.Errorf("store: %s does not decode: %w", key, err)
			}
		case !errors.Is(err, jetstream.ErrKeyNotFound):
			return fmt.Errorf("store: %s: %w", key, err)
		}
		next, err := f(keys)
		if err != nil {
			return err
		}
		b, _ := json.Marshal(next)
		if rev == 0 {
			_, err = s.keys.Create(ctx, key, b)
		} else {
			_, err = s.keys.Update(ctx, key, b, rev)
		}
		if err == nil {
			return nil
		}
		if !casConflict(err) {
			return fmt.Errorf("store: %s: %w", key, err)
		}
	}
	return ErrContended
}

// Key returns the key record of apiKey.
func (s *Store) Key(ctx context.Context, apiKey string) (*KeyRecord, error) {
	e, err := s.keys.Get(ctx, keyKey(apiKey))
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: key: %w", err)
	}
	var k KeyRecord
	if err := json.Unmarshal(e.Value(), &k); err != nil {
		return nil, fmt.Errorf("store: key does not decode: %w", err)
	}
	return &k, nil
}

// Keys returns addr's keys in creation order.
func (s *Store) Keys(ctx context.Context, addr string) ([]KeyRecord, error) {
	e, err := s.keys.Get(ctx, addrKey(addr))
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return []KeyRecord{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("store: keys: %w", err)
	}
	var ids []string
	if err := json.Unmarshal(e.Value(), &ids); err != nil {
		return nil, fmt.Errorf("store: keys do not decode: %w", err)
	}
	out := []KeyRecord{}
	for _, id := range ids {
		k, err := s.Key(ctx, id)
		if errors.Is(err, ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, err
		}
		out = append(out, *k)
	}
	return out, nil
}

// RevokeKey deletes one of addr's keys: ErrNotFound if addr has no such
// key. The key stops authenticating at once (its record goes first).
func (s *Store) RevokeKey(ctx context.Context, addr, apiKey string) error {
	k, err := s.Key(ctx, apiKey)
	if err != nil {
		return err
	}
	if !strings.EqualFold(k.Address, addr) {
		return ErrNotFound
	}
	if err := s.keys.Delete(ctx, keyKey(apiKey)); err != nil {
		return fmt.Errorf("store: revoke: %w", err)
	}
	return s.updateKeyList(ctx, addr, func(keys []string) ([]string, error) {
		return slices.DeleteFunc(keys, func(k string) bool { return k == apiKey }), nil
	})
}
