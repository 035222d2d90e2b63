package eventually_test

import (
	"errors"
	"sync/atomic"
	"testing"

	"pred.dev/proto/runtime/eventually"
)

func TestTrueWaitsForTheCondition(t *testing.T) {
	var n atomic.Int32
	eventually.True(t, "the third poll", func() bool { return n.Add(1) >= 3 })
	if got := n.Load(); got != 3 {
		t.Fatalf("polled %d times, want 3", got)
	}
}

func TestNoErrorReturnsOnNil(t *testing.T) {
	var n int
	eventually.NoError(t, "the second poll", func() error {
		n++
		if n < 2 {
			return errors.New("first")
		}
		return nil
	})
	if n != 2 {
		t.Fatalf("polled %d times, want 2", n)
	}
}

func TestValueReturnsWhatItGot(t *testing.T) {
	var n int
	got := eventually.Value(t, "n reaches 4", func() (int, bool) { n++; return n * 10, n == 4 })
	if got != 40 {
		t.Fatalf("got %d, want 40", got)
	}
}
