package bench

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"

	"pred.dev/scripts/cluster"
)

// CLOBWithCluster is CLOBCompare (the one-process exchange), then
// ClusterCLOB (the cluster), in one invocation, and the cluster's rate in
// percent of the one process's with settlement (cluster_clob_rate_pct):
// the cluster settles its trades too.
//
// The signature ceiling (Verify) is measured just before CLOBCompare and
// just after, so a drift of the machine's load falls on both:
// clob_verify_per_sec is their mean, and clob_ceiling_pct the order
// path's rate without settlement (clob_signed_orders_per_sec_no_settle:
// settlement's own cost is clob_settle_rate_pct) in percent of it (goal:
// at least 50; every order costs one verification, the rest is overhead).
// clob_batch_ceiling_pct is the same for the orders sent by POST /orders
// (clob_batch_orders_per_sec), when the runs made them.
func CLOBWithCluster(cfg CLOBConfig) ([]Figure, error) {
	before, err := Verify()
	if err != nil {
		return nil, err
	}
	single, err := CLOBCompare(cfg)
	if err != nil {
		return before, err
	}
	after, err := Verify()
	if err != nil {
		return single, err
	}
	ceiling := (before[0].Value + after[0].Value) / 2
	orders, ok := value(single, "clob_signed_orders_per_sec_no_settle")
	if !ok {
		return single, fmt.Errorf("bench: the CLOB runs printed no clob_signed_orders_per_sec_no_settle")
	}
	single = append(single, Figure{before[0].Name, ceiling, before[0].Unit},
		Figure{"clob_ceiling_pct", 100 * orders / ceiling, "%"})
	if batched, ok := value(single, "clob_batch_orders_per_sec"); ok {
		single = append(single, Figure{"clob_batch_ceiling_pct", 100 * batched / ceiling, "%"})
	}
	clustered, err := ClusterCLOB(cfg)
	if err != nil {
		return single, fmt.Errorf("cluster: %w", err)
	}
	return append(append(single, clustered...),
		Figure{"cluster_clob_rate_pct", 100 * clustered[0].Value / single[0].Value, "%"}), nil
}

// ClusterCLOB measures signed orders through HAProxy on the cluster of
// scripts/cluster (three NATS nodes at R3, the engine leader with its
// standby and read replica, two gateway-clob replicas, the relayers, the
// settlers and geth, each its own process) as CLOB measures them on one
// process: the same traders (each onboarded through the Relayer API and
// the faucet), the same mix of orders, the median of cfg.Runs timed
// runs. The figures are CLOB's, named cluster_clob_*.
func ClusterCLOB(cfg CLOBConfig) (_ []Figure, err error) {
	dir, err := os.MkdirTemp("", "pred-bench-cluster-clob-")
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			// Kept: a failed run is explained only by its services' logs.
			err = fmt.Errorf("%w (the cluster's logs are kept in %s)", err, filepath.Join(dir, "cluster"))
			return
		}
		os.RemoveAll(dir)
	}()
	ctx, cancel := context.WithTimeout(context.Background(), clusterSetupTimeout)
	defer cancel()
	c, err := cluster.Up(ctx, cluster.Config{Dir: filepath.Join(dir, "cluster"), FreePorts: true}, io.Discard)
	if c != nil {
		defer func() { _ = c.Down(false, io.Discard) }()
	}
	if err != nil {
		return nil, err
	}
	hc := &http.Client{Timeout: orderTimeout, Transport: &http.Transport{MaxIdleConnsPerHost: cfg.Clients, MaxConnsPerHost: cfg.Clients}}
	clients, err := c.NewTraders(ctx, hc, traderFundsUSDW, cfg.Clients)
	if err != nil {
		return nil, err
	}
	traders := make([]*trader, len(clients))
	for i, cl := range clients {
		traders[i] = &trader{c: cl}
	}
	markets, err := c.Markets(ctx, hc)
	if err != nil {
		return nil, err
	}
	warm, timed := signOrders(traders, markets, cfg)
	if _, err := sendAll(c.CLOBURL(), hc, traders, warm, 0); err != nil {
		return nil, fmt.Errorf("warm-up: %w", err)
	}
	var runs []*clobResult
	for _, orders := range timed {
		res, err := sendAll(c.CLOBURL(), hc, traders, orders, 0)
		if err != nil {
			return nil, err
		}
		runs = append(runs, res)
	}
	figs := clobFigures(runs)
	for i := range figs {
		figs[i].Name = "cluster_" + figs[i].Name
	}
	return figs, nil
}

// clusterSetupTimeout bounds the cluster's start (its services built
// from the workspace) and the traders' onboarding.
const clusterSetupTimeout = 10 * clobSetupTimeout
