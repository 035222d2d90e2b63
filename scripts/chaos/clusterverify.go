package chaos

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"path/filepath"
	"time"

	"github.com/nats-io/nats.go"

	"pred.dev/proto/pb"
	"pred.dev/scripts/cluster"
	"pred.dev/scripts/internal/enginecmd"
	"pred.dev/settler/reconcile"
)

// reconcileTimeout bounds the settler's reconciliation check.
const reconcileTimeout = time.Minute

// clusterVerify checks the cluster after the load: every trade ends
// CONFIRMED, the settler finds no difference between chain and ledger,
// every accepted order was applied once, and every engine (stopped
// then) holds the state a replay of the log reaches at its position.
func (r *clusterRun) clusterVerify(ctx context.Context, rep ClusterReport) (ClusterReport, error) {
	nc, err := nats.Connect(r.natsURL, nats.MaxReconnects(-1))
	if err != nil {
		return rep, err
	}
	defer nc.Close()
	if rep.Trades, rep.Confirmed, err = r.tradesFinal(ctx, nc); err != nil {
		return rep, err
	}
	// A violation is reported after the other checks, which still run.
	linzErr := r.checkHistory(ctx, nc, &rep)
	// A failed reconciliation is reported after the log's checks, which
	// still run.
	recon, reconErr := r.reconcile(ctx)
	if reconErr != nil {
		rep.ReconcileDifferences = -1
	} else {
		rep.ReconcileDifferences, rep.Unsettled = len(recon.Differences), recon.Unsettled
	}
	for _, d := range recon.Differences {
		r.logf("chain and ledger differ: %+v", d)
	}
	acked := map[string]bool{}
	for _, o := range r.rec.all() {
		if o.Accepted {
			acked[string(o.ID[:])] = true
		}
	}
	for _, e := range r.c.Engines() {
		r.engines = append(r.engines, &engine{id: e.Name, dataDir: e.DataDir, metricsURL: e.MetricsURL, configArgs: e.ConfigArgs,
			stop: func() {
				if err := r.c.Stop(e.Name); err != nil {
					r.logf("stop %s: %v", e.Name, err)
				}
			}})
	}
	found, err := r.verify(ctx, Report{}, acked)
	// A check that failed half-way matched nothing.
	rep.Lost, rep.Duplicated, rep.LoggedTwice, rep.HashMatch = found.Lost, found.Duplicated, found.LoggedTwice, found.HashMatch && err == nil
	return rep, errors.Join(err, reconErr, linzErr)
}

// checkHistory resolves the load's unknown outcomes from the log and
// checks the history for linearizability.
func (r *clusterRun) checkHistory(ctx context.Context, nc *nats.Conn, rep *ClusterReport) error {
	res, err := resolveHistory(ctx, nc, r.hist.all(), r.accts.all())
	if err != nil {
		rep.LinearizabilityViolations = 1
		return fmt.Errorf("chaos: resolving the history: %w", err)
	}
	rep.HistoryOps, rep.UnknownOutcomes = len(res.ops)+len(res.accts), res.unknown+res.acctUnknown
	r.logf("history: %d operations, %d outcomes unknown (%d applied by the log, %d dropped); %s",
		len(res.ops), res.unknown, res.applied, res.dropped, tally(res.ops))
	r.logf("withdrawers' history: %d operations, %d outcomes unknown; %s", len(res.accts), res.acctUnknown, tallyAccounts(res.accts))
	rep.LinearizabilityViolations, err = checkLinearizable(res.ops, res.accts, filepath.Join(r.dir, linzHTML))
	return err
}

// tradesFinal waits until every trade is CONFIRMED or FAILED (at most
// settleFinalMax) and counts them.
func (r *clusterRun) tradesFinal(ctx context.Context, nc *nats.Conn) (trades, confirmed int, err error) {
	deadline := time.Now().Add(settleFinalMax)
	for {
		all, err := enginecmd.AllTrades(ctx, nc)
		if err != nil {
			return 0, 0, err
		}
		open := 0
		confirmed = 0
		for _, t := range all {
			switch t.GetStatus() {
			case pb.TradeStatus_TRADE_STATUS_CONFIRMED:
				confirmed++
			case pb.TradeStatus_TRADE_STATUS_FAILED:
				r.logf("trade %d FAILED", t.GetTradeId())
			default:
				open++
			}
		}
		if open == 0 || time.Now().After(deadline) {
			if open > 0 {
				r.logf("%d of %d trades not final after %s", open, len(all), settleFinalMax)
			}
			return len(all), confirmed, nil
		}
		if err := sleep(ctx, time.Second); err != nil {
			return 0, 0, err
		}
	}
}

// reconcile runs the leading settler's reconciliation check until it
// compares every wallet (at most reconcileTimeout): right after the last
// trades are CONFIRMED the chain watcher may not have handled their
// blocks yet, and the check counts their wallets unsettled rather than
// comparing them.
func (r *clusterRun) reconcile(ctx context.Context) (reconcile.Report, error) {
	ctx, cancel := context.WithTimeout(ctx, reconcileTimeout)
	defer cancel()
	for {
		rep, err := r.reconcileOnce(ctx)
		if err != nil || rep.Unsettled == 0 || len(rep.Differences) > 0 {
			return rep, err
		}
		r.logf("reconciliation at block %d: %d wallets unsettled; checking again", rep.Block, rep.Unsettled)
		if err := sleep(ctx, time.Second); err != nil {
			return rep, nil
		}
	}
}

func (r *clusterRun) reconcileOnce(ctx context.Context) (reconcile.Report, error) {
	var rep reconcile.Report
	u, err := r.c.ReconcileURL(r.c.Holder(ctx, cluster.SettlerLease))
	if err != nil {
		return rep, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return rep, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return rep, err
	}
	defer resp.Body.Close()
	// 409 carries the report too: chain and ledger differ.
	if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusConflict {
		return rep, fmt.Errorf("chaos: GET %s: HTTP %d", u, resp.StatusCode)
	}
	return rep, json.NewDecoder(resp.Body).Decode(&rep)
}
