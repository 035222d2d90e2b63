package store

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/nats-io/nats.go/jetstream"
)

const cursorKey = "cursor"

// Cursor returns the queue sequence below which every submission is
// decided (1 at first).
func (s *Store) Cursor(ctx context.Context) (uint64, error) {
	e, err := s.worker.Get(ctx, cursorKey)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return 1, nil
	}
	if err != nil {
		return 0, fmt.Errorf("store: cursor: %w", err)
	}
	return strconv.ParseUint(string(e.Value()), 10, 64)
}

// SetCursor records the queue position.
func (s *Store) SetCursor(ctx context.Context, seq uint64) error {
	if _, err := s.worker.Put(ctx, cursorKey, []byte(strconv.FormatUint(seq, 10))); err != nil {
		return fmt.Errorf("store: cursor: %w", err)
	}
	return nil
}
