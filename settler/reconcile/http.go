package reconcile

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"time"

	"go.uber.org/zap"

	"pred.dev/proto/errcode"
	"pred.dev/proto/runtime/apidocs"
	"pred.dev/proto/runtime/httpjson"
)

// source is the hand-written document of the reconciliation's HTTP API,
// and examples its examples (see proto/runtime/apidocs).
//
//go:embed openapi.yaml
var source []byte

//go:embed examples
var examples embed.FS

// Document is the reconciliation's HTTP API document with its examples
// merged in, served at /openapi.yaml and /docs like the exchange's other
// APIs' documents.
var Document = apidocs.MustBuild(source, examples, "examples")

// viewer is the /docs page.
var viewer = apidocs.Viewer{Title: "Pred settler reconciliation"}

// readHeaderTimeout bounds a request's headers.
const readHeaderTimeout = 5 * time.Second

// HTTPHandler is the reconciliation's HTTP API (see Document): GET
// /reconcile runs a check now, GET /metrics serves metrics, and the
// document is at /openapi.yaml and /docs. Every other path is a JSON 404
// NOT_FOUND, every other method a JSON 405 METHOD_NOT_ALLOWED.
func (r *Reconciler) HTTPHandler(metrics http.Handler) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/reconcile", httpjson.GetOnly(r.serveCheck))
	mux.HandleFunc("/metrics", httpjson.GetOnly(metrics.ServeHTTP))
	viewer.Register(mux, Document.YAML)
	mux.HandleFunc("/", func(w http.ResponseWriter, _ *http.Request) { httpjson.WriteError(w, errcode.New(errcode.NotFound)) })
	return mux
}

// Serve serves HTTPHandler(metrics) on ln until ctx ends.
func (r *Reconciler) Serve(ctx context.Context, ln net.Listener, metrics http.Handler) error {
	srv := &http.Server{Handler: r.HTTPHandler(metrics), ReadHeaderTimeout: readHeaderTimeout}
	go func() {
		<-ctx.Done()
		_ = srv.Close()
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// serveCheck runs a check: 200 with the report when chain and ledger
// agree, 409 with it when they differ, a coded 503 when a side did not
// answer.
func (r *Reconciler) serveCheck(w http.ResponseWriter, req *http.Request) {
	rep, err := r.Check(req.Context())
	if err != nil {
		var ce *errcode.Error
		if !errors.As(err, &ce) {
			ce = errcode.Wrap(errcode.InternalError, err)
		}
		r.log.Warn("reconciliation asked over HTTP failed", zap.String("code", string(ce.Code)), zap.Error(err))
		httpjson.WriteError(w, ce)
		return
	}
	status := http.StatusOK
	if len(rep.Differences) > 0 {
		status = http.StatusConflict
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(rep)
}
