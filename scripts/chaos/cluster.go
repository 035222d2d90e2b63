package chaos

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"pred.dev/scripts/cluster"
)

// The cluster run: the whole topology of scripts/cluster (three NATS
// nodes, geth, engine leader, standby and read replica, two of each API,
// two relayers, two settlers, HAProxy) under a steady load of signed
// orders through the load balancer, while one process after another is
// killed with SIGKILL and, once the exchange has done without it,
// started again. Each fault's figures come from the orders sent from the
// kill until the load has run steadily again after the restart.

// ClusterConfig sizes a cluster run.
type ClusterConfig struct {
	// Traders cross orders in pairs (an odd one is dropped), each
	// waiting Pause between its orders; Withdrawers reserve withdrawals
	// and read their balance, Pause apart (see account.go).
	Traders, Withdrawers int
	Pause                time.Duration
	// Steady is how long the load runs before the first fault and after
	// each restart, before the next.
	Steady time.Duration
	// Faults are the kinds of fault made, one at a time; nil is
	// AllFaults.
	Faults []Fault
	// Rounds is how many faults the run makes, each of a kind of Faults
	// the seed picks; 0 makes each of Faults once, in an order the seed
	// shuffles. Duration, when not 0, makes faults until it has passed
	// instead: each of Faults once per round, in orders the seed
	// shuffles.
	Rounds   int
	Duration time.Duration
	// Seed picks the faults, their victims and their moments (up to a
	// second after Steady): a run is repeated with its seed.
	Seed uint64
	// WorkDir holds the cluster (binaries, data, logs); empty means a
	// temporary directory.
	WorkDir string
	// Log receives progress lines; nil discards them.
	Log io.Writer
}

// Bounds of the cluster run's waits.
const (
	// recoverMax bounds the wait for orders to be accepted again after a
	// kill, and for another process to take the lease.
	recoverMax = 2 * time.Minute
	// killJitterMax spreads each kill's moment after Steady.
	killJitterMax = time.Second
	// faultPoll spaces the looks at the load's records and the leases.
	faultPoll = 50 * time.Millisecond
)

// FaultResult is what one fault did to the load.
type FaultResult struct {
	Fault  Fault
	Victim string
	// Recovery is from the kill until orders were accepted again and
	// none failed after; P99 the 99th percentile latency of the orders
	// sent in the fault's window (from the kill until the load had run
	// Steady after the restart), Orders and Failed their number.
	Recovery, P99  time.Duration
	Orders, Failed int
	// FirstErr is the first failed order's error.
	FirstErr string
	// Exits counts the other services that exited by themselves in the
	// window (and were restarted).
	Exits int
}

// ClusterReport is what a cluster run found.
type ClusterReport struct {
	Faults []FaultResult
	// Orders sent in all, Accepted by the API.
	Orders, Accepted int
	// Lost accepted orders never applied; Duplicated commands or event
	// batches applied or published more than once; LoggedTwice command
	// ids the log holds more than once, refused after the first (two
	// chain watchers, the faucet's deposit); HashMatch: every engine's
	// state equals a replay of the log to its position.
	Lost, Duplicated, LoggedTwice int
	HashMatch                     bool
	// Trades the engine made, Confirmed on chain at the end.
	Trades, Confirmed int
	// ReconcileDifferences are the settler's differences between chain
	// and ledger after the run (-1: the check failed), Unsettled the
	// wallets it skipped.
	ReconcileDifferences, Unsettled int
	// HistoryOps are the client operations the linearizability check
	// read (unknown outcomes resolved, those never appended dropped),
	// UnknownOutcomes those whose answer the client never learned,
	// LinearizabilityViolations 1 if the history is not linearizable
	// (porcupine checks it whole) or could not be resolved or decided,
	// else 0.
	HistoryOps, UnknownOutcomes, LinearizabilityViolations int
	// StreamMessages are the market-channel messages a client resuming
	// across the faults received, StreamGaps the EVT stream's gaps and
	// repeats plus what the client missed, got twice or out of order
	// (-1: the check failed): see stream.go.
	StreamMessages, StreamGaps int
}

// Lines returns the report in the `make bench` line format.
func (r ClusterReport) Lines() string {
	var b strings.Builder
	for _, k := range byKind(r.Faults) {
		fmt.Fprintf(&b, "cluster_fault_%s_count %d\ncluster_fault_%s_recovery_max_ms %d\ncluster_fault_%s_p99_max_ms %d\ncluster_fault_%s_failed_orders %d\ncluster_fault_%s_exits %d\n",
			k.Fault, k.Orders, k.Fault, k.Recovery.Milliseconds(), k.Fault, k.P99.Milliseconds(), k.Fault, k.Failed, k.Fault, k.Exits)
	}
	match := 0
	if r.HashMatch {
		match = 1
	}
	fmt.Fprintf(&b, "cluster_orders %d\ncluster_orders_accepted %d\ncluster_logged_twice %d\ncluster_hash_match %d\n"+
		"cluster_trades %d\ncluster_trades_confirmed %d\ncluster_reconcile_differences %d\ncluster_reconcile_unsettled %d\n",
		r.Orders, r.Accepted, r.LoggedTwice, match, r.Trades, r.Confirmed, r.ReconcileDifferences, r.Unsettled)
	fmt.Fprintf(&b, "chaos_history_ops %d\nchaos_unknown_outcomes %d\n", r.HistoryOps, r.UnknownOutcomes)
	fmt.Fprintf(&b, "chaos_faults %d\nchaos_lost %d\nchaos_duplicated %d\nchaos_linearizability_violations %d\nchaos_unconfirmed_trades %d\n",
		len(r.Faults), r.Lost, r.Duplicated, r.LinearizabilityViolations, r.Trades-r.Confirmed)
	fmt.Fprintf(&b, "chaos_stream_messages %d\nchaos_stream_gaps %d\n", r.StreamMessages, r.StreamGaps)
	return b.String()
}

// byKind sums the faults of each kind, in the order of their first:
// Orders is how many faults of the kind were made, Recovery and P99 the
// worst, Failed and Exits the sums.
func byKind(fs []FaultResult) []FaultResult {
	var out []FaultResult
	at := map[Fault]int{}
	for _, f := range fs {
		i, ok := at[f.Fault]
		if !ok {
			i = len(out)
			at[f.Fault] = i
			out = append(out, FaultResult{Fault: f.Fault})
		}
		k := &out[i]
		k.Orders++
		k.Recovery, k.P99 = max(k.Recovery, f.Recovery), max(k.P99, f.P99)
		k.Failed += f.Failed
		k.Exits += f.Exits
	}
	return out
}

// OK reports whether the run lost nothing: every fault made, every
// accepted order applied once, every engine in the replay's state, every
// trade CONFIRMED, the chain equal to the ledger, the clients' history
// linearizable and the market stream as the log has it.
func (r ClusterReport) OK() bool { return len(r.Problems()) == 0 }

// Problems names each check of OK the run failed, with its figure, so a
// failure's last line says which (CI keeps only a log's head and tail).
func (r ClusterReport) Problems() []string {
	var ps []string
	fail := func(bad bool, format string, args ...any) {
		if bad {
			ps = append(ps, fmt.Sprintf(format, args...))
		}
	}
	fail(len(r.Faults) == 0, "no fault was made")
	fail(r.Accepted == 0, "no order was accepted")
	fail(r.Lost != 0, "%d accepted orders lost", r.Lost)
	fail(r.Duplicated != 0, "%d commands or batches applied twice", r.Duplicated)
	fail(!r.HashMatch, "an engine's state differs from the replay")
	fail(r.Trades == 0, "no trade was made")
	fail(r.Confirmed != r.Trades, "%d of %d trades CONFIRMED", r.Confirmed, r.Trades)
	fail(r.ReconcileDifferences != 0, "reconciliation differences %d (-1: the check failed)", r.ReconcileDifferences)
	fail(r.Unsettled != 0, "reconciliation skipped %d wallets", r.Unsettled)
	fail(r.HistoryOps == 0, "no operation in the clients' history")
	fail(r.LinearizabilityViolations != 0, "the clients' history is not linearizable (or was not decided)")
	fail(r.StreamMessages == 0, "the stream client received no market message")
	fail(r.StreamGaps != 0, "stream gaps %d (-1: the check failed)", r.StreamGaps)
	return ps
}

// clusterRun is one cluster run in progress.
type clusterRun struct {
	*run
	ccfg  ClusterConfig
	c     *cluster.Cluster
	rng   *rand.Rand
	rec   recorder
	hist  history
	accts acctHistory
	sup   *supervisor
	// made are the faults made so far.
	made []Fault
	// reorg is what the last chain_reorg replaced (faults_chain.go).
	reorg reorgDone
}

// RunCluster performs a cluster run.
func RunCluster(ctx context.Context, cfg ClusterConfig) (ClusterReport, error) {
	if cfg.Faults == nil {
		cfg.Faults = AllFaults
	}
	r := &clusterRun{run: newRun(Config{WorkDir: cfg.WorkDir, Log: cfg.Log}), ccfg: cfg,
		rng: rand.New(rand.NewPCG(cfg.Seed, 21))}
	if err := r.up(ctx); err != nil {
		return ClusterReport{}, err
	}
	defer func() {
		if err := r.c.Down(false, io.Discard); err != nil {
			r.logf("cluster down: %v", err)
		}
	}()
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: max(cfg.Traders, 2)}}
	r.logf("onboarding %d traders through the Relayer API and the faucet", cfg.Traders)
	nTraders := max(cfg.Traders/2*2, 2)
	clients, err := r.c.NewTraders(ctx, hc, traderFundsUSDW, nTraders+cfg.Withdrawers)
	if err != nil {
		return ClusterReport{}, err
	}
	traders := make([]*loadTrader, nTraders)
	for i, c := range clients[:nTraders] {
		traders[i] = &loadTrader{c: c, id: i, hist: &r.hist}
	}
	var withdrawers []*withdrawer
	for i, c := range clients[nTraders:] {
		w, err := newWithdrawer(ctx, c, nTraders+i, &r.accts)
		if err != nil {
			return ClusterReport{}, err
		}
		withdrawers = append(withdrawers, w)
	}
	ms, err := r.c.Markets(ctx, hc)
	if err != nil {
		return ClusterReport{}, err
	}
	m := ms[0]
	sw := r.watchStream(ctx, m)
	defer sw.close()
	supCtx, stopSup := context.WithCancel(ctx)
	supDone := make(chan struct{})
	r.sup = &supervisor{r: r}
	go func() { defer close(supDone); r.sup.run(supCtx) }()
	defer func() { stopSup(); <-supDone }()
	loadCtx, stopLoad := context.WithCancel(ctx)
	loadDone := make(chan struct{})
	go func() {
		defer close(loadDone)
		var wg sync.WaitGroup
		for _, w := range withdrawers {
			wg.Go(func() { w.run(loadCtx, cfg.Pause) })
		}
		runLoad(loadCtx, traders, m, cfg.Pause, &r.rec)
		wg.Wait()
	}()
	var rep ClusterReport
	next := r.faults()
	for f, ok := next(); ok; f, ok = next() {
		res, err := r.fault(ctx, f)
		if err != nil {
			stopLoad()
			<-loadDone
			return rep, fmt.Errorf("chaos: %s: %w", f, err)
		}
		rep.Faults = append(rep.Faults, res)
	}
	stopLoad()
	<-loadDone
	for _, o := range r.rec.all() {
		rep.Orders++
		if o.Accepted {
			rep.Accepted++
		}
	}
	r.logf("load done: %d orders sent, %d accepted", rep.Orders, rep.Accepted)
	var streamErr error
	rep.StreamMessages, rep.StreamGaps, streamErr = r.checkStream(ctx, sw, m)
	// The checks stop the engines: no one restarts them then.
	stopSup()
	<-supDone
	rep, err = r.clusterVerify(ctx, rep)
	return rep, errors.Join(err, streamErr)
}

// up brings the cluster up on free ports under the work dir.
func (r *clusterRun) up(ctx context.Context) error {
	r.dir = r.cfg.WorkDir
	if r.dir == "" {
		d, err := os.MkdirTemp("", "pred-chaos-cluster-")
		if err != nil {
			return err
		}
		r.dir = d
	}
	log := r.cfg.Log
	if log == nil {
		log = io.Discard
	}
	cfg := cluster.Config{Dir: filepath.Join(r.dir, "cluster"), FreePorts: true}
	for _, f := range r.ccfg.Faults {
		if k := faultKinds[f]; k.configure != nil {
			k.configure(&cfg)
		}
	}
	var err error
	r.c, err = cluster.Up(ctx, cfg, log)
	if err != nil {
		return err
	}
	r.bin = filepath.Dir(r.c.EngineBin())
	r.natsURL = r.c.NATS().URL()
	return nil
}

// fault lets the load run steadily, kills the fault's victim, waits
// until orders are accepted again (and another process holds the
// victim's lease), restarts the victim, and lets the load run steadily
// again: the window whose orders the result describes.
func (r *clusterRun) fault(ctx context.Context, f Fault) (FaultResult, error) {
	jitter := time.Duration(r.rng.Int64N(int64(killJitterMax)))
	if err := sleep(ctx, r.ccfg.Steady+jitter); err != nil {
		return FaultResult{}, err
	}
	k := faultKinds[f]
	victim, lease, err := k.victim(ctx, r)
	if err != nil {
		return FaultResult{}, err
	}
	r.sup.spare(victim)
	exits := r.sup.exited()
	killed := time.Now()
	r.logf("fault %d: %s on %s", len(r.made)+1, f, victim)
	if err := k.strike(ctx, r, victim); err != nil {
		return FaultResult{}, err
	}
	if k.blocking {
		// Nothing can be accepted before the heal.
	} else if err := waitFor(ctx, "orders accepted again", func() bool { return r.rec.acceptedSince(killed) }); err != nil {
		return FaultResult{}, err
	}
	if lease != nil {
		if err := waitFor(ctx, "another process holding the lease", func() bool {
			h := r.c.Holder(ctx, *lease)
			return h != "" && h != victim
		}); err != nil {
			return FaultResult{}, err
		}
	}
	if k.until != nil {
		if err := waitFor(ctx, "the victim's leadership lost", func() bool { return k.until(ctx, r, victim) }); err != nil {
			return FaultResult{}, err
		}
	}
	if err := sleep(ctx, k.hold-time.Since(killed)); err != nil {
		return FaultResult{}, err
	}
	if err := k.heal(ctx, r, victim); err != nil {
		return FaultResult{}, err
	}
	r.sup.spare("")
	if k.healed != nil {
		if err := waitFor(ctx, "the victim back", func() bool { return k.healed(ctx, r, victim) }); err != nil {
			return FaultResult{}, err
		}
	}
	restarted := time.Now()
	if err := waitFor(ctx, "orders accepted after the fault healed", func() bool { return r.rec.acceptedSince(restarted) }); err != nil {
		return FaultResult{}, err
	}
	if err := sleep(ctx, r.ccfg.Steady); err != nil {
		return FaultResult{}, err
	}
	res := measure(r.rec.all(), killed, time.Now())
	res.Fault, res.Victim, res.Exits = f, victim, r.sup.exited()-exits
	r.made = append(r.made, f)
	r.logf("%s: %s recovered in %s, p99 %s, %d of %d orders failed, %d other services exited", f, victim,
		res.Recovery.Round(time.Millisecond), res.P99.Round(time.Millisecond), res.Failed, res.Orders, res.Exits)
	if res.FirstErr != "" {
		r.logf("%s: the first failed order: %s", f, res.FirstErr)
	}
	return res, nil
}

// measure describes the orders a fault touched: those still in flight
// at the kill or sent after it, until end. Recovery ends when the first
// order is accepted that was sent after the kill and after the last
// failed one; P99 covers every order of the window, failed ones at the
// time they took to fail.
func measure(recs []orderRecord, killed, end time.Time) FaultResult {
	var res FaultResult
	var window []orderRecord
	var lat []time.Duration
	after := killed
	for _, o := range recs {
		if o.Done.Before(killed) || !o.Sent.Before(end) {
			continue
		}
		window = append(window, o)
		lat = append(lat, o.Done.Sub(o.Sent))
		if !o.Accepted {
			res.Failed++
			if res.FirstErr == "" {
				res.FirstErr = o.Err
			}
			after = later(after, o.Sent)
		}
	}
	res.Orders = len(window)
	res.Recovery = end.Sub(killed)
	for _, o := range window {
		if o.Accepted && !o.Sent.Before(after) {
			res.Recovery = min(res.Recovery, o.Done.Sub(killed))
		}
	}
	res.P99 = quantile(lat, 0.99)
	return res
}

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// quantile is the q-quantile of ds, 0 for none.
func quantile(ds []time.Duration, q float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(len(s)-1, int(q*float64(len(s))))]
}

// waitFor polls cond until it holds, for at most recoverMax.
func waitFor(ctx context.Context, what string, cond func() bool) error {
	ctx, cancel := context.WithTimeout(ctx, recoverMax)
	defer cancel()
	for !cond() {
		select {
		case <-ctx.Done():
			return fmt.Errorf("no %s within %s", what, recoverMax)
		case <-time.After(faultPoll):
		}
	}
	return nil
}

// faults gives the run's faults one after another (see
// ClusterConfig.Rounds and Duration).
func (r *clusterRun) faults() func() (Fault, bool) {
	if d := r.ccfg.Duration; d > 0 {
		// Round after round of every kind once, each round in an order
		// the seed shuffles: a campaign makes every kind about equally
		// often (a uniform pick left one kind of 26 out of 96 faults).
		end := time.Now().Add(d)
		var deck []Fault
		return func() (Fault, bool) {
			if time.Now().After(end) {
				return "", false
			}
			if len(deck) == 0 {
				deck = r.plan(r.ccfg.Faults, 0)
			}
			f := deck[0]
			deck = deck[1:]
			return f, true
		}
	}
	planned := r.plan(r.ccfg.Faults, r.ccfg.Rounds)
	r.logf("the seed %d plans %d faults: %v", r.ccfg.Seed, len(planned), planned)
	return func() (Fault, bool) {
		if len(planned) == 0 {
			return "", false
		}
		f := planned[0]
		planned = planned[1:]
		return f, true
	}
}

// sleep waits d, the load running meanwhile: the scenario's steady time.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d):
		return nil
	}
}
