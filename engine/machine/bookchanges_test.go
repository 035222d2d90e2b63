package machine

import (
	"slices"
	"testing"
)

// TestBookChangesCheckFails: the pred_invariants check of BookChanged
// events (checkBookChanges) accepts what a command emitted and refuses
// every way of misreporting it.
func TestBookChangesCheckFails(t *testing.T) {
	r := newTradeRig(t)
	before := r.m.appendBookLevels(nil)
	// A NO bid of 1 share trades with the resting YES bid of 50,000: the
	// YES bid level shrinks.
	r.place(0xb, Hash{3}, 1)
	events := slices.Clone(r.out)
	last := len(events) - 1
	if events[last].Kind != EvBookChanged || events[last].Size != 49_999*UnitsPerShare ||
		events[last].PrevSize != 50_000*UnitsPerShare || events[last].Orders != 1 || events[last].PrevOrders != 1 {
		t.Fatalf("last event %+v, want the YES bid going from 50,000 to 49,999 shares", events[last])
	}
	if err := r.m.checkBookChanges(before, events); err != nil {
		t.Fatalf("the command's own events: %v", err)
	}
	for name, bad := range map[string]func([]Event) []Event{
		"unreported":   func(e []Event) []Event { return e[:last] },
		"wrong size":   func(e []Event) []Event { e[last].Size -= LotUnits; return e },
		"wrong prev":   func(e []Event) []Event { e[last].PrevSize += LotUnits; return e },
		"wrong orders": func(e []Event) []Event { e[last].Orders++; return e },
		"not last":     func(e []Event) []Event { e[last], e[last-1] = e[last-1], e[last]; return e },
		"twice":        func(e []Event) []Event { return append(e, e[last]) },
		"no change": func(e []Event) []Event {
			e[last].Size, e[last].Orders = e[last].PrevSize, e[last].PrevOrders
			return e
		},
	} {
		if err := r.m.checkBookChanges(before, bad(slices.Clone(events))); err == nil {
			t.Errorf("%s: the check passed", name)
		}
	}
}
