package gateway

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync/atomic"
	"time"

	"go.uber.org/zap"

	"pred.dev/proto/runtime/httpmw"
)

// Timeouts of an API's HTTP server. A request must arrive within Read;
// a zero Write lets a response take as long as its handler (the CLOB's
// handlers bound themselves); Shutdown bounds the graceful drain.
//
// LameDuck is how long the server goes on serving once asked to stop,
// with GET /readyz failing and every answer closing its connection,
// before it closes its listener: long enough for a load balancer's
// health checks to take it out (see scripts/cluster's HAProxy). Without
// it, a request the balancer sends on a kept-alive connection as the
// server closes it fails, and a restart for a deploy fails orders.
type Timeouts struct {
	ReadHeader, Read, Write, Idle, Shutdown, LameDuck time.Duration
}

// DefaultTimeouts are every API's but the CLOB's Write.
var DefaultTimeouts = Timeouts{ReadHeader: 10 * time.Second, Read: 30 * time.Second, Write: 30 * time.Second,
	Idle: 2 * time.Minute, Shutdown: 10 * time.Second}

// Listen serves h on addr until ctx is done (Serve).
func Listen(ctx context.Context, addr string, h http.Handler, t Timeouts, log *zap.Logger) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listen %s: %w", addr, err)
	}
	return Serve(ctx, ln, h, t, log)
}

// Serve serves h on ln behind the request-head guard (httpmw.Serve) until
// ctx is done, then drains for at most t.Shutdown. It returns the
// listener's error, or nil after a clean stop.
func Serve(ctx context.Context, ln net.Listener, h http.Handler, t Timeouts, log *zap.Logger) error {
	if log == nil {
		log = zap.NewNop()
	}
	lame := &lameDuck{next: h}
	srv := &http.Server{Handler: lame, ReadHeaderTimeout: t.ReadHeader, ReadTimeout: t.Read, WriteTimeout: t.Write, IdleTimeout: t.Idle}
	log.Info("listening", zap.String("addr", ln.Addr().String()))
	errc := make(chan error, 1)
	go func() { errc <- httpmw.Serve(srv, ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	if t.LameDuck > 0 {
		lame.draining.Store(true)
		log.Info("lame duck: serving on, not ready, until the load balancer lets go", zap.Duration("lame_duck", t.LameDuck))
		select {
		case err := <-errc:
			return err
		case <-time.After(t.LameDuck):
		}
	}
	shutCtx, cancel := context.WithTimeout(context.Background(), t.Shutdown)
	defer cancel()
	if err := srv.Shutdown(shutCtx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// lameDuck fails the readiness probe and closes each connection after its
// answer once draining, and passes every request on as before.
type lameDuck struct {
	next     http.Handler
	draining atomic.Bool
}

func (l *lameDuck) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !l.draining.Load() {
		l.next.ServeHTTP(w, r)
		return
	}
	// A WebSocket handshake sets its own ("Upgrade", coder/websocket's
	// Accept), so streams still move to a replica that is not stopping.
	w.Header().Set("Connection", "close")
	if r.URL.Path == "/readyz" {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusServiceUnavailable)
		_ = json.NewEncoder(w).Encode(Health{Status: "unavailable", Checks: map[string]string{"shutdown": "draining: this replica is stopping"}})
		return
	}
	l.next.ServeHTTP(w, r)
}
