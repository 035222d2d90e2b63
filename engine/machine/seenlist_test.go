package machine_test

import (
	"testing"

	"pred.dev/engine/loadgen"
	"pred.dev/engine/machine"
)

// TestSeenRecordsOfOneLongBatch: a replay collects the core's changes
// once, so one Changes call writes every id spent in the whole log. The
// ids come out as full records of 4,096 (one at most is shorter), a
// machine restored from them has the same state, and the next Changes
// call, reusing the list, writes only what was spent after it.
func TestSeenRecordsOfOneLongBatch(t *testing.T) {
	w := loadgen.Generate(loadgen.Single(20_000))
	cfg := loadgen.MachineConfig(w.Config)
	m := machine.New(cfg)
	var out []machine.Event
	apply := func(cs []machine.Command) {
		for i := range cs {
			out = m.Apply(&cs[i], out[:0])
		}
	}
	apply(w.Setup)
	apply(w.Warm)
	half := len(w.Commands) / 2
	apply(w.Commands[:half])
	db := store{}
	if full, short := seenRecords(t, m, db); full < 2 || short > 1 {
		t.Fatalf("%d full seen records and %d shorter ones; want several full ones and at most one shorter", full, short)
	}
	if got, want := db.restore(t, cfg).StateHash(), m.StateHash(); got != want {
		t.Fatalf("restored hash %x, want %x", got[:8], want[:8])
	}
	apply(w.Commands[half:])
	if full, short := seenRecords(t, m, db); full+short == 0 {
		t.Fatal("the second Changes call wrote no seen record")
	}
	if got, want := db.restore(t, cfg).StateHash(), m.StateHash(); got != want {
		t.Fatalf("restored hash after the second call %x, want %x", got[:8], want[:8])
	}
}

// seenRecords collects m's changes into db and counts the seen records
// written: those holding the most ids a record may, and the others.
func seenRecords(t *testing.T, m *machine.Machine, db store) (full, short int) {
	const idsMax = 4_096
	m.Changes(func(k, v []byte) {
		if k[0] == machine.RecSeen {
			switch n := len(v) / 16; {
			case len(v)%16 != 0 || n > idsMax:
				t.Fatalf("seen record of %d bytes", len(v))
			case n == idsMax:
				full++
			default:
				short++
			}
		}
		if v == nil {
			delete(db, string(k))
		} else {
			db[string(k)] = append([]byte(nil), v...)
		}
	})
	return full, short
}
