package store

import (
	"fmt"

	"github.com/cockroachdb/pebble/v2"
)

// Checkpoint writes a copy of the database into dir, which must not
// exist, as hard links where the file system allows. The copy is
// consistent: the applied position is written in the same batch as the
// state it describes, and a checkpoint holds whole batches, so an engine
// opened on it resumes the log right after the position it reads there.
//
// Without a write-ahead log (the engine's setting) a checkpoint holds
// only what is flushed, so the memtables are flushed first; commits that
// land between the flush and the checkpoint may be missing from it, and
// the engine that opens it applies them again from the log.
func (db *DB) Checkpoint(dir string) error {
	if err := db.pdb.Flush(); err != nil {
		return fmt.Errorf("store: flush before checkpoint: %w", err)
	}
	if err := db.pdb.Checkpoint(dir, pebble.WithFlushedWAL()); err != nil {
		return fmt.Errorf("store: checkpoint into %s: %w", dir, err)
	}
	return nil
}
