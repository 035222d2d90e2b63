package lease

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// TestCheckUnheld: acting alone is refused while a process holds the
// lease, naming the holder and the flag, and allowed before the bucket
// exists and once the lease is released.
func TestCheckUnheld(t *testing.T) {
	t.Parallel()
	js := newJS(t)
	ctx, cancel := context.WithTimeout(context.Background(), waitMax)
	defer cancel()
	if err := CheckUnheld(ctx, js, "TEST_LEASE", "holder", "-lease-ttl"); err != nil {
		t.Fatalf("no bucket yet: %v", err)
	}
	l := open(t, js, "engine-a", time.Hour)
	if err := CheckUnheld(ctx, js, "TEST_LEASE", "holder", "-lease-ttl"); err != nil {
		t.Fatalf("nobody holds it yet: %v", err)
	}
	mustWin(t, acquireAsync(t, ctx, l), "engine-a")
	err := CheckUnheld(ctx, js, "TEST_LEASE", "holder", "-lease-ttl")
	if !errors.Is(err, ErrHeld) || !strings.Contains(err.Error(), "engine-a holds the lease") || !strings.Contains(err.Error(), "start it with -lease-ttl") {
		t.Fatalf("held by engine-a: %v, want ErrHeld naming the holder and -lease-ttl", err)
	}
	l.Release()
	if err := CheckUnheld(ctx, js, "TEST_LEASE", "holder", "-lease-ttl"); err != nil {
		t.Fatalf("released: %v", err)
	}
}
