package lease

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap"
)

// TestCampaignOneRunsAtATime: of two processes campaigning, one runs; a
// run that fails is run again after the pause; when the runner's process
// stops, the other runs; a fatal error ends the campaign with it.
func TestCampaignOneRunsAtATime(t *testing.T) {
	js := newJS(t)
	const ttl = TTLMin
	started := make(chan string, 16)
	failOnce := errors.New("the run failed")
	fatal := errors.New("crashed")
	runner := func(name string, fails *atomic.Int32) func(context.Context) error {
		return func(ctx context.Context) error {
			started <- name
			if fails.Add(-1) >= 0 {
				return failOnce
			}
			<-ctx.Done()
			return nil
		}
	}
	var failsA, failsB atomic.Int32
	failsA.Store(1) // a's first run fails, its second holds on
	ctxA, stopA := context.WithCancel(context.Background())
	defer stopA()
	ctxB, stopB := context.WithCancel(context.Background())
	defer stopB()
	la, lb := open(t, js, "a", ttl), open(t, js, "b", ttl)
	doneA, doneB := make(chan error, 1), make(chan error, 1)
	go func() {
		doneA <- Campaign(ctxA, la, "a", runner("a", &failsA), fatal, zap.NewNop(), 10*time.Millisecond)
	}()
	if got := next(t, started); got != "a" {
		t.Fatalf("first run by %s", got)
	}
	go func() {
		doneB <- Campaign(ctxB, lb, "b", runner("b", &failsB), fatal, zap.NewNop(), 10*time.Millisecond)
	}()
	// a's failed run released the lease: a or b may win the next campaign.
	// Whoever runs holds on, past the TTL, while the other waits; stop it
	// and the other takes over.
	first := next(t, started)
	select {
	case got := <-started:
		t.Fatalf("%s runs while %s holds the lease", got, first)
	case <-time.After(2 * ttl):
	}
	stops := map[string]context.CancelFunc{"a": stopA, "b": stopB}
	dones := map[string]chan error{"a": doneA, "b": doneB}
	stops[first]()
	if err := wait(t, dones[first]); err != nil {
		t.Fatalf("%s's campaign ended with %v, want nil", first, err)
	}
	other := map[string]string{"a": "b", "b": "a"}[first]
	if got := next(t, started); got != other {
		t.Fatalf("after %s stopped, %s ran", first, got)
	}
	stops[other]()
	if err := wait(t, dones[other]); err != nil {
		t.Fatalf("%s's campaign ended with %v, want nil", other, err)
	}

	lc := open(t, js, "c", ttl)
	err := Campaign(context.Background(), lc, "c", func(context.Context) error {
		return errors.Join(errors.New("a crash hook fired"), fatal)
	}, fatal, zap.NewNop(), time.Millisecond)
	if !errors.Is(err, fatal) {
		t.Fatalf("a fatal run error: Campaign returned %v", err)
	}
}

func next(t *testing.T, started <-chan string) string {
	t.Helper()
	select {
	case name := <-started:
		return name
	case <-time.After(waitMax):
		t.Fatal("no run started")
		return ""
	}
}

func wait(t *testing.T, done <-chan error) error {
	t.Helper()
	select {
	case err := <-done:
		return err
	case <-time.After(waitMax):
		t.Fatal("the campaign did not end with its context")
		return nil
	}
}
