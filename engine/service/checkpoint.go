package service

import (
	"errors"
	"fmt"
	"os"

	"pred.dev/engine/machine"
	"pred.dev/engine/store"
)

// Checkpoint copies the engine state in dataDir into to (which must not
// exist) with Pebble's checkpoint, and returns the copy's state hash and
// the CMD sequence it reflects. An engine started on the copy, as a new
// replica or standby, loads it and applies the log from after that
// sequence: seeding a replica this way skips a replay of the whole log.
//
// No engine may be running on dataDir: Pebble's lock refuses a second
// opener in another process. Take it from a stopped standby or replica,
// or from the leader's dir while it is stopped for an upgrade.
func Checkpoint(dataDir, to string, mc machine.Config) ([32]byte, uint64, error) {
	if to == "" {
		return [32]byte{}, 0, errors.New("service: a checkpoint needs the directory to create (-to)")
	}
	if _, err := os.Stat(dataDir); err != nil {
		return [32]byte{}, 0, fmt.Errorf("service: no engine data dir to checkpoint: %w", err)
	}
	if err := checkNoReplay(dataDir, ModeLeader); err != nil {
		return [32]byte{}, 0, err
	}
	db, err := store.Open(dataDir, store.Options{DisableWAL: true})
	if err != nil {
		return [32]byte{}, 0, fmt.Errorf("service: checkpoint (an engine running on %s holds its lock: stop it first): %w", dataDir, err)
	}
	if err := errors.Join(db.Checkpoint(to), db.Close()); err != nil {
		return [32]byte{}, 0, err
	}
	return Hash(to, mc)
}
