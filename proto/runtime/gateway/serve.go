package gateway

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"go.uber.org/zap"

	"pred.dev/proto/runtime/httpmw"
)

// Timeouts of an API's HTTP server. A request must arrive within Read;
// a zero Write lets a response take as long as its handler (the CLOB's
// handlers bound themselves); Shutdown bounds the graceful drain.
type Timeouts struct {
	ReadHeader, Read, Write, Idle, Shutdown time.Duration
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
	srv := &http.Server{Handler: h, ReadHeaderTimeout: t.ReadHeader, ReadTimeout: t.Read, WriteTimeout: t.Write, IdleTimeout: t.Idle}
	if log != nil {
		log.Info("listening", zap.String("addr", ln.Addr().String()))
	}
	errc := make(chan error, 1)
	go func() { errc <- httpmw.Serve(srv, ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
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
