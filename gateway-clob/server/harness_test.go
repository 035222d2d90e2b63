package server_test

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"io"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest"
	"google.golang.org/protobuf/proto"

	"pred.dev/gateway-clob/apitest"
	"pred.dev/gateway-clob/server"
	client "pred.dev/proto/client/clob"
	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
	rtapitest "pred.dev/proto/runtime/apitest"
	"pred.dev/proto/runtime/natsembed"
	"pred.dev/proto/runtime/natstest"
	"pred.dev/proto/runtime/publish"
	"pred.dev/proto/runtime/streams"
)

// Test deployment constants.
const testChainID = 80002

var (
	testExchange     = common.HexToAddress("0xdFE02Eb6733538f8Ea35D585af8DE5958AD99E40")
	testNegRisk      = common.HexToAddress("0xC5d563A36AE78145C45a50134d48A1215220f80a")
	testFactory      = common.HexToAddress("0xaacFeEa03eb1561C4e67d661e40682Bd20E3541b")
	testInitCodeHash = common.HexToHash("0x2bce2127ff07fb632d16c8347c4ebf501f4841168bed00d9e6ef715ddb6fcecf")
	testMasterKey    = bytes.Repeat([]byte{0x42}, 32)

	// The test market: YES token 1001, NO token 1002, tick 0.01, sizes
	// 5..10000 shares, fee 10 bps.
	testMarket   = [32]byte{31: 0xaa}
	testYes      = [32]byte{30: 0x03, 31: 0xe9} // 1001
	testNo       = [32]byte{30: 0x03, 31: 0xea} // 1002
	testYesStr   = "1001"
	testNoStr    = "1002"
	testParams   = &pb.MarketParams{TickSize: 10_000, MinSize: 5_000_000, MaxSize: 10_000_000_000, FeeRateBps: 10}
	testNRMarket = [32]byte{31: 0xbb}
	testNRYes    = [32]byte{30: 0x07, 31: 0xd1} // 2001
	testNRYesStr = "2001"
	testNRNo     = [32]byte{30: 0x07, 31: 0xd2} // 2002
)

// harness is one embedded NATS, the real matching engine with the test
// markets, and any number of gateway replicas, each behind a real HTTP
// listener whose every response is validated against the OpenAPI
// document.
type harness struct {
	t      testing.TB
	ns     *natsembed.Server
	nc     *nats.Conn
	js     jetstream.JetStream
	engine *engine
	admin  *publish.Publisher   // the test's own commands: markets, deposits
	api    *rtapitest.Validator // checks the exchanges of h.httpClient
	gws    []string             // the base URLs of the replicas
	cfg    server.Config
}

type harnessOpt func(*harnessOpts)

type harnessOpts struct {
	noEngine bool
	cfg      func(*server.Config)
}

func withoutEngine() harnessOpt { return func(o *harnessOpts) { o.noEngine = true } }

func withConfig(f func(*server.Config)) harnessOpt {
	return func(o *harnessOpts) { o.cfg = f }
}

func newHarness(t testing.TB, opts ...harnessOpt) *harness {
	t.Helper()
	var o harnessOpts
	for _, f := range opts {
		f(&o)
	}
	ns := natstest.Start(t)
	h := &harness{t: t, ns: ns, nc: natstest.Connect(t, ns), api: apitest.Spec().New(t)}
	js, err := jetstream.New(h.nc)
	if err != nil {
		t.Fatal(err)
	}
	h.js = js
	if err := streams.Ensure(context.Background(), js, streams.Config{}); err != nil {
		t.Fatal(err)
	}
	h.cfg = server.DefaultConfig()
	h.cfg.ChainID, h.cfg.Exchange, h.cfg.NegRiskExchange = testChainID, testExchange, testNegRisk
	h.cfg.ProxyFactory, h.cfg.ProxyInitCodeHash = testFactory, testInitCodeHash
	h.cfg.MasterKey, h.cfg.DefaultFeeRateBps, h.cfg.Faucet = testMasterKey, 0, true
	h.cfg.QueryTimeout, h.cfg.ResultTimeout = 2*time.Second, 2*time.Second
	if o.cfg != nil {
		o.cfg(&h.cfg)
	}
	if !o.noEngine {
		h.engine = startEngine(t, h.nc)
		h.newAdmin()
		h.submit(createMarket(testMarket, testYes, testNo, testParams))
		nr := proto.CloneOf(testParams)
		nr.NegRisk = true
		h.submit(createMarket(testNRMarket, testNRYes, testNRNo, nr))
		// The engine answers before it commits; the gateways' first
		// market queries must find both markets.
		h.sync()
	}
	h.addGateway()
	return h
}

// addGateway starts one more replica on its own NATS connection and
// returns its index.
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
		_ = gw.Close()
	})
	h.gws = append(h.gws, "http://"+ln.Addr().String())
	return len(h.gws) - 1
}

func (h *harness) url(i int) string { return h.gws[i] }

// httpClient validates every response against the OpenAPI document, and
// the request too when validateRequest is set.
func (h *harness) httpClient(validateRequest bool) *http.Client {
	return &http.Client{Timeout: 30 * time.Second, Transport: h.api.Transport(nil, validateRequest)}
}

// newClient returns an SDK client of gateway i for a fresh wallet.
func (h *harness) newClient(i int, opts ...client.Option) (*client.Client, *ecdsa.PrivateKey) {
	key, err := crypto.GenerateKey()
	if err != nil {
		h.t.Fatal(err)
	}
	base := []client.Option{client.WithHTTPClient(h.httpClient(true)), client.WithPrivateKey(key),
		client.WithChain(testChainID, testExchange, testNegRisk)}
	return client.New(h.url(i), append(base, opts...)...), key
}

// lenient returns a client of gateway i for the same wallet and
// credentials as c whose requests are not checked against the document,
// for tests that send invalid requests on purpose.
func (h *harness) lenient(i int, key *ecdsa.PrivateKey, c *client.Client) *client.Client {
	creds, _ := c.Creds()
	return client.New(h.url(i), client.WithHTTPClient(h.httpClient(false)), client.WithPrivateKey(key),
		client.WithChain(testChainID, testExchange, testNegRisk), client.WithCreds(creds))
}

// tradingClient is newClient with API credentials already created.
func (h *harness) tradingClient(i int, opts ...client.Option) *client.Client {
	c, _ := h.newClient(i, opts...)
	if _, err := c.CreateOrDeriveAPIKey(context.Background()); err != nil {
		h.t.Fatal(err)
	}
	return c
}

// commandCount is the number of messages in the CMD stream.
func (h *harness) commandCount() uint64 {
	h.t.Helper()
	return h.streamState().Msgs
}

// lastCommandSeq is the CMD stream's last sequence.
func (h *harness) lastCommandSeq() uint64 {
	h.t.Helper()
	return h.streamState().LastSeq
}

func (h *harness) streamState() jetstream.StreamState {
	h.t.Helper()
	s, err := h.js.Stream(context.Background(), journal.CommandStream)
	if err != nil {
		h.t.Fatal(err)
	}
	info, err := s.Info(context.Background())
	if err != nil {
		h.t.Fatal(err)
	}
	return info.State
}

// do sends a raw request to gateway i (responses are still validated).
func (h *harness) do(i int, method, path string, body []byte, hdr http.Header) (*http.Response, []byte) {
	h.t.Helper()
	return h.doT(h.t, i, method, path, body, hdr)
}

// doT is do failing t, for fuzz functions, which must not use the
// harness's own testing.F.
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
