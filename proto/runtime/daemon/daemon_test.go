package daemon

import (
	"context"
	"errors"
	"flag"
	"io"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"
)

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

func TestAdminEndpoints(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	reg := prometheus.NewRegistry()
	reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "test_answer", Help: "42."}, func() float64 { return 42 }))
	var ready atomic.Bool
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- Admin{Listener: ln, Registry: reg, Ready: func() error {
			if !ready.Load() {
				return errors.New("catching up")
			}
			return nil
		}}.Serve(ctx)
	}()
	base := "http://" + ln.Addr().String()
	if code, body := get(t, base+"/livez"); code != 200 || body != "ok\n" {
		t.Errorf("/livez: %d %q", code, body)
	}
	if code, body := get(t, base+"/readyz"); code != 503 || !strings.Contains(body, "catching up") {
		t.Errorf("/readyz while not ready: %d %q", code, body)
	}
	ready.Store(true)
	if code, body := get(t, base+"/readyz"); code != 200 || body != "ok\n" {
		t.Errorf("/readyz when ready: %d %q", code, body)
	}
	if code, body := get(t, base+"/metrics"); code != 200 || !strings.Contains(body, "test_answer 42") {
		t.Errorf("/metrics: %d %q", code, body)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("Serve after its context ended: %v", err)
	}
}

func TestAdminListenFailure(t *testing.T) {
	if err := (Admin{Addr: "256.0.0.1:1"}).Serve(context.Background()); err == nil {
		t.Fatal("Serve on an impossible address succeeded")
	}
}

func TestLoggers(t *testing.T) {
	for _, level := range []string{"debug", "info", "warn", "error"} {
		if _, err := NewLogger(level); err != nil {
			t.Errorf("NewLogger(%q): %v", level, err)
		}
		if _, err := NewConsoleLogger(level); err != nil {
			t.Errorf("NewConsoleLogger(%q): %v", level, err)
		}
	}
	if _, err := NewLogger("loud"); err == nil {
		t.Error("NewLogger accepted level loud")
	}
}

// TestLogConfigRedacts: the start-up line shows every flag, secrets and
// URL passwords redacted.
func TestLogConfigRedacts(t *testing.T) {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.String("master-key", "", "")
	fs.String("nats-url", "", "")
	fs.Int("port", 1, "")
	if err := fs.Parse([]string{"-master-key", "s3cret", "-nats-url", "nats://u:pw@host:4222"}); err != nil {
		t.Fatal(err)
	}
	core, logs := observer.New(zap.InfoLevel)
	LogConfig(zap.New(core), "starting", fs, "master-key")
	cfg := logs.All()[0].ContextMap()["config"].(map[string]string)
	if cfg["master-key"] != "[redacted]" || strings.Contains(cfg["nats-url"], "pw") || cfg["port"] != "1" {
		t.Fatalf("config %v", cfg)
	}
}

// TestClockSkew: -clock-skew shifts the clock the service reads, and no
// skew is time.Now.
func TestClockSkew(t *testing.T) {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	var skew time.Duration
	ClockSkewFlag(fs, &skew)
	if err := fs.Parse([]string{"-clock-skew", "-90s"}); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(Clock(skew)()); d < 90*time.Second || d > 91*time.Second {
		t.Fatalf("a -90s clock is %s behind", d)
	}
	if d := time.Since(Clock(0)()); d < 0 || d > time.Second {
		t.Fatalf("the unskewed clock is %s behind", d)
	}
}
