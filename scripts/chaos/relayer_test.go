package chaos

import (
	"context"
	"testing"
	"time"
)

// TestRelayerChaos runs the relayer's chaos at a small scale: the relayer
// process is killed three times while four traders onboard and transfer;
// every submission ends CONFIRMED, each executed once, and the hot key's
// nonces have no gap or reuse.
func TestRelayerChaos(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs NATS and the relayer as processes")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	rep, err := RunRelayer(ctx, RelayerConfig{Kills: 3, Traders: 4, Transfers: 2, WorkDir: t.TempDir(), Log: testLog{t}})
	if err != nil {
		t.Fatal(err)
	}
	t.Log("\n" + rep.Lines())
	want := 4 * (2 + 2)
	if rep.Kills != 3 || rep.Lost != 0 || rep.Duplicated != 0 || rep.Gaps != 0 || rep.Submissions != want || rep.Confirmed != want ||
		rep.Transactions != want {
		t.Fatalf("report %+v; want 3 kills, %d submissions confirmed in as many transactions, nothing lost or duplicated", rep, want)
	}
}

// testLog writes the run's progress lines to the test log.
type testLog struct{ t *testing.T }

func (l testLog) Write(b []byte) (int, error) {
	l.t.Log(string(b))
	return len(b), nil
}
