// Package api holds the CLOB API's HTTP handlers, one file per resource
// group, and the embedded OpenAPI document that describes them.
//
// Handlers validate everything they can before a command reaches the log,
// publish commands through the runtime's group-commit publisher, and
// answer reads with engine queries over NATS. They keep no state of their
// own beyond the market cache.
package api

import (
	"context"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/labstack/echo/v4"
	"github.com/nats-io/nats.go"
	"go.uber.org/zap"

	"pred.dev/gateway-clob/chainread"
	"pred.dev/gateway-clob/internal/auth"
	"pred.dev/gateway-clob/internal/market"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/eip712"
	"pred.dev/proto/pb"
	"pred.dev/proto/rules"
	"pred.dev/proto/runtime/leaderread"
	"pred.dev/proto/runtime/publish"
	"pred.dev/proto/wallet"
)

// Limits of requests, as the spec fixes them or as chosen here. The limits
// the engine enforces too (the fee rate, the cancel list, prices and
// sizes) are pred.dev/proto/rules.
const (
	// PostOrdersMax is the most orders in one POST /orders (spec).
	PostOrdersMax = clobapi.PostOrdersMax
	// TokenIDsMax is the most token ids in one batch price request (spec).
	TokenIDsMax = rules.TokenBatchMax
	// PageLimitDefault and PageLimitMax bound page sizes of lists.
	PageLimitDefault = 100
	PageLimitMax     = 500
	// PageNumberMax bounds the offset-style page parameter, which the
	// gateway serves by walking cursors.
	PageNumberMax = 100
	// FidelityMaxMin bounds the price-history bucket size (one month).
	FidelityMaxMin = 30 * 24 * 60
	// batchQueryParallelMax bounds concurrent engine queries of one
	// batch request.
	batchQueryParallelMax = 8
)

// Config is the API's share of the server configuration.
type Config struct {
	ChainID         uint64
	Exchange        common.Address
	NegRiskExchange common.Address
	// ProxyFactory and ProxyInitCodeHash derive the proxy wallet of a
	// signer (signatureType 2). A zero factory disables proxy wallets.
	ProxyFactory      common.Address
	ProxyInitCodeHash common.Hash
	// DefaultFeeRateBps is what GET /fee-rate answers without a token.
	DefaultFeeRateBps uint32
	// QueryTimeout bounds each engine query.
	QueryTimeout time.Duration
	// Faucet enables POST /faucet (devnet only); FaucetMaxUnits bounds one
	// credit in USDW base units.
	Faucet         bool
	FaucetMaxUnits uint64
	// FaucetFunder, if set, funds the address on chain before the engine
	// credits it, so that chain and engine balances agree.
	FaucetFunder FaucetFunder
	// FaucetViaChain: with a FaucetFunder, the faucet appends nothing: the
	// settler's chain watcher sees the transfer and appends the deposit,
	// the only way funds reach the engine's ledger outside tests.
	FaucetViaChain bool
	// Allowances, if set, reads the wallets' allowances to the exchanges
	// on chain for GET /balance-allowance; without it the answer has none
	// (nothing is assumed).
	Allowances AllowanceReader
}

// AllowanceReader reads what a wallet has allowed each exchange on chain
// (chainread.Reader).
type AllowanceReader interface {
	Allowances(ctx context.Context, owner common.Address) ([]chainread.Allowance, error)
}

// FaucetFunder puts amount base units of USDW at an address on chain
// (the devnet mints its stablecoin and wraps it into the address) and
// returns once that is mined.
type FaucetFunder interface {
	Fund(ctx context.Context, to common.Address, amount uint64) error
}

// Publisher is the part of publish.Publisher the handlers use.
type Publisher interface {
	Submit(ctx context.Context, cmd *pb.Command) (*publish.Result, error)
	Append(ctx context.Context, cmd *pb.Command) (uint64, error)
}

// API holds the handlers' dependencies.
type API struct {
	cfg     Config
	nc      *nats.Conn
	pub     Publisher
	markets *market.Cache
	l1      *auth.L1
	l2      *auth.L2
	keys    *auth.KeyStore
	deriver *auth.Deriver
	limiter *Limiter
	log     *zap.Logger
	now     func() time.Time
	fence   *leaderread.Fence

	exchangeSep, negRiskSep [32]byte
}

// Deps are the collaborators the server wires into the API.
type Deps struct {
	NC      *nats.Conn
	Pub     Publisher
	Markets *market.Cache
	L1      *auth.L1
	L2      *auth.L2
	Keys    *auth.KeyStore
	Deriver *auth.Deriver
	Limiter *Limiter
	Log     *zap.Logger
	Now     func() time.Time
	// Fence is the read fence on the command log (queryFor).
	Fence *leaderread.Fence
}

// New builds the API.
func New(cfg Config, d Deps) *API {
	if d.Now == nil {
		d.Now = time.Now
	}
	return &API{
		cfg: cfg, nc: d.NC, pub: d.Pub, markets: d.Markets, l1: d.L1, l2: d.L2,
		keys: d.Keys, deriver: d.Deriver, limiter: d.Limiter, log: d.Log, now: d.Now,
		fence:       d.Fence,
		exchangeSep: eip712.OrderDomain(cfg.ChainID, cfg.Exchange).Separator(),
		negRiskSep:  eip712.OrderDomain(cfg.ChainID, cfg.NegRiskExchange).Separator(),
	}
}

// proxyOf returns the proxy wallet of a signer, if proxies are enabled.
func (a *API) proxyOf(signer common.Address) (common.Address, bool) {
	if a.cfg.ProxyFactory == (common.Address{}) {
		return common.Address{}, false
	}
	return wallet.ProxyAddress(a.cfg.ProxyFactory, a.cfg.ProxyInitCodeHash, signer), true
}

// accounts are the maker wallets an API key may trade and cancel for: its
// EOA and, when proxies are enabled, the EOA's proxy wallet.
func (a *API) accounts(id auth.Identity) []common.Address {
	out := []common.Address{id.Address}
	if p, ok := a.proxyOf(id.Address); ok {
		out = append(out, p)
	}
	return out
}

// Register adds the CLOB's own routes to e (the documentation and health
// routes are the gateway kit's, pred.dev/proto/runtime/gateway). Routes
// are grouped by auth level; the auth middleware of each level is in
// auth.go.
func (a *API) Register(e *echo.Echo) {
	a.registerHealth(e)
	a.registerKeys(e)
	a.registerOrders(e)
	a.registerCancels(e)
	a.registerMakers(e)
	a.registerAccount(e)
	a.registerBook(e)
	a.registerMidpoints(e)
	a.registerMarkets(e)
	a.registerHistory(e)
	a.registerHeartbeat(e)
	a.registerFaucet(e)
	a.registerWithdraw(e)
}
