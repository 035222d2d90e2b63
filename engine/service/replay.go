package service

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"pred.dev/engine/machine"
	"pred.dev/engine/store"
)

// ReplayReport is what a replay measured.
type ReplayReport struct {
	Messages   uint64
	Commands   uint64
	Elapsed    time.Duration
	StateHash  [32]byte
	AppliedSeq uint64
	// Keys and Bytes are what the replay wrote to the store: sets and
	// deletes, and their batches' encoded size.
	Keys, Bytes int64
}

// CmdsPerSec is the replay rate.
func (r ReplayReport) CmdsPerSec() float64 { return float64(r.Commands) / r.Elapsed.Seconds() }

// Replay rebuilds an engine's state from the first command of the log into
// cfg.DataDir, which must be empty or absent, and stops at the log's end as
// it was when the replay started. It publishes nothing.
func Replay(ctx context.Context, cfg Config) (ReplayReport, error) {
	if entries, err := os.ReadDir(cfg.DataDir); err == nil && len(entries) > 0 {
		return ReplayReport{}, fmt.Errorf("service: replay needs an empty data dir; %s has %d entries", cfg.DataDir, len(entries))
	}
	cfg.Mode = ModeReplay
	cfg.AdminAddr = ""
	if err := os.MkdirAll(cfg.DataDir, 0o755); err != nil {
		return ReplayReport{}, err
	}
	marker := filepath.Join(cfg.DataDir, replayMarker)
	if err := os.WriteFile(marker, []byte("a replay into this directory has not finished\n"), 0o644); err != nil {
		return ReplayReport{}, err
	}
	s, err := Open(ctx, cfg)
	if err != nil {
		return ReplayReport{}, err
	}
	defer s.Close()
	start := time.Now()
	if err := s.Run(ctx); err != nil {
		return ReplayReport{}, err
	}
	// The replay ran without compactions, and its state is in its final
	// batch alone. Its batches went to L0 as ingested tables (the store's
	// bulk load); whatever a memtable still holds goes to disk now, inside
	// the measured time. L0 is left for the next open's background
	// compactions. Compacting it here (the whole database, since every L0
	// file spans the state's prefix) took 13.4 s of a 38 s replay of 10M
	// commands, and saved the next open 7.8 s of its 13.8 s to serving:
	// without it the replay is 63% faster, and replay and restart together
	// 16% (2M commands: 40% and 8%; make bench's replay group, measured
	// alternately; both before the bulk load ingested tables). The next
	// open still waits for its first compaction: Pebble's Open waits for
	// any compaction in flight before it scans for obsolete files (8.4 s
	// of a 9.9 s restart after a 5M-command replay).
	if err := s.db.Flush(); err != nil {
		return ReplayReport{}, err
	}
	r := ReplayReport{Messages: s.replayTo, Commands: uint64(s.met.commandsApplied()), Elapsed: time.Since(start),
		StateHash: s.m.StateHash(), AppliedSeq: s.applied.Load()}
	st := s.db.Stats()
	r.Keys, r.Bytes = st.Keys, st.Bytes
	return r, os.Remove(marker)
}

// replayMarker marks a data dir a replay is still writing: its read model
// may be ahead of its core state until the replay's final checkpoint.
const replayMarker = "REPLAY-IN-PROGRESS"

// checkNoReplay refuses a data dir whose replay did not finish.
func checkNoReplay(dir string, mode Mode) error {
	if mode == ModeReplay {
		return nil
	}
	if _, err := os.Stat(filepath.Join(dir, replayMarker)); err == nil {
		return fmt.Errorf("service: %s holds a replay that did not finish; delete it and replay again", dir)
	}
	return nil
}

// Hash loads the state stored in dataDir and returns its hash and the log
// position it reflects. The engine must not be running on dataDir.
func Hash(dataDir string, mc machine.Config) ([32]byte, uint64, error) {
	db, err := store.Open(dataDir, store.Options{})
	if err != nil {
		return [32]byte{}, 0, err
	}
	defer db.Close()
	m := machine.New(mc)
	if err := db.LoadState(m.Load); err != nil {
		return [32]byte{}, 0, err
	}
	seq, _, err := db.Applied()
	return m.StateHash(), seq, err
}
