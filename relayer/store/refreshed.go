package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/nats-io/nats.go/jetstream"
)

// Refreshed reports whether Gamma has refreshed (and so retired) the
// token with this jti.
func (s *Store) Refreshed(ctx context.Context, jti string) (bool, error) {
	_, err := s.refreshed.Get(ctx, "j."+jti)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, jetstream.ErrKeyNotFound):
		return false, nil
	}
	return false, fmt.Errorf("store: %s: %w", RefreshedBucket, err)
}
