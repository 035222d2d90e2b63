package natscheck

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// TestRetryRidesOutAnElection: a step that times out twice (a stream
// leader being elected) succeeds on the third attempt; a refusal is
// returned at once, never retried.
func TestRetryRidesOutAnElection(t *testing.T) {
	t.Parallel()
	calls, heard := 0, 0
	err := Retry(context.Background(), func(context.Context) error {
		calls++
		if calls < 3 {
			return fmt.Errorf("natscheck: stream CMD: %w", context.DeadlineExceeded)
		}
		return nil
	}, func(error) { heard++ })
	if err != nil || calls != 3 || heard != 2 {
		t.Fatalf("Retry: %v after %d calls, %d retries heard; want success on the 3rd", err, calls, heard)
	}
	calls = 0
	refusal := fmt.Errorf("%w: the stream CMD has 3 replica(s)", ErrReplicas)
	err = Retry(context.Background(), func(context.Context) error { calls++; return refusal }, func(error) {})
	if !errors.Is(err, ErrReplicas) || calls != 1 {
		t.Fatalf("Retry of a refusal: %v after %d calls; want it at once", err, calls)
	}
	for _, c := range []struct {
		err  error
		want bool
	}{
		{jetstream.ErrNoStreamResponse, true},
		{&jetstream.APIError{Code: 503, ErrorCode: 10008, Description: "JetStream system temporarily unavailable"}, true},
		{&jetstream.APIError{Code: 400, ErrorCode: jetstream.JSErrCodeStreamNameInUse}, false},
		{errors.New("stream config differs"), false},
	} {
		if got := Transient(c.err); got != c.want {
			t.Errorf("Transient(%v) = %v, want %v", c.err, got, c.want)
		}
	}
}

// TestRetryBoundsEachAttempt: each attempt gets at most AttemptMax, even
// under a caller's longer deadline, so a request lost on a dead
// connection costs one attempt, not the caller's whole budget.
func TestRetryBoundsEachAttempt(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 10*AttemptMax)
	defer cancel()
	calls := 0
	err := Retry(ctx, func(actx context.Context) error {
		calls++
		dl, ok := actx.Deadline()
		if !ok || time.Until(dl) > AttemptMax {
			return fmt.Errorf("attempt %d: deadline %v (set %v), want within %s", calls, time.Until(dl), ok, AttemptMax)
		}
		if calls == 1 {
			return context.DeadlineExceeded // the first request was lost
		}
		return nil
	}, nil)
	if err != nil || calls != 2 {
		t.Fatalf("Retry: %v after %d calls; want success on the 2nd", err, calls)
	}
}
