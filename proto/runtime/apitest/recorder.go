package apitest

import (
	"fmt"
	"sync"
	"testing"
)

// Recorder is a testing.TB that keeps what is reported to it, so that a
// test of a check (a Validator, a StreamValidator, CheckExamples...) can
// assert what the check reports; what it does not override goes to the
// real test.
type Recorder struct {
	testing.TB
	mu       sync.Mutex
	errs     []string
	cleanups []func()
}

// NewRecorder returns a Recorder over the test t.
func NewRecorder(t testing.TB) *Recorder { return &Recorder{TB: t} }

func (r *Recorder) Helper() {}

func (r *Recorder) Error(args ...any) { r.add(fmt.Sprint(args...)) }

func (r *Recorder) Errorf(format string, args ...any) { r.add(fmt.Sprintf(format, args...)) }

func (r *Recorder) add(s string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errs = append(r.errs, s)
}

// Failed reports whether anything was reported.
func (r *Recorder) Failed() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.errs) > 0
}

// Cleanup keeps f for Finish.
func (r *Recorder) Cleanup(f func()) { r.cleanups = append(r.cleanups, f) }

// Finish runs the cleanups, as the end of a test does, and returns the
// reports.
func (r *Recorder) Finish() []string {
	for i := len(r.cleanups) - 1; i >= 0; i-- {
		r.cleanups[i]()
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.errs
}
