package worker

import (
	"context"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/core/types"
	"go.uber.org/zap"
)

// fees returns the tip and a fee cap of base fee × multiplier / 100 + tip
// for a transaction of gas: FeeMultiplierPercent and TipCap (or the node's
// suggested tip) for a first attempt; for a replacement at least double
// the base fee and the node's tip, so that a stuck transaction is priced
// to be mined now. The fee cap stays within MaxFeeCap and MaxTxFee / gas.
func (w *Worker) fees(ctx context.Context, gas uint64, replacement bool) (tip, feeCap *big.Int, err error) {
	base, suggested, err := w.market(ctx)
	if err != nil {
		return nil, nil, err
	}
	tip, multiplier := w.cfg.TipCap, w.cfg.FeeMultiplierPercent
	if tip == nil || replacement && suggested.Cmp(tip) > 0 {
		tip = suggested
	}
	if replacement {
		multiplier = max(multiplier, 200)
	}
	feeCap = new(big.Int).Mul(base, new(big.Int).SetUint64(multiplier))
	feeCap.Div(feeCap, big.NewInt(100)).Add(feeCap, tip)
	return w.capFee(tip, feeCap, gas)
}

// market returns the latest base fee and the node's suggested tip, read at
// most once per Poll.
func (w *Worker) market(ctx context.Context) (base, tip *big.Int, err error) {
	w.feeMu.Lock()
	defer w.feeMu.Unlock()
	if now := w.cfg.Now(); w.feeBase != nil && now.Sub(w.feeAt) < w.cfg.Poll {
		return w.feeBase, w.feeTip, nil
	}
	head, err := w.b.HeaderByNumber(ctx, nil)
	if err != nil {
		return nil, nil, fmt.Errorf("worker: head: %w", err)
	}
	tip, err = w.b.SuggestGasTipCap(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("worker: tip: %w", err)
	}
	base = head.BaseFee
	if base == nil {
		base = new(big.Int)
	}
	w.feeBase, w.feeTip, w.feeAt = base, tip, w.cfg.Now()
	return base, tip, nil
}

// capFee bounds a fee cap by MaxFeeCap and MaxTxFee / gas, and the tip by
// the fee cap.
func (w *Worker) capFee(tip, feeCap *big.Int, gas uint64) (*big.Int, *big.Int, error) {
	limit := new(big.Int).Set(w.cfg.MaxFeeCap)
	if gas > 0 {
		if perGas := new(big.Int).Div(w.cfg.MaxTxFee, new(big.Int).SetUint64(gas)); perGas.Cmp(limit) < 0 {
			limit = perGas
		}
	}
	if feeCap.Cmp(limit) > 0 {
		feeCap = limit
	}
	if tip.Cmp(feeCap) > 0 {
		tip = new(big.Int).Set(feeCap)
	}
	return tip, feeCap, nil
}

// reprice replaces a stuck flight by the same call at a higher fee.
func (r *run) reprice(ctx context.Context, f *flight) error {
	w := r.w
	last := f.n.Attempts[len(f.n.Attempts)-1]
	prev := new(types.Transaction)
	if err := prev.UnmarshalBinary(last.Raw); err != nil {
		return err
	}
	tip, feeCap, ok := w.replacementFees(ctx, prev)
	if !ok {
		return nil
	}
	tx, att, err := w.sign(f.n.Nonce, prev.Gas(), *prev.To(), prev.Data(), tip, feeCap)
	if err != nil {
		return err
	}
	if ok, err := r.addAttempt(ctx, f, att, false); !ok {
		return err
	}
	if err := w.crash(CrashRepriced); err != nil {
		return err
	}
	f.hash, f.dirty, f.sent = tx.Hash(), true, false
	w.m.reprices.Inc()
	w.log.Info("stuck transaction re-priced", zap.Uint64("nonce", f.n.Nonce), zap.String("id", f.n.TxID),
		zap.String("fee_cap", feeCap.String()), zap.Int("attempt", len(f.n.Attempts)))
	return r.send(ctx, f)
}

// replacementFees prices a replacement of prev: the fees of a
// replacement, and at least 12.5% over prev's (the pool's rule), within
// the caps. Not ok if the market is unknown or the caps leave no room:
// the pool would refuse a replacement, and resends go on.
func (w *Worker) replacementFees(ctx context.Context, prev *types.Transaction) (tip, feeCap *big.Int, ok bool) {
	tip, feeCap, err := w.fees(ctx, prev.Gas(), true)
	if err != nil {
		return nil, nil, false
	}
	tip, feeCap, _ = w.capFee(bigMax(tip, bump(prev.GasTipCap())), bigMax(feeCap, bump(prev.GasFeeCap())), prev.Gas())
	if feeCap.Cmp(bump(prev.GasFeeCap())) < 0 || tip.Cmp(bump(prev.GasTipCap())) < 0 {
		return nil, nil, false
	}
	return tip, feeCap, true
}

// bump is v plus 12.5%, rounded up past it.
func bump(v *big.Int) *big.Int {
	b := new(big.Int).Mul(v, big.NewInt(1125))
	return b.Div(b, big.NewInt(1000)).Add(b, big.NewInt(1))
}

func bigMax(vs ...*big.Int) *big.Int {
	m := vs[0]
	for _, v := range vs[1:] {
		if v.Cmp(m) > 0 {
			m = v
		}
	}
	return new(big.Int).Set(m)
}
