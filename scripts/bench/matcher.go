package bench

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"

	"pred.dev/engine/loadgen"
)

// MatcherConfig sizes the matcher figures.
type MatcherConfig struct {
	// Ops is the number of workload operations of the single-book run.
	Ops int
	// LargeOps is the number of operations over 10,000 markets.
	LargeOps int
	// Runs repeats each throughput run; the median is reported.
	Runs int
}

// DefaultMatcher is what `make bench` runs.
var DefaultMatcher = MatcherConfig{Ops: 2_000_000, LargeOps: 1_000_000, Runs: 3}

// QuickMatcher is the matcher group of `make bench-quick`: still three
// runs (each pairs the matcher with the peer), on streams of a seventh
// and a tenth of the full ones.
var QuickMatcher = MatcherConfig{Ops: 300_000, LargeOps: 100_000, Runs: 3}

// Matcher measures the pure matching core on the exchange-core style mix
// (loadgen): one market with about 1,000 resting orders and 1,000 users,
// then 10,000 markets with 1,000,000 resting orders. Ledger updates, event
// emission and the per-batch collection of state changes are included;
// decoding commands and writing them to storage are not (the journal and
// replay figures cover those).
//
// On the single book it also prints the nanoseconds per command of each
// kind (matcher_ns_per_<kind>: where the next optimisation is), and runs
// the peer book (github.com/i25959341/orderbook, internal/peerbook) on
// the same stream, alternately with the matcher so that a drift of the
// machine's load falls on both alike: peer_cmds_per_sec, and
// matcher_peer_ratio, the median of each pair's matcher rate over the
// peer's (goal: at least 3). The peer keeps no ledger and emits no events.
//
// The same mix with each cancel-and-replace sent as one atomic replace
// (loadgen's AtomicReplace, what POST /order/replace appends) runs beside
// each matcher run: matcher_replace_cmds_per_sec and _ops_per_sec, and
// matcher_replace_ops_ratio, the median of each pair's operations per
// second over the two-command mix's.
func Matcher(cfg MatcherConfig) ([]Figure, error) {
	w := loadgen.Generate(loadgen.Single(cfg.Ops))
	kinds, err := classify(w)
	if err != nil {
		return nil, err
	}
	prep, pcmds, err := peerStream(w)
	if err != nil {
		return nil, err
	}
	atomicCfg := w.Config
	atomicCfg.AtomicReplace = true
	atomic := loadgen.Generate(atomicCfg)
	var rates, ops, ns, allocs, peerRates, ratios, aRates, aOps, aRatios []float64
	for range cfg.Runs {
		f := loadgen.Throughput(w)
		rates = append(rates, f.CmdsPerSec)
		ops = append(ops, f.OpsPerSec)
		ns = append(ns, f.NsPerCmd)
		allocs = append(allocs, f.AllocsPerCmd)
		a := loadgen.Throughput(atomic)
		aRates, aOps, aRatios = append(aRates, a.CmdsPerSec), append(aOps, a.OpsPerSec), append(aRatios, a.OpsPerSec/f.OpsPerSec)
		p, err := runPeer(prep, pcmds)
		if err != nil {
			return nil, err
		}
		if p.trades == 0 {
			return nil, errPeerIdle
		}
		pr := float64(len(pcmds)) / p.elapsed.Seconds()
		peerRates, ratios = append(peerRates, pr), append(ratios, f.CmdsPerSec/pr)
	}
	prep, pcmds, atomic = nil, nil, nil
	lat := loadgen.Latency(w)
	figs := []Figure{
		{"matcher_cmds_per_sec", median(rates), "cmds/s"},
		{"matcher_ops_per_sec", median(ops), "ops/s"},
		{"matcher_ns_per_cmd", median(ns), "ns"},
		{"matcher_allocs_per_cmd", median(allocs), "allocs"},
		{"matcher_replace_cmds_per_sec", median(aRates), "cmds/s"},
		{"matcher_replace_ops_per_sec", median(aOps), "ops/s"},
		{"matcher_replace_ops_ratio", median(aRatios), "x"},
		{"matcher_p50_ns", float64(lat.P50Ns), "ns"},
		{"matcher_p99_ns", float64(lat.P99Ns), "ns"},
		{"matcher_p9999_ns", float64(lat.P9999Ns), "ns"},
		{"matcher_max_ns", float64(lat.MaxNs), "ns"},
	}
	for k, v := range kindNs(w, kinds) {
		figs = append(figs, Figure{"matcher_ns_per_" + cmdKindNames[k], v, "ns"})
	}
	figs = append(figs, Figure{"peer_cmds_per_sec", median(peerRates), "cmds/s"},
		Figure{"matcher_peer_ratio", median(ratios), "x"})
	w = nil
	large := loadgen.Generate(loadgen.Large(cfg.LargeOps))
	var lrates []float64
	for range cfg.Runs {
		lrates = append(lrates, loadgen.Throughput(large).CmdsPerSec)
	}
	return append(figs, Figure{"matcher_large_cmds_per_sec", median(lrates), "cmds/s"}), nil
}

// matcherServer is the pure matcher in a process of its own (this
// program again, -matcher-serve), as the engine runs apart from the
// settler: the two then share only the machine's cores, not a heap and
// its garbage collector. It generates its workload once and measures
// matcher_cmds_per_sec each time it is asked (ServeMatcher), so the
// measurements can alternate with other work.
type matcherServer struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

// matcherServeRuns is how many throughput runs make one answer of the
// matcher's process (the median).
const matcherServeRuns = 5

// startMatcherServer starts the matcher's process at this process's
// priority and returns once its workload is generated.
func startMatcherServer(ops int) (*matcherServer, error) {
	cmd := exec.Command(os.Args[0], "-matcher-serve", "-matcher-ops", strconv.Itoa(ops), "-runs", strconv.Itoa(matcherServeRuns))
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("bench: the matcher's process: %w", err)
	}
	m := &matcherServer{cmd: cmd, in: in, out: bufio.NewScanner(out)}
	if !m.out.Scan() || m.out.Text() != matcherReady {
		m.close()
		return nil, fmt.Errorf("bench: the matcher's process did not start: %q %v", m.out.Text(), m.out.Err())
	}
	return m, nil
}

// run asks for one measurement.
func (m *matcherServer) run() (float64, error) {
	if _, err := io.WriteString(m.in, "run\n"); err != nil {
		return 0, fmt.Errorf("bench: the matcher's process: %w", err)
	}
	if !m.out.Scan() {
		return 0, fmt.Errorf("bench: the matcher's process did not answer: %v", m.out.Err())
	}
	f := strings.Fields(m.out.Text())
	if len(f) != 2 || f[0] != "matcher_cmds_per_sec" {
		return 0, fmt.Errorf("bench: the matcher's process answered %q", m.out.Text())
	}
	return strconv.ParseFloat(f[1], 64)
}

// close ends the matcher's process (it stops at the end of its input).
func (m *matcherServer) close() {
	_ = m.in.Close()
	_ = m.cmd.Wait()
}

// matcherReady is the matcher's process's first line.
const matcherReady = "ready"

// ServeMatcher is the matcher's process: it generates the single-book
// workload of ops operations, says matcherReady, and for every line read
// from in measures the throughput runs times and writes the median
// matcher_cmds_per_sec to out.
func ServeMatcher(ops, runs int, in io.Reader, out io.Writer) error {
	w := loadgen.Generate(loadgen.Single(ops))
	if _, err := fmt.Fprintln(out, matcherReady); err != nil {
		return err
	}
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		var rates []float64
		for range max(runs, 1) {
			rates = append(rates, loadgen.Throughput(w).CmdsPerSec)
		}
		if _, err := fmt.Fprintf(out, "matcher_cmds_per_sec %g\n", median(rates)); err != nil {
			return err
		}
	}
	return sc.Err()
}
