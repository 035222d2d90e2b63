package gateway_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"

	"pred.dev/proto/errcode"
	"pred.dev/proto/runtime/gateway"
)

// extra is an API's error body with a field of its own, as the CLOB's
// orderID.
type extra struct {
	Error   string `json:"error"`
	Code    string `json:"code"`
	OrderID string `json:"orderID,omitempty"`
}

type pending struct{ error }

func (p pending) Unwrap() error { return p.error }

// serve runs an API built by the kit on a real listener until the test
// ends, and returns its base URL.
func serve(t *testing.T, cfg gateway.Config, routes func(*echo.Echo)) string {
	t.Helper()
	e := gateway.New(cfg)
	routes(e)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- gateway.Serve(ctx, ln, e, gateway.DefaultTimeouts, nil) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve after a graceful stop: %v", err)
		}
	})
	return "http://" + ln.Addr().String()
}

func get(t *testing.T, url string) (int, []byte) {
	t.Helper()
	c := &http.Client{Timeout: 10 * time.Second}
	resp, err := c.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, b
}

// TestKit: the error hook adds an API's own field, readiness reports each
// check, the documentation routes serve the document, and an unknown
// route is the JSON NOT_FOUND.
func TestKit(t *testing.T) {
	t.Parallel()
	doc := []byte("openapi: 3.1.0\n")
	ready := true
	url := serve(t, gateway.Config{Name: "kit", Title: "Kit API", Document: doc, Registry: prometheus.NewRegistry(),
		IPs: gateway.Buckets(gateway.PerIP, 0, 0),
		Ready: []gateway.Check{
			{Name: "engine", Check: func(context.Context) (string, error) { return "ok, applied_seq 7", nil }},
			{Name: "view", Check: func(context.Context) (string, error) {
				if !ready {
					return "", errors.New("loading")
				}
				return "", nil
			}},
		},
		ErrorBody: func(err error, code errcode.Code, message string) any {
			body := extra{Error: message, Code: string(code)}
			var p pending
			if errors.As(err, &p) {
				body.OrderID = "0xabc"
			}
			return body
		}},
		func(e *echo.Echo) {
			e.GET("/pending", func(echo.Context) error { return pending{errcode.New(errcode.EngineTimeout)} })
		})

	status, b := get(t, url+"/pending")
	var body extra
	if err := json.Unmarshal(b, &body); err != nil || status != 503 || body.Code != string(errcode.EngineTimeout) || body.OrderID != "0xabc" {
		t.Errorf("GET /pending: %d %s", status, b)
	}
	if status, b := get(t, url+"/no/such/route"); status != 404 || !strings.Contains(string(b), `"code":"NOT_FOUND"`) {
		t.Errorf("unknown route: %d %s", status, b)
	}
	if status, b := get(t, url+"/openapi.yaml"); status != 200 || string(b) != string(doc) {
		t.Errorf("GET /openapi.yaml: %d %s", status, b)
	}
	if status, b := get(t, url+"/readyz"); status != 200 || string(b) != `{"status":"ok","checks":{"engine":"ok, applied_seq 7","view":"ok"}}`+"\n" {
		t.Errorf("GET /readyz: %d %s", status, b)
	}
	ready = false
	if status, b := get(t, url+"/readyz"); status != 503 || string(b) != `{"status":"unavailable","checks":{"engine":"ok, applied_seq 7","view":"loading"}}`+"\n" {
		t.Errorf("GET /readyz while loading: %d %s", status, b)
	}
	if status, b := get(t, url+"/livez"); status != 200 || string(b) != `{"status":"ok"}`+"\n" {
		t.Errorf("GET /livez: %d %s", status, b)
	}
	if status, b := get(t, url+"/metrics"); status != 200 || !strings.Contains(string(b), "kit_http_") {
		t.Errorf("GET /metrics: %d, no kit_http_ metric", status)
	}
}

// TestBucketsNameTheirClass: a refusal says which limit was met.
func TestBucketsNameTheirClass(t *testing.T) {
	t.Parallel()
	url := serve(t, gateway.Config{Name: "kit", Registry: prometheus.NewRegistry(), IPs: gateway.Buckets(gateway.PerIP, 0.001, 1)},
		func(e *echo.Echo) { e.GET("/x", func(c echo.Context) error { return c.NoContent(204) }) })
	get(t, url+"/x")
	status, b := get(t, url+"/x")
	if want := fmt.Sprintf("rate limit exceeded %s: retry in", gateway.PerIP); status != 429 || !strings.Contains(string(b), want) {
		t.Errorf("second request: %d %s, want 429 saying %q", status, b, want)
	}
}

// TestOperations: Echo's routes in OpenAPI's syntax, without Echo's own.
func TestOperations(t *testing.T) {
	t.Parallel()
	e := echo.New()
	e.GET("/markets/:id", func(echo.Context) error { return nil })
	e.DELETE("/relayer/api/keys/:key_id", func(echo.Context) error { return nil })
	e.Any("/*", func(echo.Context) error { return nil })
	got := gateway.Operations(e.Routes())
	for _, want := range []string{"GET /markets/{id}", "DELETE /relayer/api/keys/{key_id}"} {
		if !slices.Contains(got, want) {
			t.Errorf("no %s in %v", want, got)
		}
	}
	for _, op := range got {
		if strings.HasPrefix(op, "echo_") {
			t.Errorf("Echo's own route %s listed", op)
		}
	}
}
