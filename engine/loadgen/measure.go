package loadgen

import (
	"runtime"
	"slices"
	"time"

	"pred.dev/engine/machine"
)

// Figures are what a measured run of a workload reports.
type Figures struct {
	Commands     int
	CmdsPerSec   float64
	OpsPerSec    float64
	NsPerCmd     float64
	AllocsPerCmd float64
	P50Ns        int64
	P99Ns        int64
	P9999Ns      int64
	MaxNs        int64
}

// batchCmds is how often the measured loop collects the machine's state
// changes, as the engine's shell does once per batch of commands.
const batchCmds = 1024

func discard(key, value []byte) {}

// Prepare returns a machine that has applied the workload's setup and
// warm-up and has nothing left to persist.
func Prepare(w *Workload) *machine.Machine {
	m := machine.New(MachineConfig(w.Config))
	out := make([]machine.Event, 0, 1024)
	for _, cs := range [][]machine.Command{w.Setup, w.Warm} {
		for i := range cs {
			out = m.Apply(&cs[i], out[:0])
		}
	}
	m.Changes(discard)
	return m
}

// Throughput applies the measured commands back to back, hinting each
// next command's lines and collecting state changes every batchCmds as the
// engine does, and reports the rate and the heap allocations per command.
func Throughput(w *Workload) Figures {
	m := Prepare(w)
	out := make([]machine.Event, 0, 1024)
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	cs := w.Commands
	for i := range cs {
		if i+1 < len(cs) {
			m.Prefetch(&cs[i+1])
		}
		out = m.Apply(&cs[i], out[:0])
		if i%batchCmds == batchCmds-1 {
			m.Changes(discard)
		}
	}
	m.Changes(discard)
	elapsed := time.Since(start)
	runtime.ReadMemStats(&after)
	n := float64(len(cs))
	return Figures{
		Commands:     len(cs),
		CmdsPerSec:   n / elapsed.Seconds(),
		OpsPerSec:    float64(w.Config.Ops) / elapsed.Seconds(),
		NsPerCmd:     float64(elapsed.Nanoseconds()) / n,
		AllocsPerCmd: float64(after.Mallocs-before.Mallocs) / n,
	}
}

// Latency times every command on its own (two clock reads around each
// Apply, which the figures include) and reports percentiles. State changes
// are collected outside the timed region.
func Latency(w *Workload) Figures {
	m := Prepare(w)
	out := make([]machine.Event, 0, 1024)
	cs := w.Commands
	ns := make([]int64, len(cs))
	runtime.GC()
	for i := range cs {
		if i+1 < len(cs) {
			m.Prefetch(&cs[i+1]) // as the engine does; untimed, as collecting changes is
		}
		t0 := time.Now()
		out = m.Apply(&cs[i], out[:0])
		ns[i] = int64(time.Since(t0))
		if i%batchCmds == batchCmds-1 {
			m.Changes(discard)
		}
	}
	slices.Sort(ns)
	at := func(q float64) int64 { return ns[min(len(ns)-1, int(q*float64(len(ns))))] }
	return Figures{Commands: len(cs), P50Ns: at(0.50), P99Ns: at(0.99), P9999Ns: at(0.9999), MaxNs: ns[len(ns)-1]}
}
