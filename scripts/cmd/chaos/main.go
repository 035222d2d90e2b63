// Command chaos kills the engine (and the NATS server) at random moments
// under load and checks that nothing acknowledged was lost or applied
// twice and that the state equals a clean replay. It prints
// "engine_chaos_kills <n>", "engine_chaos_lost 0",
// "engine_chaos_duplicated 0", "engine_chaos_hash_match 1" and exits
// non-zero if any check failed (-kills 0 skips it). Run it with
// `make chaos`; with -standbys 1 (CHAOS_STANDBYS=1) two engines elect a
// leader and every kill aims at the leader.
//
// Then the settler's turn: the settler runs as a process beside NATS, the
// engine, the relayer's worker and a JSON-RPC chain, and is killed
// -settler-kills times while traders cross orders; it prints
// "settler_kills <n>", "settler_lost 0", "settler_duplicated 0" and
// "settler_failed_trades 0" (every trade CONFIRMED, every order filled on
// chain by exactly what the engine filled, no operator transaction
// reverted). -settler-kills 0 skips it.
//
// Last the relayer's: the relayer runs as a process beside NATS and a
// JSON-RPC chain and is killed -relayer-kills times while traders onboard
// their wallets and submit Safe transactions (retrying a submission whose
// answer a kill lost); it prints "relayer_kills <n>", "relayer_lost 0",
// "relayer_duplicated 0" and "relayer_nonce_gaps 0" (every submission
// CONFIRMED, every transfer on chain once, the hot key's nonces 0..n-1
// each once and none reverted). -relayer-kills 0 skips it.
//
// Last the cluster's, the fault campaign: the whole topology of
// scripts/cluster (three NATS nodes, engine leader, standby and replica,
// two of each API, relayers, settlers, geth, HAProxy) under a steady load
// of signed orders, cancels, reads, withdrawals and balance reads through
// HAProxy, while faults the seed picks are made one at a time: each
// process role killed (kill -9, then restarted) or paused (SIGSTOP until
// it lost what it led, then SIGCONT), a NATS node partitioned from the
// others and the clients (network namespaces; root), the chain's RPC
// slowed or stalled (toxiproxy) and its last blocks replaced
// (debug_setHead). -cluster-faults picks the kinds, -cluster-rounds or
// -cluster-duration how many (by default each kind once), -cluster-seed
// their order, victims and moments. Per kind it prints
// "cluster_fault_<kind>_count", "_recovery_max_ms" and "_p99_max_ms";
// then "chaos_faults <n>", "chaos_lost 0", "chaos_duplicated 0",
// "chaos_linearizability_violations 0" (the clients' history, checked
// with porcupine), "chaos_stream_gaps 0" and "chaos_unconfirmed_trades
// 0", with "cluster_hash_match 1" and "cluster_reconcile_differences 0".
// -cluster-faults none skips it. A campaign of an hour alone:
//
//	CHAOS_KILLS=0 CHAOS_SETTLER_KILLS=0 CHAOS_RELAYER_KILLS=0 CHAOS_CLUSTER_DURATION=1h make chaos
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"slices"
	"strings"
	"time"

	"pred.dev/proto/runtime/flagenv"
	"pred.dev/scripts/chaos"
)

func main() {
	cfg := chaos.Config{Log: os.Stderr}
	fs := flag.NewFlagSet("chaos", flag.ExitOnError)
	fs.IntVar(&cfg.Kills, "kills", 20, "engine kills with SIGKILL (0 skips the engine's run)")
	fs.IntVar(&cfg.Standbys, "standbys", 0, "standby engines beside the first, electing a leader through the lease; kills aim at the leader")
	fs.IntVar(&cfg.NATSRestarts, "nats-restarts", 2, "NATS server kills and restarts under load")
	fs.IntVar(&cfg.Ops, "ops", 60_000, "workload operations appended during the run")
	fs.IntVar(&cfg.Publishers, "publishers", 64, "concurrent appenders")
	fs.StringVar(&cfg.WorkDir, "work-dir", "", "binaries and data (default: a temporary directory)")
	scfg := chaos.SettlerConfig{Log: os.Stderr}
	fs.IntVar(&scfg.Kills, "settler-kills", 10, "settler kills with SIGKILL (0 skips the settler's run)")
	fs.IntVar(&scfg.Pairs, "settler-pairs", 400, "pairs of crossing orders (one trade each) during the settler's run")
	fs.IntVar(&scfg.Traders, "settler-traders", 8, "traders of the settler's run (Safe wallets on chain)")
	rcfg := chaos.RelayerConfig{Log: os.Stderr}
	fs.IntVar(&rcfg.Kills, "relayer-kills", 10, "relayer kills with SIGKILL (0 skips the relayer's run)")
	fs.IntVar(&rcfg.Traders, "relayer-traders", 16, "traders of the relayer's run, each onboarding a wallet")
	fs.IntVar(&rcfg.Transfers, "relayer-transfers", 4, "Safe transfers each trader submits after its onboarding")
	ccfg := chaos.ClusterConfig{Log: os.Stderr}
	faults := fs.String("cluster-faults", "all", "faults of the cluster's run, comma-separated, of "+faultNames()+" (all: every one; none skips the run)")
	fs.IntVar(&ccfg.Traders, "cluster-traders", 8, "traders of the cluster's run, crossing orders in pairs through HAProxy")
	fs.IntVar(&ccfg.Withdrawers, "cluster-withdrawers", 2, "withdrawers of the cluster's run, reserving withdrawals and reading their balance through HAProxy")
	fs.DurationVar(&ccfg.Pause, "cluster-pause", 50*time.Millisecond, "pause between a trader's orders in the cluster's run")
	fs.DurationVar(&ccfg.Steady, "cluster-steady", 5*time.Second, "steady load before each fault of the cluster's run and after each restart")
	fs.Uint64Var(&ccfg.Seed, "cluster-seed", 21, "seed of the cluster's run: the faults, their victims and moments (a failing run is repeated with its seed)")
	fs.IntVar(&ccfg.Rounds, "cluster-rounds", 0, "faults of the cluster's run, each of a kind the seed picks (0: each kind of -cluster-faults once, in a seeded order)")
	fs.DurationVar(&ccfg.Duration, "cluster-duration", 0, "make faults until this long has passed, every kind once per round in orders the seed shuffles (a campaign, say 1h; overrides -cluster-rounds)")
	if err := flagenv.Parse(fs, os.Args[1:], "CHAOS"); err != nil {
		fmt.Fprintln(os.Stderr, "chaos:", err)
		os.Exit(2)
	}
	var err error
	if ccfg.Faults, err = parseFaults(*faults); err != nil {
		fmt.Fprintln(os.Stderr, "chaos:", err)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if cfg.Kills > 0 {
		rep, err := chaos.Run(ctx, cfg)
		fmt.Print(rep.Lines())
		if err != nil {
			fmt.Fprintln(os.Stderr, "chaos:", err)
			os.Exit(1)
		}
		// A lone engine rides out NATS restarts; with standbys, a leader that
		// loses its lease while NATS is down exits by design.
		if rep.Lost != 0 || rep.Duplicated != 0 || !rep.HashMatch || rep.Kills < cfg.Kills || (cfg.Standbys == 0 && rep.Exits != 0) {
			os.Exit(1)
		}
	}
	failed := false
	if scfg.Kills > 0 {
		if cfg.WorkDir != "" {
			scfg.WorkDir = cfg.WorkDir + "-settler"
		}
		srep, err := chaos.RunSettler(ctx, scfg)
		fmt.Print(srep.Lines())
		if err != nil {
			fmt.Fprintln(os.Stderr, "chaos:", err)
			os.Exit(1)
		}
		failed = srep.Lost != 0 || srep.Duplicated != 0 || srep.Failed != 0 || srep.Kills < scfg.Kills || srep.Confirmed != srep.Trades
	}
	if rcfg.Kills > 0 {
		if cfg.WorkDir != "" {
			rcfg.WorkDir = cfg.WorkDir + "-relayer"
		}
		rrep, err := chaos.RunRelayer(ctx, rcfg)
		fmt.Print(rrep.Lines())
		if err != nil {
			fmt.Fprintln(os.Stderr, "chaos:", err)
			os.Exit(1)
		}
		failed = failed || rrep.Lost != 0 || rrep.Duplicated != 0 || rrep.Gaps != 0 || rrep.Kills < rcfg.Kills ||
			rrep.Confirmed != rrep.Submissions
	}
	if len(ccfg.Faults) > 0 {
		if cfg.WorkDir != "" {
			ccfg.WorkDir = cfg.WorkDir + "-cluster"
		}
		crep, err := chaos.RunCluster(ctx, ccfg)
		fmt.Print(crep.Lines())
		if err != nil {
			fmt.Fprintln(os.Stderr, "chaos:", err)
			os.Exit(1)
		}
		failed = failed || !crep.OK()
	}
	if failed {
		os.Exit(1)
	}
}

// parseFaults reads -cluster-faults.
func parseFaults(s string) ([]chaos.Fault, error) {
	switch s {
	case "all":
		return chaos.AllFaults, nil
	case "none", "":
		return []chaos.Fault{}, nil
	}
	var out []chaos.Fault
	for _, name := range strings.Split(s, ",") {
		f := chaos.Fault(strings.TrimSpace(name))
		if !slices.Contains(chaos.AllFaults, f) {
			return nil, fmt.Errorf("-cluster-faults: unknown fault %q: want %s", f, faultNames())
		}
		out = append(out, f)
	}
	return out, nil
}

func faultNames() string {
	names := make([]string, len(chaos.AllFaults))
	for i, f := range chaos.AllFaults {
		names[i] = string(f)
	}
	return strings.Join(names, ", ")
}
