package reconcile_test

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"go.uber.org/zap/zaptest"

	"pred.dev/proto/chain/chaintest"
	"pred.dev/proto/errcode"
	"pred.dev/proto/runtime/apitest"
	"pred.dev/proto/runtime/natstest"
	"pred.dev/proto/runtime/publish"
	"pred.dev/proto/runtime/streams"
	"pred.dev/settler/chainwatch"
	"pred.dev/settler/reconcile"
)

// TestServedAPI: the reconciliation's address serves its document and
// answers as it says, every answer checked against it: 200 with an empty
// report before the chain watcher handled a block, a coded 503 when the
// engine does not answer (no engine runs here: the chain watcher's
// commands wait in the log), the document and its viewer, and JSON 404s
// and 405s. (scripts/devnet's TestReconcile checks the 200 and the 409
// with a whole exchange.)
func TestServedAPI(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	env, err := chaintest.NewSimulated(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer env.Close()
	nc := natstest.Connect(t, natstest.Start(t))
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	if err := streams.Ensure(ctx, js, streams.Config{}); err != nil {
		t.Fatal(err)
	}
	pub, err := publish.New(nc, publish.Config{}, zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	defer pub.Close()
	wcfg := chainwatch.DefaultConfig(env.D)
	wcfg.Confirmations = 0
	watcher, err := chainwatch.New(ctx, wcfg, env.Chain.Backend, js, pub, zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	rcfg := reconcile.DefaultConfig(env.D)
	rcfg.QueryTimeout = 200 * time.Millisecond
	r, err := reconcile.New(rcfg, env.Chain.Backend, nc, watcher, zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	sctx, stop := context.WithCancel(ctx)
	served := make(chan error, 1)
	go func() {
		served <- r.Serve(sctx, ln, promhttp.HandlerFor(prometheus.NewRegistry(), promhttp.HandlerOpts{}))
	}()
	defer func() {
		stop()
		if err := <-served; err != nil {
			t.Errorf("Serve: %v", err)
		}
	}()
	base := "http://" + ln.Addr().String()
	c := &http.Client{Transport: apitest.NewSpec(reconcile.Document, "examples").New(t, apitest.RequireChecks()).Transport(nil, true)}
	do := func(method, path string) (int, string) {
		t.Helper()
		req, err := http.NewRequestWithContext(ctx, method, base+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		return resp.StatusCode, string(b)
	}
	code := func(body string) errcode.Code {
		var e struct{ Code errcode.Code }
		_ = json.Unmarshal([]byte(body), &e)
		return e.Code
	}

	// Nothing handled yet but the blocks before the deployment: nothing
	// to compare, 200.
	if status, body := do(http.MethodGet, "/reconcile"); status != 200 || !strings.Contains(body, `"wallets":0,"compared":0`) {
		t.Errorf("before the watcher ran: %d %s", status, body)
	}
	// A wallet on chain, seen by the watcher, and no engine to ask.
	if _, err := env.NewTrader(ctx, true, nil); err != nil {
		t.Fatal(err)
	}
	for caughtUp := false; !caughtUp; {
		if caughtUp, err = watcher.Step(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if status, body := do(http.MethodGet, "/reconcile"); status != 503 || code(body) != errcode.EngineUnavailable {
		t.Errorf("without an engine: %d %s", status, body)
	}
	if status, body := do(http.MethodGet, "/openapi.yaml"); status != 200 || body != string(reconcile.Document.YAML) {
		t.Errorf("/openapi.yaml: %d", status)
	}
	if status, body := do(http.MethodGet, "/docs"); status != 200 || !strings.Contains(body, "Pred settler reconciliation") {
		t.Errorf("/docs: %d %s", status, body)
	}
	for _, p := range []string{"/docs/swagger-ui-bundle.js", "/metrics"} {
		if status, _ := do(http.MethodGet, p); status != 200 {
			t.Errorf("%s: %d", p, status)
		}
	}
	for _, tc := range []struct {
		method, path string
		status       int
		code         errcode.Code
	}{
		{http.MethodPost, "/reconcile", 405, errcode.MethodNotAllowed},
		{http.MethodDelete, "/metrics", 405, errcode.MethodNotAllowed},
		{http.MethodGet, "/docs/secret.txt", 404, errcode.NotFound},
		{http.MethodGet, "/", 404, errcode.NotFound},
		{http.MethodGet, "/reconcile/now", 404, errcode.NotFound},
	} {
		if status, body := do(tc.method, tc.path); status != tc.status || code(body) != tc.code {
			t.Errorf("%s %s: %d %s, want %d %s", tc.method, tc.path, status, body, tc.status, tc.code)
		}
	}
}

// TestExamples: every response of the document has a real example that
// fits its schema, and every error response lists the codes it can be.
func TestExamples(t *testing.T) {
	apitest.CheckExamples(t, apitest.NewSpec(reconcile.Document, "examples"))
}
