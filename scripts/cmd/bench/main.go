// Command bench measures the exchange and prints one figure per line,
// "<name> <value> <unit>". Run it with `make bench`.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"pred.dev/scripts/bench"
)

// quickEnv, set to 1, runs the quick sizes as -quick does.
const quickEnv = "BENCH_QUICK"

func main() {
	// The sizes' flags default to the sizes of the mode chosen, so the
	// mode is read first: a pass over the arguments that only looks
	// for -quick (its errors are the second pass's to report).
	probe := flag.NewFlagSet("bench", flag.ContinueOnError)
	probe.SetOutput(io.Discard)
	s := bench.DefaultSizes()
	f := define(probe, &s)
	_ = probe.Parse(os.Args[1:])
	if *f.quick || os.Getenv(quickEnv) == "1" {
		s = bench.QuickSizes()
	}
	f = define(flag.CommandLine, &s)
	flag.Parse()
	if *f.serve {
		if err := bench.ServeMatcher(s.Matcher.Ops, s.Matcher.Runs, os.Stdin, os.Stdout); err != nil {
			fmt.Fprintf(os.Stderr, "bench: matcher process: %v\n", err)
			os.Exit(1)
		}
		return
	}
	failed := false
	for _, g := range bench.Groups(&s) {
		if *f.only != g.Name && (*f.only != "" || g.Alone) {
			continue
		}
		figs, err := bench.RunGroup(g)
		bench.Print(os.Stdout, figs)
		if err != nil {
			fmt.Fprintf(os.Stderr, "bench %s: %v\n", g.Name, err)
			failed = true
		}
	}
	if failed {
		os.Exit(1)
	}
}

// flags are the flags that are not sizes.
type flags struct {
	only  *string
	quick *bool
	serve *bool
}

// define defines every flag on fs, the sizes' with s's values as their
// defaults and s as their destination.
func define(fs *flag.FlagSet, s *bench.Sizes) flags {
	var f flags
	f.only = fs.String("only", "", "run one group: matcher, journal, replay, clob, ws, verify (the clob group measures it too), chain, gamma, relayer, settle")
	f.quick = fs.Bool("quick", false, "the quick sizes (make bench-quick, also "+quickEnv+"=1): every figure, each group smaller, a few minutes in all; the sizes' flags then default to the quick sizes")
	fs.IntVar(&s.Matcher.Ops, "matcher-ops", s.Matcher.Ops, "operations in the single-book matcher run")
	fs.IntVar(&s.Matcher.LargeOps, "matcher-large-ops", s.Matcher.LargeOps, "operations in the 10,000-market matcher run")
	fs.IntVar(&s.Matcher.Runs, "runs", s.Matcher.Runs, "repetitions of each throughput run (the median is reported)")
	fs.IntVar(&s.Engine.JournalOps, "journal-ops", s.Engine.JournalOps, "workload operations appended in the journal run")
	fs.IntVar(&s.Engine.Callers, "journal-callers", s.Engine.Callers, "concurrent appenders in the journal run")
	fs.IntVar(&s.Engine.BaselineOps, "journal-baseline-ops", s.Engine.BaselineOps, "workload operations appended one per message, each acknowledged before the next, in the journal's group-commit baseline")
	fs.IntVar(&s.Engine.LogCmds, "log-cmds", s.Engine.LogCmds, "commands in the log that is replayed and restarted from")
	fs.IntVar(&s.CLOB.Orders, "clob-orders", s.CLOB.Orders, "signed orders sent through the CLOB API in each timed run")
	fs.IntVar(&s.CLOB.Runs, "clob-runs", s.CLOB.Runs, "timed CLOB API runs (the median is reported)")
	fs.IntVar(&s.CLOB.Clients, "clob-clients", s.CLOB.Clients, "concurrent CLOB API clients, each its own wallet")
	fs.StringVar(&s.CLOB.SettleDataDir, "clob-settle-data-dir", s.CLOB.SettleDataDir, "where the settlement processes keep their data in the CLOB runs with settlement (default tmpfs, standing for a disk of their own; empty: the exchange's disk)")
	fs.DurationVar(&s.CLOB.SettleSealWait, "clob-settle-seal-wait", s.CLOB.SettleSealWait, "how long the settlement chain waits after a transaction for more to join its block in the CLOB runs with settlement")
	fs.IntVar(&s.CLOB.Pairs, "clob-pairs", s.CLOB.Pairs, "CLOB runs with settlement, each between two runs without")
	fs.IntVar(&s.CLOB.Batches, "clob-batches", s.CLOB.Batches, "POST /orders requests, each of 15 signed orders, after the first CLOB run without settlement (0: none)")
	fs.IntVar(&s.CLOB.Subscribers, "ws-subscribers", s.CLOB.Subscribers, "market-channel subscribers the ws group holds on the gateway beside the CLOB's order stream")
	fs.IntVar(&s.CLOB.StreamPacedRate, "ws-paced-rate", s.CLOB.StreamPacedRate, "orders a second of the ws group's paced run with the subscribers (0: none)")
	fs.IntVar(&s.CLOB.CrossPct, "clob-cross-pct", s.CLOB.CrossPct, "percent of CLOB orders priced to trade at once")
	fs.StringVar(&s.CLOB.CPUProfile, "clob-cpuprofile", s.CLOB.CPUProfile, "write a CPU profile of the bench's process over the timed CLOB runs with settlement to this file (without, to this file.no-settle; the POST /orders batches after those, to this file.no-settle.batch); the load generator's samples carry the label bench=load, so go tool pprof -tagignore bench=load shows the exchange alone")
	fs.StringVar(&s.CLOB.SettleSched, "clob-settle-sched", s.CLOB.SettleSched, "scheduling of the settlement processes in the CLOB run with settlement: idle-one-core (SCHED_IDLE on the last core only), idle (SCHED_IDLE) or nice (nice 19)")
	fs.BoolVar(&s.CLOB.PauseSettlement, "clob-pause-settlement", s.CLOB.PauseSettlement, "diagnosis: stop the settlement processes (SIGSTOP) over the timed CLOB runs, resume them after")
	fs.BoolVar(&s.CLOB.IdleBurn, "clob-idle-burn", s.CLOB.IdleBurn, "control, with -clob-pause-settlement: a SCHED_IDLE busy loop in the paused settlement's place over the timed CLOB runs")
	fs.IntVar(&s.Gamma.MarketReads, "gamma-market-reads", s.Gamma.MarketReads, "GET /markets/{id} requests in each timed Gamma run")
	fs.IntVar(&s.Gamma.EventLists, "gamma-event-lists", s.Gamma.EventLists, "GET /events?limit=20 requests in each timed Gamma run")
	fs.IntVar(&s.Gamma.Runs, "gamma-runs", s.Gamma.Runs, "timed Gamma runs (the median is reported)")
	fs.IntVar(&s.Gamma.Clients, "gamma-clients", s.Gamma.Clients, "concurrent Gamma API clients")
	fs.IntVar(&s.Relayer.Clients, "relayer-clients", s.Relayer.Clients, "concurrent Relayer API clients of the throughput run, each its own wallet")
	fs.IntVar(&s.Relayer.PerClient, "relayer-per-client", s.Relayer.PerClient, "pre-signed Safe transactions each client submits")
	fs.IntVar(&s.Relayer.LatClients, "relayer-latency-clients", s.Relayer.LatClients, "clients of the submit-to-MINED latency run")
	fs.IntVar(&s.Relayer.LatPerClient, "relayer-latency-per-client", s.Relayer.LatPerClient, "transactions each latency client follows to MINED")
	fs.IntVar(&s.Settle.Rounds, "settle-rounds", s.Settle.Rounds, "rounds of the settlement stream (each one taker filling -settle-makers-per-round makers)")
	fs.IntVar(&s.Settle.MakersPerRound, "settle-makers-per-round", s.Settle.MakersPerRound, "maker orders a taker fills in each round (at most 15: one matchOrders call)")
	fs.IntVar(&s.Settle.MatcherPairs, "settle-matcher-pairs", s.Settle.MatcherPairs, "matcher measurements alone and beside settlement, alternately, each")
	fs.IntVar(&s.Settle.CeilingCalls, "settle-ceiling-calls", s.Settle.CeilingCalls, "calls of each of the chain's ceiling runs")
	fs.IntVar(&s.Settle.RoundsInFlight, "settle-rounds-in-flight", s.Settle.RoundsInFlight, "rounds of the settlement stream placed at a time")
	fs.IntVar(&s.Settle.Pairs, "settle-pairs", s.Settle.Pairs, "settled runs, each followed by a ceiling run")
	fs.IntVar(&s.Settle.LagRounds, "settle-lag-rounds", s.Settle.LagRounds, "rounds of the paced stream that measures the settlement's lag")
	fs.IntVar(&s.Settle.LagPace, "settle-lag-pace", s.Settle.LagPace, "rounds a second of the paced stream that measures the settlement's lag")
	f.serve = fs.Bool("matcher-serve", false, "internal: be the settle group's matcher process (measure on every line of stdin)")
	return f
}
