package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/nats-io/nats.go/jetstream"
)

// Attempt is one signed transaction for a hot-key nonce: the first, or a
// re-priced replacement.
type Attempt struct {
	Hash   string        `json:"hash"`
	Raw    hexutil.Bytes `json:"raw"`
	TipCap string        `json:"tipCap"`
	FeeCap string        `json:"feeCap"`
	At     time.Time     `json:"at"`
}

// Nonce is the write-ahead record of one hot-key nonce: the transaction it
// carries and every signed attempt, written before that attempt is
// broadcast.
type Nonce struct {
	Nonce    uint64    `json:"nonce"`
	TxID     string    `json:"txId"`
	Seq      uint64    `json:"seq"`
	Wallet   string    `json:"wallet"`
	Kind     string    `json:"kind"`
	Gas      uint64    `json:"gas"`
	Attempts []Attempt `json:"attempts"`
	// Noop marks a filler: a transfer of nothing to the hot key that
	// spends a nonce whose transaction could not be sent.
	Noop bool `json:"noop,omitempty"`
}

func nonceKey(n uint64) string { return "nonce." + strconv.FormatUint(n, 10) }

// CreateNonce writes the record of a nonce that has none: ErrExists if
// another worker assigned it (the caller is no longer the only worker).
func (s *Store) CreateNonce(ctx context.Context, n *Nonce) (uint64, error) {
	b, _ := json.Marshal(n)
	rev, err := s.worker.Create(ctx, nonceKey(n.Nonce), b)
	if err != nil {
		if casConflict(err) {
			return 0, ErrExists
		}
		return 0, fmt.Errorf("store: nonce %d: %w", n.Nonce, err)
	}
	return rev, nil
}

// UpdateNonce rewrites a nonce's record if it is still at rev: ErrConflict
// if another worker changed it.
func (s *Store) UpdateNonce(ctx context.Context, n *Nonce, rev uint64) (uint64, error) {
	b, _ := json.Marshal(n)
	next, err := s.worker.Update(ctx, nonceKey(n.Nonce), b, rev)
	if err != nil {
		if casConflict(err) {
			return 0, ErrConflict
		}
		return 0, fmt.Errorf("store: nonce %d: %w", n.Nonce, err)
	}
	return next, nil
}

// DeleteNonce removes a finished nonce's record.
func (s *Store) DeleteNonce(ctx context.Context, n uint64) error {
	if err := s.worker.Delete(ctx, nonceKey(n)); err != nil && !errors.Is(err, jetstream.ErrKeyNotFound) {
		return fmt.Errorf("store: delete nonce %d: %w", n, err)
	}
	return nil
}

// NonceEntry is a nonce record and its revision.
type NonceEntry struct {
	N   *Nonce
	Rev uint64
}

// Nonces returns every nonce record, in nonce order.
func (s *Store) Nonces(ctx context.Context) ([]NonceEntry, error) {
	lister, err := s.worker.ListKeysFiltered(ctx, "nonce.*")
	if err != nil {
		return nil, fmt.Errorf("store: list nonces: %w", err)
	}
	var keys []string
	for k := range lister.Keys() {
		keys = append(keys, k)
	}
	// The lister stops by itself after the last key; stopping it again
	// only reports that.
	_ = lister.Stop()
	var out []NonceEntry
	for _, k := range keys {
		e, err := s.worker.Get(ctx, k)
		if errors.Is(err, jetstream.ErrKeyNotFound) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("store: %s: %w", k, err)
		}
		var n Nonce
		if err := json.Unmarshal(e.Value(), &n); err != nil {
			return nil, fmt.Errorf("store: %s does not decode: %w", k, err)
		}
		out = append(out, NonceEntry{&n, e.Revision()})
	}
	slices.SortFunc(out, func(a, b NonceEntry) int {
		switch {
		case a.N.Nonce < b.N.Nonce:
			return -1
		case a.N.Nonce > b.N.Nonce:
			return 1
		}
		return 0
	})
	return out, nil
}
