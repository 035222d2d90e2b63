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
	"math/big"
	"math/rand/v2"
	"net/http"
	"os"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/holiman/uint256"

	"pred.dev/proto/chain/chaintest"
	"pred.dev/proto/chain/ctfid"
	"pred.dev/proto/chain/deploy"
	"pred.dev/proto/client"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/eip712"
	"pred.dev/proto/l2auth"
	"pred.dev/scripts/devnet"
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
}

// DefaultCLOB is what `make bench` runs.
var DefaultCLOB = CLOBConfig{Orders: 40_000, Runs: 3, Warmup: 3_000, Clients: 64, CrossPct: 8}

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
	d, err := devnet.Start(ctx, devnet.Config{DataDir: dir, APIAddr: "127.0.0.1:0", GammaAddr: "127.0.0.1:0", RelayerAddr: "127.0.0.1:0", NATSPort: -1, ChainAddr: "127.0.0.1:0", Unlimited: true, NoSettle: cfg.NoSettle})
	if err != nil {
		return nil, err
	}
	defer d.Close()
	hc := &http.Client{Timeout: orderTimeout, Transport: &http.Transport{MaxIdleConnsPerHost: cfg.Clients, MaxConnsPerHost: cfg.Clients}}
	traders, err := newTraders(ctx, d, hc, cfg.Clients)
	if err != nil {
		return nil, err
	}
	warm, timed := signOrders(traders, d.Markets, cfg)
	if _, err := sendAll(d.URL, hc, traders, warm); err != nil {
		return nil, fmt.Errorf("warm-up: %w", err)
	}
	var runs []*clobResult
	for _, orders := range timed {
		res, err := sendAll(d.URL, hc, traders, orders)
		if err != nil {
			return nil, err
		}
		runs = append(runs, res)
	}
	return clobFigures(runs), nil
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
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			t, err := newTrader(ctx, d, hc)
			out[i] = t
			errs <- err
		})
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
	if err := d.ExecWallet(ctx, key, tradingApprovals(dep)...); err != nil {
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
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, t := range traders {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
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
	}
	wg.Wait()
	return warm, timed
}

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
// first order the exchange did not accept.
func sendAll(base string, hc *http.Client, traders []*trader, orders [][]signedOrder) (*clobResult, error) {
	lat := make([][]time.Duration, len(traders))
	var matched atomic.Int64
	var firstErr atomic.Pointer[error]
	var wg sync.WaitGroup
	start := time.Now()
	for i, t := range traders {
		wg.Go(func() {
			lat[i] = make([]time.Duration, 0, len(orders[i]))
			for _, o := range orders[i] {
				t0 := time.Now()
				m, err := t.post(base, hc, o.body)
				if err != nil {
					firstErr.CompareAndSwap(nil, &err)
					return
				}
				lat[i] = append(lat[i], time.Since(t0))
				if m {
					matched.Add(1)
				}
			}
		})
	}
	wg.Wait()
	if p := firstErr.Load(); p != nil {
		return nil, *p
	}
	return &clobResult{elapsed: time.Since(start), latencies: slices.Concat(lat...), matched: int(matched.Load())}, nil
}

// post sends one signed order and reports whether it traded.
func (t *trader) post(base string, hc *http.Client, body []byte) (bool, error) {
	hdr, err := t.c.L2Headers(strconv.FormatInt(time.Now().Unix(), 10), http.MethodPost, "/order", body)
	if err != nil {
		return false, err
	}
	req, err := http.NewRequest(http.MethodPost, base+"/order", bytes.NewReader(body))
	if err != nil {
		return false, err
	}
	req.Header = hdr
	req.Header.Set("Content-Type", "application/json")
	resp, err := hc.Do(req)
	if err != nil {
		return false, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return false, err
	}
	if resp.StatusCode != http.StatusOK {
		return false, fmt.Errorf("POST /order: %d %s", resp.StatusCode, data)
	}
	var r clobapi.OrderResponse
	if err := json.Unmarshal(data, &r); err != nil {
		return false, err
	}
	return len(r.TradeIDs) > 0, nil
}

// percentile returns the p-quantile of r's latencies in milliseconds.
func (r *clobResult) percentile(p float64) float64 {
	n := len(r.latencies)
	return float64(r.latencies[min(n-1, int(p*float64(n)))]) / float64(time.Millisecond)
}

// clobFigures reports the median of each figure over the runs.
// tradingApprovals are the calls that let both exchanges move a wallet's
// USDW and outcome shares.
func tradingApprovals(d *deploy.Deployment) []devnet.WalletCall {
	k := d.Contracts
	max := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
	var calls []devnet.WalletCall
	for _, ex := range []common.Address{k.Exchange, k.NegRiskExchange} {
		calls = append(calls, devnet.WalletCall{To: k.Collateral, Data: chaintest.PackUSDW("approve", ex, max)},
			devnet.WalletCall{To: k.ConditionalTokens, Data: chaintest.PackCTF("setApprovalForAll", ex, true)})
	}
	return calls
}

// CLOBBaseline is CLOB on a devnet without the settler, reporting only
// clob_signed_orders_per_sec_no_settle: what the settled figure is
// compared with.
func CLOBBaseline(cfg CLOBConfig) ([]Figure, error) {
	cfg.NoSettle = true
	figs, err := CLOB(cfg)
	if err != nil {
		return nil, err
	}
	return []Figure{{"clob_signed_orders_per_sec_no_settle", figs[0].Value, figs[0].Unit}}, nil
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
