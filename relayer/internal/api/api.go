// Package api holds the Relayer API's HTTP handlers and the embedded
// OpenAPI document that describes them.
//
// A replica keeps no state of its own: keys, transactions and the queue
// live in NATS (package store), the chain is read through its RPC, and
// every answer is computed from them per request.
package api

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/nats-io/nats.go"
	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"pred.dev/proto/client/relayerapi"
	"pred.dev/proto/jwtauth"
	"pred.dev/relayer/onchain"
	"pred.dev/relayer/request"
	"pred.dev/relayer/store"
)

// Config is the API's share of the relayer's configuration.
type Config struct {
	// Env checks submissions (chain id, factory, allow-list).
	Env request.Env
	// KeysPerAddress caps an address's relayer keys.
	KeysPerAddress int
	// ResubmissionsMax bounds how often one request may be submitted
	// again after it ended INVALID or FAILED.
	ResubmissionsMax uint32
}

// The wire types (pred.dev/proto/client/relayerapi).
type (
	Health = relayerapi.Health
)

// ReadyCheck is one named readiness check: nil when ready.
type ReadyCheck struct {
	Name  string
	Check func() error
}

// Deps are the collaborators the relayer wires into the API.
type Deps struct {
	NC       *nats.Conn
	Store    *store.Store
	Chain    onchain.Chain
	Verifier *jwtauth.Verifier
	Limiter  *Limiter
	Log      *zap.Logger
	Now      func() time.Time
	Ready    []ReadyCheck
	Metrics  http.Handler
	Registry prometheus.Registerer
}

// API holds the handlers' dependencies.
type API struct {
	cfg      Config
	nc       *nats.Conn
	st       *store.Store
	chain    onchain.Chain
	verifier *jwtauth.Verifier
	limiter  *Limiter
	log      *zap.Logger
	now      func() time.Time
	ready    []ReadyCheck
	metrics  http.Handler
	submits  *prometheus.CounterVec
	wallets  *walletCache
}

// New builds the API.
func New(cfg Config, d Deps) *API {
	if d.Now == nil {
		d.Now = time.Now
	}
	a := &API{cfg: cfg, nc: d.NC, st: d.Store, chain: d.Chain, verifier: d.Verifier, limiter: d.Limiter, log: d.Log,
		now: d.Now, ready: d.Ready, metrics: d.Metrics}
	a.wallets = newWalletCache(d.Chain, d.Now)
	a.submits = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "relayer_submits_total",
		Help: "POST /submit answers: accepted (queued), duplicate (an earlier submission's id) or refused (4xx/5xx)."},
		[]string{"result"})
	if d.Registry != nil {
		d.Registry.MustRegister(a.submits)
	}
	return a
}

// Register adds every route to e.
func (a *API) Register(e *echo.Echo) {
	a.registerHealth(e)
	a.registerDocs(e)
	a.registerKeys(e)
	a.registerSubmit(e)
	a.registerTransactions(e)
	a.registerWallets(e)
}
