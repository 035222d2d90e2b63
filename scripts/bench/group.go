package bench

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"sync"
	"time"

	"pred.dev/scripts/internal/proc"
)

// Group is one part of the bench, run by name (`-only`).
type Group struct {
	Name string
	Run  func() ([]Figure, error)
	// Alone marks a group that runs only when asked for by name: another
	// group measures the same figures in its own run.
	Alone bool
	// Workspace marks a group that builds and starts the services as
	// processes (./bin's nats-server, the cluster, the settlement side),
	// from the pred workspace the bench must then run in.
	Workspace bool
}

// loadSampleEvery is how often a group's load is sampled: the kernel
// updates its 1-minute average every 5 seconds, so a second misses none.
const loadSampleEvery = time.Second

// RunGroup runs g and appends how long it took (bench_<name>_seconds) and
// the load it ran under (bench_<name>_loadavg: the mean of the 1-minute
// load average read at its start and every second until its end), so a
// figure that depends on the machine's load says what the load was. A
// failed group returns the figures it measured with its error, and the
// timing figures too.
func RunGroup(g Group) ([]Figure, error) {
	// Checked first: a group that finds no workspace only when it starts
	// its processes failed minutes into its run (the clob group after
	// its runs without settlement).
	if g.Workspace {
		if _, err := proc.WorkspaceRoot(); err != nil {
			return nil, fmt.Errorf("%w: the %s group starts the services as processes built from it (make bench runs there)", err, g.Name)
		}
	}
	stop := make(chan struct{})
	var mu sync.Mutex
	var sum float64
	var n int
	sample := func() {
		if l, ok := loadAvg1(); ok {
			mu.Lock()
			sum, n = sum+l, n+1
			mu.Unlock()
		}
	}
	sample()
	var wg sync.WaitGroup
	wg.Go(func() {
		t := time.NewTicker(loadSampleEvery)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				sample()
			}
		}
	})
	start := time.Now()
	figs, err := g.Run()
	elapsed := time.Since(start)
	close(stop)
	wg.Wait()
	load := 0.0
	if n > 0 {
		load = sum / float64(n)
	}
	return append(figs, Figure{"bench_" + g.Name + "_seconds", elapsed.Seconds(), "s"},
		Figure{"bench_" + g.Name + "_loadavg", load, "load"}), err
}

// loadAvg1 reads the 1-minute load average (runnable and
// uninterruptible tasks, averaged) from /proc/loadavg.
func loadAvg1() (float64, bool) {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0, false
	}
	f, _, _ := bytes.Cut(b, []byte(" "))
	l, err := strconv.ParseFloat(string(f), 64)
	return l, err == nil
}
