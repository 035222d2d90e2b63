package service

import (
	"testing"

	"pred.dev/engine/loadgen"
	"pred.dev/engine/machine"
	"pred.dev/engine/wire"
	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
)

// BenchmarkEncodeEvents measures the framing of one EVT message as stage
// 2 publishes it: the events of 256 commands of the loadgen workload.
func BenchmarkEncodeEvents(b *testing.B) {
	w := loadgen.Generate(loadgen.Single(20_000))
	m := loadgen.Prepare(w)
	batch := &pb.EventBatch{}
	var out []machine.Event
	for i := range 256 {
		c := &w.Commands[i]
		out = m.Apply(c, out[:0])
		wire.AppendEvents(batch, m, c.ID[:], out)
	}
	data, err := journal.EncodeEventBatch(batch)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := journal.EncodeEventBatch(batch); err != nil {
			b.Fatal(err)
		}
	}
}
