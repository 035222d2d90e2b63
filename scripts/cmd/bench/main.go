// Command bench measures the exchange and prints one figure per line,
// "<name> <value> <unit>". Run it with `make bench`.
package main

import (
	"flag"
	"fmt"
	"os"

	"pred.dev/scripts/bench"
)

func main() {
	cfg, ecfg, ccfg, gcfg, scfg := bench.DefaultMatcher, bench.DefaultEngine, bench.DefaultCLOB, bench.DefaultGamma, bench.DefaultSettle
	only := flag.String("only", "", "run one group: matcher, journal, replay, clob, verify, chain, gamma, settle, relayer")
	flag.IntVar(&cfg.Ops, "matcher-ops", cfg.Ops, "operations in the single-book matcher run")
	flag.IntVar(&cfg.LargeOps, "matcher-large-ops", cfg.LargeOps, "operations in the 10,000-market matcher run")
	flag.IntVar(&cfg.Runs, "runs", cfg.Runs, "repetitions of each throughput run (the median is reported)")
	flag.IntVar(&ecfg.JournalOps, "journal-ops", ecfg.JournalOps, "workload operations appended in the journal run")
	flag.IntVar(&ecfg.Callers, "journal-callers", ecfg.Callers, "concurrent appenders in the journal run")
	flag.IntVar(&ecfg.LogCmds, "log-cmds", ecfg.LogCmds, "commands in the log that is replayed and restarted from")
	flag.IntVar(&ccfg.Orders, "clob-orders", ccfg.Orders, "signed orders sent through the CLOB API in each timed run")
	flag.IntVar(&ccfg.Runs, "clob-runs", ccfg.Runs, "timed CLOB API runs (the median is reported)")
	flag.IntVar(&ccfg.Clients, "clob-clients", ccfg.Clients, "concurrent CLOB API clients, each its own wallet")
	flag.StringVar(&ccfg.SettleDataDir, "clob-settle-data-dir", ccfg.SettleDataDir, "where the settlement processes keep their data in the CLOB runs with settlement (default tmpfs, standing for a disk of their own; empty: the exchange's disk)")
	flag.DurationVar(&ccfg.SettleSealWait, "clob-settle-seal-wait", ccfg.SettleSealWait, "how long the settlement chain waits after a transaction for more to join its block in the CLOB runs with settlement")
	flag.IntVar(&ccfg.Pairs, "clob-pairs", ccfg.Pairs, "CLOB runs with settlement, each between two runs without")
	flag.IntVar(&ccfg.Subscribers, "ws-subscribers", bench.DefaultStreamSubscribers, "market-channel subscribers the ws group holds on the gateway beside the CLOB's order stream")
	flag.IntVar(&ccfg.StreamPacedRate, "ws-paced-rate", bench.DefaultStreamPacedRate, "orders a second of the ws group's paced run with the subscribers (0: none)")
	flag.IntVar(&ccfg.CrossPct, "clob-cross-pct", ccfg.CrossPct, "percent of CLOB orders priced to trade at once")
	flag.StringVar(&ccfg.CPUProfile, "clob-cpuprofile", "", "write a CPU profile of the bench's process over the timed CLOB runs with settlement to this file (and without, to this file.no-settle)")
	flag.StringVar(&ccfg.SettleSched, "clob-settle-sched", ccfg.SettleSched, "scheduling of the settlement processes in the CLOB run with settlement: idle-one-core (SCHED_IDLE on the last core only), idle (SCHED_IDLE) or nice (nice 19)")
	flag.BoolVar(&ccfg.PauseSettlement, "clob-pause-settlement", false, "diagnosis: stop the settlement processes (SIGSTOP) over the timed CLOB runs, resume them after")
	flag.BoolVar(&ccfg.IdleBurn, "clob-idle-burn", false, "control, with -clob-pause-settlement: a SCHED_IDLE busy loop in the paused settlement's place over the timed CLOB runs")
	flag.IntVar(&gcfg.MarketReads, "gamma-market-reads", gcfg.MarketReads, "GET /markets/{id} requests in each timed Gamma run")
	flag.IntVar(&gcfg.EventLists, "gamma-event-lists", gcfg.EventLists, "GET /events?limit=20 requests in each timed Gamma run")
	flag.IntVar(&gcfg.Runs, "gamma-runs", gcfg.Runs, "timed Gamma runs (the median is reported)")
	flag.IntVar(&gcfg.Clients, "gamma-clients", gcfg.Clients, "concurrent Gamma API clients")
	rcfg := bench.DefaultRelayer
	flag.IntVar(&rcfg.Clients, "relayer-clients", rcfg.Clients, "concurrent Relayer API clients of the throughput run, each its own wallet")
	flag.IntVar(&rcfg.PerClient, "relayer-per-client", rcfg.PerClient, "pre-signed Safe transactions each client submits")
	flag.IntVar(&rcfg.LatClients, "relayer-latency-clients", rcfg.LatClients, "clients of the submit-to-MINED latency run")
	flag.IntVar(&rcfg.LatPerClient, "relayer-latency-per-client", rcfg.LatPerClient, "transactions each latency client follows to MINED")
	flag.IntVar(&scfg.Rounds, "settle-rounds", scfg.Rounds, "rounds of the settlement stream (each one taker filling -settle-makers-per-round makers)")
	flag.IntVar(&scfg.MakersPerRound, "settle-makers-per-round", scfg.MakersPerRound, "maker orders a taker fills in each round (at most 15: one matchOrders call)")
	flag.IntVar(&scfg.MatcherPairs, "settle-matcher-pairs", scfg.MatcherPairs, "matcher measurements alone and beside settlement, alternately, each")
	flag.IntVar(&scfg.CeilingCalls, "settle-ceiling-calls", scfg.CeilingCalls, "calls of each of the chain's ceiling runs")
	flag.IntVar(&scfg.RoundsInFlight, "settle-rounds-in-flight", scfg.RoundsInFlight, "rounds of the settlement stream placed at a time")
	flag.IntVar(&scfg.Pairs, "settle-pairs", scfg.Pairs, "settled runs, each followed by a ceiling run")
	flag.IntVar(&scfg.LagRounds, "settle-lag-rounds", scfg.LagRounds, "rounds of the paced stream that measures the settlement's lag")
	flag.IntVar(&scfg.LagPace, "settle-lag-pace", scfg.LagPace, "rounds a second of the paced stream that measures the settlement's lag")
	serve := flag.Bool("matcher-serve", false, "internal: be the settle group's matcher process (measure on every line of stdin)")
	flag.Parse()
	if *serve {
		if err := bench.ServeMatcher(cfg.Ops, cfg.Runs, os.Stdin, os.Stdout); err != nil {
			fmt.Fprintf(os.Stderr, "bench: matcher process: %v\n", err)
			os.Exit(1)
		}
		return
	}
	groups := []struct {
		name string
		run  func() ([]bench.Figure, error)
	}{
		{"matcher", func() ([]bench.Figure, error) { return bench.Matcher(cfg), nil }},
		{"journal", func() ([]bench.Figure, error) { return bench.JournalCompare(ecfg) }},
		{"replay", func() ([]bench.Figure, error) { return bench.ReplayRestart(ecfg) }},
		{"clob", func() ([]bench.Figure, error) { return bench.CLOBWithCluster(ccfg) }},
		{"ws", func() ([]bench.Figure, error) { return bench.CLOBStreams(ccfg) }},
		{"verify", bench.Verify},
		{"chain", bench.Chain},
		{"gamma", func() ([]bench.Figure, error) { return bench.Gamma(gcfg) }},
		{"relayer", func() ([]bench.Figure, error) { return bench.Relayer(rcfg) }},
		{"settle", func() ([]bench.Figure, error) { return bench.Settle(scfg) }},
	}
	failed := false
	for _, g := range groups {
		if *only != "" && *only != g.name {
			continue
		}
		figs, err := g.run()
		if err != nil {
			fmt.Fprintf(os.Stderr, "bench %s: %v\n", g.name, err)
			failed = true
			continue
		}
		bench.Print(os.Stdout, figs)
	}
	if failed {
		os.Exit(1)
	}
}
