package devnet

import (
	"context"
	"io"
	"math/big"
	"net"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"

	"pred.dev/gateway-gamma/operator"
	"pred.dev/proto/chain/bind/exchange"
	"pred.dev/proto/chain/ctfid"
	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/gamma"
)

const startTimeout = 2 * time.Minute

func testConfig(t *testing.T) Config {
	return Config{DataDir: t.TempDir(), APIAddr: "127.0.0.1:0", GammaAddr: "127.0.0.1:0", RelayerAddr: "127.0.0.1:0", NATSPort: -1, ChainAddr: "127.0.0.1:0"}
}

func start(t *testing.T, cfg Config) *Devnet {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), startTimeout)
	defer cancel()
	d, err := Start(ctx, cfg)
	if err != nil {
		t.Fatalf("start: %v", err)
	}
	t.Cleanup(func() { _ = d.Close() })
	return d
}

// TestMarketsOnce: the first start lists Gamma's demo catalogue, with
// the chain's ids, registered in the engine and prepared on chain; a
// restart on the same dir finds it and creates nothing.
func TestMarketsOnce(t *testing.T) {
	cfg := testConfig(t)
	d := start(t, cfg)
	if d.Created != len(d.Markets) || len(d.Markets) != 7 {
		t.Fatalf("created %d of %d markets, want all 7 of the demo", d.Created, len(d.Markets))
	}
	negRisk := 0
	for _, m := range d.Markets {
		if m.NegRisk {
			negRisk++
		}
	}
	if negRisk < 3 || len(d.Demo.Games) != 1 || len(d.Demo.Events) != 3 {
		t.Fatalf("%d negRisk markets, %d games, %d events", negRisk, len(d.Demo.Games), len(d.Demo.Events))
	}
	ctx := context.Background()
	oracle := d.Deployment.Deployer
	c := client.New(d.URL)
	g := gamma.New(d.GammaURL)
	for _, m := range d.Markets {
		ids := ctfid.BinaryMarket(d.Deployment.Contracts.Collateral, oracle, operator.QuestionID(oracle, m.Question, m.Slug))
		if m.ConditionIDHex() != hexutil.Encode(ids.ConditionID[:]) || m.YesTokenID() != ids.Yes.String() || m.NoTokenID() != ids.No.String() {
			t.Fatalf("market %s has ids %s %s %s, want the chain's %s", m.Slug, m.ConditionIDHex(), m.YesTokenID(), m.NoTokenID(), ids.ConditionID)
		}
		book, err := c.GetBook(ctx, m.NoTokenID())
		if err != nil || book.Market != m.ConditionIDHex() || book.NegRisk != m.NegRisk {
			t.Fatalf("book of %s: %+v %v", m.Slug, book, err)
		}
		gm, err := g.MarketBySlug(ctx, m.Slug)
		if err != nil || gm.YesToken() != m.YesTokenID() || gm.ID != m.ID {
			t.Fatalf("Gamma's market %s: %+v %v", m.Slug, gm, err)
		}
		call := &bind.CallOpts{Context: ctx}
		if n, err := d.chain.ctf.GetOutcomeSlotCount(call, ids.ConditionID); err != nil || n.Int64() != 2 {
			t.Fatalf("market %s's condition on chain: %v slots, %v", m.Slug, n, err)
		}
		ex, err := exchange.NewCTFExchange(d.Deployment.ExchangeFor(m.NegRisk), d.chain.chain.Backend)
		if err != nil {
			t.Fatal(err)
		}
		if reg, err := ex.Registry(call, ids.Yes); err != nil || reg.ConditionId != ids.ConditionID {
			t.Fatalf("market %s's YES token on its exchange: %+v %v", m.Slug, reg, err)
		}
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	again := start(t, cfg)
	if again.Created != 0 || !reflect.DeepEqual(again.Markets, d.Markets) {
		t.Fatalf("the restart created %d markets; markets %+v, want %+v", again.Created, again.Markets, d.Markets)
	}
	if _, err := client.New(again.URL).GetBook(ctx, d.Markets[0].YesTokenID()); err != nil {
		t.Fatalf("book after the restart: %v", err)
	}
}

// TestBannerAndAdmin: the banner names what a newcomer needs, the
// engine's admin server answers where it says, and every API allows the
// web app's origins (CORS).
func TestBannerAndAdmin(t *testing.T) {
	cfg := testConfig(t)
	cfg.AdminAddr, cfg.Gateways = "127.0.0.1:0", 2
	// Login limits of this test's own, past production's burst of 20.
	cfg.LoginIPBurst, cfg.LoginIPPerSecond = 40, 0.001
	d := start(t, cfg)
	checkLoginBurst(t, d.GammaURL, cfg.LoginIPBurst)
	checkAppOrigins(t, d)
	var b strings.Builder
	if err := d.WriteBanner(&b); err != nil {
		t.Fatal(err)
	}
	banner := b.String()
	m := d.Markets[0]
	k := d.Deployment.Contracts
	for _, want := range []string{
		m.Question, m.ConditionIDHex(), m.YesTokenID(), m.NoTokenID(), d.Markets[6].Slug, "Lakers",
		d.URL + "/docs", d.URL + "/openapi.yaml", d.GammaURL + "/docs", d.AdminURL + "/metrics", d.URLs[1], d.NATSURL,
		"chain id             1337", d.RPCURL, d.RecordPath, k.Exchange.Hex(), k.NegRiskExchange.Hex(), k.ConditionalTokens.Hex(),
		k.SafeFactory.Hex(), k.Collateral.Hex(), k.Stablecoin.Hex(), DevKeyHex(),
		"are fixed, public devnet keys", "pages on http://localhost:" + d.URL[strings.LastIndex(d.URL, ":")+1:] + ", ", "pred --url " + d.URL + " --gamma-url " + d.GammaURL + " markets " + m.Slug + " --outcome yes -q",
	} {
		if !strings.Contains(banner, want) {
			t.Errorf("the banner lacks %q:\n%s", want, banner)
		}
	}
	metrics := get(t, d.AdminURL+"/metrics")
	if !strings.Contains(metrics, "engine_markets 7") {
		t.Errorf("engine metrics lack engine_markets 7")
	}
	if body := get(t, d.URLs[1]+"/readyz"); !strings.Contains(body, `"status":"ok"`) {
		t.Errorf("the second gateway's /readyz: %s", body)
	}
}

// checkLoginBurst asks for burst login nonces from one IP, each for
// another address, and wants them all, then a 429.
func checkLoginBurst(t *testing.T, gammaURL string, burst int) {
	t.Helper()
	for i := range burst + 1 {
		addr := common.BigToAddress(big.NewInt(int64(1000 + i))).Hex()
		resp, err := http.Get(gammaURL + "/auth/nonce?address=" + addr)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if want := map[bool]int{true: http.StatusOK, false: http.StatusTooManyRequests}[i < burst]; resp.StatusCode != want {
			t.Fatalf("login nonce %d of a burst of %d from one IP: HTTP %d, want %d", i+1, burst, resp.StatusCode, want)
		}
	}
}

// TestLoginLimitsDefault: a devnet's login limits per IP are its own,
// sized for many local users, not production's.
func TestLoginLimitsDefault(t *testing.T) {
	c, err := Config{DataDir: t.TempDir()}.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	if c.LoginIPBurst != DefaultLoginIPBurst || c.LoginIPPerSecond != DefaultLoginIPPerSecond || DefaultLoginIPBurst < 500 {
		t.Fatalf("login limits %d, %v: want the devnet's %d, %v", c.LoginIPBurst, c.LoginIPPerSecond, DefaultLoginIPBurst, DefaultLoginIPPerSecond)
	}
}

func get(t *testing.T, url string) string {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %v", url, resp.StatusCode, err)
	}
	return string(b)
}

// TestBusyPortFailsCleanly: a taken API port fails the start with the
// address in the message and leaves the data dir usable.
func TestBusyPortFailsCleanly(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	cfg := testConfig(t)
	cfg.APIAddr = ln.Addr().String()
	ctx, cancel := context.WithTimeout(context.Background(), startTimeout)
	defer cancel()
	if d, err := Start(ctx, cfg); err == nil || !strings.Contains(err.Error(), ln.Addr().String()) {
		if d != nil {
			_ = d.Close()
		}
		t.Fatalf("start on a busy port: %v, want an error naming %s", err, ln.Addr())
	}
	cfg.APIAddr = "127.0.0.1:0"
	start(t, cfg)
}

func TestConfigNeedsDataDir(t *testing.T) {
	if _, err := Start(context.Background(), Config{}); err == nil || !strings.Contains(err.Error(), "data dir") {
		t.Fatalf("start without a data dir: %v", err)
	}
}
