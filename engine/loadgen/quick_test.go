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

// TestAtomicReplaceWorkload checks the atomic form of the mix: each
// cancel-and-replace is one KindReplace command the machine takes (none
// refused, so the figure measures replaces, not refusals), and the books
// keep their steady size as in the two-command form.
func TestAtomicReplaceWorkload(t *testing.T) {
	cfg := Single(20_000)
	two := Generate(cfg)
	cfg.AtomicReplace = true
	one := Generate(cfg)
	replaces := 0
	for _, c := range one.Commands {
		if c.Kind == machine.KindReplace {
			replaces++
		}
	}
	if replaces < cfg.Ops/2 {
		t.Fatalf("%d replaces in %d ops: the mix is 82%% cancel-and-replace", replaces, cfg.Ops)
	}
	if got, want := len(one.Commands), len(two.Commands)-replaces; got > want+want/20 || got < want-want/20 {
		t.Fatalf("%d commands with atomic replaces, want about %d (%d less one command per replace)", got, want, len(two.Commands))
	}
	m := Prepare(one)
	var out []machine.Event
	for i := range one.Commands {
		out = m.Apply(&one.Commands[i], out[:0])
		for _, e := range out {
			if e.Kind == machine.EvOrderRejected || e.Kind == machine.EvCommandRejected {
				t.Fatalf("command %d (%s) refused: %+v", i, one.Commands[i].Kind, e)
			}
		}
	}
	if err := m.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	if a, b := m.RestingOrders(), Prepare(two).RestingOrders(); a < b/2 || a > 2*b {
		t.Fatalf("%d resting orders after the atomic mix, %d after the warm-up", a, b)
	}
}
