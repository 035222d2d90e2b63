package loadgen

import (
	"testing"

	"pred.dev/engine/machine"
)

// TestWorkloadShape checks a small workload has the mix it claims and
// replays identically: the same commands on a fresh machine give the same
// state hash as the recording run.
func TestWorkloadShape(t *testing.T) {
	w := Generate(Single(20_000))
	kinds := map[string]int{}
	for _, c := range w.Commands {
		kinds[c.Kind.String()+"/"+c.Order.Type.String()]++
	}
	if kinds["place/fak"] == 0 || kinds["cancel/unknown"] == 0 || kinds["place/gtc"] == 0 {
		t.Fatalf("mix missing a kind: %v", kinds)
	}
	ops := w.Config.Ops
	if got := len(w.Commands); got < ops || got > 2*ops {
		t.Fatalf("%d commands for %d ops", got, ops)
	}
	// FAK is 3% of operations and a cancel-and-replace is two commands,
	// so FAKs are about 1.6% of commands; allow for the steering that
	// keeps books at their target size.
	if fak := float64(kinds["place/fak"]) / float64(len(w.Commands)); fak < 0.01 || fak > 0.025 {
		t.Fatalf("FAK share %.3f of commands", fak)
	}
	a, b := Prepare(w), Prepare(w)
	var out []machine.Event
	for i := range w.Commands {
		out = a.Apply(&w.Commands[i], out[:0])
	}
	for i := range w.Commands {
		out = b.Apply(&w.Commands[i], out[:0])
	}
	if a.StateHash() != b.StateHash() {
		t.Fatal("two replays of one workload differ")
	}
	if err := a.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	t.Logf("commands by kind/type: %v", kinds)
}
