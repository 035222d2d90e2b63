// Package server assembles the Gamma HTTP gateway: configuration, the
// Echo instance with its middleware and routes, the catalogue store and
// view, the statistics follower, login and the operator API.
//
// It is usable in-process (the devnet constructs it on its own NATS
// connection) and by cmd/gateway-gamma. A Server keeps no state of its
// own beyond its view of the catalogue and the statistics, both rebuilt
// from NATS at start, so any number of them can serve the same NATS.
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

	"pred.dev/gateway-gamma/catalog"
	"pred.dev/gateway-gamma/feed"
	"pred.dev/gateway-gamma/internal/api"
	"pred.dev/gateway-gamma/login"
	"pred.dev/gateway-gamma/operator"
	"pred.dev/gateway-gamma/sports"
	"pred.dev/gateway-gamma/stats"
	"pred.dev/proto/chain/deploy"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/journal"
	"pred.dev/proto/jwtauth"
	"pred.dev/proto/runtime/gateway"
	"pred.dev/proto/runtime/httpmw"
	"pred.dev/proto/runtime/leaderread"
	"pred.dev/proto/runtime/natscheck"
	"pred.dev/proto/runtime/publish"
	"pred.dev/proto/runtime/streams"
	"pred.dev/proto/runtime/wsfeed"
)

// Config is everything a gateway needs besides its NATS connection.
type Config struct {
	// ChainID is the chain logins sign for (the deployment's).
	ChainID uint64
	// JWTKey signs and verifies bearer tokens: at least 32 bytes, shared
	// by every replica and by the relayer. Secret: never logged.
	JWTKey []byte
	// TokenLifetime is the bearer token lifetime (15 minutes if zero).
	TokenLifetime time.Duration
	// Login sets the nonce TTL, the issuedAt skew, the session bound and
	// the statement; its ChainID and KVReplicas are taken from above.
	Login login.Config
	// ProxyFactory and ProxyInitCodeHash derive the proxy wallet of a
	// profile (the deployment's SafeFactory and safeInitCodeHash).
	ProxyFactory      common.Address
	ProxyInitCodeHash common.Hash
	// Oracle reports the payouts of every market's condition, and
	// Collateral is USDW: market ids derive from them (the deployment's).
	Oracle     common.Address
	Collateral common.Address
	// Chain, if set, prepares each market the operator creates on chain
	// (its condition and the exchange's token registration) before the
	// engine lists it.
	Chain operator.Preparer
	// Resolver, if set, reports each resolution's payouts on chain before
	// the engine pays them out.
	Resolver operator.Resolver
	// Liveness is how long an outcome proposal can be challenged
	// (operator.DefaultLiveness, 2 hours, if zero).
	Liveness time.Duration
	// SettleInterval is how often the replica settles the proposals
	// whose liveness has ended (1 second if zero).
	SettleInterval time.Duration
	// ScoreFeed, if set, is polled every ScoreFeedInterval
	// (feed.DefaultInterval if zero) for the scores of unfinished games;
	// run it on one replica (each poll is safe to repeat, but N replicas
	// poll N times).
	ScoreFeed         feed.Source
	ScoreFeedInterval time.Duration
	// OperatorKey admits the operator API (header PRED_OPERATOR_KEY);
	// empty disables it. Secret: never logged.
	OperatorKey []byte
	// ResultTimeout bounds the wait for the engine's answer to an
	// operator command.
	ResultTimeout time.Duration
	// Clock replaces time.Now (tests).
	Clock func() time.Time
	// SportTypes are the sports games may use (GET /config/sport-types).
	SportTypes []gammaapi.SportType
	// PublicInfo is what GET /public-info answers; see PublicInfoFrom.
	PublicInfo gammaapi.PublicInfo
	// RateLimit sets the token buckets (per replica).
	RateLimit api.RateConfig
	// KVReplicas is the replica count of the KV buckets this gateway
	// creates: 1 on one node, 3 in a cluster.
	KVReplicas int
	// ShutdownTimeout bounds the graceful drain of Start.
	ShutdownTimeout time.Duration
	// LameDuck is how long the server answers on after SIGTERM, not
	// ready, before it closes its listener (gateway.Timeouts); zero
	// without a load balancer.
	LameDuck time.Duration
	// StartTimeout bounds the initial load of the catalogue.
	StartTimeout time.Duration
	// Stream bounds the sports channel's connections (wsfeed's defaults
	// for zero fields).
	Stream wsfeed.Limits
	// TrustForwardedFor takes the client IP for per-IP rate limits from
	// X-Forwarded-For, for gateways behind a trusted load balancer.
	TrustForwardedFor bool
	// CORSOrigins are the web origins whose pages may call the API
	// (httpmw.CORS); empty allows none.
	CORSOrigins httpmw.Origins
}

// DefaultSportTypes are the sports of a fresh deployment.
var DefaultSportTypes = []gammaapi.SportType{
	{ID: "nba", Name: "Basketball (NBA)"}, {ID: "nfl", Name: "American football (NFL)"},
	{ID: "mlb", Name: "Baseball (MLB)"}, {ID: "nhl", Name: "Ice hockey (NHL)"},
	{ID: "soccer", Name: "Soccer"}, {ID: "tennis", Name: "Tennis"}, {ID: "esports", Name: "Esports"},
}

// Defaults of the optional fields.
const (
	DefaultShutdownTimeout = 10 * time.Second
	operatorKeyBytesMin    = 16
	// DefaultStartTimeout is as long as natscheck rides out a cluster's
	// elections: a replica started just after a NATS fault waits for
	// them instead of exiting.
	DefaultStartTimeout   = natscheck.RetryWaitMax
	DefaultSettleInterval = time.Second
)

// DefaultConfig returns a configuration with every optional field set.
func DefaultConfig() Config {
	return Config{
		SportTypes:      DefaultSportTypes,
		RateLimit:       api.DefaultRateConfig,
		KVReplicas:      1,
		ShutdownTimeout: DefaultShutdownTimeout,
		StartTimeout:    DefaultStartTimeout,
	}
}

func (c Config) withDefaults() Config {
	d := DefaultConfig()
	if c.SportTypes == nil {
		c.SportTypes = d.SportTypes
	}
	if c.KVReplicas <= 0 {
		c.KVReplicas = d.KVReplicas
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
	if c.SettleInterval <= 0 {
		c.SettleInterval = DefaultSettleInterval
	}
	if c.Liveness <= 0 {
		c.Liveness = operator.DefaultLiveness
	}
	c.Login.ChainID, c.Login.KVReplicas = c.ChainID, c.KVReplicas
	return c
}

func (c Config) validate() error {
	if c.ChainID == 0 {
		return errors.New("server: ChainID is required")
	}
	if len(c.JWTKey) < jwtauth.KeyBytesMin {
		return fmt.Errorf("server: JWTKey must have at least %d bytes", jwtauth.KeyBytesMin)
	}
	if c.Oracle == (common.Address{}) || c.Collateral == (common.Address{}) {
		return errors.New("server: Oracle and Collateral are required (market ids derive from them)")
	}
	if len(c.OperatorKey) > 0 && len(c.OperatorKey) < operatorKeyBytesMin {
		return fmt.Errorf("server: OperatorKey must have at least %d bytes", operatorKeyBytesMin)
	}
	if c.ProxyFactory == (common.Address{}) || c.ProxyInitCodeHash == (common.Hash{}) {
		return errors.New("server: ProxyFactory and ProxyInitCodeHash are required (the deployment's SafeFactory and safeInitCodeHash)")
	}
	seen := map[string]bool{}
	for _, s := range c.SportTypes {
		if !catalog.ValidSlug(s.ID) || s.Name == "" || seen[s.ID] {
			return fmt.Errorf("server: sport type %+v: ids are unique slugs and names are set", s)
		}
		seen[s.ID] = true
	}
	return nil
}

// Server is one gateway replica.
type Server struct {
	cfg      Config
	log      *zap.Logger
	echo     *echo.Echo
	store    *catalog.Store
	view     *catalog.View
	reader   *catalog.Reader
	stats    *stats.Stats
	operator *operator.Operator
	closers  []func()
}

// New connects a gateway to NATS: it ensures the KV buckets, loads the
// catalogue view and starts following its changes, and builds the
// routes. The connection stays the caller's; Close releases everything
// else.
func New(cfg Config, nc *nats.Conn, log *zap.Logger) (*Server, error) {
	cfg = cfg.withDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	if log == nil {
		log = zap.NewNop()
	}
	log = log.Named("gateway-gamma")
	s := &Server{cfg: cfg, log: log}
	if err := s.open(nc); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

func (s *Server) open(nc *nats.Conn) error {
	js, err := jetstream.New(nc)
	if err != nil {
		return fmt.Errorf("server: jetstream: %w", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), s.cfg.StartTimeout)
	defer cancel()
	// The catalogue's bucket is the first request: it rides out a
	// cluster's elections, and the rest follow on a cluster that just
	// answered.
	err = natscheck.Retry(ctx, func(ctx context.Context) error {
		var err error
		s.store, err = catalog.Open(ctx, js, s.cfg.KVReplicas)
		return err
	}, natscheck.Warn(s.log))
	if err != nil {
		return err
	}
	s.view = catalog.NewView(s.log.Named("catalog"))
	if err := s.view.Start(ctx, s.store.KV()); err != nil {
		return err
	}
	s.closers = append(s.closers, s.view.Stop)
	// The steps that follow are single requests, each attempt bounded:
	// one lost on a connection just made again (a node restarting) costs
	// an attempt, not the whole start. The view's load above is not
	// retried so: a large catalogue may take longer than an attempt.
	if err := natscheck.Retry(ctx, func(ctx context.Context) error {
		return ensureStreams(ctx, js, s.cfg.KVReplicas)
	}, natscheck.Warn(s.log)); err != nil {
		return err
	}
	s.stats = stats.New()
	var follower *stats.Follower
	err = natscheck.Retry(ctx, func(ctx context.Context) (err error) {
		follower, err = stats.Follow(ctx, js, s.stats, s.log.Named("stats"))
		return err
	}, natscheck.Warn(s.log))
	if err != nil {
		return err
	}
	s.closers = append(s.closers, follower.Stop)
	pub, err := publish.New(nc, publish.Config{ResultTimeout: s.cfg.ResultTimeout}, s.log.Named("publish"))
	if err != nil {
		return err
	}
	s.closers = append(s.closers, func() { _ = pub.Close() })
	sports := make([]string, len(s.cfg.SportTypes))
	for i, st := range s.cfg.SportTypes {
		sports[i] = st.ID
	}
	if s.operator, err = operator.New(operator.Config{Oracle: s.cfg.Oracle, Collateral: s.cfg.Collateral, SportTypes: sports,
		Now: s.cfg.Clock, Chain: s.cfg.Chain, Resolver: s.cfg.Resolver, Liveness: s.cfg.Liveness, Log: s.log.Named("operator")},
		s.store, s.view, pub); err != nil {
		return err
	}
	s.startLoops()
	s.reader = catalog.NewReader(s.view, s.stats)
	s.reader.Now = s.cfg.Clock
	signer, err := jwtauth.NewSigner(s.cfg.JWTKey, s.cfg.TokenLifetime)
	if err != nil {
		return err
	}
	verifier, err := jwtauth.NewVerifier(s.cfg.JWTKey)
	if err != nil {
		return err
	}
	signer.WithClock(s.cfg.Clock)
	verifier.WithClock(s.cfg.Clock)
	var lg *login.Service
	err = natscheck.Retry(ctx, func(ctx context.Context) (err error) {
		lg, err = login.Open(ctx, js, s.cfg.Login, signer, verifier, s.cfg.Clock)
		return err
	}, natscheck.Warn(s.log))
	if err != nil {
		return err
	}

	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	reg.MustRegister(
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "gamma_catalog_revision", Help: "Highest KV revision of the catalogue this replica's view has applied."},
			func() float64 { return float64(s.view.Revision()) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "gamma_stats_evt_seq", Help: "Last EVT stream sequence the statistics have folded."},
			func() float64 { return float64(s.stats.Seq()) }),
	)
	limiter := api.NewLimiter(s.cfg.RateLimit)
	a := api.New(api.Config{SportTypes: s.cfg.SportTypes, PublicInfo: s.publicInfo(),
		ProxyFactory: s.cfg.ProxyFactory, ProxyInitCodeHash: s.cfg.ProxyInitCodeHash}, api.Deps{
		NC: nc, View: s.view, Reader: s.reader, Store: s.store, Limiter: limiter, Log: s.log, Login: lg, Now: s.cfg.Clock,
		Fence:    leaderread.NewFence(js, journal.BucketStream(journal.GammaCatalogBucket)),
		Operator: s.operator, OperatorKey: s.cfg.OperatorKey,
	})
	// The list filters (id=1&id=2) are the only repeatable query parameters.
	s.echo = gateway.New(gateway.Config{Name: "gamma", Title: api.Title, Document: api.OpenAPI, AsyncAPI: api.AsyncAPI, Log: s.log, Registry: reg,
		CallerKey: api.KeyAddress, IPs: limiter.IPs, TrustForwardedFor: s.cfg.TrustForwardedFor,
		Strict: httpmw.StrictConfig{Repeatable: api.ListFilters(), Single: []string{api.HeaderOperatorKey}},
		CORS:   httpmw.CORSConfig{Origins: s.cfg.CORSOrigins, Headers: []string{api.HeaderOperatorKey}},
		Ready:  []gateway.Check{gateway.NATS(nc), s.catalogueReady(), statisticsReady(follower.Ready)}})
	a.Register(s.echo)
	s.registerSports(reg)
	return nil
}

// registerSports serves the sports channel, GET /ws/sports, on a stream
// server of its own that Close ends before the view it reads.
func (s *Server) registerSports(reg prometheus.Registerer) {
	feed := wsfeed.New(wsfeed.Config{Name: "gamma", Registry: reg, Limits: s.cfg.Stream, Log: s.log.Named("sports")})
	s.closers = append(s.closers, feed.Close)
	ch := &sports.Channel{View: s.view, Feed: feed}
	s.echo.GET(gammaapi.SportsPath, func(c echo.Context) error {
		return ch.Serve(c.Request().Context(), c.Response(), c.Request(), c.RealIP())
	})
}

// startLoops starts the replica's background work: settling proposals
// whose liveness has ended and, if configured, polling the score feed.
// Close stops them.
func (s *Server) startLoops() {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	s.closers = append(s.closers, func() { cancel(); <-done })
	var runner *feed.Runner
	if s.cfg.ScoreFeed != nil {
		runner = feed.NewRunner(s.operator, s.view, s.cfg.ScoreFeed, s.cfg.Clock, s.cfg.ScoreFeedInterval, s.log.Named("feed"))
	}
	go func() {
		defer close(done)
		feedDone := make(chan struct{})
		go func() {
			defer close(feedDone)
			if runner != nil {
				runner.Run(ctx)
			}
		}()
		t := time.NewTicker(s.cfg.SettleInterval)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				<-feedDone
				return
			case <-t.C:
			}
			wctx, wcancel := context.WithTimeout(ctx, operator.WriteTimeout())
			n, err := s.operator.SettleDue(wctx)
			wcancel()
			if err != nil && ctx.Err() == nil {
				s.log.Warn("settling proposals past their liveness", zap.Error(err))
			}
			if n > 0 {
				s.log.Info("proposals settled", zap.Int("markets", n))
			}
		}
	}()
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

// catalogueReady is the readiness check of the catalogue view: it has
// loaded.
func (s *Server) catalogueReady() gateway.Check {
	return gateway.Check{Name: "catalogue", Check: func(context.Context) (string, error) {
		if !s.view.Ready() {
			return "", errors.New("loading")
		}
		return "", nil
	}}
}

// statisticsReady is the readiness check of the statistics' follower.
func statisticsReady(ready func() error) gateway.Check {
	return gateway.Check{Name: "statistics", Check: func(context.Context) (string, error) { return "", ready() }}
}

// Handler returns the HTTP handler, for callers that run their own
// listener (httptest, the devnet).
func (s *Server) Handler() http.Handler { return s.echo }

// Routes lists the registered routes.
func (s *Server) Routes() []*echo.Route { return s.echo.Routes() }

// Store returns the catalogue store, for seeding (the devnet's demo data).
func (s *Server) Store() *catalog.Store { return s.store }

// StatsSeq is the last EVT sequence the statistics have folded.
func (s *Server) StatsSeq() uint64 { return s.stats.Seq() }

// Operator returns the catalogue's writer, for seeding (operator.SeedDemo).
func (s *Server) Operator() *operator.Operator { return s.operator }

// View returns this replica's catalogue view.
func (s *Server) View() *catalog.View { return s.view }

// Start serves HTTP on addr until ctx is done, then drains for at most
// ShutdownTimeout.
func (s *Server) Start(ctx context.Context, addr string) error {
	return gateway.Listen(ctx, addr, s.echo, s.timeouts(), s.log)
}

// Serve is Start on an existing listener.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	return gateway.Serve(ctx, ln, s.echo, s.timeouts(), s.log)
}

func (s *Server) timeouts() gateway.Timeouts {
	t := gateway.DefaultTimeouts
	t.Shutdown, t.LameDuck = s.cfg.ShutdownTimeout, s.cfg.LameDuck
	return t
}

// Close stops the watch and the followers. It does not close the NATS
// connection.
func (s *Server) Close() {
	for i := len(s.closers) - 1; i >= 0; i-- {
		s.closers[i]()
	}
	s.closers = nil
}

// UseDeployment takes the chain's values from its deployment record: the
// chain id, GET /public-info, the Safe factory and init-code hash of
// profiles' proxy wallets, and USDW as the collateral of market ids.
func (c *Config) UseDeployment(d *deploy.Deployment) {
	c.ChainID = d.ChainID
	c.PublicInfo = PublicInfoFrom(d)
	c.ProxyFactory, c.ProxyInitCodeHash = d.Contracts.SafeFactory, d.SafeInitCodeHash
	c.Collateral = d.Contracts.Collateral
}

// publicInfo is GET /public-info: the chain's part as configured, and
// this replica's adjudication timing, so that a client knows before any
// proposal when a market can resolve.
func (s *Server) publicInfo() gammaapi.PublicInfo {
	info := s.cfg.PublicInfo
	info.Adjudication = gammaapi.AdjudicationTiming{LivenessSeconds: ceilSeconds(s.cfg.Liveness),
		SettleDelaySeconds: ceilSeconds(operator.SettleGrace + s.cfg.SettleInterval)}
	return info
}

// ceilSeconds rounds a duration up to whole seconds: a bound stays a
// bound.
func ceilSeconds(d time.Duration) int64 { return int64((d + time.Second - 1) / time.Second) }

// PublicInfoFrom builds GET /public-info from the chain's deployment
// record, the one file every service reads at start.
func PublicInfoFrom(d *deploy.Deployment) gammaapi.PublicInfo {
	info := gammaapi.PublicInfo{
		Chain: []gammaapi.ChainInfo{{ChainID: d.ChainID, RPCURL: d.RPCURL, ExplorerURL: d.ExplorerURL}},
		Contracts: gammaapi.Contracts{
			ConditionalTokens: d.Contracts.ConditionalTokens.Hex(), Exchange: d.Contracts.Exchange.Hex(),
			NegRiskExchange: d.Contracts.NegRiskExchange.Hex(), SafeFactory: d.Contracts.SafeFactory.Hex(),
			SafeInitCodeHash: d.SafeInitCodeHash.Hex(),
			Collateral:       d.Contracts.Collateral.Hex(), Stablecoin: d.Contracts.Stablecoin.Hex(),
		},
	}
	// A deployment made before MultiSendCallOnly was deployed has none;
	// the field is then left out rather than given as the zero address.
	if m := d.Contracts.MultiSendCallOnly; m != (common.Address{}) {
		info.Contracts.MultiSendCallOnly = m.Hex()
	}
	return info
}
