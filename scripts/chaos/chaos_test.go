package chaos

import (
	"context"
	"testing"
)

// TestCrashRecovery kills the engine three times and the NATS server once
// while commands are appended, then checks nothing acknowledged was lost or
// applied twice and the state equals a clean replay.
func TestCrashRecovery(t *testing.T) {
	rep, err := Run(context.Background(), Config{Kills: 3, NATSRestarts: 1, Ops: 8_000, Publishers: 32,
		WorkDir: t.TempDir(), Log: testWriter{t}})
	if err != nil {
		t.Fatal(err)
	}
	t.Log("\n" + rep.Lines())
	if rep.Kills != 3 || rep.NATSRestarts != 1 {
		t.Fatalf("only %d engine kills and %d NATS restarts happened", rep.Kills, rep.NATSRestarts)
	}
	if rep.Acked == 0 || rep.Lost != 0 || rep.Duplicated != 0 || !rep.HashMatch {
		t.Fatalf("acked %d, lost %d, duplicated %d, hash match %v (live %s, replay %s)",
			rep.Acked, rep.Lost, rep.Duplicated, rep.HashMatch, rep.LiveHash, rep.ReplayHash)
	}
}

type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(string(p))
	return len(p), nil
}
