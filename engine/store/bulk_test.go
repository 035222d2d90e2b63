package store

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/cockroachdb/pebble/v2"

	"pred.dev/engine/loadgen"
	"pred.dev/engine/machine"
)

// TestBulkLoadEqualsBatches records the same stream (orders signed,
// trades, cancels, state records written and deleted, a thousand commands
// to a commit) into a database written through Pebble batches and into
// one opened for a bulk load, whose batches are ingested as tables. Both
// must hold the same keys with the same values, and the bulk-loaded one,
// reopened as the engine opens it, the same state and position.
func TestBulkLoadEqualsBatches(t *testing.T) {
	w := loadgen.Generate(loadgen.Single(20_000))
	var dumps [2]map[string][]byte
	var hash [32]byte
	for i, bulk := range []bool{false, true} {
		dir := t.TempDir()
		db, err := Open(dir, Options{BulkLoad: bulk})
		if err != nil {
			t.Fatal(err)
		}
		r := &recorder{m: machine.New(loadgen.MachineConfig(w.Config)), batch: db.NewBatch(),
			out: make([]machine.Event, 0, 1024), batchCmds: 1_000}
		for _, cmds := range [][]machine.Command{w.Setup, w.Warm, w.Commands} {
			r.record(t, cmds)
		}
		dumps[i] = allKeys(t, db)
		hash = r.m.StateHash()
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
		if bulk {
			checkReopened(t, dir, loadgen.MachineConfig(w.Config), hash, r.n)
		}
	}
	sameDumps(t, dumps[0], dumps[1])
}

// TestBulkRunLastWriteWins: within one batch the last write of a key
// wins, a delete included, as in a Pebble batch; a later batch's writes
// lie above an earlier one's.
func TestBulkRunLastWriteWins(t *testing.T) {
	var dumps [2]map[string][]byte
	for i, bulk := range []bool{false, true} {
		db, err := Open(t.TempDir(), Options{BulkLoad: bulk})
		if err != nil {
			t.Fatal(err)
		}
		b := db.NewBatch()
		b.set([]byte("k1"), []byte("first"))
		b.set([]byte("k2"), []byte("kept"))
		b.set([]byte("k1"), []byte("second"))
		b.del([]byte("k3"))
		b.set([]byte("k3"), []byte("set after its delete"))
		b.set([]byte("k4"), []byte("deleted after its set"))
		b.del([]byte("k4"))
		b.set([]byte("k5\x00"), []byte("a longer key with the same padded prefix"))
		b.set([]byte("k5"), []byte("short"))
		if err := b.Commit(false); err != nil {
			t.Fatal(err)
		}
		b.del([]byte("k2"))
		b.set([]byte("k1"), []byte("third, in the next batch"))
		if err := b.Commit(false); err != nil {
			t.Fatal(err)
		}
		dumps[i] = allKeys(t, db)
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
	}
	want := map[string]string{"k1": "third, in the next batch", "k3": "set after its delete",
		"k5": "short", "k5\x00": "a longer key with the same padded prefix"}
	for k, v := range want {
		if got := string(dumps[1][k]); got != v {
			t.Errorf("bulk load: %q = %q, want %q", k, got, v)
		}
	}
	sameDumps(t, dumps[0], dumps[1])
}

// allKeys reads every key and value of db.
func allKeys(t *testing.T, db *DB) map[string][]byte {
	t.Helper()
	it, err := db.pdb.NewIter(&pebble.IterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	m := map[string][]byte{}
	for ok := it.First(); ok; ok = it.Next() {
		m[string(it.Key())] = bytes.Clone(it.Value())
	}
	if err := it.Close(); err != nil {
		t.Fatal(err)
	}
	return m
}

func sameDumps(t *testing.T, batches, bulk map[string][]byte) {
	t.Helper()
	if len(batches) != len(bulk) {
		t.Errorf("the batches wrote %d keys, the bulk load %d", len(batches), len(bulk))
	}
	for k, v := range batches {
		if w, ok := bulk[k]; !ok || !bytes.Equal(v, w) {
			t.Fatalf("key %x: batches wrote %x, the bulk load %x (present: %v)", k, v, w, ok)
		}
	}
}

// checkReopened opens a bulk-loaded database as the engine does and
// checks its state and position.
func checkReopened(t *testing.T, dir string, mc machine.Config, hash [32]byte, cmds uint64) {
	t.Helper()
	db, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	m := machine.New(mc)
	if err := db.LoadState(m.Load); err != nil {
		t.Fatal(err)
	}
	if got := m.StateHash(); got != hash {
		t.Fatalf("reopened state hash %x, want %x", got[:8], hash[:8])
	}
	if seq, _, err := db.Applied(); err != nil || seq != (cmds-1)/cmdsPerMessage+1 {
		t.Fatalf("reopened at seq %d (%v), want %d", seq, err, (cmds-1)/cmdsPerMessage+1)
	}
}

// TestBulkRunsAreBounded: a bulk load has bulkRunsMax runs. With all of
// them held by sealed batches not yet committed, sealing waits; a
// discarded batch gives its run back, and sealing goes on.
func TestBulkRunsAreBounded(t *testing.T) {
	db, err := Open(t.TempDir(), Options{BulkLoad: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	b := db.NewBatch() // holds the first run
	var held []*Sealed
	for range bulkRunsMax - 1 {
		held = append(held, b.Seal())
	}
	sealed := make(chan *Sealed)
	go func() { sealed <- b.Seal() }()
	select {
	case <-sealed:
		t.Fatalf("sealed with all %d runs held", bulkRunsMax)
	case <-time.After(100 * time.Millisecond):
	}
	held[0].Discard()
	select {
	case s := <-sealed:
		held = append(held[1:], s)
	case <-time.After(10 * time.Second):
		t.Fatal("a discarded batch's run did not come back")
	}
	for _, s := range held {
		if err := s.Commit(false); err != nil {
			t.Fatal(err)
		}
	}
}

// TestOpenRemovesABulkLeftover: a table a crashed bulk load wrote but did
// not ingest is removed when the database is opened again.
func TestOpenRemovesABulkLeftover(t *testing.T) {
	dir := t.TempDir()
	db, err := Open(dir, Options{BulkLoad: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	leftover := filepath.Join(dir, bulkTmpName)
	if err := os.WriteFile(leftover, []byte("half a table"), 0o644); err != nil {
		t.Fatal(err)
	}
	db, err = Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := os.Stat(leftover); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("the leftover table is still there (%v)", err)
	}
}
