// Package api holds the Relayer API's HTTP handlers and the embedded
// OpenAPI document that describes them.
//
// A replica keeps no state of its own: keys, transactions and the queue
// live in NATS (package store), the chain is read through its RPC, and
// every answer is computed from them per request.
package api

import (
	"time"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

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

// Deps are the collaborators the relayer wires into the API.
type Deps struct {
	Store    *store.Store
	Chain    onchain.Chain
	Verifier *jwtauth.Verifier
	Limiter  *Limiter
	Log      *zap.Logger
	Now      func() time.Time
	Registry prometheus.Registerer
}

// API holds the handlers' dependencies.
type API struct {
	cfg      Config
	st       *store.Store
	chain    onchain.Chain
	verifier *jwtauth.Verifier
	limiter  *Limiter
	log      *zap.Logger
	now      func() time.Time
	submits  *prometheus.CounterVec
	wallets  *walletCache
}

// New builds the API.
func New(cfg Config, d Deps) *API {
	if d.Now == nil {
		d.Now = time.Now
	}
	a := &API{cfg: cfg, st: d.Store, chain: d.Chain, verifier: d.Verifier, limiter: d.Limiter, log: d.Log, now: d.Now}
	a.wallets = newWalletCache(d.Chain, d.Now)
	a.submits = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "relayer_submits_total",
		Help: "POST /submit answers: accepted (queued), duplicate (an earlier submission's id) or refused (4xx/5xx)."},
		[]string{"result"})
	if d.Registry != nil {
		d.Registry.MustRegister(a.submits)
	}
	return a
}

// Register adds the relayer's own routes to e (the documentation and
// health routes are the gateway kit's, pred.dev/proto/runtime/gateway).
func (a *API) Register(e *echo.Echo) {
	a.registerKeys(e)
	a.registerSubmit(e)
	a.registerTransactions(e)
	a.registerWallets(e)
}
