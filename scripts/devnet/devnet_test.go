package devnet

import (
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"pred.dev/proto/client"
)

const startTimeout = 2 * time.Minute

func testConfig(t *testing.T) Config {
	return Config{DataDir: t.TempDir(), APIAddr: "127.0.0.1:0", NATSPort: -1, ChainAddr: "127.0.0.1:0"}
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

// TestMarketsOnce: the first start creates the demo markets with ids
// derived from their slugs; a restart on the same dir finds them and
// creates nothing.
func TestMarketsOnce(t *testing.T) {
	cfg := testConfig(t)
	d := start(t, cfg)
	if d.Created != len(DemoMarkets()) || len(d.Markets) != len(DemoMarkets()) {
		t.Fatalf("created %d of %d markets, want all %d", d.Created, len(d.Markets), len(DemoMarkets()))
	}
	// The README and `make run` print these ids; they must never change.
	m := d.Markets[0]
	if m.ConditionIDHex() != "0x56bff8658ae8da9109af85e6c9b4f19e61a2a3297e81917758d5a51bd87347a0" ||
		m.YesTokenID() != "81164617421220918268713696094651617348923936433391632375275945217061050569338" {
		t.Fatalf("market %s has ids %s / %s", m.Slug, m.ConditionIDHex(), m.YesTokenID())
	}
	c := client.New(d.URL)
	for _, m := range d.Markets {
		book, err := c.GetBook(context.Background(), m.NoTokenID())
		if err != nil || book.Market != m.ConditionIDHex() || book.TickSize != "0.01" || book.MinOrderSize != "5" {
			t.Fatalf("book of %s: %+v %v", m.Slug, book, err)
		}
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	again := start(t, cfg)
	if again.Created != 0 || len(again.Markets) != len(d.Markets) {
		t.Fatalf("the restart created %d markets, want 0", again.Created)
	}
	if _, err := client.New(again.URL).GetBook(context.Background(), m.YesTokenID()); err != nil {
		t.Fatalf("book after the restart: %v", err)
	}
}

// TestBannerAndAdmin: the banner names what a newcomer needs, and the
// engine's admin server answers where it says.
func TestBannerAndAdmin(t *testing.T) {
	cfg := testConfig(t)
	cfg.AdminAddr, cfg.Gateways = "127.0.0.1:0", 2
	d := start(t, cfg)
	var b strings.Builder
	if err := d.WriteBanner(&b); err != nil {
		t.Fatal(err)
	}
	banner := b.String()
	m := d.Markets[0]
	for _, want := range []string{
		m.Question, m.ConditionIDHex(), m.YesTokenID(), m.NoTokenID(),
		d.URL + "/docs", d.URL + "/openapi.yaml", d.AdminURL + "/metrics", d.URLs[1], d.NATSURL,
		"chain id        31337", ExchangeHex, "WARNING: the gateway master key is a fixed, public devnet key",
		"pred --url " + d.URL + " order buy " + m.YesTokenID() + " 0.40 10",
	} {
		if !strings.Contains(banner, want) {
			t.Errorf("the banner lacks %q:\n%s", want, banner)
		}
	}
	metrics := get(t, d.AdminURL+"/metrics")
	if !strings.Contains(metrics, "engine_markets 3") {
		t.Errorf("engine metrics lack engine_markets 3")
	}
	if body := get(t, d.URLs[1]+"/readyz"); !strings.Contains(body, `"status":"ok"`) {
		t.Errorf("the second gateway's /readyz: %s", body)
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
