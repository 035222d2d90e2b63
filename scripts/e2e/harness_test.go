package e2e

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/nats-io/nats.go"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest"

	"pred.dev/gateway-clob/apitest"
	gammaapitest "pred.dev/gateway-gamma/apitest"
	"pred.dev/proto/chain/deploy"
	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
	rtapitest "pred.dev/proto/runtime/apitest"
	"pred.dev/proto/runtime/publish"
	relayerapitest "pred.dev/relayer/apitest"
	"pred.dev/scripts/devnet"
	"pred.dev/scripts/internal/enginecmd"
)

// Waits for asynchronous effects (a tick expiring an order, a heartbeat
// timeout) are eventually's. A process that starts is polled every
// waitPoll until it serves, or until the run is aborted because one
// exited, which eventually does not watch.
const (
	waitPoll = 50 * time.Millisecond
	// startTimeout bounds a devnet's start.
	startTimeout = 2 * time.Minute
	// httpTimeout bounds one HTTP exchange of a test client; generous,
	// since a loaded two-core machine may be slow, and never part of an
	// assertion.
	httpTimeout = time.Minute
)

// testNet is the exchange of one test, with the validator of its
// responses: a devnet, or gateways running as their own processes.
type testNet struct {
	t *testing.T
	// d is the devnet; nil when the gateways are separate processes.
	d *devnet.Devnet
	// urls are the gateways' base URLs, markets the exchange's markets
	// and dep the chain's deployment (orders sign for its exchanges).
	urls    []string
	markets []devnet.Market
	dep     *deploy.Deployment
	api     *rtapitest.Validator
	// natsURL is the log's NATS server when there is no devnet: with no
	// chain and no chain watcher, the test appends a trader's approvals
	// itself, as the watcher would.
	natsURL string
	// gammaAPI checks the Gamma API's responses (pred asks it for the
	// chain and the markets) against the Gamma API's document.
	gammaAPI *rtapitest.Validator
	// relayerAPI checks the Relayer API's responses (pred deploys and
	// approves wallets through it) against its document.
	relayerAPI *rtapitest.Validator
	// gammaURL and relayerURL are where the Gamma and Relayer APIs
	// answer: a devnet's, or a cluster's load balancer.
	gammaURL, relayerURL string
}

// devnetConfig is a devnet on random ports in a fresh temporary dir,
// logging warnings and errors to the test log.
func devnetConfig(t *testing.T) devnet.Config {
	return devnet.Config{DataDir: t.TempDir(), APIAddr: "127.0.0.1:0", GammaAddr: "127.0.0.1:0", RelayerAddr: "127.0.0.1:0", NATSPort: -1, ChainAddr: "127.0.0.1:0",
		Logger: zaptest.NewLogger(t, zaptest.Level(zap.WarnLevel))}
}

// startNet starts a devnet, adjusted by each option, and stops it when
// the test ends.
func startNet(t *testing.T, opts ...func(*devnet.Config)) *testNet {
	t.Helper()
	cfg := devnetConfig(t)
	for _, o := range opts {
		o(&cfg)
	}
	return newTestNet(t, startDevnet(t, cfg))
}

// newTestNet drives a running devnet, checking every response against
// the gateway's OpenAPI document, which the devnet's gateways must serve.
func newTestNet(t *testing.T, d *devnet.Devnet) *testNet {
	t.Helper()
	n := newGatewayNet(t, d.URLs, d.Markets, d.Deployment)
	n.d = d
	n.withAPIs(t, d.GammaURL, d.RelayerURL)
	return n
}

// withAPIs checks the responses of the Gamma and Relayer APIs at these
// URLs against their documents too.
func (n *testNet) withAPIs(t *testing.T, gammaURL, relayerURL string) {
	n.gammaAPI = gammaapitest.Spec().New(t)
	n.relayerAPI = relayerapitest.Spec().New(t)
	n.gammaURL, n.relayerURL = gammaURL, relayerURL
}

// newGatewayNet drives the gateways at urls, checking every response
// against the gateway's OpenAPI document, which each of them must serve.
func newGatewayNet(t *testing.T, urls []string, markets []devnet.Market, dep *deploy.Deployment) *testNet {
	t.Helper()
	// Fetched around the validator, so that RequireChecks still fails a
	// test whose own requests all bypass it.
	for _, u := range urls {
		if doc, err := fetchDocument(u); err != nil || !bytes.Equal(doc, apitest.Spec().Document()) {
			t.Fatalf("GET %s/openapi.yaml: %d bytes, %v; want the gateway's document", u, len(doc), err)
		}
	}
	return &testNet{t: t, urls: urls, markets: markets, dep: dep, api: apitest.Spec().New(t, rtapitest.RequireChecks())}
}

// fetchDocument returns the OpenAPI document a gateway serves.
func fetchDocument(url string) ([]byte, error) {
	resp, err := (&http.Client{Timeout: httpTimeout}).Get(url + "/openapi.yaml")
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	doc, err := io.ReadAll(resp.Body)
	if err == nil && resp.StatusCode != http.StatusOK {
		err = fmt.Errorf("HTTP %d", resp.StatusCode)
	}
	return doc, err
}

// httpClient returns an HTTP client whose every response is validated,
// against the Gamma API's document for requests to the Gamma API, the
// Relayer API's for the Relayer API's and the CLOB API's otherwise.
func (n *testNet) httpClient() *http.Client {
	var rt http.RoundTripper = n.api.Transport(nil, false)
	if n.gammaAPI != nil {
		rt = byHost{host: strings.TrimPrefix(n.gammaURL, "http://"), to: n.gammaAPI.Transport(nil, false), other: rt}
	}
	if n.relayerAPI != nil {
		rt = byHost{host: strings.TrimPrefix(n.relayerURL, "http://"), to: n.relayerAPI.Transport(nil, false), other: rt}
	}
	return &http.Client{Timeout: httpTimeout, Transport: rt}
}

// byHost sends the requests to one host through its own transport.
type byHost struct {
	host      string
	to, other http.RoundTripper
}

func (b byHost) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.URL.Host == b.host {
		return b.to.RoundTrip(r)
	}
	return b.other.RoundTrip(r)
}

func startDevnet(t *testing.T, cfg devnet.Config) *devnet.Devnet {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), startTimeout)
	defer cancel()
	d, err := devnet.Start(ctx, cfg)
	if err != nil {
		t.Fatalf("start the devnet: %v", err)
	}
	t.Cleanup(func() {
		if err := d.Close(); err != nil {
			t.Errorf("close the devnet: %v", err)
		}
	})
	return d
}

// connectNATS opens a connection to the devnet's NATS server, closed
// when the test ends, for the few checks the API cannot make.
func connectNATS(t *testing.T, d *devnet.Devnet) *nats.Conn {
	t.Helper()
	nc, err := nats.Connect(d.NATSURL)
	if err != nil {
		t.Fatalf("connect to NATS: %v", err)
	}
	t.Cleanup(nc.Close)
	return nc
}

// market returns the exchange's i-th market (Gamma's demo markets: 0 is
// a standard market, 1 to 4 those of a negRisk event, 5 and 6 a game's).
func (n *testNet) market(i int) devnet.Market { return n.markets[i] }

// marketOf returns the market trading token; for a token no market
// trades, a standard market at the demo's fee rate.
func (n *testNet) marketOf(token string) devnet.Market {
	for _, m := range n.markets {
		if m.YesTokenID() == token || m.NoTokenID() == token {
			return m
		}
	}
	return devnet.Market{FeeRateBps: n.markets[0].FeeRateBps}
}

// trader is a wallet with an SDK client of one gateway.
type trader struct {
	*client.Client
	key *ecdsa.PrivateKey
	n   *testNet
}

// wallet is a fresh wallet on gateway gw, without API credentials.
func (n *testNet) wallet(gw int) *trader {
	n.t.Helper()
	key, err := crypto.GenerateKey()
	if err != nil {
		n.t.Fatal(err)
	}
	return &trader{Client: n.sdk(gw, key), key: key, n: n}
}

// sdk is a client of gateway gw for key whose orders are made by the
// key's proxy wallet (signature type 2), the normal maker. Without a
// devnet (gateways and engine as processes, no chain) nothing can deploy
// a proxy wallet, so orders are made by the key itself (signature type 0).
func (n *testNet) sdk(gw int, key *ecdsa.PrivateKey, opts ...client.Option) *client.Client {
	base := []client.Option{client.WithHTTPClient(n.httpClient()), client.WithPrivateKey(key),
		client.WithChain(n.dep.ChainID, n.dep.Contracts.Exchange, n.dep.Contracts.NegRiskExchange)}
	if n.d != nil {
		base = append(base, client.WithProxyWallet(n.dep.Contracts.SafeFactory, n.dep.SafeInitCodeHash))
	}
	return client.New(n.urls[gw], append(base, opts...)...)
}

// trader is a wallet on gateway 0 with API credentials, its proxy wallet
// deployed (the engine refuses the orders of an undeployed one) and,
// unless usdw is "", that much devnet USDW in it: the faucet funds it on
// chain and answers once the chain watcher has credited it.
func (n *testNet) trader(usdw string) *trader {
	n.t.Helper()
	tr := n.wallet(0)
	if _, err := tr.CreateOrDeriveAPIKey(context.Background()); err != nil {
		n.t.Fatalf("create API key: %v", err)
	}
	if n.d != nil {
		if _, err := n.d.DeployWallet(context.Background(), tr.key); err != nil {
			n.t.Fatalf("deploy the proxy wallet: %v", err)
		}
		// Both exchanges may move its USDW and shares, as `pred wallet
		// approve` lets them: its trades settle on chain.
		if err := n.d.ExecWallet(context.Background(), tr.key, devnet.TradingApprovals(n.d.Deployment)...); err != nil {
			n.t.Fatalf("approve the exchanges: %v", err)
		}
	}
	if n.natsURL != "" {
		n.appendApprovals(tr.Funder())
	}
	if usdw != "" {
		if _, err := tr.Faucet(context.Background(), tr.Funder().Hex(), usdw); err != nil {
			n.t.Fatalf("faucet: %v", err)
		}
	}
	return tr
}

// appendApprovals appends a wallet's approvals of both exchanges to the
// log, what the chain watcher would append for its approval transaction,
// for gateways and an engine that run without a chain.
func (n *testNet) appendApprovals(wallet common.Address) {
	n.t.Helper()
	nc, err := nats.Connect(n.natsURL)
	if err != nil {
		n.t.Fatalf("connect to NATS: %v", err)
	}
	defer nc.Close()
	pub, err := publish.New(nc, publish.Config{}, nil)
	if err != nil {
		n.t.Fatal(err)
	}
	defer pub.Close()
	for _, c := range enginecmd.Approved(wallet) {
		if _, err := enginecmd.Submit(context.Background(), pub, c); err != nil {
			n.t.Fatalf("append the approvals of %s: %v", wallet.Hex(), err)
		}
	}
}

// on returns the same wallet and credentials on gateway gw.
func (n *testNet) on(gw int, tr *trader) *trader {
	creds, _ := tr.Creds()
	return &trader{Client: n.sdk(gw, tr.key, client.WithCreds(creds)), key: tr.key, n: n}
}

// buy places a BUY and fails the test if it is refused.
func (tr *trader) buy(t *testing.T, token, price, size string, mod ...func(*client.OrderArgs)) clobapi.OrderResponse {
	t.Helper()
	resp, err := tr.place(token, "BUY", price, size, mod...)
	if err != nil {
		t.Fatalf("BUY %s x %s: %v", price, size, err)
	}
	return resp
}

// place signs and posts an order at its market's fee rate, for the
// market's exchange.
func (tr *trader) place(token, side, price, size string, mod ...func(*client.OrderArgs)) (clobapi.OrderResponse, error) {
	m := tr.n.marketOf(token)
	a := client.OrderArgs{TokenID: token, Side: side, Price: price, Size: size, FeeRateBps: m.FeeRateBps, NegRisk: m.NegRisk}
	for _, m := range mod {
		m(&a)
	}
	return tr.CreateAndPostOrder(context.Background(), a)
}

// order returns one of the trader's orders.
func (tr *trader) order(t *testing.T, id string) clobapi.OpenOrder {
	t.Helper()
	o, err := tr.GetOrder(context.Background(), id)
	if err != nil {
		t.Fatalf("GET /order/%s: %v", id, err)
	}
	return o
}

// balance returns the trader's balance of a token, or of USDW for "".
func (tr *trader) balance(t *testing.T, token string) clobapi.BalanceAllowance {
	t.Helper()
	b, err := tr.GetBalanceAllowance(context.Background(), client.BalanceParams{TokenID: token})
	if err != nil {
		t.Fatalf("balance of %q: %v", token, err)
	}
	return b
}

// wantBalance checks a balance and its locked part, as decimal strings.
func wantBalance(t *testing.T, what string, b clobapi.BalanceAllowance, balance, locked string) {
	t.Helper()
	if b.Balance != balance || b.Locked != locked {
		t.Errorf("%s: balance %s locked %s, want %s locked %s", what, b.Balance, b.Locked, balance, locked)
	}
}

// wantCode checks that err is the API error code, with the HTTP status
// the error table gives it.
func wantCode(t *testing.T, what string, err error, code errcode.Code) {
	t.Helper()
	var ae *client.APIError
	if !errors.As(err, &ae) {
		t.Errorf("%s: got %v, want API error %s", what, err, string(code))
		return
	}
	if ae.Code != code || ae.Status != code.Status() {
		t.Errorf("%s: got %d %s (%s), want %d %s", what, ae.Status, string(ae.Code), ae.Message, code.Status(), string(code))
	}
}

// raw sends a request with the given headers and no body to gateway gw
// (the response is still validated) and returns its status and body.
func (n *testNet) raw(t *testing.T, gw int, method, path string, hdr http.Header) (int, string) {
	t.Helper()
	return n.rawBody(t, gw, method, path, hdr, nil)
}

func (n *testNet) rawBody(t *testing.T, gw int, method, path string, hdr http.Header, body []byte) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, n.urls[gw]+path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range hdr {
		req.Header[k] = v
	}
	resp, err := n.httpClient().Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(data)
}

// hasCode reports whether an error body carries the code.
func hasCode(body string, code errcode.Code) bool {
	var e clobapi.ErrorBody
	return json.Unmarshal([]byte(body), &e) == nil && e.Code == string(code)
}

// hasID reports whether ids holds id, case-insensitively (hex).
func hasID(ids []string, id string) bool {
	for _, s := range ids {
		if strings.EqualFold(s, id) {
			return true
		}
	}
	return false
}
