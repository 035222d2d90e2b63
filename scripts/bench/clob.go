package bench

import (
	"bytes"
	"context"
	cryptorand "crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/holiman/uint256"
	"github.com/nats-io/nats.go"

	"pred.dev/proto/chain/ctfid"
	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/eip712"
	"pred.dev/proto/l2auth"
	"pred.dev/proto/pb"
	"pred.dev/scripts/devnet"
	"pred.dev/scripts/internal/enginecmd"
)

// CLOBConfig sizes the CLOB API figures.
type CLOBConfig struct {
	// Orders is the number of signed orders sent in each of Runs timed
	// runs, after Warmup untimed ones; the median run is reported.
	Orders int
	Runs   int
	Warmup int
	// Clients is the number of concurrent HTTP clients; each is its own
	// wallet with its own API key and connection.
	Clients int
	// CrossPct is the share of orders, in percent, priced to trade at once.
	CrossPct int
	// NoSettle runs the devnet without the settler (trades stay MATCHED):
	// the baseline the settled run is compared with.
	NoSettle bool
	// SettleSched is the scheduling of the settlement side's processes
	// in the run with settlement: SchedIdleOneCore (DefaultCLOB's),
	// SchedIdle or SchedNice.
	SettleSched string
	// SettleSealWait is the settlement chain's -seal-wait: how long it
	// waits after a transaction for more to join its block. DefaultCLOB's
	// 50 ms makes blocks of several calls, so a block's own cost (its
	// state written, its header, its receipts) is paid once for them: the
	// catch-up took 50 s instead of 58 s at no cost to the exchange's rate
	// (91.6% and 92.0%).
	SettleSealWait time.Duration
	// CPUProfile, if set, receives a CPU profile of this process over
	// the timed runs with settlement (what the settlement side still
	// costs the gateway and the engine).
	CPUProfile string
	// Pairs is how many settled runs CLOBCompare makes, each between two
	// baseline runs.
	Pairs int
	// StreamPacedRate, if positive, adds to the ws group a run with the
	// subscribers at that many orders a second (PacedRate), for
	// StreamPacedRun (default 30 s).
	StreamPacedRate int
	StreamPacedRun  time.Duration
	// PacedRate, if positive, sends the timed orders at that many a
	// second in all (an open loop: each client at its share of the rate)
	// instead of each client's next order on its last one's answer.
	PacedRate int
	// Subscribers, if positive, holds that many /ws/market subscribers on
	// the gateway over the timed runs (stream.go) and adds the stream
	// figures.
	Subscribers int
	// SettleDataDir, if set, is where the settlement side's processes
	// keep their data (the chain's database, their NATS server's store)
	// instead of the bench's temporary directory on the exchange's disk.
	// DefaultCLOB sets tmpfs (/dev/shm), standing for the disk of its own
	// a deployment gives the settlement side (the chain is never on the
	// exchange's hosts): this machine has one disk, and the settlement's
	// writes and fsyncs on it queue beside the command log's, which every
	// order waits for (no I/O priority applies: the disk's scheduler is
	// mq-deadline). The exchange's own data stays on disk, fsynced.
	SettleDataDir string
	// PauseSettlement stops the settlement side's processes (SIGSTOP)
	// over the timed runs and lets them go on after: a diagnosis that
	// tells the cost of their CPU use (which this removes) from the cost
	// of what settlement makes the exchange's own process do (which
	// comes after the load then).
	PauseSettlement bool
	// Replaces, if positive, adds a run of that many atomic replaces
	// (POST /order/replace) after the timed orders of a run without
	// settlement (clobreplace.go); CLOBCompare makes it in its first
	// baseline only.
	Replaces int
	// Batches, if positive, adds a run of that many POST /orders, each
	// of clobapi.PostOrdersMax signed orders (clobbatch.go), after the
	// timed orders and the replaces of a run without settlement;
	// CLOBCompare makes it in its first baseline only.
	Batches int
	// IdleBurn, with PauseSettlement, runs a busy loop under SCHED_IDLE
	// over the timed runs in the paused settlement's place: a control
	// that tells what any work in the exchange's idle gaps costs it on
	// this machine, whatever the work.
	IdleBurn bool
}

// DefaultCLOB is what `make bench` runs.
var DefaultCLOB = CLOBConfig{Orders: 40_000, Runs: 3, Warmup: 3_000, Clients: 64, CrossPct: 8, Pairs: 3, Replaces: 20_000, Batches: 2_000,
	SettleDataDir: "/dev/shm", SettleSealWait: 50 * time.Millisecond, SettleSched: SchedIdleOneCore,
	Subscribers: DefaultStreamSubscribers, StreamPacedRate: DefaultStreamPacedRate, StreamPacedRun: streamPacedRun}

// QuickCLOB is the clob and ws groups of `make bench-quick`: one timed
// run of 3,000 orders in each devnet, one settled run between two
// baselines (so the ratios keep their alternation), 1,000 subscribers
// and a paced run of 5 s: most of the group's time is starting devnets.
var QuickCLOB = CLOBConfig{Orders: 3_000, Runs: 1, Warmup: 300, Clients: 64, CrossPct: 8, Pairs: 1, Replaces: 3_000, Batches: 200,
	SettleDataDir: "/dev/shm", SettleSealWait: 50 * time.Millisecond, SettleSched: SchedIdleOneCore,
	Subscribers: 1_000, StreamPacedRate: DefaultStreamPacedRate, StreamPacedRun: 5 * time.Second}

// clobSetupTimeout bounds the devnet start and the traders' set-up;
// orderTimeout bounds one POST /order.
const (
	clobSetupTimeout = 2 * time.Minute
	orderTimeout     = 30 * time.Second
	// traderFundsUSDW is each trader's faucet credit: far more than its
	// orders lock, so no order is refused for balance.
	traderFundsUSDW = "1000000"
	setupParallel   = 16
)

// CLOB measures signed limit orders through HTTP end to end against an
// in-process devnet: the gateway's L2 and EIP-712 checks, the
// group-commit append to the command log with fsync, the engine, and the
// response. Orders are signed before the timed phase, as a trader signs
// on its own machine; the clients still compute each request's L2 HMAC
// when they send it, since it covers a fresh timestamp. Load generator
// and exchange share the machine's cores.
func CLOB(cfg CLOBConfig) ([]Figure, error) {
	dir, err := os.MkdirTemp("", "pred-bench-clob-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	ctx, cancel := context.WithTimeout(context.Background(), clobSetupTimeout)
	defer cancel()
	dcfg := devnet.Config{DataDir: filepath.Join(dir, "devnet"), APIAddr: "127.0.0.1:0", GammaAddr: "127.0.0.1:0", RelayerAddr: "127.0.0.1:0",
		NATSPort: -1, ChainAddr: "127.0.0.1:0", Unlimited: true, NoSettle: cfg.NoSettle}
	var sp *settleProcs
	if !cfg.NoSettle {
		// The settlement side (chain, relayer's worker, settler) as
		// processes at the lowest priority: see SchedIdle.
		sdir := dir
		if cfg.SettleDataDir != "" {
			if sdir, err = os.MkdirTemp(cfg.SettleDataDir, "pred-bench-settle-"); err != nil {
				return nil, fmt.Errorf("bench: the settlement side's data dir: %w", err)
			}
			defer os.RemoveAll(sdir)
		}
		if sp, err = startSettleChain(ctx, sdir, cfg.SettleSched, cfg.SettleSealWait); err != nil {
			return nil, err
		}
		defer sp.stop()
		dcfg.RPCURL, dcfg.DeployerKey, dcfg.SettleElsewhere, dcfg.SettleNATSURL = sp.rpcURL, devnet.DevKey(), true, sp.natsURL
	}
	d, err := devnet.Start(ctx, dcfg)
	if err != nil {
		return nil, err
	}
	// Stopped before the settlement side (deferred earlier): the devnet's
	// NATS server is what the worker and the settler are connected to.
	defer d.Close()
	if sp != nil {
		if err := sp.startWorkers(d); err != nil {
			return nil, err
		}
	}
	hc := &http.Client{Timeout: orderTimeout, Transport: &http.Transport{MaxIdleConnsPerHost: cfg.Clients, MaxConnsPerHost: cfg.Clients}}
	traders, err := newTraders(ctx, d, hc, cfg.Clients)
	if err != nil {
		return nil, err
	}
	warm, timed := signOrders(traders, d.Markets, cfg)
	if _, err := sendAll(d.URL, hc, traders, warm, 0); err != nil {
		return nil, fmt.Errorf("warm-up: %w", err)
	}
	var runs []*clobResult
	var cpu0 time.Duration
	stopProfile, stopBurn := func() {}, func() {}
	if cfg.CPUProfile != "" {
		if stopProfile, err = startCPUProfile(cfg.CPUProfile); err != nil {
			return nil, err
		}
	}
	if sp != nil {
		cpu0 = sp.cpu()
		if cfg.PauseSettlement {
			sp.signal(syscall.SIGSTOP)
		}
		if cfg.IdleBurn {
			if stopBurn, err = idleBurn(); err != nil {
				return nil, err
			}
			defer stopBurn()
		}
	}
	var subs *subscribers
	if cfg.Subscribers > 0 {
		if subs, err = subscribe(d.URL, streamTokens(d.Markets), cfg.Subscribers); err != nil {
			return nil, err
		}
		defer subs.stop()
	}
	began := time.Now()
	for _, orders := range timed {
		res, err := sendAll(d.URL, hc, traders, orders, cfg.PacedRate)
		if err != nil {
			return nil, err
		}
		runs = append(runs, res)
	}
	loaded := time.Since(began)
	stopProfile()
	stopBurn()
	if sp != nil && cfg.PauseSettlement {
		sp.signal(syscall.SIGCONT)
	}
	figs := clobFigures(runs)
	if cfg.Replaces > 0 && sp == nil {
		rf, err := replaceFigures(d.URL, hc, traders, d.Markets, max(cfg.Replaces/len(traders), 1), figs[0].Value)
		if err != nil {
			return nil, err
		}
		figs = append(figs, rf...)
	}
	if cfg.Batches > 0 && sp == nil {
		profile := ""
		if cfg.CPUProfile != "" {
			profile = cfg.CPUProfile + ".batch"
		}
		bf, err := batchFigures(d.URL, hc, traders, d.Markets, max(cfg.Batches/len(traders), 1), cfg.CrossPct, figs[0].Value, profile)
		if err != nil {
			return nil, err
		}
		figs = append(figs, bf...)
	}
	if subs != nil {
		figs = append(figs, subs.figures(cfg.Subscribers, loaded)...)
	}
	if sp == nil {
		return figs, nil
	}
	// The cores the low-priority settlement side got during the timed runs, in
	// percent of one core.
	figs = append(figs, Figure{"clob_settle_procs_cpu_pct", 100 * (sp.cpu() - cpu0).Seconds() / time.Since(began).Seconds(), "%"})
	caught, err := settleCatchUp(d.NATSURL, time.Now())
	if err != nil {
		return nil, err
	}
	return append(figs, caught...), nil
}

// startCPUProfile writes a CPU profile of this process to file until
// the returned function is called.
func startCPUProfile(file string) (func(), error) {
	f, err := os.Create(file)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); _ = f.Close() }, nil
}

// CLOBCompare runs CLOB without settlement (the baseline) and with the
// settlement side at the lowest priority, alternately, Pairs times, and
// the baseline once more at the end, in one invocation. Each settled run
// is held against the mean of the baseline runs just before and after
// it, which cancels a machine whose load drifts steadily under the
// three; clob_settle_rate_pct is the median of those ratios (the goal is
// at least 95), clob_signed_orders_per_sec and
// clob_signed_orders_per_sec_no_settle the medians of the settled and
// the baseline runs' rates. The other figures (latencies, the
// settlement's CPU and catch-up) are the first settled run's.
func CLOBCompare(cfg CLOBConfig) ([]Figure, error) {
	base := cfg
	base.NoSettle = true
	if cfg.CPUProfile != "" {
		base.CPUProfile = cfg.CPUProfile + ".no-settle"
	}
	before, err := CLOB(base)
	if err != nil {
		return nil, fmt.Errorf("without settlement: %w", err)
	}
	base.CPUProfile, base.Replaces, base.Batches = "", 0, 0
	baseRates := []float64{before[0].Value}
	// The replace and batch figures come from the first baseline only.
	var firstOnly []Figure
	for _, f := range before {
		if strings.HasPrefix(f.Name, "clob_replace") || strings.HasPrefix(f.Name, "clob_batch") {
			firstOnly = append(firstOnly, f)
		}
	}
	var figs []Figure
	var settled, pcts []float64
	for i := range max(cfg.Pairs, 1) {
		s := cfg
		s.NoSettle = false
		if i > 0 {
			s.CPUProfile = ""
		}
		f, err := CLOB(s)
		if err != nil {
			return nil, fmt.Errorf("with settlement (pair %d): %w", i+1, err)
		}
		after, err := CLOB(base)
		if err != nil {
			return nil, fmt.Errorf("without settlement, after pair %d: %w", i+1, err)
		}
		rate := (baseRates[len(baseRates)-1] + after[0].Value) / 2
		baseRates, settled = append(baseRates, after[0].Value), append(settled, f[0].Value)
		pcts = append(pcts, 100*f[0].Value/rate)
		if figs == nil {
			figs = f
		}
	}
	figs[0].Value = median(settled)
	figs = append(figs, Figure{"clob_signed_orders_per_sec_no_settle", median(baseRates), before[0].Unit},
		Figure{"clob_settle_rate_pct", median(pcts), "%"})
	return append(figs, firstOnly...), nil
}

// clobCatchUpMax bounds the wait for every trade to be CONFIRMED after
// the load.
const clobCatchUpMax = 10 * time.Minute

// settleCatchUp waits until every trade of the devnet is final and
// reports how long after loadEnd that was (clob_settle_catchup_ms: the
// settlement's backlog at the end of the load, worked off at the lowest
// priority), the trades, and the 99th percentile from a trade's match
// to its CONFIRMED status (clob_settle_lag_confirmed_p99_ms). A trade
// FAILED is an error: the load only makes trades that settle.
func settleCatchUp(natsURL string, loadEnd time.Time) ([]Figure, error) {
	nc, err := nats.Connect(natsURL)
	if err != nil {
		return nil, err
	}
	defer nc.Close()
	ctx, cancel := context.WithTimeout(context.Background(), clobCatchUpMax)
	defer cancel()
	for {
		trades, err := enginecmd.AllTrades(ctx, nc)
		if err != nil {
			return nil, fmt.Errorf("bench: trades after the load: %w", err)
		}
		open, failed := 0, 0
		var lags []float64
		for _, t := range trades {
			switch t.GetStatus() {
			case pb.TradeStatus_TRADE_STATUS_CONFIRMED:
				lags = append(lags, float64(t.GetUpdatedMs()-t.GetTimeMs()))
			case pb.TradeStatus_TRADE_STATUS_FAILED:
				failed++
			default:
				open++
			}
		}
		if failed > 0 {
			return nil, fmt.Errorf("bench: %d of %d trades FAILED", failed, len(trades))
		}
		if open == 0 {
			return []Figure{{"clob_settle_catchup_ms", float64(time.Since(loadEnd).Milliseconds()), "ms"},
				{"clob_trades_confirmed", float64(len(trades)), "trades"},
				{"clob_settle_lag_confirmed_p99_ms", percentile(lags, 99), "ms"}}, nil
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("bench: %d of %d trades not final %s after the load", open, len(trades), clobCatchUpMax)
		// Listing every trade is work for the engine, which runs at the
		// normal priority: a look twice a second leaves the niced
		// settlement most of the cores it catches up on.
		case <-time.After(500 * time.Millisecond):
		}
	}
}

// trader is one benchmark client.
type trader struct {
	c *client.Client
}

func newTraders(ctx context.Context, d *devnet.Devnet, hc *http.Client, n int) ([]*trader, error) {
	out := make([]*trader, n)
	errs := make(chan error, n)
	sem := make(chan struct{}, setupParallel)
	var wg sync.WaitGroup
	for i := range out {
		wg.Go(asLoad(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			t, err := newTrader(ctx, d, hc)
			out[i] = t
			errs <- err
		}))
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			return nil, fmt.Errorf("trader set-up: %w", err)
		}
	}
	return out, nil
}

func newTrader(ctx context.Context, d *devnet.Devnet, hc *http.Client) (*trader, error) {
	key, err := crypto.GenerateKey()
	if err != nil {
		return nil, err
	}
	dep := d.Deployment
	// Orders are made by the key's proxy wallet (signature type 2), the
	// exchange's normal maker, which the faucet funds.
	c := client.New(d.URL, client.WithPrivateKey(key), client.WithHTTPClient(hc),
		client.WithChain(dep.ChainID, dep.Contracts.Exchange, dep.Contracts.NegRiskExchange),
		client.WithProxyWallet(dep.Contracts.SafeFactory, dep.SafeInitCodeHash))
	if _, err := c.CreateOrDeriveAPIKey(ctx); err != nil {
		return nil, err
	}
	// The engine refuses a proxy wallet's orders until the chain watcher
	// has seen it deployed, and credits the faucet's funds when it sees
	// them on chain (the faucet answers once it has).
	if _, err := d.DeployWallet(ctx, key); err != nil {
		return nil, err
	}
	// Both exchanges may move its USDW and shares (pred wallet approve):
	// its trades settle on chain while the figures are measured.
	if err := d.ExecWallet(ctx, key, devnet.TradingApprovals(dep)...); err != nil {
		return nil, err
	}
	if _, err := c.Faucet(ctx, c.Funder().Hex(), traderFundsUSDW); err != nil {
		return nil, err
	}
	return &trader{c: c}, nil
}

// signedOrder is a POST /order body, ready to send.
type signedOrder struct {
	body []byte
}

// signOrders signs the warm-up orders and those of every timed run, on
// all cores: warm[i] and timed[run][i] belong to trader i.
func signOrders(traders []*trader, markets []devnet.Market, cfg CLOBConfig) (warm [][]signedOrder, timed [][][]signedOrder) {
	perWarm, perRun := cfg.Warmup/len(traders), cfg.Orders/len(traders)
	warm, timed = make([][]signedOrder, len(traders)), make([][][]signedOrder, cfg.Runs)
	for r := range timed {
		timed[r] = make([][]signedOrder, len(traders))
	}
	onAllCores(traders, func(i int, t *trader) {
		rng := rand.New(rand.NewPCG(uint64(i), 42))
		all := make([]signedOrder, perWarm+cfg.Runs*perRun)
		for j := range all {
			all[j] = signedOrder{body: t.sign(rng, markets, cfg.CrossPct)}
		}
		warm[i] = all[:perWarm]
		for r := range timed {
			timed[r][i] = all[perWarm+r*perRun : perWarm+(r+1)*perRun]
		}
	})
	return warm, timed
}

// onAllCores calls fn for each trader, as many at once as there are
// cores (the traders' signing is CPU work), and returns when all are done.
func onAllCores(traders []*trader, fn func(i int, t *trader)) {
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, t := range traders {
		wg.Go(asLoad(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			fn(i, t)
		}))
	}
	wg.Wait()
}

// asLoad runs fn as the load generator, under the CPU profile label
// bench=load: the exchange runs in this process too, and the label tells
// their samples apart (`go tool pprof -tagignore bench=load` shows the
// exchange alone). A goroutine started from a labelled one carries the
// label, so the HTTP transport's connection loops, dialled by the traders
// at their set-up, count as load; the exchange's own goroutines start
// from the devnet's, unlabelled.
func asLoad(fn func()) func() {
	return func() {
		pprof.Do(context.Background(), pprof.Labels(loadLabel, loadLabelValue), func(context.Context) { fn() })
	}
}

// The load generator's CPU profile label (asLoad).
const loadLabel, loadLabelValue = "bench", "load"

// closedLoop runs the traders' requests, all traders at once, each
// trader's next request once its last one is answered: send(i, k) makes
// trader i's k-th of count(i). A positive every paces each trader to one
// request per every, the traders' schedules evenly staggered; a trader
// that falls behind its schedule sends at once, and the wait for its slot
// is not latency. It returns the time it took with every latency, sorted,
// or the first request's error.
func closedLoop(traders []*trader, count func(i int) int, every time.Duration, send func(i, k int) error) (*clobResult, error) {
	lat := make([][]time.Duration, len(traders))
	var firstErr atomic.Pointer[error]
	var wg sync.WaitGroup
	start := time.Now()
	for i := range traders {
		wg.Go(asLoad(func() {
			n := count(i)
			lat[i] = make([]time.Duration, 0, n)
			first := start.Add(every * time.Duration(i) / time.Duration(len(traders)))
			for k := range n {
				if every > 0 {
					time.Sleep(time.Until(first.Add(every * time.Duration(k))))
				}
				t0 := time.Now()
				if err := send(i, k); err != nil {
					firstErr.CompareAndSwap(nil, &err)
					return
				}
				lat[i] = append(lat[i], time.Since(t0))
			}
		}))
	}
	wg.Wait()
	if p := firstErr.Load(); p != nil {
		return nil, *p
	}
	r := &clobResult{elapsed: time.Since(start), latencies: slices.Concat(lat...)}
	slices.Sort(r.latencies)
	return r, nil
}

// each is closedLoop's count when every trader sends n.
func each(n int) func(int) int { return func(int) int { return n } }

// sign makes one order of the mix: a BUY of YES or NO on a random
// market, most of them resting below the middle of the book (0.30 to
// 0.49) and crossPct percent priced at 0.52 to 0.56, which trades with
// the other outcome's best bids (a NO bid at q is a YES ask at 1 - q).
// Sizes are 5 to 25 shares.
func (t *trader) sign(rng *rand.Rand, markets []devnet.Market, crossPct int) []byte {
	m := markets[rng.IntN(len(markets))]
	token := m.YesTokenID()
	if rng.IntN(2) == 1 {
		token = m.NoTokenID()
	}
	cents := 30 + rng.IntN(20)
	if rng.IntN(100) < crossPct {
		cents = 52 + rng.IntN(5)
	}
	req, _, err := t.c.BuildOrder(client.OrderArgs{TokenID: token, Side: "BUY", Price: "0." + strconv.Itoa(cents),
		Size: strconv.Itoa(5 + rng.IntN(21)), FeeRateBps: m.FeeRateBps, NegRisk: m.NegRisk})
	if err != nil {
		panic("bench: sign order: " + err.Error()) // the arguments are valid by construction
	}
	b, err := json.Marshal(req)
	if err != nil {
		panic("bench: encode order: " + err.Error())
	}
	return b
}

// clobResult collects one phase's outcomes.
type clobResult struct {
	elapsed   time.Duration
	latencies []time.Duration
	matched   int
}

// sendAll sends every trader's orders, one client per trader, each
// waiting for one answer before sending its next order, and fails on the
// first order the exchange did not accept. A positive rate paces the
// clients to rate orders a second in all (see closedLoop).
func sendAll(base string, hc *http.Client, traders []*trader, orders [][]signedOrder, rate int) (*clobResult, error) {
	var every time.Duration // between one client's orders
	if rate > 0 {
		every = time.Duration(len(traders)) * time.Second / time.Duration(rate)
	}
	var matched atomic.Int64
	r, err := closedLoop(traders, func(i int) int { return len(orders[i]) }, every, func(i, k int) error {
		m, err := traders[i].post(base, hc, orders[i][k].body)
		if m {
			matched.Add(1)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	r.matched = int(matched.Load())
	return r, nil
}

// post sends one signed order and reports whether it traded.
func (t *trader) post(base string, hc *http.Client, body []byte) (bool, error) {
	data, err := t.postJSON(base, hc, "/order", body)
	if err != nil {
		return false, err
	}
	var r clobapi.OrderResponse
	if err := json.Unmarshal(data, &r); err != nil {
		return false, err
	}
	return len(r.TradeIDs) > 0, nil
}

// postJSON sends body to path with the trader's L2 headers (a fresh
// timestamp, as a client signs each request) and returns the answer of
// a 200, or an error naming the status and the answer.
func (t *trader) postJSON(base string, hc *http.Client, path string, body []byte) ([]byte, error) {
	hdr, err := t.c.L2Headers(strconv.FormatInt(time.Now().Unix(), 10), http.MethodPost, path, body)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequest(http.MethodPost, base+path, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header = hdr
	req.Header.Set("Content-Type", "application/json")
	resp, err := hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("POST %s: %d %s", path, resp.StatusCode, data)
	}
	return data, nil
}

// percentile returns the p-quantile of r's latencies in milliseconds.
func (r *clobResult) percentile(p float64) float64 {
	n := len(r.latencies)
	return float64(r.latencies[min(n-1, int(p*float64(n)))]) / float64(time.Millisecond)
}

func clobFigures(runs []*clobResult) []Figure {
	var rate, p50, p99, trading []float64
	for _, r := range runs {
		slices.Sort(r.latencies)
		n := float64(len(r.latencies))
		rate = append(rate, n/r.elapsed.Seconds())
		p50 = append(p50, r.percentile(0.50))
		p99 = append(p99, r.percentile(0.99))
		trading = append(trading, 100*float64(r.matched)/n)
	}
	return []Figure{
		{"clob_signed_orders_per_sec", median(rate), "orders/s"},
		{"clob_order_p50_ms", median(p50), "ms"},
		{"clob_order_p99_ms", median(p99), "ms"},
		{"clob_orders_trading_pct", median(trading), "%"},
	}
}

// Verify measures the gateway's per-order signature checks on every core:
// the L2 HMAC over the body, decoding the order envelope, the EIP-712
// hash and the ecrecover of the signer. The gateway's own path is
// internal to its module, so this rebuilds it from the same parts
// (l2auth, eip712); the market lookup and the API key's KV read are not
// included.
func Verify() ([]Figure, error) {
	f, err := newVerifyFixture()
	if err != nil {
		return nil, err
	}
	if err := f.verify(); err != nil {
		return nil, fmt.Errorf("verify fixture: %w", err)
	}
	var failed atomic.Bool
	r := testing.Benchmark(func(b *testing.B) {
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				if f.verify() != nil {
					failed.Store(true)
				}
			}
		})
	})
	if failed.Load() {
		return nil, errors.New("verify: a valid order failed verification")
	}
	return []Figure{{"clob_verify_per_sec", float64(r.N) / r.T.Seconds(), "verifies/s"}}, nil
}

// verifyFixture is one signed POST /order as the gateway receives it.
type verifyFixture struct {
	secret, ts, sig string
	body            []byte
	sep             [32]byte
}

func newVerifyFixture() (*verifyFixture, error) {
	key, err := crypto.GenerateKey()
	if err != nil {
		return nil, err
	}
	raw := make([]byte, 32)
	if _, err := cryptorand.Read(raw); err != nil {
		return nil, err
	}
	creds := clobapi.APICreds{APIKey: "00000000-0000-4000-8000-000000000000", Secret: base64.URLEncoding.EncodeToString(raw), Passphrase: "p"}
	dep := devnet.Predicted()
	c := client.New("http://unused", client.WithPrivateKey(key), client.WithCreds(creds),
		client.WithChain(dep.ChainID, dep.Contracts.Exchange, dep.Contracts.NegRiskExchange))
	token := ctfid.BinaryMarket(dep.Contracts.Collateral, dep.Deployer, common.Hash{1}).Yes.String()
	req, _, err := c.BuildOrder(client.OrderArgs{TokenID: token,
		Side: "BUY", Price: "0.52", Size: "100", FeeRateBps: 100})
	if err != nil {
		return nil, err
	}
	f := &verifyFixture{secret: creds.Secret, ts: "1700000000", sep: eip712.OrderDomain(dep.ChainID, dep.Contracts.Exchange).Separator()}
	if f.body, err = json.Marshal(req); err != nil {
		return nil, err
	}
	hdr, err := c.L2Headers(f.ts, http.MethodPost, "/order", f.body)
	if err != nil {
		return nil, err
	}
	f.sig = hdr.Get(clobapi.HeaderSignature)
	return f, nil
}

// verify checks the HMAC, decodes the order and recovers its signer.
func (f *verifyFixture) verify() error {
	if !l2auth.Verify(f.secret, f.ts, http.MethodPost, "/order", f.body, f.sig) {
		return errors.New("HMAC does not verify")
	}
	var req clobapi.PostOrderRequest
	if err := json.Unmarshal(f.body, &req); err != nil {
		return err
	}
	o, sig, err := decodeOrder(&req.Order)
	if err != nil {
		return err
	}
	_, err = eip712.VerifyOrder(f.sep, o, sig)
	return err
}

// decodeOrder turns the JSON order into the EIP-712 struct, as the
// gateway does.
func decodeOrder(j *clobapi.SignedOrder) (*eip712.Order, []byte, error) {
	o := &eip712.Order{Maker: common.HexToAddress(j.Maker), Signer: common.HexToAddress(j.Signer), Taker: common.HexToAddress(j.Taker)}
	o.Salt.SetUint64(uint64(j.Salt))
	tok, err := uint256.FromDecimal(j.TokenID)
	if err != nil {
		return nil, nil, err
	}
	o.TokenID = *tok
	for _, f := range []struct {
		s   string
		dst *uint256.Int
	}{{j.MakerAmount, &o.MakerAmount}, {j.TakerAmount, &o.TakerAmount}, {j.Expiration, &o.Expiration},
		{j.Nonce, &o.Nonce}, {j.FeeRateBps, &o.FeeRateBps}} {
		v, err := strconv.ParseUint(f.s, 10, 64)
		if err != nil {
			return nil, nil, err
		}
		f.dst.SetUint64(v)
	}
	if j.Side == "SELL" {
		o.Side = eip712.SideSell
	}
	o.SignatureType = eip712.SignatureType(j.SignatureType)
	sig, err := hexutil.Decode(j.Signature)
	return o, sig, err
}
