// Package daemon is the skeleton every pred service's main runs on, so
// that each one starts, logs, reports its health and stops the same way:
//
//	func main() {
//		daemon.Main("settler", func(ctx context.Context, args []string) error {
//			fs := flag.NewFlagSet("settler", flag.ContinueOnError)
//			level := fs.String("log-level", "info", "debug, info, warn or error")
//			... // the service's own flags
//			if err := flagenv.Parse(fs, args, "SETTLER"); err != nil {
//				return err
//			}
//			log, err := daemon.NewLogger(*level)
//			if err != nil {
//				return err
//			}
//			defer func() { _ = log.Sync() }()
//			daemon.LogConfig(log, "settler starting", fs, "secret-flag")
//			go daemon.Admin{Addr: adminAddr, Registry: reg, Ready: ready}.Serve(ctx)
//			return svc.Run(ctx) // until SIGINT or SIGTERM cancels ctx
//		})
//	}
//
// Main turns SIGINT and SIGTERM into the cancellation of ctx and the
// run's error into a message on stderr and exit status 1. NewLogger builds
// the structured JSON logger (zap) of services; NewConsoleLogger the
// human-readable one of the devnet. Admin serves /metrics, /livez and
// /readyz.
package daemon

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"pred.dev/proto/runtime/flagenv"
)

// Main runs a service's main function with the command-line arguments
// (without the program name) and a context that ends at SIGINT or
// SIGTERM. If run fails, Main prints "name: error" on stderr and exits
// with status 1. A flag.ErrHelp (-h, after the flag set printed the
// usage) exits with status 0, as the flag package does.
func Main(name string, run func(ctx context.Context, args []string) error) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:])
	stop()
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
	default:
		fmt.Fprintf(os.Stderr, "%s: %v\n", name, err)
		os.Exit(1)
	}
}

// NewLogger returns the structured logger of services: JSON lines on
// stderr with ISO 8601 times, at level "debug", "info", "warn" or "error".
func NewLogger(level string) (*zap.Logger, error) {
	lvl, err := zapcore.ParseLevel(level)
	if err != nil {
		return nil, fmt.Errorf("-log-level %q: %w", level, err)
	}
	cfg := zap.NewProductionConfig()
	cfg.Level = zap.NewAtomicLevelAt(lvl)
	cfg.EncoderConfig.TimeKey = "time"
	cfg.EncoderConfig.EncodeTime = zapcore.ISO8601TimeEncoder
	return cfg.Build()
}

// NewConsoleLogger returns a logger of human-readable lines on stderr,
// for programs whose stdout a person reads (the devnet prints its banner
// there).
func NewConsoleLogger(level string) (*zap.Logger, error) {
	lvl, err := zapcore.ParseLevel(level)
	if err != nil {
		return nil, fmt.Errorf("-log-level %q: %w", level, err)
	}
	cfg := zap.NewDevelopmentConfig()
	cfg.Level = zap.NewAtomicLevelAt(lvl)
	cfg.Development = false
	cfg.DisableStacktrace = true
	cfg.EncoderConfig.EncodeTime = zapcore.TimeEncoderOfLayout("15:04:05.000")
	return cfg.Build()
}

// LogConfig logs msg with the effective value of every flag of fs (from
// the command line, the environment or the default) as the "config"
// field; the flags named in secret are redacted, and so are passwords in
// URLs.
func LogConfig(log *zap.Logger, msg string, fs *flag.FlagSet, secret ...string) {
	log.WithOptions(zap.AddCallerSkip(1)).Info(msg, zap.Any("config", flagenv.Effective(fs, secret...)))
}

// Admin is a service's operations endpoint:
//
//   - /metrics: the Prometheus metrics of Registry;
//   - /livez: 200 "ok" while the process serves HTTP (it checks nothing);
//   - /readyz: 200 "ok" when Ready returns nil, else 503 with its error.
type Admin struct {
	// Addr is the listen address ("127.0.0.1:9101"); Listener, if set,
	// is used instead.
	Addr     string
	Listener net.Listener
	// Registry holds the metrics; nil serves none.
	Registry *prometheus.Registry
	// Ready says whether the service can do its work now; nil means it
	// always can.
	Ready func() error
}

// adminShutdownMax bounds the drain of the admin server when ctx ends.
const adminShutdownMax = 5 * time.Second

// Handler returns the admin endpoints' handler.
func (a Admin) Handler() http.Handler {
	reg := a.Registry
	if reg == nil {
		reg = prometheus.NewRegistry()
	}
	mux := http.NewServeMux()
	mux.Handle("/metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	mux.HandleFunc("/livez", func(w http.ResponseWriter, _ *http.Request) { fmt.Fprintln(w, "ok") })
	mux.HandleFunc("/readyz", func(w http.ResponseWriter, _ *http.Request) {
		if a.Ready != nil {
			if err := a.Ready(); err != nil {
				http.Error(w, err.Error(), http.StatusServiceUnavailable)
				return
			}
		}
		fmt.Fprintln(w, "ok")
	})
	return mux
}

// Serve serves the admin endpoints until ctx ends, then drains for at most
// five seconds. It returns the listener's error, or nil after ctx ended.
func (a Admin) Serve(ctx context.Context) error {
	ln := a.Listener
	if ln == nil {
		var err error
		if ln, err = net.Listen("tcp", a.Addr); err != nil {
			return fmt.Errorf("daemon: admin listener: %w", err)
		}
	}
	srv := &http.Server{Handler: a.Handler(), ReadHeaderTimeout: 5 * time.Second}
	stopped := make(chan struct{})
	defer close(stopped)
	go func() {
		select {
		case <-ctx.Done():
		case <-stopped:
			return
		}
		sctx, cancel := context.WithTimeout(context.Background(), adminShutdownMax)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
