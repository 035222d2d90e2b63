package service

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"pred.dev/proto/runtime/natstest"
)

// TestCheckpointSeedsAReplica: a checkpoint of a stopped engine's data
// dir holds its state at its applied sequence; a follower started on the
// copy catches up from the log and reaches the state a replay of the
// whole log reaches.
func TestCheckpointSeedsAReplica(t *testing.T) {
	t.Parallel()
	srv := natstest.Start(t)
	nc := natstest.Connect(t, srv)
	cfg := testConfig(t, nc, ModeLeader)
	cmds := workload(2_000)
	half := len(cmds) / 2
	liveHash, mid := applyAndStop(t, cfg, cmds[:half])

	to := filepath.Join(t.TempDir(), "seed")
	h, seq, err := Checkpoint(cfg.DataDir, to, cfg.Machine)
	if err != nil {
		t.Fatal(err)
	}
	if h != liveHash || seq != mid {
		t.Fatalf("checkpoint hash %x at %d, the engine's %x at %d", h[:8], seq, liveHash[:8], mid)
	}
	if _, _, err := Checkpoint(cfg.DataDir, to, cfg.Machine); err == nil {
		t.Fatal("a checkpoint into an existing directory succeeded")
	}

	// The leader goes on with the rest of the log; the seeded follower
	// starts at mid and applies only what follows.
	leader := running(t, cfg)
	if _, _, err := Checkpoint(cfg.DataDir, filepath.Join(t.TempDir(), "c"), cfg.Machine); err == nil {
		t.Fatal("a checkpoint of a running engine's dir succeeded")
	}
	fcfg := testConfig(t, nc, ModeFollower)
	fcfg.DataDir = to
	follower, err := Open(context.Background(), fcfg)
	if err != nil {
		t.Fatal(err)
	}
	if follower.Applied() != mid {
		t.Fatalf("the seeded follower starts at %d, want %d", follower.Applied(), mid)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- follower.Run(ctx) }()
	last := appendAll(t, nc, cmds[half:])
	waitApplied(t, leader, last)
	waitApplied(t, follower, last)
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	seeded := follower.State().StateHash()
	if err := follower.Close(); err != nil {
		t.Fatal(err)
	}

	rcfg := testConfig(t, nc, ModeReplay)
	r, err := Replay(context.Background(), rcfg)
	if err != nil {
		t.Fatal(err)
	}
	if r.AppliedSeq != last || seeded != r.StateHash {
		t.Fatalf("seeded follower %x at %d, replay %x at %d", seeded[:8], last, r.StateHash[:8], r.AppliedSeq)
	}
	if h, seq, err := Hash(to, cfg.Machine); err != nil || h != r.StateHash || seq != last {
		t.Fatalf("the seeded dir reopened: %x at %d (%v), replay %x at %d", h[:8], seq, err, r.StateHash[:8], last)
	}
}

// TestCheckpointRefusals: a checkpoint needs a destination, an existing
// data dir, and one that no unfinished replay is writing.
func TestCheckpointRefusals(t *testing.T) {
	t.Parallel()
	mc := testConfig(t, nil, ModeLeader).Machine
	if _, _, err := Checkpoint(t.TempDir(), "", mc); err == nil {
		t.Error("a checkpoint without -to succeeded")
	}
	if _, _, err := Checkpoint(filepath.Join(t.TempDir(), "absent"), filepath.Join(t.TempDir(), "c"), mc); err == nil {
		t.Error("a checkpoint of a missing data dir succeeded")
	}
	unfinished := t.TempDir()
	if err := os.WriteFile(filepath.Join(unfinished, replayMarker), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := Checkpoint(unfinished, filepath.Join(t.TempDir(), "c"), mc); err == nil {
		t.Error("a checkpoint of a dir an unfinished replay is writing succeeded")
	}
}
