package server

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/labstack/echo/v4"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"go.uber.org/zap"

	"pred.dev/proto/chain/deploy"
	"pred.dev/proto/client/relayerapi"
	"pred.dev/proto/journal"
	"pred.dev/proto/jwtauth"
	"pred.dev/proto/runtime/gateway"
	"pred.dev/proto/runtime/httpmw"
	"pred.dev/proto/runtime/lease"
	"pred.dev/proto/runtime/natscheck"
	"pred.dev/relayer/internal/api"
	"pred.dev/relayer/onchain"
	"pred.dev/relayer/request"
	"pred.dev/relayer/store"
	"pred.dev/relayer/worker"
)

// Config is everything a relayer needs besides its NATS connection and
// its chain client.
type Config struct {
	// Deployment is the chain's deployment record: chain id, the
	// SafeFactory and init-code hash that give every wallet, and the
	// contracts of the allow-list (it must have MultiSendCallOnly).
	Deployment *deploy.Deployment
	// JWTKey verifies Gamma's login tokens: the key Gamma signs them
	// with (at least 32 bytes). Secret: never logged.
	JWTKey []byte
	// HotKey pays for every relayed transaction. Nil runs an API replica
	// without a worker (Run then returns at once). Secret: never logged.
	HotKey *ecdsa.PrivateKey
	// KeysPerAddress caps the relayer keys of one address.
	KeysPerAddress int
	// ResubmissionsMax bounds how often the same request may be
	// submitted again after it ended INVALID or FAILED.
	ResubmissionsMax uint32
	// Worker tunes the worker (confirmations, re-pricing, gas caps, fees);
	// its HotKey and Env are set from the fields above.
	Worker worker.Config
	// LeaseTTL is the worker lease's time to live: a worker that stops
	// renewing it is replaced this long after.
	LeaseTTL time.Duration
	// Holder names this process in the lease (host name and pid if empty).
	Holder string
	// RateLimit sets the token buckets (per replica).
	RateLimit api.RateConfig
	// KVReplicas is the replica count of the stream and buckets: 1 on one
	// node, 3 in a cluster.
	KVReplicas int
	// Retention is how long submissions and transactions are kept.
	Retention time.Duration
	// ShutdownTimeout bounds the graceful drain of Serve.
	ShutdownTimeout time.Duration
	// LameDuck is how long the server answers on after SIGTERM, not
	// ready, before it closes its listener (gateway.Timeouts); zero
	// without a load balancer.
	LameDuck time.Duration
	// StartTimeout bounds New's set-up (NATS buckets, the deployment's
	// verification on chain).
	StartTimeout time.Duration
	// TrustForwardedFor takes client IPs from X-Forwarded-For, behind a
	// trusted load balancer.
	TrustForwardedFor bool
	// CORSOrigins are the web origins whose pages may call the API
	// (httpmw.CORS); empty allows none.
	CORSOrigins httpmw.Origins
	// Clock replaces time.Now (tests).
	Clock func() time.Time
}

// Defaults of the optional fields.
const (
	DefaultKeysPerAddress   = 100
	DefaultResubmissionsMax = 8
	DefaultLeaseTTL         = 3 * time.Second
	DefaultShutdownTimeout  = 10 * time.Second
	// DefaultStartTimeout is as long as natscheck rides out a cluster's
	// elections: a relayer started just after a NATS fault waits for
	// them instead of exiting.
	DefaultStartTimeout = natscheck.RetryWaitMax
	// LeaseBucket and LeaseKey name the worker lease.
	LeaseBucket = journal.RelayerLeaseBucket
	LeaseKey    = journal.RelayerLeaseKey

	readyChainTimeout = 2 * time.Second
)

// DefaultConfig returns a configuration with every optional field set.
func DefaultConfig() Config {
	return Config{KeysPerAddress: DefaultKeysPerAddress, ResubmissionsMax: DefaultResubmissionsMax, LeaseTTL: DefaultLeaseTTL,
		RateLimit: api.DefaultRateConfig, KVReplicas: 1, ShutdownTimeout: DefaultShutdownTimeout, StartTimeout: DefaultStartTimeout}
}

func (c Config) withDefaults() Config {
	d := DefaultConfig()
	if c.KeysPerAddress <= 0 {
		c.KeysPerAddress = d.KeysPerAddress
	}
	if c.LeaseTTL <= 0 {
		c.LeaseTTL = d.LeaseTTL
	}
	if c.KVReplicas <= 0 {
		c.KVReplicas = 1
	}
	if c.ShutdownTimeout <= 0 {
		c.ShutdownTimeout = d.ShutdownTimeout
	}
	if c.StartTimeout <= 0 {
		c.StartTimeout = d.StartTimeout
	}
	if c.Clock == nil {
		c.Clock = time.Now
	}
	c.Holder = lease.HolderName(c.Holder)
	return c
}

func (c Config) validate() error {
	if c.Deployment == nil {
		return errors.New("relayer: Deployment is required (the chain's deployment record)")
	}
	if err := c.Deployment.Validate(); err != nil {
		return fmt.Errorf("relayer: %w", err)
	}
	if c.Deployment.Contracts.MultiSendCallOnly == (common.Address{}) {
		return errors.New("relayer: the deployment has no multiSendCallOnly: deploy it (proto/chain/deploy does, for deployments made since it was added)")
	}
	if len(c.JWTKey) < jwtauth.KeyBytesMin {
		return fmt.Errorf("relayer: JWTKey must have at least %d bytes (Gamma's token key)", jwtauth.KeyBytesMin)
	}
	return nil
}

// Env returns what submissions are checked against under a deployment:
// its chain id, SafeFactory and init-code hash, and the allow-list of its
// contracts.
func Env(d *deploy.Deployment) request.Env {
	k := d.Contracts
	return request.Env{ChainID: d.ChainID, Factory: k.SafeFactory, InitCodeHash: d.SafeInitCodeHash,
		Policy: request.Policy{Collateral: k.Collateral, Stablecoin: k.Stablecoin, ConditionalTokens: k.ConditionalTokens,
			MultiSendCallOnly: k.MultiSendCallOnly}}
}

// Relayer is one relayer process: the HTTP API, and the worker if it has
// the hot key.
type Relayer struct {
	cfg    Config
	log    *zap.Logger
	st     *store.Store
	echo   *echo.Echo
	worker *worker.Worker
	lease  *lease.Lease
}

// New connects a relayer to NATS and the chain: it checks the deployment
// on chain, ensures the queue and the buckets, and builds the API and, with
// a hot key, the worker. The connection and the chain client stay the
// caller's. Serve runs the API, Run the worker.
func New(cfg Config, nc *nats.Conn, chain onchain.Backend, log *zap.Logger) (*Relayer, error) {
	cfg = cfg.withDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	if log == nil {
		log = zap.NewNop()
	}
	log = log.Named("relayer")
	ctx, cancel := context.WithTimeout(context.Background(), cfg.StartTimeout)
	defer cancel()
	if err := cfg.Deployment.Verify(ctx, chain); err != nil {
		return nil, fmt.Errorf("relayer: the chain does not hold the deployment: %w", err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, fmt.Errorf("relayer: jetstream: %w", err)
	}
	// The store's buckets are the first requests: they ride out a
	// cluster's elections, and the rest follow on a cluster that just
	// answered.
	var st *store.Store
	err = natscheck.Retry(ctx, func(ctx context.Context) error {
		var err error
		st, err = store.Open(ctx, js, store.Config{Replicas: cfg.KVReplicas, Retention: cfg.Retention})
		return err
	}, natscheck.Warn(log))
	if err != nil {
		return nil, err
	}
	verifier, err := jwtauth.NewVerifier(cfg.JWTKey)
	if err != nil {
		return nil, err
	}
	verifier.WithClock(cfg.Clock)
	r := &Relayer{cfg: cfg, log: log, st: st}
	env := Env(cfg.Deployment)

	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	if cfg.HotKey != nil {
		wc := cfg.Worker
		wc.HotKey, wc.Env = cfg.HotKey, env
		// The settler's matchOrders calls: the hot key must hold
		// OPERATOR_ROLE on both exchanges.
		wc.OperatorTargets = []common.Address{cfg.Deployment.Contracts.Exchange, cfg.Deployment.Contracts.NegRiskExchange}
		if wc.Now == nil {
			wc.Now = cfg.Clock
		}
		if r.worker, err = worker.New(wc, st, chain, worker.NewMetrics(reg), log.Named("worker")); err != nil {
			return nil, err
		}
		if r.lease, err = lease.Open(ctx, js, lease.Config{Bucket: LeaseBucket, Key: LeaseKey, Holder: cfg.Holder, TTL: cfg.LeaseTTL,
			Replicas: cfg.KVReplicas, Logger: log.Named("lease")}); err != nil {
			return nil, err
		}
		hot := r.worker.HotAddress()
		reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "relayer_hot_key_balance_wei",
			Help: "The hot key's balance of the chain's coin (what pays the gas)."}, func() float64 {
			ctx, cancel := context.WithTimeout(context.Background(), readyChainTimeout)
			defer cancel()
			b, err := chain.BalanceAt(ctx, hot, nil)
			if err != nil {
				return -1
			}
			f, _ := b.Float64()
			return f
		}))
	}
	limiter := api.NewLimiter(cfg.RateLimit)
	a := api.New(api.Config{Env: env, KeysPerAddress: cfg.KeysPerAddress, ResubmissionsMax: cfg.ResubmissionsMax}, api.Deps{
		Store: st, Chain: onchain.Chain{B: chain}, Verifier: verifier, Limiter: limiter, Log: log, Now: cfg.Clock, Registry: reg,
	})
	r.echo = gateway.New(gateway.Config{Name: "relayer", Title: api.Title, Document: api.OpenAPI, Log: log, Registry: reg,
		CallerKey: api.KeyAddress, IPs: limiter.IPs, TrustForwardedFor: cfg.TrustForwardedFor,
		Strict: httpmw.StrictConfig{Single: []string{relayerapi.HeaderAPIKey, relayerapi.HeaderAPIKeyAddress}},
		CORS:   httpmw.CORSConfig{Origins: cfg.CORSOrigins, Headers: []string{relayerapi.HeaderAPIKey, relayerapi.HeaderAPIKeyAddress}},
		Ready:  []gateway.Check{gateway.NATS(nc), chainReady(chain)}})
	a.Register(r.echo)
	return r, nil
}

// chainReady is the readiness check of the chain: it answers a block
// number.
func chainReady(chain onchain.Backend) gateway.Check {
	return gateway.Check{Name: "chain", Check: func(ctx context.Context) (string, error) {
		ctx, cancel := context.WithTimeout(ctx, readyChainTimeout)
		defer cancel()
		_, err := chain.BlockNumber(ctx)
		return "", err
	}}
}

// Handler returns the HTTP handler, for callers that run their own
// listener (httptest, the devnet).
func (r *Relayer) Handler() http.Handler { return r.echo }

// Routes lists the registered routes.
func (r *Relayer) Routes() []*echo.Route { return r.echo.Routes() }

// HotAddress is the hot key's address (zero without one).
func (r *Relayer) HotAddress() common.Address {
	if r.cfg.HotKey == nil {
		return common.Address{}
	}
	return crypto.PubkeyToAddress(r.cfg.HotKey.PublicKey)
}

// Run runs the worker until ctx ends: it campaigns for the lease and, while
// it holds it, owns the hot key. Without a hot key it returns nil at once.
func (r *Relayer) Run(ctx context.Context) error {
	if r.worker == nil {
		return nil
	}
	return r.worker.Campaign(ctx, r.lease)
}

// Start serves HTTP on addr until ctx is done, then drains for at most
// ShutdownTimeout.
func (r *Relayer) Start(ctx context.Context, addr string) error {
	return gateway.Listen(ctx, addr, r.echo, r.timeouts(), r.log)
}

// Serve is Start on an existing listener.
func (r *Relayer) Serve(ctx context.Context, ln net.Listener) error {
	return gateway.Serve(ctx, ln, r.echo, r.timeouts(), r.log)
}

func (r *Relayer) timeouts() gateway.Timeouts {
	t := gateway.DefaultTimeouts
	t.Shutdown, t.LameDuck = r.cfg.ShutdownTimeout, r.cfg.LameDuck
	return t
}
