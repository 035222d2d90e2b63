package store

import (
	"fmt"
	"runtime"
	"sync"
	"testing"
	"time"

	"pred.dev/engine/loadgen"
	"pred.dev/engine/machine"
	"pred.dev/engine/wire"
)

// benchOps sizes the recorded stream: 500,000 operations of the
// exchange-core mix are about 900,000 commands, enough to fill and flush
// several memtables.
const benchOps = 500_000

// benchBatchCmds is the commands per committed batch, as the live engine
// commits once per fetch of CMD messages; replay may commit far less often.
const benchBatchCmds = 1000

var (
	benchOnce     sync.Once
	benchWorkload *loadgen.Workload
)

func workload() *loadgen.Workload {
	benchOnce.Do(func() { benchWorkload = loadgen.Generate(loadgen.Single(benchOps)) })
	return benchWorkload
}

// benchSigned stands in for the signed fields of every order, so records
// have their production size.
var benchSigned = &wire.Signed{Salt: 1 << 40, Nonce: 7, SignatureType: 2, ScopeID: []byte("bench-scope")}

// BenchmarkRecord applies the single-book loadgen stream to a machine and
// records it into a fresh store in batches of benchBatchCmds, committing
// without sync, as replay does. One iteration is the whole stream; setup
// and warm-up are recorded untimed. It reports the rate of commands
// through apply, record and commit together, and what the store wrote.
func BenchmarkRecord(b *testing.B) {
	for _, n := range []int{benchBatchCmds, 10_000, 100_000} {
		b.Run(fmt.Sprintf("batch=%d", n), func(b *testing.B) { benchmarkRecord(b, n) })
	}
}

func benchmarkRecord(b *testing.B, batchCmds int) {
	w := workload()
	for b.Loop() {
		b.StopTimer()
		db, r := benchStore(b, w)
		r.batchCmds = batchCmds
		before := db.Stats()
		runtime.GC()
		b.StartTimer()
		start := time.Now()
		r.record(b, w.Commands)
		elapsed := time.Since(start)
		b.StopTimer()
		after := db.Stats()
		n := float64(len(w.Commands))
		b.ReportMetric(n/elapsed.Seconds(), "cmds/s")
		b.ReportMetric(float64(after.Keys-before.Keys)/n, "keys/cmd")
		b.ReportMetric(float64(after.Bytes-before.Bytes)/n, "bytes/cmd")
		b.ReportMetric(float64(after.Stalls-before.Stalls), "stalls")

		if err := db.Close(); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
	}
}

// BenchmarkApplyOnly is the same stream through the machine alone, the
// baseline the store's cost adds to.
func BenchmarkApplyOnly(b *testing.B) {
	w := workload()
	out := make([]machine.Event, 0, 1024)
	for b.Loop() {
		b.StopTimer()
		m := loadgen.Prepare(w)
		runtime.GC()
		b.StartTimer()
		start := time.Now()
		for i := range w.Commands {
			out = m.Apply(&w.Commands[i], out[:0])
			if i%benchBatchCmds == benchBatchCmds-1 {
				m.Changes(func(k, v []byte) {})
			}
		}
		b.ReportMetric(float64(len(w.Commands))/time.Since(start).Seconds(), "cmds/s")
	}
}

func benchStore(b *testing.B, w *loadgen.Workload) (*DB, *recorder) {
	db, err := Open(b.TempDir(), Options{})
	if err != nil {
		b.Fatal(err)
	}
	r := &recorder{m: machine.New(loadgen.MachineConfig(w.Config)), batch: db.NewBatch(),
		out: make([]machine.Event, 0, 1024), batchCmds: benchBatchCmds}
	r.record(b, w.Setup)
	r.record(b, w.Warm)
	return db, r
}

// recorder is the engine's apply loop without the log: commands arrive 64
// to a CMD message, as gateways batch them.
type recorder struct {
	m     *machine.Machine
	batch *Batch
	out   []machine.Event
	n     uint64
	// batchCmds is how many commands go into one commit.
	batchCmds int
}

const cmdsPerMessage = 64

func (r *recorder) record(b testing.TB, cmds []machine.Command) {
	for i := range cmds {
		c := &cmds[i]
		r.out = r.m.Apply(c, r.out[:0])
		rec := CommandRecord{Seq: r.n/cmdsPerMessage + 1, TimeMs: c.TimeMs, Cmd: c, Events: r.out}
		if c.Kind == machine.KindPlace {
			rec.Signed = benchSigned
		}
		r.batch.Record(r.m, rec)
		r.n++
		if i%r.batchCmds == r.batchCmds-1 || i == len(cmds)-1 {
			r.m.Changes(r.batch.SetState)
			r.batch.SetApplied(rec.Seq, c.TimeMs)
			if err := r.batch.Commit(false); err != nil {
				b.Fatal(err)
			}
		}
	}
}
