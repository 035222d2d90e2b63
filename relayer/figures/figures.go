// Package figures measures a running relayer from the outside, as its
// clients see it: accepted submissions per second at the API, and the
// time from a submission's answer to the client seeing it MINED. The
// relayer's own TestFigures and `make bench` (scripts/bench) both run
// it, the first on the test harness, the second against the devnet's
// relayer, so the two report the same measurement.
//
// Like apitest it is support code around the service, not part of it: it
// drives the relayer through its Go client (pred.dev/proto/client/relayer),
// which no package of the service links.
package figures

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"pred.dev/proto/client/relayer"
	"pred.dev/proto/client/relayerapi"
)

// Trader is a key and a login token the relayer accepts for it.
type Trader struct {
	Key   *ecdsa.PrivateKey
	Token string
}

// Config says what to measure and how.
type Config struct {
	// URL is the relayer's base URL; Chain the deployment clients sign for.
	URL   string
	Chain relayer.Chain
	// NewTrader returns a new key with a token (a Gamma login).
	NewTrader func(ctx context.Context) (Trader, error)
	// HotNonce returns the hot key's mined nonce: the number of
	// transactions the relayer has had mined.
	HotNonce func(ctx context.Context) (uint64, error)
	// Clients send PerClient pre-signed Safe transactions each, one at a
	// time, for the throughput; LatClients send LatPerClient each, one at
	// a time, each followed until MINED, for the latency.
	Clients, PerClient       int
	LatClients, LatPerClient int
	// Poll is how often a latency client asks for its transaction's
	// state.
	Poll time.Duration
	// HTTPClient, if set, is the latency clients' and the onboarding's
	// HTTP client (a validating transport in tests).
	HTTPClient *http.Client
	// Phase, if set, is called as each timed phase ("submit", "latency")
	// begins and ends, so that a caller can profile one of them.
	Phase func(name string, begins bool)
}

// Defaults of the sizes, as TestFigures and `make bench` run them.
const (
	DefaultClients      = 64
	DefaultPerClient    = 80
	DefaultLatClients   = 8
	DefaultLatPerClient = 25
	DefaultPoll         = 5 * time.Millisecond
)

// Result is what Measure measured.
type Result struct {
	// SubmitsPerSec is Clients × PerClient accepted submissions over the
	// time from the first sent to the last answered.
	SubmitsPerSec float64
	// WorkerMinedPerSec is the same submissions over the time from the
	// first sent to the last mined (for information: it is bound by one
	// transaction per wallet per block).
	WorkerMinedPerSec float64
	// MinedP50Ms and MinedP99Ms are the latency's percentiles.
	MinedP50Ms, MinedP99Ms float64
	// Submissions and Latencies count what was measured; Paid is how
	// many transactions the hot key had mined for them (onboarding
	// included), which a caller can check against the chain.
	Submissions, Latencies, Paid int
	Elapsed                      time.Duration
}

// Measure onboards Clients traders (a deployment and the trading
// approvals each), then measures the throughput and, once the relayer has
// mined all of it, the latency.
func Measure(ctx context.Context, cfg Config) (Result, error) {
	if cfg.Poll <= 0 {
		cfg.Poll = DefaultPoll
	}
	if cfg.LatClients > cfg.Clients {
		return Result{}, errors.New("figures: more latency clients than clients")
	}
	base, err := cfg.HotNonce(ctx)
	if err != nil {
		return Result{}, err
	}
	clients := make([]*relayer.Client, cfg.Clients)
	tokens := make([]string, cfg.Clients)
	var wg sync.WaitGroup
	errs := make(chan error, cfg.Clients)
	for i := range clients {
		wg.Go(func() {
			tr, err := cfg.NewTrader(ctx)
			if err != nil {
				errs <- err
				return
			}
			opts := []relayer.Option{relayer.WithToken(tr.Token), relayer.WithPrivateKey(tr.Key), relayer.WithChain(cfg.Chain)}
			if cfg.HTTPClient != nil {
				opts = append(opts, relayer.WithHTTPClient(cfg.HTTPClient))
			}
			c := relayer.New(cfg.URL, opts...)
			subs, err := c.Onboard(ctx)
			if err != nil {
				errs <- fmt.Errorf("figures: onboarding: %w", err)
				return
			}
			if _, err := c.Wait(ctx, subs[len(subs)-1].TransactionID, relayerapi.StateMined, nil); err != nil {
				errs <- fmt.Errorf("figures: onboarding: %w", err)
				return
			}
			clients[i], tokens[i] = c, tr.Token
		})
	}
	wg.Wait()
	close(errs)
	if err := errors.Join(drain(errs)...); err != nil {
		return Result{}, err
	}
	// Signed beforehand: signing is the client's cost, not the relayer's.
	col := cfg.Chain.Collateral
	reqs := make([][]relayerapi.SubmitRequest, cfg.Clients)
	for i, c := range clients {
		for n := range cfg.PerClient {
			s, err := c.SafeRequest(c.Tx(big.NewInt(int64(n+1)), relayer.Approve(col, common.BigToAddress(big.NewInt(int64(1000+n))), big.NewInt(int64(n+1)))))
			if err != nil {
				return Result{}, err
			}
			reqs[i] = append(reqs[i], s)
		}
	}
	onboarded, err := cfg.HotNonce(ctx)
	if err != nil {
		return Result{}, err
	}

	// Throughput: every client on its own few connections, one request
	// at a time.
	phase(cfg, "submit", true)
	start := time.Now()
	errs = make(chan error, cfg.Clients)
	for i := range clients {
		c := relayer.New(cfg.URL, relayer.WithToken(tokens[i]), relayer.WithHTTPClient(&http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 4}}))
		wg.Go(func() {
			for _, s := range reqs[i] {
				if _, err := c.Submit(ctx, s); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	phase(cfg, "submit", false)
	close(errs)
	if err := errors.Join(drain(errs)...); err != nil {
		return Result{}, err
	}
	res := Result{Submissions: cfg.Clients * cfg.PerClient, Elapsed: elapsed}
	res.SubmitsPerSec = float64(res.Submissions) / elapsed.Seconds()

	// Let the queue drain before the latency run.
	for {
		n, err := cfg.HotNonce(ctx)
		if err != nil {
			return res, err
		}
		if n >= onboarded+uint64(res.Submissions) {
			break
		}
		select {
		case <-ctx.Done():
			return res, fmt.Errorf("figures: the relayer mined %d of %d submissions: %w", n-onboarded, res.Submissions, ctx.Err())
		case <-time.After(10 * time.Millisecond):
		}
	}
	res.WorkerMinedPerSec = float64(res.Submissions) / time.Since(start).Seconds()

	// Latency: from the submission's answer to the client seeing MINED.
	phase(cfg, "latency", true)
	lat := make([][]time.Duration, cfg.LatClients)
	errs = make(chan error, cfg.LatClients)
	for i := range cfg.LatClients {
		c := clients[i]
		wg.Go(func() {
			for n := range cfg.LatPerClient {
				s, err := c.SafeRequest(c.Tx(big.NewInt(int64(cfg.PerClient+1+n)), relayer.Approve(col, common.BigToAddress(big.NewInt(int64(5000+n))), big.NewInt(1))))
				if err != nil {
					errs <- err
					return
				}
				sub, err := c.Submit(ctx, s)
				if err != nil {
					errs <- err
					return
				}
				t0 := time.Now()
				for {
					tx, err := c.Transaction(ctx, sub.TransactionID)
					if err != nil {
						errs <- err
						return
					}
					if tx.State.Success() {
						break
					}
					if tx.State.Terminal() {
						errs <- fmt.Errorf("figures: %s: %s %s", sub.TransactionID, tx.State, tx.Reason)
						return
					}
					time.Sleep(cfg.Poll)
				}
				lat[i] = append(lat[i], time.Since(t0))
			}
		})
	}
	wg.Wait()
	phase(cfg, "latency", false)
	close(errs)
	if err := errors.Join(drain(errs)...); err != nil {
		return res, err
	}
	all := slices.Concat(lat...)
	slices.Sort(all)
	if len(all) == 0 {
		return res, errors.New("figures: no latency measured")
	}
	p := func(q float64) float64 { return float64(all[int(q*float64(len(all)-1))].Microseconds()) / 1000 }
	res.MinedP50Ms, res.MinedP99Ms, res.Latencies = p(0.50), p(0.99), len(all)
	end, err := cfg.HotNonce(ctx)
	if err != nil {
		return res, err
	}
	res.Paid = int(end - base)
	return res, nil
}

func phase(cfg Config, name string, begins bool) {
	if cfg.Phase != nil {
		cfg.Phase(name, begins)
	}
}

func drain(errs <-chan error) []error {
	var out []error
	for err := range errs {
		out = append(out, err)
	}
	return out
}
