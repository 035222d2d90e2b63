// Package server assembles the CLOB HTTP gateway: configuration, the Echo
// instance with its middleware and routes, the group-commit publisher, the
// market cache and the KV-backed key and nonce stores.
//
// It is usable in-process (the devnet constructs it on its own NATS
// connection) and by cmd/gateway-clob. A Server keeps no state of its own
// beyond caches, so any number of them can serve the same NATS.
package server

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/labstack/echo/v4"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"go.uber.org/zap"

	"pred.dev/gateway-clob/internal/api"
	"pred.dev/gateway-clob/internal/auth"
	"pred.dev/gateway-clob/internal/market"
	"pred.dev/gateway-clob/internal/stream"
	"pred.dev/gateway-clob/internal/webapp"
	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
	"pred.dev/proto/rules"
	"pred.dev/proto/runtime/gateway"
	"pred.dev/proto/runtime/httpmw"
	"pred.dev/proto/runtime/leaderread"
	"pred.dev/proto/runtime/natscheck"
	"pred.dev/proto/runtime/publish"
	"pred.dev/proto/runtime/query"
	"pred.dev/proto/runtime/streams"
	"pred.dev/proto/runtime/wsfeed"
)

// Config is everything a gateway needs besides its NATS connection.
type Config struct {
	// ChainID, Exchange and NegRiskExchange form the EIP-712 domains of
	// orders (neg-risk markets sign for the neg-risk exchange) and ChainID
	// that of L1 ClobAuth.
	ChainID         uint64
	Exchange        common.Address
	NegRiskExchange common.Address
	// ProxyFactory and ProxyInitCodeHash derive a signer's proxy wallet
	// (signatureType 2). A zero factory disables proxy wallets.
	ProxyFactory      common.Address
	ProxyInitCodeHash common.Hash
	// MasterKey derives API key ids, secrets and passphrases. At least 32
	// bytes; every replica must share it. Secret: never logged.
	MasterKey []byte
	// AuthWindow is the accepted |PRED_TIMESTAMP - now| for L1 and L2.
	AuthWindow time.Duration
	// Clock is every clock reading of the gateway (auth windows, GET
	// /time, GTD expirations, key records); nil is time.Now. Tests and
	// the fault runs' -clock-skew replace it.
	Clock func() time.Time
	// DefaultFeeRateBps is the platform fee rate GET /fee-rate reports.
	DefaultFeeRateBps uint32
	// QueryTimeout bounds each engine query; ResultTimeout bounds the wait
	// for the engine's result of a command once it is in the log.
	QueryTimeout  time.Duration
	ResultTimeout time.Duration
	// RateLimit sets the per-IP and per-key token buckets (per replica).
	RateLimit api.RateConfig
	// Faucet enables POST /faucet (devnets only), crediting at most
	// FaucetMaxUnits USDW base units per call.
	Faucet         bool
	FaucetMaxUnits uint64
	// FaucetFunder, if set, funds each faucet credit on chain first (the
	// devnet's chain); without it the faucet credits the engine only.
	FaucetFunder FaucetFunder
	// FaucetViaChain: the engine learns of faucet funds from the chain
	// only (the settler's chain watcher appends the deposit), so the
	// faucet funds on chain and appends nothing; it waits a little for the
	// balance to show (see api.FaucetWaitMax). Needs FaucetFunder.
	FaucetViaChain bool
	// Allowances, if set, reads wallets' allowances to the exchanges on
	// chain for GET /balance-allowance (chainread.New over the chain's
	// client and deployment record); without it the answer has none.
	Allowances AllowanceReader
	// KVReplicas is the replica count of the KV buckets and streams this
	// gateway creates: 1 on one node, 3 in a cluster.
	KVReplicas int
	// ShutdownTimeout bounds the graceful drain of Start.
	ShutdownTimeout time.Duration
	// LameDuck is how long the server answers on after SIGTERM, not
	// ready, before it closes its listener (gateway.Timeouts); zero
	// without a load balancer.
	LameDuck time.Duration
	// StreamLimits bound /ws/market and /ws/user (zero fields: wsfeed's
	// defaults); ResumePositionsMax and ResumeWait bound a resume (zero:
	// the stream package's defaults).
	StreamLimits       wsfeed.Limits
	ResumePositionsMax uint64
	ResumeWait         time.Duration
	// TrustForwardedFor takes the client IP for per-IP rate limits from
	// X-Forwarded-For, for gateways behind a trusted load balancer. Off,
	// the TCP peer address is used, so clients cannot pick their IP.
	TrustForwardedFor bool
	// CORSOrigins are the web origins whose pages may call the API
	// (httpmw.CORS); empty allows none.
	CORSOrigins httpmw.Origins
	// App serves the trader's web app under /app/ (webapp.Config: where
	// the page finds the APIs); the zero value serves none.
	App AppConfig
}

// AppConfig says where the web app finds the APIs (webapp.Config).
type AppConfig = webapp.Config

// AllowanceReader reads what a wallet has allowed each exchange on chain:
// a *chainread.Reader.
type AllowanceReader = api.AllowanceReader

// FaucetFunder funds a faucet credit on chain: it puts amount base units
// of USDW at the address and returns once that is mined.
type FaucetFunder = api.FaucetFunder

// Defaults of the optional fields.
const (
	DefaultQueryTimeout    = 3 * time.Second
	DefaultResultTimeout   = 5 * time.Second
	DefaultShutdownTimeout = 10 * time.Second
	// setupTimeout bounds New's NATS set-up: as long as natscheck rides
	// out a cluster's elections, so a gateway started just after a NATS
	// fault waits for them instead of exiting.
	setupTimeout = natscheck.RetryWaitMax
)

// DefaultConfig returns a configuration with every optional field set;
// the caller still sets the chain, contracts and master key.
func DefaultConfig() Config {
	return Config{
		AuthWindow:      auth.DefaultWindow,
		QueryTimeout:    DefaultQueryTimeout,
		ResultTimeout:   DefaultResultTimeout,
		RateLimit:       api.DefaultRateConfig,
		FaucetMaxUnits:  api.DefaultFaucetMaxUnits,
		KVReplicas:      1,
		ShutdownTimeout: DefaultShutdownTimeout,
	}
}

func (c Config) withDefaults() Config {
	d := DefaultConfig()
	if c.AuthWindow <= 0 {
		c.AuthWindow = d.AuthWindow
	}
	if c.Clock == nil {
		c.Clock = time.Now
	}
	if c.QueryTimeout <= 0 {
		c.QueryTimeout = d.QueryTimeout
	}
	if c.ResultTimeout <= 0 {
		c.ResultTimeout = d.ResultTimeout
	}
	if c.FaucetMaxUnits == 0 {
		c.FaucetMaxUnits = d.FaucetMaxUnits
	}
	if c.KVReplicas <= 0 {
		c.KVReplicas = d.KVReplicas
	}
	if c.ShutdownTimeout <= 0 {
		c.ShutdownTimeout = d.ShutdownTimeout
	}
	return c
}

func (c Config) validate() error {
	if c.ChainID == 0 {
		return errors.New("server: ChainID is required")
	}
	if c.Exchange == (common.Address{}) {
		return errors.New("server: Exchange address is required")
	}
	if c.ProxyFactory != (common.Address{}) && c.ProxyInitCodeHash == (common.Hash{}) {
		return errors.New("server: ProxyInitCodeHash is required with ProxyFactory")
	}
	if err := c.App.Validate(); err != nil {
		return fmt.Errorf("server: %w", err)
	}
	if c.DefaultFeeRateBps > rules.FeeRateMaxBps {
		return fmt.Errorf("server: DefaultFeeRateBps %d is above %d", c.DefaultFeeRateBps, rules.FeeRateMaxBps)
	}
	return nil
}

// Server is one gateway replica.
type Server struct {
	cfg     Config
	log     *zap.Logger
	echo    *echo.Echo
	pub     *publish.Publisher
	markets *market.Cache
	hub     *stream.Hub
	keyView *auth.KeyView
}

// New connects a gateway to NATS: it ensures the streams and KV buckets,
// starts the publisher and the market cache, and builds the routes. The
// connection stays the caller's; Close releases everything else.
func New(cfg Config, nc *nats.Conn, log *zap.Logger) (*Server, error) {
	cfg = cfg.withDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	if log == nil {
		log = zap.NewNop()
	}
	log = log.Named("gateway-clob")
	deriver, err := auth.NewDeriver(cfg.MasterKey)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), setupTimeout)
	defer cancel()
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, fmt.Errorf("server: jetstream: %w", err)
	}
	// The stores are the first requests: those ride out a cluster's
	// elections, and the rest follow on a cluster that just answered.
	var keys *auth.KeyStore
	var nonces *auth.NonceStore
	err = natscheck.Retry(ctx, func(ctx context.Context) error {
		var err error
		keys, nonces, err = openStores(ctx, js, cfg)
		return err
	}, natscheck.Warn(log))
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, log: log}
	if s.keyView, err = auth.StartKeyView(ctx, js, log.Named("keys")); err != nil {
		return nil, err
	}
	if err := s.startPipes(ctx, nc); err != nil {
		s.keyView.Stop()
		return nil, err
	}
	limiter := api.NewLimiter(cfg.RateLimit)
	// Each gateway has its own registry, so several in one process (the
	// devnet's, a test's) never register a metric twice.
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	l2 := &auth.L2{Deriver: deriver, Keys: s.keyView, Window: cfg.AuthWindow, Now: cfg.Clock}
	a := api.New(apiConfig(cfg), api.Deps{
		NC: nc, Pub: s.pub, Markets: s.markets, Keys: keys, Deriver: deriver, Limiter: limiter, Log: log,
		Fence: leaderread.NewFence(js, journal.CommandStream),
		L1:    &auth.L1{ChainID: cfg.ChainID, Window: cfg.AuthWindow, Nonces: nonces, Now: cfg.Clock},
		Now:   cfg.Clock,
		L2:    l2,
	})
	feed := wsfeed.New(wsfeed.Config{Name: "clob", Registry: reg, Limits: cfg.StreamLimits, Log: log.Named("stream")})
	s.hub, err = stream.Start(stream.Config{ResumePositionsMax: cfg.ResumePositionsMax, ResumeWait: cfg.ResumeWait,
		L2: l2, Account: a.AccountParam}, nc, s.query(nc), feed, log.Named("stream"))
	if err != nil {
		s.markets.Stop()
		s.keyView.Stop()
		_ = s.pub.Close()
		return nil, err
	}
	s.echo = gateway.New(gateway.Config{Name: "clob", Title: api.Title, Document: api.OpenAPI, AsyncAPI: api.AsyncAPI, Log: log, Registry: reg,
		CallerKey: api.KeyAPIKeyID, Strict: httpmw.StrictConfig{Single: api.AuthHeaders}, IPs: limiter.IPs,
		Ready: []gateway.Check{gateway.NATS(nc), a.EngineReady()}, ErrorBody: api.ErrorBody, TrustForwardedFor: cfg.TrustForwardedFor,
		CORS: httpmw.CORSConfig{Origins: cfg.CORSOrigins, Headers: api.AuthHeaders}})
	a.Register(s.echo)
	s.hub.Register(s.echo)
	webapp.Register(s.echo, cfg.App)
	return s, nil
}

func openStores(ctx context.Context, js jetstream.JetStream, cfg Config) (*auth.KeyStore, *auth.NonceStore, error) {
	if err := ensureStreams(ctx, js, cfg.KVReplicas); err != nil {
		return nil, nil, err
	}
	keys, err := auth.OpenKeyStore(ctx, js, cfg.KVReplicas)
	if err != nil {
		return nil, nil, err
	}
	nonces, err := auth.OpenNonceStore(ctx, js, cfg.AuthWindow, cfg.KVReplicas)
	if err != nil {
		return nil, nil, err
	}
	return keys, nonces, nil
}

// ensureStreams creates the CMD and EVT streams when they are missing (a
// gateway started before the engine) and otherwise leaves them alone: their
// configuration belongs to the engine's deployment.
func ensureStreams(ctx context.Context, js jetstream.JetStream, replicas int) error {
	for _, name := range []string{journal.CommandStream, journal.EventStream} {
		_, err := js.Stream(ctx, name)
		if errors.Is(err, jetstream.ErrStreamNotFound) {
			return streams.Ensure(ctx, js, streams.Config{Replicas: replicas})
		}
		if err != nil {
			return fmt.Errorf("server: stream %s: %w", name, err)
		}
	}
	return nil
}

// startPipes starts the publisher and the market cache's event feed.
func (s *Server) startPipes(ctx context.Context, nc *nats.Conn) error {
	pub, err := publish.New(nc, publish.Config{ResultTimeout: s.cfg.ResultTimeout}, s.log)
	if err != nil {
		return err
	}
	s.markets = market.New(s.query(nc), s.log.Named("market"))
	// One request (the follower's consumer), each attempt bounded: one
	// lost on a connection just made again costs an attempt, not the
	// start. The key view before it loads every key record, which may
	// take longer than an attempt, so it runs under the whole budget.
	err = natscheck.Retry(ctx, func(ctx context.Context) error { return s.markets.Follow(ctx, nc) }, natscheck.Warn(s.log))
	if err != nil {
		_ = pub.Close()
		return err
	}
	s.pub = pub
	return nil
}

// query asks the engine, bounded by QueryTimeout.
func (s *Server) query(nc *nats.Conn) func(ctx context.Context, req *pb.QueryRequest) (*pb.QueryResponse, error) {
	return func(ctx context.Context, req *pb.QueryRequest) (*pb.QueryResponse, error) {
		ctx, cancel := context.WithTimeout(ctx, s.cfg.QueryTimeout)
		defer cancel()
		return query.Do(ctx, nc, req)
	}
}

func apiConfig(cfg Config) api.Config {
	return api.Config{
		ChainID: cfg.ChainID, Exchange: cfg.Exchange, NegRiskExchange: cfg.NegRiskExchange,
		ProxyFactory: cfg.ProxyFactory, ProxyInitCodeHash: cfg.ProxyInitCodeHash,
		DefaultFeeRateBps: cfg.DefaultFeeRateBps, QueryTimeout: cfg.QueryTimeout,
		Faucet: cfg.Faucet, FaucetMaxUnits: cfg.FaucetMaxUnits, FaucetFunder: cfg.FaucetFunder,
		FaucetViaChain: cfg.FaucetViaChain, Allowances: cfg.Allowances,
	}
}

// Handler returns the HTTP handler, for callers that run their own
// listener (httptest, the devnet's mux).
func (s *Server) Handler() http.Handler { return s.echo }

// Routes lists the registered routes as "METHOD path" in Echo syntax.
func (s *Server) Routes() []*echo.Route { return s.echo.Routes() }

// Start serves HTTP on addr until ctx is done, then drains for at most
// ShutdownTimeout. It returns the listener's error, or nil after a clean
// shutdown.
func (s *Server) Start(ctx context.Context, addr string) error {
	return gateway.Listen(ctx, addr, s.echo, s.timeouts(), s.log)
}

// Serve is Start on an existing listener.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	return gateway.Serve(ctx, ln, s.echo, s.timeouts(), s.log)
}

// timeouts are the kit's but Write: writes are not bounded here because
// an order may wait up to ResultTimeout.
func (s *Server) timeouts() gateway.Timeouts {
	t := gateway.DefaultTimeouts
	t.Write, t.Shutdown, t.LameDuck = 0, s.cfg.ShutdownTimeout, s.cfg.LameDuck
	return t
}

// Close ends the streams' connections, stops the market and stream feeds
// and flushes the publisher. It does not close
// the NATS connection.
func (s *Server) Close() error {
	s.hub.Close()
	s.markets.Stop()
	s.keyView.Stop()
	return s.pub.Close()
}
