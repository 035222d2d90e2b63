package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"pred.dev/proto/journal"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/client/relayerapi"
)

// Record is a transaction the worker has decided: the wire transaction
// and what the worker needs of it.
type Record struct {
	Tx relayerapi.Transaction `json:"tx"`
	// Seq is the queue message it came from.
	Seq uint64 `json:"seq"`
	// HotNonce is the hot key's nonce that carries it, once assigned.
	HotNonce *uint64 `json:"hotNonce,omitempty"`
	// BlockHash is the block that holds it, from MINED on.
	BlockHash string `json:"blockHash,omitempty"`
	// MinedAt is when the worker saw it mined.
	MinedAt time.Time `json:"minedAt,omitzero"`
}

func txKey(id string) string { return journal.RelayerTxKeyPrefix + id }

// Record returns the record of id and its revision.
func (s *Store) Record(ctx context.Context, id string) (*Record, uint64, error) {
	e, err := s.txs.Get(ctx, txKey(id))
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return nil, 0, ErrNotFound
	}
	if err != nil {
		return nil, 0, fmt.Errorf("store: record %s: %w", id, err)
	}
	var r Record
	if err := json.Unmarshal(e.Value(), &r); err != nil {
		return nil, 0, fmt.Errorf("store: record %s does not decode: %w", id, err)
	}
	return &r, e.Revision(), nil
}

// Lookup returns the transaction id, decided (its record) or queued
// (NEW), and its queue sequence (0 if unknown).
func (s *Store) Lookup(ctx context.Context, id string) (relayerapi.Transaction, error) {
	r, _, err := s.Record(ctx, id)
	if err == nil {
		return r.Tx, nil
	}
	if !errors.Is(err, ErrNotFound) {
		return relayerapi.Transaction{}, err
	}
	sub, _, err := s.Queued(ctx, id)
	if err != nil {
		return relayerapi.Transaction{}, err
	}
	return sub.Transaction(), nil
}

// Advance applies mutate to the record of id, creating it from zero when
// missing, with compare-and-set retries. mutate returns false to leave
// the record as it is (a state never moves back: see relayerapi.State.Rank).
func (s *Store) Advance(ctx context.Context, id string, mutate func(r *Record, exists bool) bool) (*Record, error) {
	for range casAttemptsMax {
		r, rev, err := s.Record(ctx, id)
		exists := err == nil
		switch {
		case errors.Is(err, ErrNotFound):
			r = &Record{}
		case err != nil:
			return nil, err
		}
		if !mutate(r, exists) {
			return r, nil
		}
		b, err := json.Marshal(r)
		if err != nil {
			return nil, err
		}
		if exists {
			_, err = s.txs.Update(ctx, txKey(id), b, rev)
		} else {
			_, err = s.txs.Create(ctx, txKey(id), b)
		}
		if err == nil {
			return r, nil
		}
		if !casConflict(err) {
			return nil, fmt.Errorf("store: write record %s: %w", id, err)
		}
	}
	return nil, ErrContended
}

func casConflict(err error) bool {
	return errors.Is(err, jetstream.ErrKeyExists) || errors.Is(err, jetstream.ErrKeyRevisionMismatch) || wrongLastSeq(err)
}
