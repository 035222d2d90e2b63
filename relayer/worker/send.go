package worker

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/params"
	"go.uber.org/zap"

	"pred.dev/proto/client/relayerapi"
	"pred.dev/relayer/store"
)

func (w *Worker) sign(nonce, gas uint64, to common.Address, data []byte, tip, feeCap *big.Int) (*types.Transaction, store.Attempt, error) {
	tx, err := types.SignNewTx(w.cfg.HotKey, w.signer, &types.DynamicFeeTx{ChainID: w.chainID, Nonce: nonce, GasTipCap: tip,
		GasFeeCap: feeCap, Gas: gas, To: &to, Data: data})
	if err != nil {
		return nil, store.Attempt{}, err
	}
	raw, err := tx.MarshalBinary()
	if err != nil {
		return nil, store.Attempt{}, err
	}
	return tx, store.Attempt{Hash: tx.Hash().Hex(), Raw: raw, TipCap: tip.String(), FeeCap: feeCap.String(), At: w.cfg.Now().UTC()}, nil
}

// assign gives a checked submission the next hot-key nonce, records it and
// broadcasts it.
func (r *run) assign(ctx context.Context, it *item, to common.Address, data []byte, gas uint64) error {
	w := r.w
	tip, feeCap, err := w.fees(ctx, gas, false)
	if err != nil {
		r.retryLater(it, err)
		return nil
	}
	n := r.next
	tx, att, err := w.sign(n, gas, to, data, tip, feeCap)
	if err != nil {
		return err
	}
	rec, wallet := nonceRecord(n, it, gas, att)
	rev, err := w.st.CreateNonce(ctx, rec)
	if errors.Is(err, store.ErrExists) {
		return fmt.Errorf("%w: nonce %d has a record already", ErrFenced, n)
	}
	if err != nil {
		r.retryLater(it, err)
		return nil
	}
	if err := w.crash(CrashNonceRecorded); err != nil {
		return err
	}
	f := &flight{n: rec, rev: rev, sub: it.sub, state: relayerapi.StateNew, hash: tx.Hash(), wallet: wallet}
	r.flights[n] = f
	r.byTx[it.sub.ID] = n
	if it.req != nil {
		// Operator calls are not serialized: their order on chain is
		// their nonce order, and each is simulated on its own.
		r.busy[it.req.Wallet] = n
	}
	r.next = n + 1
	w.m.inflight.Set(float64(len(r.flights)))
	w.m.nonce.Set(float64(r.next))
	r.decided(it)
	return r.send(ctx, f)
}

// nonceRecord is the write-ahead record of nonce n carrying its first
// attempt att: the submission, its wallet (none for an operator call,
// returned too) and kind.
func nonceRecord(n uint64, it *item, gas uint64, att store.Attempt) (*store.Nonce, common.Address) {
	var wallet common.Address
	kind := relayerapi.TypeOperator
	if it.req != nil {
		wallet, kind = it.req.Wallet, it.req.Kind.String()
	}
	return &store.Nonce{Nonce: n, TxID: it.sub.ID, Seq: it.seq, Wallet: wallet.Hex(), Kind: kind, Gas: gas,
		Attempts: []store.Attempt{att}}, wallet
}

// addAttempt adds att to a flight's nonce record (and marks it a no-op's
// if noop) by compare-and-set, before att is broadcast. Not ok if the
// store failed (the caller tries again at the next look) or, with
// ErrFenced, if another worker changed the record.
func (r *run) addAttempt(ctx context.Context, f *flight, att store.Attempt, noop bool) (bool, error) {
	next := *f.n
	next.Noop = next.Noop || noop
	next.Attempts = append(slices.Clone(f.n.Attempts), att)
	rev, err := r.w.st.UpdateNonce(ctx, &next, f.rev)
	if errors.Is(err, store.ErrConflict) {
		return false, fmt.Errorf("%w: nonce %d changed under this worker", ErrFenced, f.n.Nonce)
	}
	if err != nil {
		return false, nil
	}
	f.n, f.rev = &next, rev
	return true, nil
}

// send broadcasts a flight's latest attempt and records it EXECUTED once
// the node took it.
func (r *run) send(ctx context.Context, f *flight) error {
	w := r.w
	att := f.n.Attempts[len(f.n.Attempts)-1]
	tx := new(types.Transaction)
	if err := tx.UnmarshalBinary(att.Raw); err != nil {
		return fmt.Errorf("worker: nonce %d: recorded bytes: %w", f.n.Nonce, err)
	}
	err := w.b.SendTransaction(ctx, tx)
	f.sentAt = w.cfg.Now()
	switch {
	case err == nil || accepted(err):
		f.sent = true
	case permanent(err) && !f.sent && len(f.n.Attempts) == 1 && !f.n.Noop:
		w.log.Error("the chain refuses a transaction for good; its nonce is spent by a no-op", zap.Uint64("nonce", f.n.Nonce),
			zap.String("id", f.n.TxID), zap.Error(err))
		return r.noop(ctx, f, "dropped: the chain refused it: "+err.Error())
	default:
		w.m.sendErrors.Inc()
		w.log.Warn("broadcast failed; it is sent again", zap.Uint64("nonce", f.n.Nonce), zap.String("id", f.n.TxID), zap.Error(err))
		return nil
	}
	if err := w.crash(CrashBroadcast); err != nil {
		return err
	}
	if f.state == relayerapi.StateNew && !f.n.Noop {
		f.state = relayerapi.StateExecuted
	}
	if err := r.persist(ctx, f); err != nil {
		return err
	}
	return w.crash(CrashExecuted)
}

// accepted recognizes broadcast errors that mean the node has (or had) a
// transaction with this nonce: nothing to do but wait for it.
func accepted(err error) bool {
	s := strings.ToLower(err.Error())
	return strings.Contains(s, "already known") || strings.Contains(s, "known transaction") ||
		strings.Contains(s, "nonce too low") || strings.Contains(s, "replacement transaction underpriced")
}

// permanent recognizes errors no resend can cure.
func permanent(err error) bool {
	s := strings.ToLower(err.Error())
	for _, p := range []string{"intrinsic gas too low", "exceeds block gas limit", "oversized data", "invalid sender", "max fee per gas higher than"} {
		if strings.Contains(s, p) {
			return true
		}
	}
	return false
}

// noop spends a flight's nonce with a transfer of nothing to the hot key,
// and fails its submission.
func (r *run) noop(ctx context.Context, f *flight, reason string) error {
	w := r.w
	tip, feeCap, err := w.fees(ctx, params.TxGas, true)
	if err != nil {
		return nil // tried again at the next look
	}
	tx, att, err := w.sign(f.n.Nonce, params.TxGas, w.hot, nil, tip, feeCap)
	if err != nil {
		return err
	}
	if ok, err := r.addAttempt(ctx, f, att, true); !ok {
		return err
	}
	f.state, f.reason, f.dirty = relayerapi.StateFailed, reason, true
	delete(r.busy, f.wallet)
	w.log.Info("nonce spent by a no-op", zap.Uint64("nonce", f.n.Nonce), zap.String("noop", tx.Hash().Hex()))
	if err := r.persist(ctx, f); err != nil {
		return err
	}
	return r.send(ctx, f)
}
