package bench

import (
	"time"

	"pred.dev/engine/machine"
)

// coreClock applies a command stream to a machine of its own, the core
// alone (no decoding, no storage), and times only that: the commands are
// copied into a buffer as they come and applied a buffer at a time, so
// the generator that produces them runs outside the timed loops (and the
// caller can let the log's writes finish before each). It
// collects the machine's state changes every coreBatchCmds commands, as
// loadgen.Throughput does (the engine's shell does it once per batch).
type coreClock struct {
	m       *machine.Machine
	buf     []machine.Command
	out     []machine.Event
	n       int
	elapsed time.Duration
}

// coreBufCmds is how many commands one timed loop applies: enough that
// its two clock reads cost nothing beside it.
const coreBufCmds = 1 << 16

// coreBatchCmds is loadgen's batch of state changes.
const coreBatchCmds = 1024

func newCoreClock(mc machine.Config) *coreClock {
	return &coreClock{m: machine.New(mc), buf: make([]machine.Command, 0, coreBufCmds), out: make([]machine.Event, 0, eventsCap)}
}

// add takes a copy of c and reports whether the buffer is full: the
// caller then applies it.
func (k *coreClock) add(c *machine.Command) bool {
	k.buf = append(k.buf, *c)
	return len(k.buf) == cap(k.buf)
}

// apply applies the buffered commands, timed.
func (k *coreClock) apply() {
	start := time.Now()
	for i := range k.buf {
		if i+1 < len(k.buf) {
			k.m.Prefetch(&k.buf[i+1])
		}
		k.out = k.m.Apply(&k.buf[i], k.out[:0])
		if (k.n+i)%coreBatchCmds == coreBatchCmds-1 {
			k.m.Changes(func(key, value []byte) {})
		}
	}
	k.elapsed += time.Since(start)
	k.n += len(k.buf)
	k.buf = k.buf[:0]
}

// cmdsPerSec applies what is left (and its state changes) and returns
// the rate over the whole stream.
func (k *coreClock) cmdsPerSec() float64 {
	k.apply()
	start := time.Now()
	k.m.Changes(func(key, value []byte) {})
	k.elapsed += time.Since(start)
	return float64(k.n) / k.elapsed.Seconds()
}
