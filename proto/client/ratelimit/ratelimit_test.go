package ratelimit

import (
	"context"
	"testing"
	"time"
)

// TestSleep: a policy waits what the server asks (a second when it asks
// nothing), tells Notify first, and gives up when its retries are spent,
// the server asks for more than WaitMax, or the context ends.
func TestSleep(t *testing.T) {
	t.Parallel()
	var waits []Wait
	p := Policy{Retries: 2, WaitMax: time.Second, Notify: func(w Wait) { waits = append(waits, w) }}
	ctx := context.Background()
	if !p.Sleep(ctx, "GET", "/book", 0, 10*time.Millisecond, "slow down") {
		t.Fatal("the first retry was refused")
	}
	if len(waits) != 1 || waits[0] != (Wait{Method: "GET", Path: "/book", Retry: 1, Retries: 2, Delay: 10 * time.Millisecond, Message: "slow down"}) {
		t.Fatalf("waits %+v", waits)
	}
	if p.Sleep(ctx, "GET", "/book", 2, time.Millisecond, "") {
		t.Fatal("a third retry of a policy of two")
	}
	if p.Sleep(ctx, "GET", "/book", 0, 2*time.Second, "") || len(waits) != 1 {
		t.Fatalf("waited beyond WaitMax: %+v", waits)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if p.Sleep(cancelled, "GET", "/book", 0, 0, "") {
		t.Fatal("slept through a cancelled context")
	}
	if waits[len(waits)-1].Delay != defaultWait {
		t.Fatalf("no Retry-After: waited %s, want %s", waits[len(waits)-1].Delay, defaultWait)
	}
	if (Policy{}).Sleep(ctx, "GET", "/book", 0, 0, "") {
		t.Fatal("the zero policy retried")
	}
}
