package server_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"testing"
	"time"

	"pred.dev/relayer/figures"
	relayersvc "pred.dev/relayer/server"
)

// TestFigures measures (figures.Measure, which `make bench` runs against
// the devnet) the relayer on NATS fsyncing every message and a
// simulated chain that seals a block as soon as a transaction waits (and
// every second when idle), as the devnet's chain does; clients, relayer,
// NATS and chain share the machine's cores. It prints
//
//	relayer_submits_per_sec  accepted submissions per second at the API:
//	                         64 clients, each its own wallet, send
//	                         pre-signed Safe transactions one at a time
//	                         (the worker executes them meanwhile)
//	relayer_worker_mined_per_sec  the same submissions, from the first
//	                         sent to the last MINED
//	relayer_mined_p50_ms     from the submission's answer to the client
//	relayer_mined_p99_ms     seeing it MINED (polling every 5 ms), one at
//	                         a time per client, 8 clients
//
// RELAYER_FIGURES=1 go test -run TestFigures -v .
func TestFigures(t *testing.T) {
	if os.Getenv("RELAYER_FIGURES") == "" {
		t.Skip("RELAYER_FIGURES=1 runs it")
	}
	h := newHarnessWith(t, harnessOpts{syncAlways: true, onDemand: true, interval: time.Second},
		withConfig(func(c *relayersvc.Config) { c.RateLimit.IPPerSecond, c.RateLimit.IPBurst = 0, 0 }))
	hot := h.replicas[0].r.HotAddress()
	// The whole measurement (64 onboardings, 5,120 submissions and their
	// execution, the latencies) takes about 35 s on an idle machine: more
	// than one wait of the other tests.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	res, err := figures.Measure(ctx, figures.Config{URL: h.url(), Chain: h.clientChain(),
		NewTrader: func(context.Context) (figures.Trader, error) {
			u := h.user()
			return figures.Trader{Key: u.key, Token: u.token}, nil
		},
		HotNonce: func(ctx context.Context) (uint64, error) { return h.chain.env.Chain.Backend.NonceAt(ctx, hot, nil) },
		Clients:  figures.DefaultClients, PerClient: figures.DefaultPerClient,
		LatClients: figures.DefaultLatClients, LatPerClient: figures.DefaultLatPerClient,
		HTTPClient: &http.Client{Transport: h.api.Transport(nil, true), Timeout: waitMax}})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("relayer_submits_per_sec %.0f\n", res.SubmitsPerSec)
	fmt.Printf("relayer_worker_mined_per_sec %.0f\n", res.WorkerMinedPerSec)
	fmt.Printf("relayer_mined_p50_ms %.1f\n", res.MinedP50Ms)
	fmt.Printf("relayer_mined_p99_ms %.1f\n", res.MinedP99Ms)
	t.Logf("%d submissions in %s; %d latencies", res.Submissions, res.Elapsed, res.Latencies)
	if n := h.audit(t); n != res.Paid {
		t.Errorf("the hot key sent %d transactions, %d for the measurement", n, res.Paid)
	}
}
