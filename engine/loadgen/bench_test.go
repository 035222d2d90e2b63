package loadgen

import (
	"runtime"
	"sync"
	"testing"

	"pred.dev/engine/machine"
)

var (
	singleOnce, largeOnce sync.Once
	single, large         *Workload
)

func singleWorkload() *Workload {
	singleOnce.Do(func() { single = Generate(Single(1_000_000)) })
	return single
}

func largeWorkload() *Workload {
	largeOnce.Do(func() { large = Generate(Large(1_000_000)) })
	return large
}

// BenchmarkApplySingle applies the single-book workload; one iteration is
// the whole measured stream on a freshly prepared machine.
func BenchmarkApplySingle(b *testing.B) { benchmarkApply(b, singleWorkload()) }

// BenchmarkApplyLarge applies the 10,000-market workload.
func BenchmarkApplyLarge(b *testing.B) { benchmarkApply(b, largeWorkload()) }

func benchmarkApply(b *testing.B, w *Workload) {
	out := make([]machine.Event, 0, 1024)
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		m := Prepare(w)
		runtime.GC()
		b.StartTimer()
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
	}
	b.ReportMetric(float64(len(w.Commands))*float64(b.N)/b.Elapsed().Seconds(), "cmds/s")
}
