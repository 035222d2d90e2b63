// Command cluster runs the exchange's production topology on this
// machine (package cluster): `make cluster` and `make cluster-down` call it.
//
//	cluster up      start every process that does not run, wait until all are healthy, print the table
//	cluster status  print the table of every process: pid, addresses, role, health
//	cluster down    stop every process (SIGTERM, then SIGKILL); -wipe also deletes the data dir
//
// Flags fall back to CLUSTER_<FLAG> in the environment.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"time"

	"pred.dev/proto/runtime/daemon"
	"pred.dev/proto/runtime/flagenv"
	"pred.dev/scripts/cluster"
)

func main() {
	daemon.Main("cluster", func(ctx context.Context, args []string) error {
		if len(args) == 0 {
			return fmt.Errorf("usage: cluster up|status|down [flags]")
		}
		cmd, args := args[0], args[1:]
		fs := flag.NewFlagSet("cluster "+cmd, flag.ContinueOnError)
		dir := fs.String("data-dir", cluster.DefaultDir, "the cluster's data dir: state, logs, pid files, secrets")
		wipe := fs.Bool("wipe", false, "down: delete the data dir after stopping")
		block := fs.Duration("block-period", cluster.DefaultBlockPeriod, "up: the chain's block time (whole seconds)")
		liveness := fs.Duration("liveness", cluster.DefaultLiveness, "up: how long Gamma's outcome proposals can be challenged")
		if err := flagenv.Parse(fs, args, "CLUSTER"); err != nil {
			return err
		}
		switch cmd {
		case "up":
			start := time.Now()
			c, err := cluster.Up(ctx, cluster.Config{Dir: *dir, BlockPeriod: *block, Liveness: *liveness}, os.Stdout)
			if err != nil {
				return err
			}
			fmt.Printf("== up in %s; data, logs and pid files under %s\n", time.Since(start).Round(time.Millisecond), c.Config.Dir)
			return status(ctx, c)
		case "status":
			c, err := cluster.Open(*dir)
			if err != nil {
				return err
			}
			return status(ctx, c)
		case "down":
			c, err := cluster.Open(*dir)
			if err != nil {
				return err
			}
			return c.Down(*wipe, os.Stdout)
		}
		return fmt.Errorf("unknown command %q: want up, status or down", cmd)
	})
}

// status prints the processes, then the streams with their replicas.
func status(ctx context.Context, c *cluster.Cluster) error {
	if err := cluster.PrintTable(os.Stdout, c.Status(ctx)); err != nil {
		return err
	}
	streams, err := c.Streams(ctx)
	if err != nil {
		return fmt.Errorf("streams: %w", err)
	}
	fmt.Println()
	if err := cluster.PrintStreams(os.Stdout, streams); err != nil {
		return err
	}
	// Said, not refused: the services create their own streams, and one
	// that ignores its replica flag is a bug to fix there.
	if bad := cluster.UnderReplicated(streams, cluster.NATSReplicas); bad != "" {
		fmt.Fprintf(os.Stderr, "WARNING: streams below %d replicas: %s\n", cluster.NATSReplicas, bad)
	}
	return nil
}
