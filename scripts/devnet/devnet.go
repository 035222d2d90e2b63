// Package devnet runs a whole exchange in one process: an EVM chain
// (scripts/devchain, persisted in the data dir, on 127.0.0.1:8545) with
// every contract deployed at the first start and verified at later ones
// against the deployment record kept beside it; an embedded NATS server
// with JetStream (fsync on every message); the matching engine as leader
// with its Pebble state in the same dir; one or more CLOB gateways with
// the devnet faucet on (funding on chain, then in the engine); and the
// Gamma API, whose operator lists the demo catalogue at the first start
// (each market prepared on chain and registered in the engine) and finds
// it again on later ones; and the Relayer API with its worker, whose hot
// key the deployer funds, which deploys wallets and executes their Safe
// transactions. A devnet restarted on the same data dir comes
// back with the same chain, markets, books and balances; one whose chain
// cannot be restored is refused (ErrChainRestore).
//
// `make run` starts one through cmd/devnet; tests and benchmarks call Start
// on random ports and temporary dirs, so they exercise exactly what a
// newcomer runs.
package devnet

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/nats-io/nats.go"
	"go.uber.org/zap"

	"pred.dev/engine/inproc"
	"pred.dev/engine/machine"
	"pred.dev/engine/service"
	"pred.dev/gateway-clob/chainread"
	"pred.dev/gateway-clob/server"
	"pred.dev/gateway-gamma/feed"
	"pred.dev/gateway-gamma/operator"
	gammaserver "pred.dev/gateway-gamma/server"
	"pred.dev/proto/chain/deploy"
	"pred.dev/proto/chain/marketrpc"
	"pred.dev/proto/runtime/httpmw"
	"pred.dev/proto/runtime/natsembed"
	"pred.dev/settler/chainwatch"
	"pred.dev/settler/reconcile"
)

// Default addresses of `make run`: fixed and documented, so that the pred
// CLI, curl and other tools find the devnet without configuration.
const (
	DefaultAPIAddr   = "127.0.0.1:8080"
	DefaultGammaAddr = "127.0.0.1:8081"
	DefaultAdminAddr = "127.0.0.1:9101"
	DefaultNATSPort  = 4222
)

// setupTimeout bounds the start: the engine loading its state and
// catching up with the log, and the demo markets being created.
const setupTimeout = 2 * time.Minute

// Config configures a devnet. Zero fields take the defaults noted.
type Config struct {
	// DataDir holds the NATS store (nats/) and the engine's Pebble
	// database (engine/). Required; created if missing.
	DataDir string
	// APIAddr is the first gateway's listen address; "127.0.0.1:0" picks a
	// free port. Further gateways (Gateways > 1) always pick free ports.
	// Default DefaultAPIAddr.
	APIAddr string
	// AdminAddr serves the engine's /metrics, /livez and /readyz; empty
	// turns it off and "127.0.0.1:0" picks a free port.
	AdminAddr string
	// NATSPort is the NATS client port on 127.0.0.1: -1 picks a free one,
	// 0 means DefaultNATSPort.
	NATSPort int
	// Gateways is the number of gateway replicas, each on its own NATS
	// connection and HTTP listener. Default 1.
	Gateways int
	// GammaAddr is the Gamma API's listen address; "127.0.0.1:0" picks a
	// free port. Default DefaultGammaAddr.
	GammaAddr string
	// HeartbeatTimeout is the engine's dead-man switch; TickInterval how
	// often the engine's clock ticks (GTD expiry and heartbeat timeouts
	// happen on ticks). Zero keeps the engine's defaults (10 s, 100 ms).
	HeartbeatTimeout time.Duration
	TickInterval     time.Duration
	// Unlimited turns the gateways' rate limits and the streams' limit
	// of connections per IP off, for benchmarks that drive thousands of
	// requests per second, or hold thousands of streams, from one IP.
	Unlimited bool
	// CORSOrigins are the web origins whose pages may call the three
	// APIs. Nil allows the web app's (the first gateway's, as localhost
	// and 127.0.0.1) and a Vite dev server's (AppOrigins).
	CORSOrigins httpmw.Origins
	// LoginIPPerSecond and LoginIPBurst bound the Gamma API's login
	// endpoints (GET /auth/nonce, POST /auth/login, POST /auth/refresh)
	// per client IP. Every user and test of a devnet logs in from
	// 127.0.0.1, one budget for all, so zero takes DefaultLoginIPPerSecond
	// and DefaultLoginIPBurst, sized for a machine with many local users;
	// a production Gamma keeps its own (gateway-gamma's
	// -rate-login-ip-burst and -rate-login-ip-per-second). The limits per
	// address stay Gamma's: each user has its own.
	LoginIPPerSecond float64
	LoginIPBurst     int
	// ChainAddr is the embedded chain's JSON-RPC address; "127.0.0.1:0"
	// picks a free port. Default DefaultChainAddr.
	ChainAddr string
	// BlockInterval seals an empty block this often on the embedded
	// chain (blocks with transactions are sealed at once); default 1 s.
	BlockInterval time.Duration
	// RPCURL, if set, replaces the embedded chain with any EVM JSON-RPC
	// endpoint. DeployerKey is then required: it deploys the contracts on
	// first use (a record in the data dir says where they are later) and
	// prepares markets and funds the faucet.
	RPCURL      string
	DeployerKey *ecdsa.PrivateKey
	// Liveness is how long an outcome proposal can be challenged before
	// it settles; default DefaultLiveness (short, so a walkthrough sees
	// a market resolve; a production deployment keeps Gamma's 2 hours).
	Liveness time.Duration
	// ScoreScript is the score feed's script (feed.ParseScript's format);
	// nil plays the embedded demo script (feed.DemoScript), which starts
	// the demo game ten minutes before its scheduled time.
	ScoreScript *feed.Script
	// ScoreFeedInterval is how often Gamma polls the score feed; default
	// feed.DefaultInterval.
	ScoreFeedInterval time.Duration
	// DemoBook has a demo market maker quote the negRisk event's markets
	// at the first start (YES prices summing to 1), through the Relayer
	// and CLOB APIs like any trader; `make run` sets it.
	DemoBook bool
	// RelayerAddr is the Relayer API's listen address; "127.0.0.1:0"
	// picks a free port. Default DefaultRelayerAddr.
	RelayerAddr string
	// NoSettle runs the devnet without the settler's settlement: trades
	// stay MATCHED, nothing goes on chain (the benchmark's baseline).
	NoSettle bool
	// SettleElsewhere leaves the settlement side to other processes: the
	// relayer's hot key is still made the exchanges' operator, but neither
	// the settler nor the relayer's worker runs here (the Relayer API
	// does: it only queues). The caller runs them against RecordPath and
	// NATSURL, for example as processes at the lowest CPU priority, so
	// that on a shared host the matching path gets the cores first (the
	// CLOB bench; production runs settlement on other hosts).
	SettleElsewhere bool
	// SettleNATSURL, with SettleElsewhere, is the NATS server of the
	// settlement side's own state (the relayer's queue and records, the
	// settler's bucket), apart from the devnet's log: the Relayer API
	// served here queues there. Empty: the devnet's server.
	SettleNATSURL string
	// ReconcileAddr, if set, serves the settler's reconciliation check
	// (GET /reconcile, what `pred reconcile` asks) and its metrics
	// (/metrics) there; `make run` sets DefaultReconcileAddr.
	ReconcileAddr string
	// Logger receives every component's logs; nil discards them.
	Logger *zap.Logger
}

// The devnet's login limits per client IP: a burst of 1,000 logins, then
// 50 a second, for every local user and test together (production's are
// 20, then one every two seconds).
const (
	DefaultLoginIPBurst     = 1000
	DefaultLoginIPPerSecond = 50
)

// DefaultLiveness is the devnet's liveness of outcome proposals.
const DefaultLiveness = 2 * time.Minute

// Devnet is a running devnet.
type Devnet struct {
	// URLs are the gateways' base URLs ("http://127.0.0.1:8080"); URL is
	// the first.
	URL  string
	URLs []string
	// NATSURL is the embedded NATS server's client URL.
	NATSURL string
	// AdminURL is the engine's admin server ("" when off); metrics are at
	// AdminURL + "/metrics".
	AdminURL string
	// GammaURL is the Gamma API's base URL ("http://127.0.0.1:8081").
	GammaURL string
	// ReconcileURL is where the reconciliation check is served ("" when
	// Config.ReconcileAddr is not set).
	ReconcileURL string
	// RelayerURL is the Relayer API's base URL ("http://127.0.0.1:8082");
	// RelayerHot the address of its hot key, which pays the gas.
	RelayerURL string
	RelayerHot common.Address
	// Markets are Gamma's demo markets in SeedDemo's order, and Created
	// the number this start created (0 on a restart); Demo is what
	// SeedDemo returned (events, markets, games).
	Markets []Market
	Created int
	Demo    *operator.Demo
	// DataDir is the data dir in use.
	DataDir string
	// Deployment is the chain's deployment record, kept at RecordPath;
	// Deployed says whether this start deployed the contracts. RPCURL is
	// the chain's JSON-RPC URL.
	Deployment *deploy.Deployment
	RecordPath string
	Deployed   bool
	RPCURL     string
	// CORSOrigins are the origins the three APIs allow (Config.CORSOrigins).
	CORSOrigins httpmw.Origins

	log   *zap.Logger
	chain *onchain
	// onchain is the markets service's client, as the gateways have it.
	onchain  *marketrpc.Client
	nats     *natsembed.Server
	conns    []*nats.Conn
	engine   *inproc.Engine
	gateways []*server.Server
	watch    *chainwatch.Watcher
	recon    *reconcile.Reconciler
	gamma    *gammaserver.Server
	// gammaLn and relayerLn are opened first (listenAPIs).
	gammaLn, relayerLn net.Listener
	errc               chan error
	closing            sync.Once
	closeErr           error
	// The gateways stop before the engine, so that requests in flight
	// still get their results.
	gwStop context.CancelFunc
	gwDone sync.WaitGroup
	// abortStart ends a start still waiting for the engine when a
	// component fails; calling it later does nothing.
	abortStart context.CancelCauseFunc
}

// Start starts a devnet and returns once its markets exist and its
// gateways serve HTTP. ctx bounds the start only; Close stops the devnet.
func Start(ctx context.Context, cfg Config) (*Devnet, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	ctx, cancelSetup := context.WithTimeout(ctx, setupTimeout)
	defer cancelSetup()
	ctx, abort := context.WithCancelCause(ctx)
	d := &Devnet{DataDir: cfg.DataDir, log: cfg.Logger, errc: make(chan error, 1+cfg.Gateways), abortStart: abort}
	if err := d.start(ctx, cfg); err != nil {
		_ = d.Close()
		return nil, err
	}
	return d, nil
}

func (c Config) withDefaults() (Config, error) {
	if c.DataDir == "" {
		return c, errors.New("devnet: a data dir is required")
	}
	if c.APIAddr == "" {
		c.APIAddr = DefaultAPIAddr
	}
	if c.ChainAddr == "" {
		c.ChainAddr = DefaultChainAddr
	}
	if c.NATSPort == 0 {
		c.NATSPort = DefaultNATSPort
	}
	if c.Gateways <= 0 {
		c.Gateways = 1
	}
	if c.GammaAddr == "" {
		c.GammaAddr = DefaultGammaAddr
	}
	if c.RelayerAddr == "" {
		c.RelayerAddr = DefaultRelayerAddr
	}
	if c.Logger == nil {
		c.Logger = zap.NewNop()
	}
	if c.LoginIPPerSecond == 0 {
		c.LoginIPPerSecond = DefaultLoginIPPerSecond
	}
	if c.LoginIPBurst == 0 {
		c.LoginIPBurst = DefaultLoginIPBurst
	}
	return c, nil
}

func (d *Devnet) start(ctx context.Context, cfg Config) error {
	if err := os.MkdirAll(cfg.DataDir, 0o755); err != nil {
		return fmt.Errorf("devnet: data dir: %w", err)
	}
	// The chain first: a data dir whose chain cannot be restored is
	// refused before anything else in it is opened.
	oc, err := openChain(ctx, cfg, d.log.Named("chain"))
	if err != nil {
		return err
	}
	d.chain, d.Deployment, d.RecordPath, d.Deployed, d.RPCURL = oc, oc.d, oc.path, oc.created, oc.rpcURL
	if err := d.startNATS(cfg); err != nil {
		return err
	}
	if err := d.startEngine(ctx, cfg); err != nil {
		return err
	}
	gwCtx, gwStop := context.WithCancel(context.Background())
	d.gwStop = gwStop
	if err := d.startChainWatch(ctx, gwCtx, cfg); err != nil {
		return err
	}
	if err := d.startRedeemer(gwCtx); err != nil {
		return err
	}
	if err := d.startMarkets(ctx, gwCtx); err != nil {
		return err
	}
	// Gamma's and the Relayer's listeners come before the gateways: the
	// web app each gateway serves is told their addresses.
	if err := d.listenAPIs(cfg); err != nil {
		return err
	}
	for i := range cfg.Gateways {
		addr := cfg.APIAddr
		if i > 0 {
			addr = "127.0.0.1:0"
		}
		if err := d.startGateway(gwCtx, cfg, addr); err != nil {
			return err
		}
	}
	d.URL = d.URLs[0]
	if err := d.startGamma(ctx, gwCtx, cfg); err != nil {
		return err
	}
	if err := d.startRelayer(ctx, gwCtx, cfg); err != nil {
		return err
	}
	switch {
	case cfg.SettleElsewhere:
		if err := d.chain.grantOperator(ctx, d.RelayerHot); err != nil {
			return err
		}
	case !cfg.NoSettle:
		if err := d.startSettle(ctx, gwCtx); err != nil {
			return err
		}
	}
	if cfg.DemoBook {
		return d.seedDemoBook(ctx)
	}
	return nil
}

func (d *Devnet) startNATS(cfg Config) error {
	srv, err := natsembed.Start(natsembed.Options{StoreDir: filepath.Join(cfg.DataDir, "nats"), Port: cfg.NATSPort,
		SyncAlways: true, Name: "devnet", Logger: d.log.Named("nats")})
	if err != nil {
		return fmt.Errorf("devnet: NATS on port %d: %w", cfg.NATSPort, err)
	}
	d.nats, d.NATSURL = srv, srv.ClientURL()
	return nil
}

// connect opens a NATS connection that the devnet closes at Close.
func (d *Devnet) connect(name string) (*nats.Conn, error) {
	nc, err := d.nats.Connect(nats.Name(name))
	if err != nil {
		return nil, err
	}
	d.conns = append(d.conns, nc)
	return nc, nil
}

func (d *Devnet) startEngine(ctx context.Context, cfg Config) error {
	nc, err := d.connect("engine")
	if err != nil {
		return err
	}
	admin, err := resolveAddr(cfg.AdminAddr)
	if err != nil {
		return err
	}
	mc := machine.DefaultConfig()
	mc.FeeAccount = machine.Address(FeeAccount)
	if cfg.HeartbeatTimeout > 0 {
		mc.HeartbeatTimeoutMs = cfg.HeartbeatTimeout.Milliseconds()
	}
	e, err := inproc.Start(ctx, service.Config{DataDir: filepath.Join(cfg.DataDir, "engine"), Conn: nc,
		Mode: service.ModeLeader, TickInterval: cfg.TickInterval, AdminAddr: admin, Machine: mc, Logger: d.log.Named("engine")})
	if err != nil {
		return fmt.Errorf("devnet: engine: %w", err)
	}
	d.engine = e
	if admin != "" {
		d.AdminURL = "http://" + admin
	}
	go func() {
		<-e.Done()
		if err := e.Err(); err != nil {
			d.fail(fmt.Errorf("devnet: engine: %w", err))
		}
	}()
	return nil
}

// resolveAddr checks that the admin address is free, so that a busy port
// fails the start with a clear message rather than stopping the engine
// later, and turns a ":0" port into a free one, because the engine opens
// its admin listener itself and would not say which port it got.
func resolveAddr(addr string) (string, error) {
	if addr == "" {
		return "", nil
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return "", fmt.Errorf("devnet: engine admin address: %w", err)
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// GatewayConfig is the configuration of the devnet's CLOB gateways: the
// chain id, exchanges, Safe factory and init-code hash of the deployment
// record, the devnet's master key, and the faucet on.
func GatewayConfig(dep *deploy.Deployment) server.Config {
	cfg := server.DefaultConfig()
	cfg.ChainID, cfg.Exchange, cfg.NegRiskExchange = dep.ChainID, dep.Contracts.Exchange, dep.Contracts.NegRiskExchange
	cfg.ProxyFactory, cfg.ProxyInitCodeHash = dep.Contracts.SafeFactory, dep.SafeInitCodeHash
	cfg.MasterKey = MasterKey()
	cfg.Faucet = true
	return cfg
}

// GammaConfig is the configuration of the devnet's Gamma API: the
// deployment record's chain values, the deployer as the markets' oracle,
// and the devnet's fixed JWT and operator keys.
func GammaConfig(dep *deploy.Deployment) gammaserver.Config {
	cfg := gammaserver.DefaultConfig()
	cfg.UseDeployment(dep)
	cfg.Oracle = dep.Deployer
	cfg.JWTKey = JWTKey()
	cfg.OperatorKey = []byte(OperatorKey)
	return cfg
}

// unlimitedStreamConns is the streams' connections per IP with
// Config.Unlimited: more than a benchmark opens (the process's file
// limit binds first).
const unlimitedStreamConns = 1 << 20

// listenAPIs opens Gamma's and the Relayer's listeners, so their URLs
// are known before anything serves.
func (d *Devnet) listenAPIs(cfg Config) error {
	var err error
	if d.gammaLn, err = net.Listen("tcp", cfg.GammaAddr); err != nil {
		return fmt.Errorf("devnet: Gamma API listen on %s: %w", cfg.GammaAddr, err)
	}
	d.GammaURL = "http://" + d.gammaLn.Addr().String()
	if d.relayerLn, err = net.Listen("tcp", cfg.RelayerAddr); err != nil {
		return fmt.Errorf("devnet: Relayer API listen on %s: %w", cfg.RelayerAddr, err)
	}
	d.RelayerURL = "http://" + d.relayerLn.Addr().String()
	return nil
}

func (d *Devnet) startGateway(runCtx context.Context, cfg Config, addr string) error {
	nc, err := d.connect(fmt.Sprintf("gateway-clob-%d", len(d.gateways)))
	if err != nil {
		return err
	}
	gcfg := GatewayConfig(d.Deployment)
	gcfg.FaucetFunder = watchedFaucet{d.onchain, d}
	// GET /balance-allowance reads the wallets' approvals from the chain.
	if gcfg.Allowances, err = chainread.New(d.chain.chain.Backend, d.Deployment); err != nil {
		return fmt.Errorf("devnet: gateway: %w", err)
	}
	gcfg.FaucetViaChain = true // the chain watcher credits it (settler.go)
	if cfg.Unlimited {
		gcfg.RateLimit.IPPerSecond, gcfg.RateLimit.KeyPerSecond = 0, 0
		// A benchmark's thousands of stream subscribers come from one IP.
		gcfg.StreamLimits.ConnsPerIP = unlimitedStreamConns
	}
	// The first gateway's listener comes first: its port names the web
	// app's origin, which every API allows.
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("devnet: gateway listen on %s: %w", addr, err)
	}
	if d.CORSOrigins == nil {
		d.CORSOrigins = cfg.CORSOrigins
		if d.CORSOrigins == nil {
			d.CORSOrigins = AppOrigins(ln.Addr().(*net.TCPAddr).Port)
		}
	}
	gcfg.CORSOrigins = d.CORSOrigins
	gcfg.App = server.AppConfig{GammaURL: d.GammaURL, RelayerURL: d.RelayerURL}
	gw, err := server.New(gcfg, nc, d.log)
	if err != nil {
		_ = ln.Close()
		return fmt.Errorf("devnet: gateway: %w", err)
	}
	d.gateways = append(d.gateways, gw)
	d.URLs = append(d.URLs, "http://"+ln.Addr().String())
	d.run(&d.gwDone, "gateway", func() error { return gw.Serve(runCtx, ln) })
	return nil
}

// run runs a gateway until the devnet stops; its error, if any, is
// reported by Failed.
func (d *Devnet) run(wg *sync.WaitGroup, name string, fn func() error) {
	wg.Add(1)
	go func() {
		defer wg.Done()
		if err := fn(); err != nil {
			d.fail(fmt.Errorf("devnet: %s: %w", name, err))
		}
	}()
}

// fail reports a component that stopped on its own: it ends a start still
// under way and goes to Failed.
func (d *Devnet) fail(err error) {
	d.log.Error("component stopped", zap.Error(err))
	d.abortStart(err)
	select {
	case d.errc <- err:
	default:
	}
}

// startGamma starts the Gamma API with the settler's markets service as
// its market preparer and resolver, lists the demo catalogue through its operator (idempotent:
// a restart finds it) and serves HTTP.
func (d *Devnet) startGamma(ctx, runCtx context.Context, cfg Config) error {
	nc, err := d.connect("gateway-gamma")
	if err != nil {
		return err
	}
	gcfg := GammaConfig(d.Deployment)
	gcfg.Chain, gcfg.Resolver = d.onchain, d.onchain
	gcfg.Liveness, gcfg.ScoreFeedInterval = cfg.Liveness, cfg.ScoreFeedInterval
	if gcfg.Liveness == 0 {
		gcfg.Liveness = DefaultLiveness
	}
	gcfg.ScoreFeed = feed.DemoScript()
	if cfg.ScoreScript != nil {
		gcfg.ScoreFeed = cfg.ScoreScript
	}
	gcfg.RateLimit.AuthIPPerSecond, gcfg.RateLimit.AuthIPBurst = cfg.LoginIPPerSecond, cfg.LoginIPBurst
	gcfg.CORSOrigins = d.CORSOrigins
	if cfg.Unlimited {
		gcfg.RateLimit.IPPerSecond = 0
	}
	began := time.Now()
	gw, err := gammaserver.New(gcfg, nc, d.log)
	if err != nil {
		return fmt.Errorf("devnet: Gamma API: %w", err)
	}
	d.gamma = gw
	ln := d.gammaLn
	d.run(&d.gwDone, "gateway-gamma", func() error { return gw.Serve(runCtx, ln) })
	demo, err := operator.SeedDemo(ctx, gw.Operator())
	if err != nil {
		return fmt.Errorf("devnet: the demo catalogue: %w", err)
	}
	d.Demo, d.Markets = demo, demoMarkets(gw.View(), demo)
	for _, m := range demo.Markets {
		if !m.CreatedAt.Before(began) {
			d.Created++
		}
	}
	return d.waitMarkets(ctx, nc)
}

// Failed receives the first error of a component that stopped on its own
// (the engine on a corrupt log, a gateway whose listener failed).
func (d *Devnet) Failed() <-chan error { return d.errc }

// Market returns the market with the given slug.
func (d *Devnet) Market(slug string) (Market, bool) {
	for _, m := range d.Markets {
		if m.Slug == slug {
			return m, true
		}
	}
	return Market{}, false
}

// FeeAccount is the wallet that collects the taker fees.
func (d *Devnet) FeeAccount() common.Address { return FeeAccount }

// Close stops the gateways (draining requests in flight), then the
// engine (which commits its state), then NATS. The data dir can be opened
// again once Close returns.
func (d *Devnet) Close() error {
	d.closing.Do(func() {
		var errs []error
		// A start that failed early leaves these listeners unserved; a
		// served one is closed already and this does nothing.
		for _, ln := range []net.Listener{d.gammaLn, d.relayerLn} {
			if ln != nil {
				_ = ln.Close()
			}
		}
		if d.gwStop != nil {
			d.gwStop()
		}
		d.gwDone.Wait()
		for _, gw := range d.gateways {
			errs = append(errs, gw.Close())
		}
		if d.gamma != nil {
			d.gamma.Close()
		}
		if d.engine != nil {
			errs = append(errs, d.engine.Stop())
		}
		for _, nc := range d.conns {
			nc.Close()
		}
		if d.nats != nil {
			d.nats.Shutdown()
		}
		errs = append(errs, d.chain.close())
		d.closeErr = errors.Join(errs...)
	})
	return d.closeErr
}
