// Package redeem pays resolved markets out on chain with no claim step:
// when the engine resolves a market (a MarketChanged event with status
// RESOLVED on EVT), the Redeemer finds every proxy wallet that holds the
// market's YES or NO tokens and has the RedeemModule redeem them into the
// wallet itself (RedeemModule.redeemMany). Nobody signs anything: the
// module can make no call but ConditionalTokens.redeemPositions for the
// wallet, with USDW as collateral, and any account may trigger it.
//
// The engine credited each holder 1 USDW per winning share (0.5 per share
// at 50-50) when it applied ResolveMarket, floor-rounded per position as
// ConditionalTokens rounds each redeemed position, so after the redemption
// the wallet's USDW on chain and its balance in the ledger agree to the
// unit. The chain watcher skips the USDW transfers of a redemption
// transaction (PayoutRedemption) for the same reason: the engine paid them
// at resolution.
//
// The oracle reports the payouts before the engine resolves (Gamma's
// operator does it first), so by the time the event arrives the condition
// can be redeemed. The follower (of journal.EventStream) starts from the first EVT message: on a
// restart it looks at every resolved market again, and a market whose
// holders were all redeemed costs one read.
//
// Holders are found among the wallets the SafeFactory created
// (ProxyCreation logs since the deployment), with one balanceOfBatch per
// walletsPerCall wallets. That is a read per resolution proportional to
// the number of wallets: fine for a devnet and a small exchange; a large
// one would index the conditional tokens' transfer logs per token instead.
// Wallets without the module (a factory deployed before it) and EOA
// traders are not redeemed; their owners call redeemPositions themselves.
package redeem

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"

	"pred.dev/proto/chain/bind/ctf"
	"pred.dev/proto/chain/bind/redeemmodule"
	"pred.dev/proto/chain/bind/safefactory"
	"pred.dev/proto/chain/deploy"
	"pred.dev/proto/chain/txn"
	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/follow"
)

// Limits of one resolution's work.
const (
	// walletsPerCall bounds one balanceOfBatch (two ids per wallet).
	walletsPerCall = 200
	// walletsPerTx bounds one redeemMany: 65,000 to 110,000 gas a
	// wallet (TestRedeemModule in proto/chain/contracts logs it), so a
	// transaction stays under about 5.5 million gas.
	walletsPerTx = 50
)

// Redeemer redeems resolved markets' positions into their holders'
// wallets.
type Redeemer struct {
	chain   *txn.Chain
	sender  *txn.Sender
	d       *deploy.Deployment
	ctf     *ctf.ConditionalTokensCaller
	module  *redeemmodule.RedeemModule
	factory *safefactory.SafeFactoryFilterer
	log     *zap.Logger

	mu      sync.Mutex
	wallets []common.Address
	scanned uint64 // the last block whose ProxyCreation logs are in wallets

	// SweepEvery and SweepWindow: every SweepEvery, the markets resolved
	// in the last SweepWindow (by the redeemer's clock) are redeemed
	// again, for positions that reached a wallet after the resolution (a
	// trade matched just before it and settled just after). Defaults
	// DefaultSweepEvery and DefaultSweepWindow; set before Follow.
	SweepEvery, SweepWindow time.Duration
	recentMu                sync.Mutex
	recent                  []resolved
}

// resolved is a market the follower saw resolve, and when.
type resolved struct {
	mc *pb.MarketChanged
	at time.Time
}

// Defaults of the sweep: the settler confirms a trade within seconds, so
// ten minutes covers every trade matched before a market closed.
const (
	DefaultSweepEvery  = 10 * time.Second
	DefaultSweepWindow = 10 * time.Minute
)

// New returns a redeemer that sends its transactions with sender (any
// funded key: redeeming needs no role). The deployment must have a
// RedeemModule.
func New(c *txn.Chain, sender *txn.Sender, d *deploy.Deployment, log *zap.Logger) (*Redeemer, error) {
	if d.Contracts.RedeemModule == (common.Address{}) {
		return nil, errors.New("redeem: the deployment has no RedeemModule: its wallets cannot be redeemed without their owners")
	}
	if log == nil {
		log = zap.NewNop()
	}
	r := &Redeemer{chain: c, sender: sender, d: d, log: log, SweepEvery: DefaultSweepEvery, SweepWindow: DefaultSweepWindow}
	var err error
	if r.ctf, err = ctf.NewConditionalTokensCaller(d.Contracts.ConditionalTokens, c.Backend); err != nil {
		return nil, err
	}
	if r.module, err = redeemmodule.NewRedeemModule(d.Contracts.RedeemModule, c.Backend); err != nil {
		return nil, err
	}
	if r.factory, err = safefactory.NewSafeFactoryFilterer(d.Contracts.SafeFactory, c.Backend); err != nil {
		return nil, err
	}
	if d.Block > 0 {
		r.scanned = d.Block - 1
	}
	return r, nil
}

// Wallets returns every wallet the factory has created so far.
func (r *Redeemer) Wallets(ctx context.Context) ([]common.Address, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	head, err := r.chain.Backend.BlockNumber(ctx)
	if err != nil {
		return nil, err
	}
	if head > r.scanned {
		end := head
		it, err := r.factory.FilterProxyCreation(&bind.FilterOpts{Context: ctx, Start: r.scanned + 1, End: &end}, nil, nil)
		if err != nil {
			return nil, fmt.Errorf("redeem: ProxyCreation logs: %w", err)
		}
		for it.Next() {
			r.wallets = append(r.wallets, it.Event.Proxy)
		}
		if err := it.Error(); err != nil {
			return nil, fmt.Errorf("redeem: ProxyCreation logs: %w", err)
		}
		_ = it.Close()
		r.scanned = head
	}
	return append([]common.Address(nil), r.wallets...), nil
}

// Holders returns the wallets holding yes or no tokens.
func (r *Redeemer) Holders(ctx context.Context, yes, no *big.Int) ([]common.Address, error) {
	wallets, err := r.Wallets(ctx)
	if err != nil {
		return nil, err
	}
	var out []common.Address
	call := &bind.CallOpts{Context: ctx}
	for start := 0; start < len(wallets); start += walletsPerCall {
		chunk := wallets[start:min(start+walletsPerCall, len(wallets))]
		owners := make([]common.Address, 0, 2*len(chunk))
		ids := make([]*big.Int, 0, 2*len(chunk))
		for _, w := range chunk {
			owners = append(owners, w, w)
			ids = append(ids, yes, no)
		}
		bals, err := r.ctf.BalanceOfBatch(call, owners, ids)
		if err != nil {
			return nil, fmt.Errorf("redeem: balanceOfBatch: %w", err)
		}
		for i, w := range chunk {
			if bals[2*i].Sign() > 0 || bals[2*i+1].Sign() > 0 {
				out = append(out, w)
			}
		}
	}
	return out, nil
}

// Redeem redeems every holder of a resolved condition and returns how
// many wallets it redeemed. A condition without payouts on chain is an
// error (the oracle has not reported: the caller retries).
func (r *Redeemer) Redeem(ctx context.Context, cond common.Hash, yes, no *big.Int) (int, error) {
	den, err := r.ctf.PayoutDenominator(&bind.CallOpts{Context: ctx}, cond)
	if err != nil {
		return 0, fmt.Errorf("redeem: payoutDenominator: %w", err)
	}
	if den.Sign() == 0 {
		return 0, fmt.Errorf("redeem: condition %s has no payouts on chain yet", cond.Hex())
	}
	holders, err := r.Holders(ctx, yes, no)
	if err != nil {
		return 0, err
	}
	var txs []*types.Transaction
	for start := 0; start < len(holders); start += walletsPerTx {
		chunk := holders[start:min(start+walletsPerTx, len(holders))]
		tx, err := r.sender.Send(ctx, func(o *bind.TransactOpts) (*types.Transaction, error) {
			return r.module.RedeemMany(o, chunk, cond)
		})
		if err != nil {
			return 0, fmt.Errorf("redeem: redeemMany: %w", err)
		}
		txs = append(txs, tx)
	}
	if len(txs) > 0 {
		if _, err := r.chain.Wait(ctx, txs...); err != nil {
			return 0, fmt.Errorf("redeem: %w", err)
		}
	}
	if len(holders) > 0 {
		r.log.Info("redeemed a resolved market", zap.String("condition", cond.Hex()), zap.Int("wallets", len(holders)))
	}
	return len(holders), nil
}

// Follow redeems every market the engine resolves, from the first EVT
// message, until ctx ends. A redemption that fails (the chain does not
// answer, the payouts are not reported yet) is tried again every
// retryEvery, at most retriesMax times, then logged as an error and left:
// the follower must not stall every later market on one.
func (r *Redeemer) Follow(ctx context.Context, js jetstream.JetStream) error {
	sweepCtx, stop := context.WithCancel(ctx)
	swept := make(chan struct{})
	go func() {
		defer close(swept)
		r.sweep(sweepCtx)
	}()
	defer func() { stop(); <-swept }()
	// Only market_changed is decoded: the follower reads the whole log at
	// every start, and resolutions are a handful of its events.
	return follow.Events(ctx, js, follow.Options{Start: follow.FromSeq(1), Only: journal.EventsOf("market_changed"), Corrupt: func(seq uint64, err error) {
		r.log.Error("skipped a corrupt EVT message", zap.Uint64("seq", seq), zap.Error(err))
	}}, func(_ uint64, b *pb.EventBatch) error {
		for _, e := range b.GetEvents() {
			mc := e.GetMarketChanged()
			if mc == nil || mc.GetStatus() != pb.MarketStatus_MARKET_STATUS_RESOLVED {
				continue
			}
			if err := r.redeemRetrying(ctx, mc); err != nil {
				return err
			}
			r.recentMu.Lock()
			r.recent = append(r.recent, resolved{mc: mc, at: time.Now()})
			r.recentMu.Unlock()
		}
		return nil
	})
}

// Retries of one market's redemption.
const (
	retriesMax = 30
	retryEvery = 2 * time.Second
)

func (r *Redeemer) redeemRetrying(ctx context.Context, mc *pb.MarketChanged) error {
	cond := common.BytesToHash(mc.GetMarket())
	yes, no := new(big.Int).SetBytes(mc.GetYesTokenId()), new(big.Int).SetBytes(mc.GetNoTokenId())
	for try := 1; ; try++ {
		_, err := r.Redeem(ctx, cond, yes, no)
		if err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if try == retriesMax {
			r.log.Error("gave up redeeming a resolved market; its holders redeem themselves", zap.String("condition", cond.Hex()), zap.Error(err))
			return nil
		}
		r.log.Warn("redemption failed; trying again", zap.String("condition", cond.Hex()), zap.Int("try", try), zap.Error(err))
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(retryEvery):
		}
	}
}

// sweep redeems the recently resolved markets again every SweepEvery, and
// forgets those resolved more than SweepWindow ago.
func (r *Redeemer) sweep(ctx context.Context) {
	t := time.NewTicker(r.SweepEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		r.recentMu.Lock()
		cut := time.Now().Add(-r.SweepWindow)
		keep := r.recent[:0]
		for _, x := range r.recent {
			if x.at.After(cut) {
				keep = append(keep, x)
			}
		}
		r.recent = keep
		todo := append([]resolved(nil), keep...)
		r.recentMu.Unlock()
		for _, x := range todo {
			cond := common.BytesToHash(x.mc.GetMarket())
			n, err := r.Redeem(ctx, cond, new(big.Int).SetBytes(x.mc.GetYesTokenId()), new(big.Int).SetBytes(x.mc.GetNoTokenId()))
			switch {
			case ctx.Err() != nil:
				return
			case err != nil:
				r.log.Warn("sweep: redemption failed; tried again at the next sweep", zap.String("condition", cond.Hex()), zap.Error(err))
			case n > 0:
				r.log.Info("sweep: redeemed positions that arrived after the resolution", zap.String("condition", cond.Hex()), zap.Int("wallets", n))
			}
		}
	}
}
