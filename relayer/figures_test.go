package relayer_test

import (
	"fmt"
	"math/big"
	"net/http"
	"os"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"pred.dev/proto/client/relayer"
	"pred.dev/proto/client/relayerapi"
	relayersvc "pred.dev/relayer"
)

// TestFigures measures the relayer on NATS fsyncing every message and a
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
	const clients, perClient = 64, 80
	h := newHarnessWith(t, harnessOpts{syncAlways: true, onDemand: true, interval: time.Second},
		withConfig(func(c *relayersvc.Config) { c.RateLimit.IPPerSecond, c.RateLimit.IPBurst = 0, 0 }))
	users := make([]*user, clients)
	var wg sync.WaitGroup
	for i := range users {
		users[i] = h.user()
		wg.Go(func() { onboard(t, users[i]) })
	}
	wg.Wait()
	col := h.chain.env.D.Contracts.Collateral
	reqs := make([][]relayerapi.SubmitRequest, clients)
	for i, u := range users {
		for n := range perClient {
			s, err := u.c.SafeRequest(u.c.Tx(big.NewInt(int64(n+1)), relayer.Approve(col, common.BigToAddress(big.NewInt(int64(1000+n))), big.NewInt(int64(n+1)))))
			if err != nil {
				t.Fatal(err)
			}
			reqs[i] = append(reqs[i], s)
		}
	}
	ctx := ctxT(t)
	start := time.Now()
	errs := make(chan error, clients)
	for i, u := range users {
		c := relayer.New(h.url(), relayer.WithToken(u.token), relayer.WithHTTPClient(&http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 4}}))
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
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	perSec := float64(clients*perClient) / elapsed.Seconds()

	// Let the queue drain before the latency run.
	hot := h.replicas[0].r.HotAddress()
	for {
		n, err := h.chain.env.Chain.Backend.NonceAt(ctx, hot, nil)
		if err != nil {
			t.Fatal(err)
		}
		if n >= uint64(clients*(2+perClient)) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	drained := time.Since(start)
	const latClients, latPerClient = 8, 25
	lat := make([][]time.Duration, latClients)
	for i := range latClients {
		u := users[i]
		c := relayer.New(h.url(), relayer.WithToken(u.token), relayer.WithPrivateKey(u.key), relayer.WithChain(h.clientChain()))
		wg.Go(func() {
			for n := range latPerClient {
				s, err := c.SafeRequest(c.Tx(big.NewInt(int64(perClient+1+n)), relayer.Approve(col, common.BigToAddress(big.NewInt(int64(5000+n))), big.NewInt(1))))
				if err != nil {
					t.Error(err)
					return
				}
				sub, err := c.Submit(ctx, s)
				if err != nil {
					t.Error(err)
					return
				}
				t0 := time.Now()
				for {
					tx, err := c.Transaction(ctx, sub.TransactionID)
					if err != nil {
						t.Error(err)
						return
					}
					if tx.State.Success() {
						break
					}
					if tx.State.Terminal() {
						t.Errorf("%s: %s %s", sub.TransactionID, tx.State, tx.Reason)
						return
					}
					time.Sleep(5 * time.Millisecond)
				}
				lat[i] = append(lat[i], time.Since(t0))
			}
		})
	}
	wg.Wait()
	all := slices.Concat(lat...)
	slices.Sort(all)
	if len(all) == 0 {
		t.Fatal("no latency measured")
	}
	p := func(q float64) float64 { return float64(all[int(q*float64(len(all)-1))].Microseconds()) / 1000 }
	fmt.Printf("relayer_submits_per_sec %.0f\n", perSec)
	fmt.Printf("relayer_worker_mined_per_sec %.0f\n", float64(clients*perClient)/drained.Seconds())
	fmt.Printf("relayer_mined_p50_ms %.1f\n", p(0.50))
	fmt.Printf("relayer_mined_p99_ms %.1f\n", p(0.99))
	t.Logf("%d submissions in %s; %d latencies", clients*perClient, elapsed, len(all))
	if n := h.audit(t); n != clients*(2+perClient)+latClients*latPerClient {
		t.Errorf("the hot key sent %d transactions", n)
	}
}
