package gateway_test

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"testing"
	"time"

	"pred.dev/proto/runtime/gateway"
)

// TestLameDuck: asked to stop, the server goes on answering for LameDuck
// with its readiness failing and each connection closed after its
// answer, then closes its listener and returns.
func TestLameDuck(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusOK) })
	ctx, stop := context.WithCancel(context.Background())
	const lameDuck = 500 * time.Millisecond
	timeouts := gateway.DefaultTimeouts
	timeouts.LameDuck = lameDuck
	done := make(chan error, 1)
	go func() { done <- gateway.Serve(ctx, ln, ok, timeouts, nil) }()
	base := "http://" + ln.Addr().String()
	get := func(path string) (*http.Response, error) {
		resp, err := http.Get(base + path)
		if err == nil {
			resp.Body.Close()
		}
		return resp, err
	}
	if resp, err := get("/readyz"); err != nil || resp.StatusCode != 200 || resp.Close {
		t.Fatalf("serving: %v, %v", resp, err)
	}
	stopped := time.Now()
	stop()
	// Serve sees the stop a moment later; the probe fails from then on.
	var h gateway.Health
	for h.Status != "unavailable" {
		if time.Since(stopped) > lameDuck/2 {
			t.Fatalf("GET /readyz still passes %v after the stop", time.Since(stopped))
		}
		resp, err := http.Get(base + "/readyz")
		if err != nil {
			t.Fatal(err)
		}
		h = gateway.Health{}
		err = json.NewDecoder(resp.Body).Decode(&h)
		resp.Body.Close()
		if h.Status == "unavailable" && (err != nil || resp.StatusCode != 503 || h.Checks["shutdown"] == "" || !resp.Close) {
			t.Fatalf("readyz in the lame duck: %d %+v close %v, %v", resp.StatusCode, h, resp.Close, err)
		}
	}
	if resp, err := get("/order"); err != nil || resp.StatusCode != 200 || !resp.Close {
		t.Fatalf("a request in the lame duck: %v, %v", resp, err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if held := time.Since(stopped); held < lameDuck {
		t.Fatalf("Serve returned %v after the stop, before its lame duck of %v ended", held, lameDuck)
	}
	if _, err := get("/readyz"); err == nil {
		t.Fatal("the listener still accepts after Serve returned")
	}
}
