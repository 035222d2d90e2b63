package bench

import (
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

// Matcher measures the pure matching core on the exchange-core style mix
// (loadgen): one market with about 1,000 resting orders and 1,000 users,
// then 10,000 markets with 1,000,000 resting orders. Ledger updates, event
// emission and the per-batch collection of state changes are included;
// decoding commands and writing them to storage are not (the journal and
// replay figures cover those).
func Matcher(cfg MatcherConfig) []Figure {
	w := loadgen.Generate(loadgen.Single(cfg.Ops))
	var rates, ops, ns, allocs []float64
	for range cfg.Runs {
		f := loadgen.Throughput(w)
		rates = append(rates, f.CmdsPerSec)
		ops = append(ops, f.OpsPerSec)
		ns = append(ns, f.NsPerCmd)
		allocs = append(allocs, f.AllocsPerCmd)
	}
	lat := loadgen.Latency(w)
	figs := []Figure{
		{"matcher_cmds_per_sec", median(rates), "cmds/s"},
		{"matcher_ops_per_sec", median(ops), "ops/s"},
		{"matcher_ns_per_cmd", median(ns), "ns"},
		{"matcher_allocs_per_cmd", median(allocs), "allocs"},
		{"matcher_p50_ns", float64(lat.P50Ns), "ns"},
		{"matcher_p99_ns", float64(lat.P99Ns), "ns"},
		{"matcher_p9999_ns", float64(lat.P9999Ns), "ns"},
		{"matcher_max_ns", float64(lat.MaxNs), "ns"},
	}
	w = nil
	large := loadgen.Generate(loadgen.Large(cfg.LargeOps))
	var lrates []float64
	for range cfg.Runs {
		lrates = append(lrates, loadgen.Throughput(large).CmdsPerSec)
	}
	return append(figs, Figure{"matcher_large_cmds_per_sec", median(lrates), "cmds/s"})
}
