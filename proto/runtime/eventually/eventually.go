// Package eventually waits in tests for a state another goroutine or
// process reaches (a trade mined, a lease lost, a record written).
//
// It replaces the hand-written sleep-and-check loops of the test suites.
// It asserts nothing about time: the limit is a safety net that turns a
// hang into a failure naming what never happened, so it is generous
// (a loaded 2-core machine runs the whole suite at once), and a test
// that needs it to pass faster is wrong, not slow.
package eventually

import (
	"testing"
	"time"
)

// Limit is how long True and NoError wait before they fail the test.
const Limit = 60 * time.Second

// pollInterval is short enough that a test waits little past the moment
// its condition holds, long enough not to spin a core of the two.
const pollInterval = 5 * time.Millisecond

// True polls cond until it holds, and fails tb with what if it does not
// within Limit.
func True(tb testing.TB, what string, cond func() bool) {
	tb.Helper()
	NoError(tb, what, func() error {
		if cond() {
			return nil
		}
		return errNotYet
	})
}

// NoError polls cond until it returns nil, and fails tb with what and
// the last error if it does not within Limit. The last error is what a
// reader needs: why the state was never reached.
func NoError(tb testing.TB, what string, cond func() error) {
	tb.Helper()
	deadline := time.Now().Add(Limit)
	for {
		err := cond()
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			if err == errNotYet {
				tb.Fatalf("gave up after %s waiting until %s", Limit, what)
			}
			tb.Fatalf("gave up after %s waiting until %s: %v", Limit, what, err)
		}
		time.Sleep(pollInterval)
	}
}

// Value polls get until ok, and returns the value it got.
func Value[T any](tb testing.TB, what string, get func() (T, bool)) T {
	tb.Helper()
	var v T
	True(tb, what, func() bool {
		var ok bool
		v, ok = get()
		return ok
	})
	return v
}

type notYet struct{}

func (notYet) Error() string { return "not yet" }

var errNotYet error = notYet{}
