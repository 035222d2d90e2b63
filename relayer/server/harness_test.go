package server_test

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/params"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest"

	"pred.dev/proto/chain/chaintest"
	"pred.dev/proto/client/relayer"
	"pred.dev/proto/client/relayerapi"
	"pred.dev/proto/jwtauth"
	rtapitest "pred.dev/proto/runtime/apitest"
	"pred.dev/proto/runtime/eventually"
	"pred.dev/proto/runtime/natsembed"
	"pred.dev/proto/runtime/natstest"
	"pred.dev/relayer/apitest"
	relayersvc "pred.dev/relayer/server"
	"pred.dev/relayer/store"
)

// waitMax bounds every wait of the tests; it only turns a hang into a
// failure.
const waitMax = 60 * time.Second

// testBlockInterval is how often the test chain seals a block.
const testBlockInterval = 50 * time.Millisecond

// testLogLevel is the relayers' log level in tests.
var testLogLevel = zap.WarnLevel

var testJWTKey = bytes.Repeat([]byte{0x5a}, 32)

// chain is a simulated chain with everything deployed, sealing a block
// every interval (with or without transactions), as a real chain does.
type chain struct {
	// watched is the account whose waiting transactions an on-demand
	// chain seals at once (the hot key).
	watched atomic.Pointer[common.Address]
	env     *chaintest.Env
	mu      sync.Mutex // one sealer at a time: the simulated beacon is not safe for concurrent use
	paused  atomic.Bool
	stop    chan struct{}
	done    chan struct{}
}

// newChain starts a chain that seals a block every interval; with
// onDemand, also as soon as a transaction waits (as the devnet's chain
// does), interval then being the idle blocks' pace.
func newChain(t testing.TB, interval time.Duration, onDemand ...bool) *chain {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitMax)
	defer cancel()
	env, err := chaintest.NewSimulated(ctx)
	if err != nil {
		t.Fatal(err)
	}
	c := &chain{env: env, stop: make(chan struct{}), done: make(chan struct{})}
	sim := env.Sim()
	env.Chain.Mine = func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		sim.Commit()
	}
	demand := len(onDemand) > 0 && onDemand[0]
	go func() {
		defer close(c.done)
		tick := time.NewTicker(interval)
		defer tick.Stop()
		look := time.NewTicker(5 * time.Millisecond)
		defer look.Stop()
		if !demand {
			look.Stop()
		}
		for {
			select {
			case <-c.stop:
				return
			case <-tick.C:
			case <-look.C:
				if !c.waiting(sim.Client()) {
					continue
				}
			}
			if !c.paused.Load() {
				env.Chain.Mine()
			}
		}
	}()
	t.Cleanup(func() {
		close(c.stop)
		<-c.done
		env.Close()
	})
	return c
}

// waiting reports whether the watched account has transactions in the
// pool: its pending nonce is past its mined one.
func (c *chain) waiting(b interface {
	PendingNonceAt(context.Context, common.Address) (uint64, error)
	NonceAt(context.Context, common.Address, *big.Int) (uint64, error)
}) bool {
	a := c.watched.Load()
	if a == nil {
		return false
	}
	ctx := context.Background()
	p, err1 := b.PendingNonceAt(ctx, *a)
	m, err2 := b.NonceAt(ctx, *a, nil)
	return err1 == nil && err2 == nil && p > m
}

// pause stops sealing blocks until resume.
func (c *chain) pause() { c.paused.Store(true) }

func (c *chain) resume() { c.paused.Store(false) }

// fund gives addr coin from the admin.
func (c *chain) fund(t testing.TB, addr common.Address, wei *big.Int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitMax)
	defer cancel()
	tx, err := c.env.Admin.Transfer(ctx, addr, wei)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.env.Chain.Wait(ctx, tx); err != nil {
		t.Fatal(err)
	}
}

// harness is one embedded NATS, a chain, and relayers on them, each behind
// a real HTTP listener.
type harness struct {
	t      testing.TB
	chain  *chain
	ns     *natsembed.Server
	nc     *nats.Conn
	js     jetstream.JetStream
	st     *store.Store
	signer *jwtauth.Signer
	hot    *ecdsa.PrivateKey
	cfg    relayersvc.Config
	api    *rtapitest.Validator
	log    *zap.Logger

	mu       sync.Mutex
	replicas []*replica
}

// replica is one running relayer.
type replica struct {
	r      *relayersvc.Relayer
	nc     *nats.Conn
	url    string
	cancel context.CancelFunc
	served chan error
	ran    chan error
}

type option func(*harness)

func withConfig(f func(*relayersvc.Config)) option { return func(h *harness) { f(&h.cfg) } }

// harnessOpts are what must be chosen before the harness starts.
type harnessOpts struct {
	syncAlways bool
	onDemand   bool
	interval   time.Duration
}

// newHarnessWith starts the harness on NATS fsyncing every message and a
// chain sealing on demand, when asked.
func newHarnessWith(t testing.TB, ho harnessOpts, opts ...option) *harness {
	t.Helper()
	return newHarnessOn(t, ho, opts...)
}

// newHarness starts NATS, a chain, and one relayer with a funded hot key.
// Tests that start one do not run in parallel (t.Parallel): on two cores
// the package then took 190 s instead of 159 s, and tests bound to the
// chain's pace failed (a re-pricing outrun by a falling base fee, a Safe
// nonce mined before its refusal was checked).
func newHarness(t testing.TB, opts ...option) *harness {
	t.Helper()
	return newHarnessOn(t, harnessOpts{interval: testBlockInterval}, opts...)
}

func newHarnessOn(t testing.TB, ho harnessOpts, opts ...option) *harness {
	t.Helper()
	h := &harness{t: t, chain: newChain(t, ho.interval, ho.onDemand)}
	h.ns = natstest.Start(t, func(o *natsembed.Options) { o.SyncAlways = ho.syncAlways })
	h.nc = natstest.Connect(t, h.ns)
	var err error
	if h.js, err = jetstream.New(h.nc); err != nil {
		t.Fatal(err)
	}
	if h.signer, err = jwtauth.NewSigner(testJWTKey, 0); err != nil {
		t.Fatal(err)
	}
	if h.hot, err = crypto.GenerateKey(); err != nil {
		t.Fatal(err)
	}
	hot := crypto.PubkeyToAddress(h.hot.PublicKey)
	h.chain.watched.Store(&hot)
	h.chain.fund(t, hot, new(big.Int).Mul(big.NewInt(1000), big.NewInt(params.Ether)))
	h.cfg = relayersvc.DefaultConfig()
	h.cfg.Deployment, h.cfg.JWTKey, h.cfg.HotKey = h.chain.env.D, testJWTKey, h.hot
	h.cfg.Worker.Confirmations = 2
	h.cfg.Worker.Poll = 20 * time.Millisecond
	h.cfg.LeaseTTL = time.Second
	h.cfg.RateLimit.CallerPerSecond, h.cfg.RateLimit.CallerBurst = 0, 0
	h.cfg.RateLimit.KeyCreatePerSecond, h.cfg.RateLimit.KeyCreateBurst = 0, 0
	h.cfg.RateLimit.DeployIPPerSecond, h.cfg.RateLimit.DeployIPBurst = 0, 0
	h.log = zaptest.NewLogger(t, zaptest.Level(testLogLevel))
	for _, o := range opts {
		o(h)
	}
	h.api = apitest.Spec().New(t)
	h.start()
	ctx, cancel := context.WithTimeout(context.Background(), waitMax)
	defer cancel()
	if h.st, err = store.Open(ctx, h.js, store.Config{}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.stopAll)
	return h
}

// start starts one more relayer replica on its own NATS connection.
func (h *harness) start() *replica { return h.startWith(nil) }

// startWith starts a replica whose configuration mod changes (the
// harness's otherwise).
func (h *harness) startWith(mod func(*relayersvc.Config)) *replica {
	h.t.Helper()
	nc := natstest.Connect(h.t, h.ns)
	cfg := h.cfg
	if mod != nil {
		mod(&cfg)
	}
	r, err := relayersvc.New(cfg, nc, h.chain.env.Chain.Backend, h.log)
	if err != nil {
		h.t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		h.t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	rp := &replica{r: r, nc: nc, url: "http://" + ln.Addr().String(), cancel: cancel, served: make(chan error, 1), ran: make(chan error, 1)}
	go func() { rp.served <- r.Serve(ctx, ln) }()
	go func() { rp.ran <- r.Run(ctx) }()
	h.mu.Lock()
	h.replicas = append(h.replicas, rp)
	h.mu.Unlock()
	return rp
}

// stop stops a replica and reports what its worker returned.
func (rp *replica) stop() error {
	if rp.cancel == nil {
		return nil
	}
	rp.cancel()
	rp.cancel = nil
	<-rp.served
	return <-rp.ran
}

func (h *harness) stopAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, rp := range h.replicas {
		if err := rp.stop(); err != nil && !errors.Is(err, context.Canceled) {
			h.t.Logf("worker: %v", err)
		}
	}
	h.replicas = nil
}

// url is the first running replica's URL.
func (h *harness) url() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, rp := range h.replicas {
		if rp.cancel != nil {
			return rp.url
		}
	}
	h.t.Fatal("no relayer runs")
	return ""
}

// clientChain is the deployment as the Go client takes it.
func (h *harness) clientChain() relayer.Chain {
	d := h.chain.env.D
	return relayer.Chain{ChainID: d.ChainID, SafeFactory: d.Contracts.SafeFactory, SafeInitCodeHash: d.SafeInitCodeHash,
		Collateral: d.Contracts.Collateral, ConditionalTokens: d.Contracts.ConditionalTokens, Exchange: d.Contracts.Exchange,
		NegRiskExchange: d.Contracts.NegRiskExchange, MultiSendCallOnly: d.Contracts.MultiSendCallOnly}
}

// user is a trader: a key, a Gamma token and a client on the first
// replica whose every exchange is checked against the OpenAPI document.
type user struct {
	key   *ecdsa.PrivateKey
	addr  common.Address
	token string
	c     *relayer.Client
}

func (h *harness) user(opts ...relayer.Option) *user {
	h.t.Helper()
	key, err := crypto.GenerateKey()
	if err != nil {
		h.t.Fatal(err)
	}
	u := &user{key: key, addr: crypto.PubkeyToAddress(key.PublicKey)}
	if u.token, _, err = h.signer.Issue(u.addr, "", time.Now()); err != nil {
		h.t.Fatal(err)
	}
	base := []relayer.Option{relayer.WithToken(u.token), relayer.WithPrivateKey(key), relayer.WithChain(h.clientChain()),
		relayer.WithHTTPClient(&http.Client{Transport: h.api.Transport(nil, true), Timeout: waitMax})}
	u.c = relayer.New(h.url(), append(base, opts...)...)
	return u
}

// do sends a request to the first replica (its exchange validated against
// the document, the request not) and returns the response and its body.
func (h *harness) do(method, path string, body []byte, hdr http.Header) (*http.Response, []byte) {
	h.t.Helper()
	req, err := http.NewRequest(method, h.url()+path, bytes.NewReader(body))
	if err != nil {
		h.t.Fatal(err)
	}
	for k, v := range hdr {
		req.Header[k] = v
	}
	resp, err := (&http.Client{Transport: h.api.Transport(nil, false), Timeout: waitMax}).Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		h.t.Fatal(err)
	}
	return resp, data
}

// errorCode returns the code of an error body, failing if it is not one.
func errorCode(t testing.TB, data []byte) string {
	t.Helper()
	var e relayerapi.ErrorBody
	if err := json.Unmarshal(data, &e); err != nil || e.Code == "" || e.Error == "" {
		t.Fatalf("not an error body: %s", data)
	}
	return e.Code
}

func ctxT(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), waitMax)
	t.Cleanup(cancel)
	return ctx
}

// wait waits for a transaction to reach state, failing on FAILED or
// INVALID.
func (u *user) wait(t testing.TB, id string, state relayerapi.State) relayerapi.Transaction {
	t.Helper()
	tx, err := u.c.Wait(ctxT(t), id, state, nil)
	if err != nil {
		t.Fatalf("transaction %s: %v", id, err)
	}
	return tx
}

// waitEnd waits for a transaction to end (CONFIRMED, FAILED or INVALID).
func (u *user) waitEnd(t testing.TB, id string) relayerapi.Transaction {
	t.Helper()
	ctx := ctxT(t)
	return eventually.Value(t, "transaction "+id+" ends", func() (relayerapi.Transaction, bool) {
		tx, err := u.c.Transaction(ctx, id)
		if err != nil {
			t.Fatalf("transaction %s: %v", id, err)
		}
		return tx, tx.State.Terminal()
	})
}

// httpGet returns the body of a GET, failing on another status than 200.
func httpGet(t testing.TB, url string) string {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("GET %s: %d %v", url, resp.StatusCode, err)
	}
	return string(b)
}

func splitLines(s string) []string { return strings.Split(s, "\n") }

// deployExecuted has a new user ask for its wallet's deployment and
// waits until the worker sent it (EXECUTED).
func (h *harness) deployExecuted(t testing.TB) (*user, relayerapi.SubmitResponse, relayerapi.Transaction) {
	t.Helper()
	u := h.user()
	sub, err := u.c.Deploy(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	return u, sub, u.wait(t, sub.TransactionID, relayerapi.StateExecuted)
}

// metric reads a metric without labels from the first replica's /metrics.
func (h *harness) metric(t testing.TB, name string) float64 {
	t.Helper()
	return metricAt(t, h.url(), name)
}

// metricAt reads a metric without labels from the replica at url.
func metricAt(t testing.TB, url, name string) float64 {
	t.Helper()
	for _, line := range splitLines(httpGet(t, url+"/metrics")) {
		var v float64
		if _, err := fmt.Sscanf(line, name+" %g", &v); err == nil {
			return v
		}
	}
	t.Fatalf("no %s in /metrics", name)
	return 0
}
