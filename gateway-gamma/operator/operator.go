// Package operator lists events, markets and games: what the operator API
// does over HTTP and the devnet does in Go (SeedDemo).
//
// Creating a market derives its on-chain identifiers with the chain's own
// functions (proto/chain/ctfid) and registers it in the engine through the
// command log before the catalogue shows it:
//
//	questionID  = keccak256("q: " + question + ",slug: " + slug + ",initializer: " + oracle as lowercase hex without 0x)
//	conditionId = keccak256(oracle ‖ questionID ‖ uint256(2))
//	clobTokenIds = [position id of index set 1 (YES), of index set 2 (NO)], parent collection 0, collateral USDW
//
// Everything is derived from the slug and question, so a creation that
// failed half way (a crash between the engine and the catalogue) is
// completed by retrying the same request: the slug's reserved id is
// reused and the engine's MARKET_EXISTS answer is accepted.
package operator

import (
	"context"
	"errors"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"go.uber.org/zap"

	"pred.dev/gateway-gamma/catalog"
	"pred.dev/proto/chain/ctfid"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/publish"
)

// Submitter appends a command and returns the engine's result
// (publish.Publisher).
type Submitter interface {
	Submit(ctx context.Context, cmd *pb.Command) (*publish.Result, error)
}

// Preparer makes a market tradeable on chain: it prepares the market's
// condition (questionID, with the oracle as oracle, two outcomes) on the
// conditional tokens and registers its YES and NO tokens on the standard
// or the negRisk exchange, skipping what the chain already has, and
// returns the market's ids. The devnet provides one over
// proto/chain/deploy.PrepareMarket; without one, markets are listed and
// traded in the engine only.
type Preparer interface {
	PrepareMarket(ctx context.Context, questionID common.Hash, negRisk bool) (ctfid.Market, error)
}

// Resolver reports a market's payouts on chain: the oracle's
// reportPayouts(questionID, payouts) on the conditional tokens, skipped
// when the condition already has them (a retry). The devnet provides one
// over its chain; without one, markets resolve in the engine only.
type Resolver interface {
	ReportPayouts(ctx context.Context, questionID common.Hash, negRisk bool, payouts []int) error
}

// Operator writes the catalogue.
type Operator struct {
	store      *catalog.Store
	view       *catalog.View
	engine     Submitter
	chain      Preparer
	resolver   Resolver
	oracle     common.Address
	collateral common.Address
	sports     []string
	now        func() time.Time
	liveness   time.Duration
	log        *zap.Logger
}

// Config are the chain addresses ids derive from and the known sports.
type Config struct {
	// Oracle reports the payouts of every market's condition.
	Oracle common.Address
	// Collateral is USDW, the collateral of the outcome tokens.
	Collateral common.Address
	SportTypes []string
	Now        func() time.Time
	// Chain, if set, prepares every new market on chain before the engine
	// hears of it.
	Chain Preparer
	// Resolver, if set, reports every resolution's payouts on chain
	// before the engine pays them out.
	Resolver Resolver
	// Liveness is how long a proposal can be challenged (DefaultLiveness
	// if zero).
	Liveness time.Duration
	Log      *zap.Logger
}

// New returns an operator.
func New(cfg Config, store *catalog.Store, view *catalog.View, engine Submitter) (*Operator, error) {
	if cfg.Oracle == (common.Address{}) || cfg.Collateral == (common.Address{}) {
		return nil, errors.New("operator: the oracle and collateral addresses are required")
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Liveness <= 0 {
		cfg.Liveness = DefaultLiveness
	}
	if cfg.Log == nil {
		cfg.Log = zap.NewNop()
	}
	return &Operator{store: store, view: view, engine: engine, chain: cfg.Chain, resolver: cfg.Resolver, oracle: cfg.Oracle,
		collateral: cfg.Collateral, sports: cfg.SportTypes, now: cfg.Now, liveness: cfg.Liveness, log: cfg.Log}, nil
}

func (o *Operator) wait(ctx context.Context, rev uint64) error {
	return o.view.WaitFor(ctx, rev)
}

// writeWaitMax bounds one operator write, the engine's answer included.
const writeWaitMax = 10 * time.Second

// WriteTimeout bounds one operator write, the engine's answer included.
func WriteTimeout() time.Duration { return writeWaitMax }
