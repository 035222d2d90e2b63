package bench

import (
	"fmt"
	"runtime"
	"time"

	"pred.dev/engine/loadgen"
	"pred.dev/engine/machine"
)

// cmdKind is what a command of the measured stream does in the book.
type cmdKind uint8

const (
	// kindPlaceResting is a GTC order that rests without trading.
	kindPlaceResting cmdKind = iota
	// kindPlaceCrossing is a GTC order that trades on arrival (what is
	// left of it rests).
	kindPlaceCrossing
	// kindPlaceFAK is a fill-and-kill order: it takes what it can and
	// rests nothing.
	kindPlaceFAK
	// kindCancel is a cancel, on its own or the first half of a
	// cancel-and-replace (the second half is a place).
	kindCancel
	kindCount
)

// cmdKindNames name the figures: matcher_ns_per_<name>.
var cmdKindNames = [kindCount]string{"place_resting", "place_crossing", "place_fak", "cancel"}

// classify applies the workload once on a prepared machine and returns
// each measured command's kind, read from its events.
func classify(w *loadgen.Workload) ([]cmdKind, error) {
	m := loadgen.Prepare(w)
	out := make([]machine.Event, 0, eventsCap)
	kinds := make([]cmdKind, len(w.Commands))
	for i := range w.Commands {
		c := &w.Commands[i]
		out = m.Apply(c, out[:0])
		switch {
		case c.Kind == machine.KindCancel:
			kinds[i] = kindCancel
		case c.Kind != machine.KindPlace:
			return nil, fmt.Errorf("bench: command %d of the stream is of kind %d, neither a place nor a cancel", i, c.Kind)
		case c.Order.Type == machine.FAK:
			kinds[i] = kindPlaceFAK
		case traded(out):
			kinds[i] = kindPlaceCrossing
		default:
			kinds[i] = kindPlaceResting
		}
	}
	return kinds, nil
}

// eventsCap is the capacity of the event buffers: more than one command
// emits, so Apply never grows them in a timed loop.
const eventsCap = 1024

func traded(evs []machine.Event) bool {
	for i := range evs {
		if evs[i].Kind == machine.EvTrade {
			return true
		}
	}
	return false
}

// kindNs times every measured command on its own and returns the mean
// nanoseconds per command of each kind, less the cost of the two clock
// reads around it (measured here too), collecting state changes every
// kindBatchCmds commands outside the timed calls, as loadgen.Latency does.
func kindNs(w *loadgen.Workload, kinds []cmdKind) [kindCount]float64 {
	m := loadgen.Prepare(w)
	out := make([]machine.Event, 0, eventsCap)
	var total [kindCount]time.Duration
	var count [kindCount]int
	runtime.GC()
	for i := range w.Commands {
		if i+1 < len(w.Commands) {
			m.Prefetch(&w.Commands[i+1]) // as the engine does, untimed
		}
		t0 := time.Now()
		out = m.Apply(&w.Commands[i], out[:0])
		total[kinds[i]] += time.Since(t0)
		count[kinds[i]]++
		if i%kindBatchCmds == kindBatchCmds-1 {
			m.Changes(func(key, value []byte) {})
		}
	}
	clock := clockNs()
	var ns [kindCount]float64
	for k := range ns {
		if count[k] > 0 {
			ns[k] = float64(total[k].Nanoseconds())/float64(count[k]) - clock
		}
	}
	return ns
}

// kindBatchCmds is how often the per-kind run collects the machine's
// state changes: loadgen's batch, as the engine's shell does per batch.
const kindBatchCmds = 1024

// clockReads is how many empty timed regions clockNs averages: enough
// for a stable mean of a few tens of nanoseconds.
const clockReads = 1_000_000

// clockNs is the mean cost of an empty region timed as kindNs times a
// command (time.Now, then time.Since).
func clockNs() float64 {
	var total time.Duration
	for range clockReads {
		t0 := time.Now()
		total += time.Since(t0)
	}
	return float64(total.Nanoseconds()) / clockReads
}
