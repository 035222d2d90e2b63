package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest"

	"pred.dev/gateway-gamma/apitest"
	"pred.dev/gateway-gamma/catalog"
	"pred.dev/gateway-gamma/server"
	"pred.dev/proto/client/gammaapi"
	rtapitest "pred.dev/proto/runtime/apitest"
	"pred.dev/proto/runtime/natsembed"
	"pred.dev/proto/runtime/natstest"
	"pred.dev/proto/runtime/publish"
)

// waitMax bounds every wait of the tests; it only turns a hang into a
// failure.
const waitMax = 10 * time.Second

const testChainID = 31337

var (
	testJWTKey       = bytes.Repeat([]byte{0x5a}, 32)
	testFactory      = common.HexToAddress("0xaacFeEa03eb1561C4e67d661e40682Bd20E3541b")
	testOracle       = common.HexToAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8")
	testCollateral   = common.HexToAddress("0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9")
	testOperatorKey  = "operator-key-of-the-tests-0123456789"
	testInitCodeHash = common.HexToHash("0x2bce2127ff07fb632d16c8347c4ebf501f4841168bed00d9e6ef715ddb6fcecf")
)

var testPublicInfo = gammaapi.PublicInfo{
	Chain: []gammaapi.ChainInfo{{ChainID: 31337, RPCURL: "http://127.0.0.1:8545", ExplorerURL: ""}},
	Contracts: gammaapi.Contracts{
		ConditionalTokens: "0x5FbDB2315678afecb367f032d93F642f64180aa3", Exchange: "0xeB4B9f121088c69A4279e53f2d14dc7242a4E3F8",
		NegRiskExchange: "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0", SafeFactory: "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9",
		SafeInitCodeHash: "0x2bce2127ff07fb632d16c8347c4ebf501f4841168bed00d9e6ef715ddb6fcecf",
		Collateral:       "0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9",
	},
}

// harness is one embedded NATS and any number of gateway replicas, each
// on its own NATS connection behind a real HTTP listener whose every
// response is validated against the OpenAPI document.
type harness struct {
	t     testing.TB
	ns    *natsembed.Server
	nc    *nats.Conn
	js    jetstream.JetStream
	api   *rtapitest.Validator
	gws   []*server.Server
	urls  []string // the base URLs of the replicas
	cfg   server.Config
	clock *testClock
	pub   *publish.Publisher // set by startEngine
}

// testClock is the gateways' clock: real time plus what Advance added.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *testClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

type harnessOpt func(*server.Config)

func newHarness(t testing.TB, opts ...harnessOpt) *harness {
	t.Helper()
	ns := natstest.Start(t)
	h := &harness{t: t, ns: ns, nc: natstest.Connect(t, ns), api: apitest.Spec().New(t)}
	js, err := jetstream.New(h.nc)
	if err != nil {
		t.Fatal(err)
	}
	h.js = js
	h.cfg = server.DefaultConfig()
	h.cfg.PublicInfo = testPublicInfo
	h.cfg.ChainID, h.cfg.JWTKey = testChainID, testJWTKey
	h.cfg.ProxyFactory, h.cfg.ProxyInitCodeHash = testFactory, testInitCodeHash
	h.cfg.Oracle, h.cfg.Collateral, h.cfg.OperatorKey = testOracle, testCollateral, []byte(testOperatorKey)
	h.cfg.ResultTimeout = 3 * time.Second
	h.clock = &testClock{t: time.Now()}
	h.cfg.Clock = h.clock.Now
	// Generous login limits; the rate limit test sets its own.
	h.cfg.RateLimit.AuthIPPerSecond, h.cfg.RateLimit.AuthIPBurst = 1000, 1000
	h.cfg.RateLimit.AddressPerSecond, h.cfg.RateLimit.AddressBurst = 1000, 1000
	for _, o := range opts {
		o(&h.cfg)
	}
	h.addGateway()
	return h
}

// addGateway starts one more replica and returns its index.
func (h *harness) addGateway() int {
	h.t.Helper()
	nc := natstest.Connect(h.t, h.ns)
	gw, err := server.New(h.cfg, nc, zaptest.NewLogger(h.t, zaptest.Level(zap.WarnLevel)))
	if err != nil {
		h.t.Fatal(err)
	}
	// The replica serves as in production (Serve: the request-head guard
	// in front of net/http), on a loopback listener.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		h.t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- gw.Serve(ctx, ln) }()
	h.t.Cleanup(func() {
		cancel()
		if err := <-served; err != nil {
			h.t.Errorf("gateway %s: %v", ln.Addr(), err)
		}
		gw.Close()
	})
	h.gws = append(h.gws, gw)
	h.urls = append(h.urls, "http://"+ln.Addr().String())
	return len(h.gws) - 1
}

func (h *harness) url(i int) string { return h.urls[i] }

// store is the catalogue store of gateway 0.
func (h *harness) store() *catalog.Store { return h.gws[0].Store() }

// httpClient validates every response against the OpenAPI document, and
// the request too when validateRequest is set.
func (h *harness) httpClient(validateRequest bool) *http.Client {
	return &http.Client{Timeout: 30 * time.Second, Transport: h.api.Transport(nil, validateRequest)}
}

// do sends a raw request to gateway i (responses are still validated).
func (h *harness) do(i int, method, path string, body []byte, hdr http.Header) (*http.Response, []byte) {
	h.t.Helper()
	return h.doT(h.t, i, method, path, body, hdr)
}

func (h *harness) doT(t testing.TB, i int, method, path string, body []byte, hdr http.Header) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, h.url(i)+path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range hdr {
		req.Header[k] = v
	}
	resp, err := h.httpClient(false).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, data
}

// get fetches path from gateway i, requires status 200 and decodes the
// body into out.
func (h *harness) get(i int, path string, out any) {
	h.t.Helper()
	resp, data := h.do(i, http.MethodGet, path, nil, nil)
	if resp.StatusCode != http.StatusOK {
		h.t.Fatalf("GET %s: %d %s", path, resp.StatusCode, data)
	}
	if err := json.Unmarshal(data, out); err != nil {
		h.t.Fatalf("GET %s: %v in %s", path, err, data)
	}
}

// waitViews returns once every gateway's view has applied revision rev.
func (h *harness) waitViews(rev uint64) {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitMax)
	defer cancel()
	for _, gw := range h.gws {
		if err := gw.View().WaitFor(ctx, rev); err != nil {
			h.t.Fatal(err)
		}
	}
}

func errorCode(t testing.TB, data []byte) string {
	t.Helper()
	var e gammaapi.ErrorBody
	if err := json.Unmarshal(data, &e); err != nil || e.Code == "" || e.Error == "" {
		t.Fatalf("not an error body: %s", data)
	}
	return e.Code
}
