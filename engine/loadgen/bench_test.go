package loadgen

import (
	"runtime"
	"sync"
	"testing"

	"pred.dev/engine/machine"
)

var (
	singleOnce sync.Once
	single     *Workload
)

func singleWorkload() *Workload {
	singleOnce.Do(func() { single = Generate(Single(1_000_000)) })
	return single
}

// BenchmarkApplySingle applies the single-book workload; one iteration is
// the whole measured stream on a freshly prepared machine.
func BenchmarkApplySingle(b *testing.B) {
	w := singleWorkload()
	out := make([]machine.Event, 0, 1024)
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		m := Prepare(w)
		runtime.GC()
		b.StartTimer()
		cs := w.Commands
		for i := range cs {
			out = m.Apply(&cs[i], out[:0])
			if i%batchCmds == batchCmds-1 {
				m.Changes(discard)
			}
		}
	}
	b.ReportMetric(float64(len(w.Commands))*float64(b.N)/b.Elapsed().Seconds(), "cmds/s")
}
