package chaos

import (
	"context"
	"os"
	"testing"
)

// TestCrashRecovery kills the engine three times and the NATS server once
// while commands are appended, then checks nothing acknowledged was lost or
// applied twice, the state equals a clean replay, and the engine rode out
// the NATS restart without exiting.
func TestCrashRecovery(t *testing.T) {
	rep, err := Run(context.Background(), Config{Kills: 3, NATSRestarts: 1, Ops: 8_000, Publishers: 32,
		WorkDir: workDir(t), Log: testWriter{t}})
	if err != nil {
		t.Fatal(err)
	}
	t.Log("\n" + rep.Lines())
	if rep.Kills != 3 || rep.NATSRestarts != 1 {
		t.Fatalf("only %d engine kills and %d NATS restarts happened", rep.Kills, rep.NATSRestarts)
	}
	if rep.Exits != 0 {
		t.Errorf("the engine exited by itself %d times: it should ride out a NATS restart", rep.Exits)
	}
	// Only the chaos publishers write here, each retry under its batch's
	// id, which the stream deduplicates: nothing is logged twice either.
	if rep.Acked == 0 || rep.Lost != 0 || rep.Duplicated != 0 || rep.LoggedTwice != 0 || !rep.HashMatch {
		t.Fatalf("acked %d, lost %d, duplicated %d, logged twice %d, hash match %v (live %s, replay %s)",
			rep.Acked, rep.Lost, rep.Duplicated, rep.LoggedTwice, rep.HashMatch, rep.LiveHash, rep.ReplayHash)
	}
}

// TestFailoverUnderChaos runs two engines that elect a leader and kills
// the leader three times under load: each time the standby takes over,
// nothing acknowledged is lost or published twice, and both engines end in
// the replay's state.
func TestFailoverUnderChaos(t *testing.T) {
	rep, err := Run(context.Background(), Config{Kills: 3, Standbys: 1, Ops: 8_000, Publishers: 32,
		WorkDir: workDir(t), Log: testWriter{t}})
	if err != nil {
		t.Fatal(err)
	}
	t.Log("\n" + rep.Lines())
	if rep.Kills != 3 {
		t.Fatalf("only %d leader kills happened", rep.Kills)
	}
	// Only the chaos publishers write here, each retry under its batch's
	// id, which the stream deduplicates: nothing is logged twice either.
	if rep.Acked == 0 || rep.Lost != 0 || rep.Duplicated != 0 || rep.LoggedTwice != 0 || !rep.HashMatch {
		t.Fatalf("acked %d, lost %d, duplicated %d, logged twice %d, hash match %v (live %s, replay %s)",
			rep.Acked, rep.Lost, rep.Duplicated, rep.LoggedTwice, rep.HashMatch, rep.LiveHash, rep.ReplayHash)
	}
}

// workDir is a temporary directory kept, with the processes' logs and
// data, when the test fails.
func workDir(t *testing.T) string {
	dir, err := os.MkdirTemp("", "pred-chaos-test-")
	if err != nil {
		t.Fatal(err)
	}
	// Said first, not at the end: a failure's reason stays the last line,
	// the one CI's cut of a long log keeps.
	t.Logf("logs and data in %s, kept if the test fails", dir)
	t.Cleanup(func() {
		if !t.Failed() {
			_ = os.RemoveAll(dir)
		}
	})
	return dir
}

type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(string(p))
	return len(p), nil
}

// TestSettlerChaos kills the settler process three times while traders
// cross orders: every trade ends CONFIRMED, every order is filled on chain
// by exactly what the engine filled, no operator transaction reverted.
func TestSettlerChaos(t *testing.T) {
	rep, err := RunSettler(context.Background(), SettlerConfig{Kills: 3, Pairs: 60, Traders: 4, WorkDir: workDir(t), Log: testWriter{t}})
	if err != nil {
		t.Fatal(err)
	}
	t.Log("\n" + rep.Lines())
	if rep.Kills != 3 {
		t.Fatalf("only %d settler kills happened", rep.Kills)
	}
	if rep.Trades != 60 || rep.Confirmed != rep.Trades || rep.Lost != 0 || rep.Duplicated != 0 || rep.Failed != 0 {
		t.Fatalf("trades %d, confirmed %d, lost %d, duplicated %d, failed %d", rep.Trades, rep.Confirmed, rep.Lost, rep.Duplicated, rep.Failed)
	}
}
