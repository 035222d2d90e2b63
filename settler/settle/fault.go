package settle

import (
	"context"
	"fmt"
	"math/big"
	"slices"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"go.uber.org/zap"

	"pred.dev/proto/chain/bind/ctf"
	"pred.dev/proto/chain/bind/usdw"
	"pred.dev/proto/pb"
)

// reportFailed ends a settlement's trades FAILED, counts them, and
// cancels the open orders of every party whose funds were missing on
// chain (see the package comment).
func (s *Settler) reportFailed(ctx context.Context, rec *Record) error {
	if err := s.report(ctx, rec, []pb.TradeStatus{pb.TradeStatus_TRADE_STATUS_FAILED}, rec.TxHash); err != nil {
		return err
	}
	s.m.failed.Add(float64(len(rec.fills())))
	short, err := s.short(ctx, rec)
	if err != nil {
		s.log.Warn("the parties of a failed settlement could not be checked on chain", zap.String("id", rec.ID), zap.Error(err))
	}
	names := make([]string, 0, len(short))
	for _, w := range short {
		names = append(names, w.Hex())
		if _, err := s.pub.Append(ctx, &pb.Command{Id: commandID("cancel", rec.ID, new(big.Int).SetBytes(w[:]).Uint64()),
			Body: &pb.Command_CancelAll{CancelAll: &pb.CancelAll{Account: w.Bytes()}}}); err != nil {
			return fmt.Errorf("settle: cancelling the orders of %s: %w", w.Hex(), err)
		}
		s.m.cancelled.Inc()
	}
	s.log.Error("trades FAILED: matched by the engine, not settled on chain", zap.String("id", rec.ID),
		zap.Int("trades", len(rec.fills())), zap.String("reason", rec.Reason), zap.Strings("wallets_at_fault", names))
	return nil
}

// need is what one wallet gives in a match: collateral, or shares of a
// token.
type need struct {
	wallet common.Address
	token  *big.Int // nil: collateral
	amount *big.Int
}

// short returns the wallets of rec's match that do not hold, or have not
// approved the exchange for, what the match takes from them.
func (s *Settler) short(ctx context.Context, rec *Record) ([]common.Address, error) {
	if s.cfg.Chain == nil || rec.Data == "" {
		return nil, nil
	}
	data, err := hexutil.Decode(rec.Data)
	if err != nil {
		return nil, err
	}
	taker, makers, fills, err := unpackMatch(data)
	if err != nil {
		return nil, err
	}
	needs := gives(taker, makers, fills)
	exchange := common.HexToAddress(rec.Exchange)
	k := s.cfg.Deployment.Contracts
	coll, err := usdw.NewUSDWCaller(k.Collateral, s.cfg.Chain)
	if err != nil {
		return nil, err
	}
	tokens, err := ctf.NewConditionalTokensCaller(k.ConditionalTokens, s.cfg.Chain)
	if err != nil {
		return nil, err
	}
	opts := &bind.CallOpts{Context: ctx}
	var out []common.Address
	for _, n := range needs {
		var have *big.Int
		var approved bool
		if n.token == nil {
			if have, err = coll.BalanceOf(opts, n.wallet); err != nil {
				return out, err
			}
			allowance, err := coll.Allowance(opts, n.wallet, exchange)
			if err != nil {
				return out, err
			}
			approved = allowance.Cmp(n.amount) >= 0
		} else {
			if have, err = tokens.BalanceOf(opts, n.wallet, n.token); err != nil {
				return out, err
			}
			if approved, err = tokens.IsApprovedForAll(opts, n.wallet, exchange); err != nil {
				return out, err
			}
		}
		if (have.Cmp(n.amount) < 0 || !approved) && !slices.Contains(out, n.wallet) {
			out = append(out, n.wallet)
		}
	}
	return out, nil
}

// gives sums, per wallet and asset, what a match takes from each party,
// as the exchange computes it: a maker BUY gives c = q × its price, a
// maker SELL q shares; a taker BUY gives the notional of each fill (c
// against the same token, q − c against the complement) plus its fee, a
// taker SELL the shares.
func gives(taker Order, makers []Order, fills []*big.Int) []need {
	var out []need
	add := func(w common.Address, token, amount *big.Int) {
		for i := range out {
			if out[i].wallet == w && (out[i].token == nil) == (token == nil) && (token == nil || out[i].token.Cmp(token) == 0) {
				out[i].amount.Add(out[i].amount, amount)
				return
			}
		}
		out = append(out, need{w, token, new(big.Int).Set(amount)})
	}
	const buy = 0
	bps := big.NewInt(10_000)
	for i, mo := range makers {
		q := fills[i]
		var c *big.Int
		if mo.Side == buy {
			c = new(big.Int).Div(new(big.Int).Mul(q, mo.MakerAmount), mo.TakerAmount)
			add(mo.Maker, nil, c)
		} else {
			c = new(big.Int).Mul(q, mo.TakerAmount)
			c.Add(c, mo.MakerAmount).Sub(c, big.NewInt(1)).Div(c, mo.MakerAmount)
			add(mo.Maker, mo.TokenId, q)
		}
		if taker.Side == buy {
			notional := c
			if mo.TokenId.Cmp(taker.TokenId) != 0 {
				notional = new(big.Int).Sub(q, c)
			}
			fee := new(big.Int).Div(new(big.Int).Mul(notional, taker.FeeRateBps), bps)
			add(taker.Maker, nil, new(big.Int).Add(notional, fee))
		} else {
			add(taker.Maker, taker.TokenId, q)
		}
	}
	return out
}
