package bench

import (
	"os"
	"runtime/pprof"
	"strconv"
	"strings"
	"testing"
)

// TestRelayerSmall runs the relayer figures at a tiny size against the
// devnet: every submission is accepted and mined, and each figure is
// reported. BENCH_RELAYER_CLIENTS runs it at another size (a profile of
// the full run: BENCH_RELAYER_CLIENTS=64 go test -run TestRelayerSmall
// -cpuprofile cpu.out).
func TestRelayerSmall(t *testing.T) {
	cfg := RelayerConfig{Clients: 4, PerClient: 5, LatClients: 2, LatPerClient: 3}
	if n, err := strconv.Atoi(os.Getenv("BENCH_RELAYER_CLIENTS")); err == nil && n > 0 {
		cfg = DefaultRelayer
		cfg.Clients = n
	}
	// BENCH_RELAYER_PROFILE=<phase>:<file> writes a CPU profile of one
	// phase (submit or latency).
	if p := os.Getenv("BENCH_RELAYER_PROFILE"); p != "" {
		name, file, _ := strings.Cut(p, ":")
		cfg.Phase = func(phase string, begins bool) {
			if phase != name {
				return
			}
			if !begins {
				pprof.StopCPUProfile()
				return
			}
			f, err := os.Create(file)
			if err != nil {
				t.Error(err)
				return
			}
			t.Cleanup(func() { f.Close() })
			if err := pprof.StartCPUProfile(f); err != nil {
				t.Error(err)
			}
		}
	}
	figs, err := Relayer(cfg)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"relayer_submits_per_sec", "relayer_worker_mined_per_sec", "relayer_mined_p50_ms", "relayer_mined_p99_ms"}
	if len(figs) != len(want) {
		t.Fatalf("figures %v", figs)
	}
	for i, f := range figs {
		t.Logf("%s %v %s", f.Name, f.Value, f.Unit)
		if f.Name != want[i] || f.Value <= 0 {
			t.Errorf("figure %d: %+v, want %s above 0", i, f, want[i])
		}
	}
}
