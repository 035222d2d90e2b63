package cluster

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"pred.dev/proto/errcode"
)

// TestRetryUnavailable retries only ENGINE_UNAVAILABLE, the one answer
// that promises nothing was appended, and gives up after its bound.
func TestRetryUnavailable(t *testing.T) {
	unavailable := fmt.Errorf("seed: %w", errcode.Errorf(errcode.EngineUnavailable, "the matching engine is unavailable"))
	calls := 0
	err := retryUnavailable(context.Background(), time.Minute, func() error {
		calls++
		if calls < 3 {
			return unavailable
		}
		return nil
	})
	if err != nil || calls != 3 {
		t.Fatalf("after two unavailable answers: err %v, %d calls, want nil and 3", err, calls)
	}
	calls = 0
	other := errcode.Errorf(errcode.CommandOutcomeUnknown, "may have been appended")
	if err := retryUnavailable(context.Background(), time.Minute, func() error { calls++; return other }); !errors.Is(err, other) || calls != 1 {
		t.Fatalf("an unknown outcome: err %v, %d calls, want it at once and 1 call", err, calls)
	}
	calls = 0
	if err := retryUnavailable(context.Background(), 0, func() error { calls++; return unavailable }); errcode.CodeOf(err) != errcode.EngineUnavailable || calls != 1 {
		t.Fatalf("past the bound: err %v, %d calls, want ENGINE_UNAVAILABLE after 1 call", err, calls)
	}
}
