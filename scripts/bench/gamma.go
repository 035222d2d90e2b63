package bench

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"pred.dev/proto/client/gamma"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/scripts/devnet"
)

// GammaConfig sizes the Gamma API figures.
type GammaConfig struct {
	// MarketReads and EventLists are the requests of each of Runs timed
	// runs, after a tenth as many untimed ones; the median run is
	// reported.
	MarketReads int
	EventLists  int
	Runs        int
	// Clients is the number of concurrent clients, each on its own
	// keep-alive connection, sending one request at a time.
	Clients int
	// Events is the number of events (two markets each) listed besides
	// the demo catalogue, so that a page of 20 is full.
	Events int
}

// DefaultGamma is what `make bench` runs.
var DefaultGamma = GammaConfig{MarketReads: 200_000, EventLists: 30_000, Runs: 3, Clients: 64, Events: 20}

// QuickGamma is the gamma group of `make bench-quick`: a tenth of the
// requests, one timed run.
var QuickGamma = GammaConfig{MarketReads: 20_000, EventLists: 3_000, Runs: 1, Clients: 64, Events: 20}

// gammaSetupTimeout bounds the devnet start and the catalogue set-up.
const gammaSetupTimeout = 3 * time.Minute

// Gamma measures the Gamma API's two hottest reads against the devnet's
// Gamma server, rate limits off, with the load generator in the same
// process on the same cores: GET /markets/{id} and GET /events?limit=20
// (twenty events with their markets and statistics). The generator is a
// minimal HTTP/1.1 keep-alive client (one connection per client, the
// request bytes prepared once, the response's status line, headers and
// Content-Length body read and checked), as wrk would be, so that as
// much of the machine as possible goes to the server.
func Gamma(cfg GammaConfig) ([]Figure, error) {
	dir, err := os.MkdirTemp("", "pred-bench-gamma-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	ctx, cancel := context.WithTimeout(context.Background(), gammaSetupTimeout)
	defer cancel()
	d, err := devnet.Start(ctx, devnet.Config{DataDir: dir, APIAddr: "127.0.0.1:0", GammaAddr: "127.0.0.1:0", RelayerAddr: "127.0.0.1:0", NATSPort: -1,
		ChainAddr: "127.0.0.1:0", Unlimited: true})
	if err != nil {
		return nil, err
	}
	defer d.Close()
	if err := listEvents(ctx, d, cfg.Events); err != nil {
		return nil, err
	}
	host := strings.TrimPrefix(d.GammaURL, "http://")
	var figs []Figure
	for _, r := range []struct {
		name, path string
		n          int
		check      func([]byte) error
	}{
		{"gamma_market_reads", "/markets/" + d.Markets[0].ID, cfg.MarketReads, nil},
		{"gamma_event_list", "/events?limit=20", cfg.EventLists, func(body []byte) error {
			var evs []gammaapi.Event
			if err := json.Unmarshal(body, &evs); err != nil {
				return err
			}
			if len(evs) != 20 || len(evs[0].Markets) == 0 {
				return fmt.Errorf("GET /events?limit=20 listed %d events, want 20 with their markets", len(evs))
			}
			return nil
		}},
	} {
		if r.check != nil {
			body, err := getOnce(host, r.path)
			if err != nil {
				return nil, err
			}
			if err := r.check(body); err != nil {
				return nil, err
			}
		}
		if _, err := hammer(host, r.path, cfg.Clients, max(r.n/10, cfg.Clients)); err != nil {
			return nil, fmt.Errorf("%s warm-up: %w", r.name, err)
		}
		var rates, p99s []float64
		for range cfg.Runs {
			res, err := hammer(host, r.path, cfg.Clients, r.n)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", r.name, err)
			}
			rates = append(rates, float64(len(res.latencies))/res.elapsed.Seconds())
			p99s = append(p99s, quantileMs(res.latencies, 0.99))
		}
		figs = append(figs, Figure{r.name + "_per_sec", median(rates), "requests/s"}, Figure{r.name + "_p99_ms", median(p99s), "ms"})
	}
	return figs, nil
}

// listEvents adds n standard events of two markets each through the
// operator API, as an operator would (each market prepared on chain and
// registered in the engine).
func listEvents(ctx context.Context, d *devnet.Devnet, n int) error {
	g := gamma.New(d.GammaURL, gamma.WithOperatorKey(devnet.OperatorKey))
	start := time.Now().UTC().Truncate(time.Hour)
	for i := range n {
		slug := fmt.Sprintf("bench-event-%d", i)
		ev, err := g.CreateEvent(ctx, gammaapi.EventInput{Title: "Bench event " + strconv.Itoa(i), Slug: slug, EventType: "standard",
			Category: "bench", StartDate: start, EndDate: start.Add(30 * 24 * time.Hour)})
		if err != nil {
			return fmt.Errorf("bench event: %w", err)
		}
		for j := range 2 {
			if _, err := g.CreateMarket(ctx, gammaapi.MarketInput{EventID: ev.ID, Slug: fmt.Sprintf("%s-market-%d", slug, j),
				Question: fmt.Sprintf("Will bench event %d end with outcome %d?", i, j), FeeRateBps: 100}); err != nil {
				return fmt.Errorf("bench market: %w", err)
			}
		}
	}
	return nil
}

type hammerResult struct {
	elapsed   time.Duration
	latencies []time.Duration
}

// hammer sends n GETs of path from clients connections, one request at
// a time each, and fails on the first answer that is not 200.
func hammer(host, path string, clients, n int) (*hammerResult, error) {
	req := []byte("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nUser-Agent: pred-bench\r\n\r\n")
	var next atomic.Int64
	lat := make([][]time.Duration, clients)
	errs := make([]error, clients)
	var wg sync.WaitGroup
	conns := make([]net.Conn, clients)
	for i := range conns {
		c, err := net.Dial("tcp", host)
		if err != nil {
			for _, c := range conns[:i] {
				c.Close()
			}
			return nil, err
		}
		conns[i] = c
	}
	start := time.Now()
	for i, c := range conns {
		wg.Go(func() {
			defer c.Close()
			r := bufio.NewReaderSize(c, 64<<10)
			lat[i] = make([]time.Duration, 0, n/clients+1)
			for next.Add(1) <= int64(n) {
				t0 := time.Now()
				if _, err := c.Write(req); err != nil {
					errs[i] = err
					return
				}
				if _, err := readResponse(r, nil); err != nil {
					errs[i] = err
					return
				}
				lat[i] = append(lat[i], time.Since(t0))
			}
		})
	}
	wg.Wait()
	res := &hammerResult{elapsed: time.Since(start)}
	for i := range lat {
		if errs[i] != nil {
			return nil, errs[i]
		}
		res.latencies = append(res.latencies, lat[i]...)
	}
	return res, nil
}

// getOnce GETs path on a fresh connection and returns the body.
func getOnce(host, path string) ([]byte, error) {
	c, err := net.Dial("tcp", host)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	if _, err := io.WriteString(c, "GET "+path+" HTTP/1.1\r\nHost: "+host+"\r\n\r\n"); err != nil {
		return nil, err
	}
	var body []byte
	_, err = readResponse(bufio.NewReader(c), &body)
	return body, err
}

// readResponse reads one HTTP/1.1 response, its body sized by
// Content-Length or chunked, keeping the body in *body if body is not
// nil, and fails unless the status is 200.
func readResponse(r *bufio.Reader, body *[]byte) (int, error) {
	line, err := r.ReadSlice('\n')
	if err != nil {
		return 0, err
	}
	ok := len(line) >= 12 && string(line[9:12]) == "200"
	status := strings.TrimSpace(string(line))
	length, chunked := -1, false
	for {
		h, err := r.ReadSlice('\n')
		if err != nil {
			return 0, err
		}
		if len(h) <= 2 {
			break
		}
		switch {
		case len(h) > 16 && strings.EqualFold(string(h[:15]), "Content-Length:"):
			if length, err = strconv.Atoi(strings.TrimSpace(string(h[15:]))); err != nil {
				return 0, fmt.Errorf("bad Content-Length %q", h)
			}
		case len(h) > 19 && strings.EqualFold(string(h[:18]), "Transfer-Encoding:"):
			chunked = strings.EqualFold(strings.TrimSpace(string(h[18:])), "chunked")
		}
	}
	n := 0
	read := func(k int) error {
		n += k
		if body != nil {
			b := make([]byte, k)
			if _, err := io.ReadFull(r, b); err != nil {
				return err
			}
			*body = append(*body, b...)
			return nil
		}
		_, err := r.Discard(k)
		return err
	}
	switch {
	case chunked:
		for {
			sl, err := r.ReadSlice('\n')
			if err != nil {
				return 0, err
			}
			size, err := strconv.ParseInt(strings.TrimSpace(strings.SplitN(string(sl), ";", 2)[0]), 16, 64)
			if err != nil {
				return 0, fmt.Errorf("bad chunk size %q", sl)
			}
			if size == 0 {
				if _, err := r.Discard(2); err != nil { // no trailers
					return 0, err
				}
				break
			}
			if err := read(int(size)); err != nil {
				return 0, err
			}
			if _, err := r.Discard(2); err != nil {
				return 0, err
			}
		}
	case length >= 0:
		if err := read(length); err != nil {
			return 0, err
		}
	default:
		return 0, errors.New("a response with neither Content-Length nor chunked encoding")
	}
	if !ok {
		return 0, fmt.Errorf("status %s", status)
	}
	return n, nil
}
