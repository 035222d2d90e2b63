// Package reconcile holds the chain against the engine's ledger: for every
// proxy wallet and asset (USDW and every token an exchange registered), the
// wallet's on-chain balance must equal what the engine holds for it,
// balance plus what is reserved for withdrawals (the reservation is out of
// the balance but still in the wallet until the transfer is seen).
//
// It compares at one point of both histories: the last block the chain
// watcher handled, read from the chain at that block, against the engine
// once it has applied the watcher's commands up to that block. Trades are
// the other way balances move, and they reach the chain later (settlement):
// a wallet with a trade that is not final yet (MATCHED, SUBMITTED, MINED or
// RETRYING), or CONFIRMED by a transaction mined after the compared block,
// is skipped and counted, and compared again on a later run. The second
// case is not rare: the relayer confirms a transaction as soon as it is
// deep enough, while the watcher handles that block on its next poll, so
// a check right after a burst of settlements compared a ledger holding
// those trades with a chain block that did not, and reported differences
// that were not there (the cluster's fault run, issue 21). So every
// difference a check reports is real.
//
// Every difference is logged and exported as metrics; Check is also the
// operator's command: Serve answers it over HTTP (GET /reconcile, with
// the API's document at /openapi.yaml and /docs), `pred reconcile` asks
// it.
package reconcile

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/nats-io/nats.go"
	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"pred.dev/proto/chain/bind/ctf"
	"pred.dev/proto/chain/bind/usdw"
	"pred.dev/proto/chain/deploy"
	"pred.dev/proto/errcode"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/query"
)

// Source is what the chain watcher knows: the proxy wallets, the tokens,
// and how far it has brought the chain into the log
// (pred.dev/settler/chainwatch's Watcher).
type Source interface {
	Proxies() []common.Address
	Tokens() []common.Hash
	Handled() (block, seq uint64)
}

// Chain is what a check reads from the chain: balances at a block, the
// head, and the exchanges' logs of the blocks after the compared one,
// which say which settlements were mined after it. The settler's chain
// backend (txn.Backend) is one.
type Chain interface {
	bind.ContractCaller
	bind.ContractFilterer
	HeaderByNumber(ctx context.Context, number *big.Int) (*types.Header, error)
}

// Config tunes a Reconciler.
type Config struct {
	Deployment *deploy.Deployment
	// Interval is the wait between periodic checks (Run).
	Interval time.Duration
	// WalletsMax bounds the wallets one check compares; the rest wait for
	// a later check (the order is by address, rotating).
	WalletsMax int
	// TradePagesMax bounds the trade pages read per wallet to learn
	// whether all its trades are final; a wallet with more is skipped.
	TradePagesMax int
	// QueryTimeout bounds each engine query.
	QueryTimeout time.Duration
	// Registerer takes the metrics (none if nil).
	Registerer prometheus.Registerer
}

// Defaults of Config.
const (
	DefaultInterval      = 30 * time.Second
	DefaultWalletsMax    = 10_000
	DefaultTradePagesMax = 20
	DefaultQueryTimeout  = 5 * time.Second
	// tradePageLimit is the trades asked for per page.
	tradePageLimit = 500
)

// DefaultConfig returns the defaults with the deployment.
func DefaultConfig(d *deploy.Deployment) Config {
	return Config{Deployment: d, Interval: DefaultInterval, WalletsMax: DefaultWalletsMax,
		TradePagesMax: DefaultTradePagesMax, QueryTimeout: DefaultQueryTimeout}
}

// Difference is one wallet and asset where chain and engine disagree.
type Difference struct {
	Wallet common.Address `json:"wallet"`
	// Token is the token id in decimal, "" for USDW.
	Token string `json:"token"`
	// Chain is the on-chain balance, Engine the engine's balance plus its
	// withdrawal reservation less its debt, in base units.
	Chain  string `json:"chain"`
	Engine string `json:"engine"`
}

// Report is the result of one check.
type Report struct {
	// Block is the chain block compared, Seq the CMD sequence the engine
	// had applied at least.
	Block uint64 `json:"block"`
	Seq   uint64 `json:"seq"`
	// Wallets is how many proxy wallets exist, Compared how many were
	// compared in every asset, Unsettled how many were skipped because
	// they have trades not final yet.
	Wallets   int `json:"wallets"`
	Compared  int `json:"compared"`
	Unsettled int `json:"unsettled"`
	Assets    int `json:"assets"`
	// TradesRead is how many trades were read from the engine to tell
	// the two apart: each wallet's from its mark on (see finalBelow), so
	// a check after every trade settled reads none again.
	TradesRead int `json:"trades_read"`
	// Differences lists every disagreement, by wallet then asset.
	Differences []Difference `json:"differences"`
}

// Reconciler compares the chain and the ledger.
type Reconciler struct {
	cfg   Config
	src   Source
	nc    *nats.Conn
	chain Chain
	usdw  *usdw.USDWCaller
	ctf   *ctf.ConditionalTokensCaller
	log   *zap.Logger
	m     *metrics
	// mu serialises checks (the periodic one and the operator's).
	mu   sync.Mutex
	from int // rotation start among the wallets
	// finalBelow holds, per wallet, a trade id below which every trade
	// of the wallet is final. A final status never changes and a new
	// trade takes a higher id, so a check reads only the wallet's trades
	// from there on (made since its last settled check), not the
	// wallet's whole history: read again every Interval, that cost the
	// engine more as trades piled up. One entry per wallet checked;
	// guarded by mu.
	finalBelow map[common.Address]uint64
	// settledAfter holds the transactions the exchanges' logs show mined
	// after the check's block, read once per check (nil until then);
	// guarded by mu.
	settledAfter map[common.Hash]bool
}

// New returns a reconciler reading the chain through backend and the
// engine through NATS.
func New(cfg Config, backend Chain, nc *nats.Conn, src Source, log *zap.Logger) (*Reconciler, error) {
	if cfg.Deployment == nil || cfg.Interval <= 0 || cfg.WalletsMax <= 0 || cfg.TradePagesMax <= 0 || cfg.QueryTimeout <= 0 {
		return nil, fmt.Errorf("reconcile: incomplete config %+v (start from DefaultConfig)", cfg)
	}
	u, err := usdw.NewUSDWCaller(cfg.Deployment.Contracts.Collateral, backend)
	if err != nil {
		return nil, err
	}
	c, err := ctf.NewConditionalTokensCaller(cfg.Deployment.Contracts.ConditionalTokens, backend)
	if err != nil {
		return nil, err
	}
	return &Reconciler{cfg: cfg, src: src, nc: nc, chain: backend, usdw: u, ctf: c,
		log: log.Named("reconcile"), m: newMetrics(cfg.Registerer), finalBelow: map[common.Address]uint64{}}, nil
}

// Run checks every Interval until ctx ends. A failed check is logged and
// counted; the next one runs on time.
func (r *Reconciler) Run(ctx context.Context) error {
	t := time.NewTicker(r.cfg.Interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
		if _, err := r.Check(ctx); err != nil && ctx.Err() == nil {
			r.m.failed.Inc()
			r.log.Warn("reconciliation failed", zap.Error(err))
		}
	}
}

// Check compares every proxy wallet (up to WalletsMax) in every asset.
func (r *Reconciler) Check(ctx context.Context) (Report, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	block, seq := r.src.Handled()
	r.settledAfter = nil
	wallets := r.src.Proxies()
	slices.SortFunc(wallets, func(a, b common.Address) int { return a.Cmp(b) })
	tokens := r.src.Tokens()
	slices.SortFunc(tokens, func(a, b common.Hash) int { return a.Cmp(b) })
	rep := Report{Block: block, Seq: seq, Wallets: len(wallets), Assets: 1 + len(tokens), Differences: []Difference{}}
	if block == 0 {
		return rep, nil // the watcher has handled nothing yet
	}
	if len(wallets) > r.cfg.WalletsMax {
		r.from %= len(wallets)
		wallets = append(wallets[r.from:], wallets[:r.from]...)[:r.cfg.WalletsMax]
		r.from += r.cfg.WalletsMax
	}
	at := &bind.CallOpts{Context: ctx, BlockNumber: new(big.Int).SetUint64(block)}
	ids := make([]*big.Int, len(tokens))
	for i, t := range tokens {
		ids[i] = t.Big()
	}
	for _, w := range wallets {
		open, read, err := r.unsettled(ctx, w, block, seq)
		rep.TradesRead += read
		if err != nil {
			return rep, err
		}
		if open {
			rep.Unsettled++
			continue
		}
		diffs, err := r.compare(ctx, at, seq, w, tokens, ids)
		if err != nil {
			return rep, err
		}
		rep.Compared++
		rep.Differences = append(rep.Differences, diffs...)
	}
	for _, d := range rep.Differences {
		r.log.Warn("chain and ledger differ", zap.Stringer("wallet", d.Wallet), zap.String("token", d.Token),
			zap.String("chain", d.Chain), zap.String("engine", d.Engine), zap.Uint64("block", block), zap.Uint64("seq", seq))
	}
	r.m.observe(&rep)
	// A clean check logs at debug: it runs every Interval.
	logf := r.log.Debug
	if len(rep.Differences) > 0 {
		logf = r.log.Info
	}
	logf("reconciled", zap.Uint64("block", block), zap.Int("wallets", rep.Wallets), zap.Int("compared", rep.Compared),
		zap.Int("unsettled", rep.Unsettled), zap.Int("differences", len(rep.Differences)))
	return rep, nil
}

// compare reads one wallet's balances on chain at the block and in the
// engine, asset by asset.
func (r *Reconciler) compare(ctx context.Context, at *bind.CallOpts, seq uint64, w common.Address, tokens []common.Hash, ids []*big.Int) ([]Difference, error) {
	chainUSDW, err := r.usdw.BalanceOf(at, w)
	if err != nil {
		return nil, balancesUnavailable(w, at, fmt.Errorf("reconcile: USDW of %s at %s: %w", w, at.BlockNumber, err))
	}
	chainTok := []*big.Int{}
	if len(ids) > 0 {
		owners := make([]common.Address, len(ids))
		for i := range owners {
			owners[i] = w
		}
		if chainTok, err = r.ctf.BalanceOfBatch(at, owners, ids); err != nil {
			return nil, balancesUnavailable(w, at, fmt.Errorf("reconcile: tokens of %s at %s: %w", w, at.BlockNumber, err))
		}
	}
	var out []Difference
	check := func(token []byte, name string, onChain *big.Int) error {
		engine, err := r.engineHolds(ctx, seq, w, token)
		if err != nil {
			return err
		}
		if onChain.Cmp(engine) != 0 {
			out = append(out, Difference{Wallet: w, Token: name, Chain: onChain.String(), Engine: engine.String()})
		}
		return nil
	}
	if err := check(nil, "", chainUSDW); err != nil {
		return nil, err
	}
	for i, t := range tokens {
		if err := check(t.Bytes(), t.Big().String(), chainTok[i]); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// engineHolds is what the engine says a wallet holds on chain in an
// asset, once it has applied the log through seq: its balance plus its
// withdrawal reservation less its debt (what the chain took beyond the
// ledger, see engine/machine/debt.go; it can make the sum negative). A token the engine does
// not know (a market registered on chain but not in the engine) holds 0.
func (r *Reconciler) engineHolds(ctx context.Context, seq uint64, w common.Address, token []byte) (*big.Int, error) {
	resp, err := r.ask(ctx, &pb.QueryRequest{MinSeq: seq, Query: &pb.QueryRequest_Balance{
		Balance: &pb.BalanceQuery{Account: w.Bytes(), TokenId: token}}})
	if err != nil {
		return nil, err
	}
	if resp.GetError().GetCode() == pb.QueryErrorCode_QUERY_ERROR_CODE_NOT_FOUND {
		return new(big.Int), nil
	}
	b := resp.GetBalance()
	held := new(big.Int).Add(new(big.Int).SetUint64(b.GetBalance()), new(big.Int).SetUint64(b.GetPending()))
	return held.Sub(held, new(big.Int).SetUint64(b.GetDebt())), nil
}

// unsettled reports whether the wallet has a trade that is not final, or
// final in a transaction mined after block. It reads the wallet's trades
// from finalBelow on, newest first, and stops at the first one not final
// (the newest usually is, while the wallet trades); when every one is
// final at block it moves the mark past the newest.
func (r *Reconciler) unsettled(ctx context.Context, w common.Address, block, seq uint64) (open bool, read int, err error) {
	cursor := ""
	var newest uint64
	confirmedIn := map[common.Hash]bool{}
	for range r.cfg.TradePagesMax {
		resp, err := r.ask(ctx, &pb.QueryRequest{MinSeq: seq, Query: &pb.QueryRequest_Trades{
			Trades: &pb.TradesQuery{Account: w.Bytes(), FromId: r.finalBelow[w], Cursor: cursor, Limit: tradePageLimit}}})
		if err != nil {
			return false, read, err
		}
		page := resp.GetTrades()
		for _, t := range page.GetTrades() {
			read++
			newest = max(newest, t.GetTradeId())
			switch t.GetStatus() {
			case pb.TradeStatus_TRADE_STATUS_CONFIRMED:
				confirmedIn[common.BytesToHash(t.GetTxHash())] = true
			case pb.TradeStatus_TRADE_STATUS_FAILED, pb.TradeStatus_TRADE_STATUS_SYNTHETIC:
			default:
				return true, read, nil
			}
		}
		if cursor = page.GetNextCursor(); cursor == "" || len(page.GetTrades()) == 0 {
			if later, err := r.minedAfter(ctx, block, confirmedIn); err != nil || later {
				return later, read, err
			}
			if newest > 0 {
				r.finalBelow[w] = newest + 1
			}
			return false, read, nil
		}
	}
	r.log.Info("wallet skipped: more trades than TradePagesMax pages", zap.Stringer("wallet", w))
	return true, read, nil
}

// minedAfter reports whether one of the transactions was mined after
// block: its trades are CONFIRMED in the ledger but not yet in the
// chain's balances at block. A settlement is an exchange's transaction,
// so the exchanges' logs of the blocks after block name every one mined
// since; they are read once per check, a few blocks (the watcher follows
// the head), where a receipt per transaction made a check after a
// restart read one receipt for every trade the wallets ever settled
// (32,515 trades after an hour's fault campaign: GET /reconcile took
// over a minute). A transaction in neither is not skipped: its trades
// are in the ledger and not on chain, which the comparison then shows.
func (r *Reconciler) minedAfter(ctx context.Context, block uint64, txs map[common.Hash]bool) (bool, error) {
	if len(txs) == 0 {
		return false, nil
	}
	if r.settledAfter == nil {
		after, err := r.settlementsAfter(ctx, block)
		if err != nil {
			return false, err
		}
		r.settledAfter = after
	}
	for h := range txs {
		if r.settledAfter[h] {
			return true, nil
		}
	}
	return false, nil
}

// settlementsAfter reads the transactions of the exchanges' logs in the
// blocks after block, up to the head.
func (r *Reconciler) settlementsAfter(ctx context.Context, block uint64) (map[common.Hash]bool, error) {
	head, err := r.chain.HeaderByNumber(ctx, nil)
	if err != nil {
		return nil, chainUnavailable(fmt.Errorf("reconcile: head: %w", err), "the chain did not answer its head: retry later")
	}
	out := map[common.Hash]bool{}
	if head.Number.Uint64() <= block {
		return out, nil
	}
	c := r.cfg.Deployment.Contracts
	logs, err := r.chain.FilterLogs(ctx, ethereum.FilterQuery{FromBlock: new(big.Int).SetUint64(block + 1), ToBlock: head.Number,
		Addresses: []common.Address{c.Exchange, c.NegRiskExchange}})
	if err != nil {
		return nil, chainUnavailable(fmt.Errorf("reconcile: exchange logs after block %d: %w", block, err),
			fmt.Sprintf("the chain did not answer the exchanges' logs after block %d: retry later", block))
	}
	for _, l := range logs {
		out[l.TxHash] = true
	}
	return out, nil
}

func (r *Reconciler) ask(ctx context.Context, req *pb.QueryRequest) (*pb.QueryResponse, error) {
	ctx, cancel := context.WithTimeout(ctx, r.cfg.QueryTimeout)
	defer cancel()
	resp, err := query.Do(ctx, r.nc, req)
	if err != nil {
		return nil, engineUnavailable(fmt.Errorf("reconcile: engine query: %w", err))
	}
	if e := resp.GetError(); e != nil && e.GetCode() != pb.QueryErrorCode_QUERY_ERROR_CODE_NOT_FOUND &&
		e.GetCode() != pb.QueryErrorCode_QUERY_ERROR_CODE_UNSPECIFIED {
		return nil, engineUnavailable(fmt.Errorf("reconcile: engine query: %s %s", e.GetCode(), e.GetMessage()))
	}
	return resp, nil
}

// chainUnavailable and engineUnavailable are the coded errors of a check
// that could not read one side (GET /reconcile's 503): the cause is
// logged, never sent.
func chainUnavailable(cause error, message string) error {
	return &errcode.Error{Code: errcode.ChainUnavailable, Err: cause, Message: message}
}

func balancesUnavailable(w common.Address, at *bind.CallOpts, cause error) error {
	return chainUnavailable(cause, fmt.Sprintf("the chain did not answer the balances of %s at block %s: retry later", w.Hex(), at.BlockNumber))
}

func engineUnavailable(cause error) error {
	return &errcode.Error{Code: errcode.EngineUnavailable, Err: cause,
		Message: "the matching engine did not answer a ledger query in time: retry later"}
}
