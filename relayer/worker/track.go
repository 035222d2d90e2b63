package worker

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"go.uber.org/zap"

	"pred.dev/proto/client/relayerapi"
	"pred.dev/relayer/onchain"
	"pred.dev/relayer/store"
)

// track looks at the chain: receipts of what was mined, confirmations,
// stuck transactions; then the held and deferred submissions, and the
// cursor.
func (r *run) track(ctx context.Context) error {
	w := r.w
	head, err := w.b.BlockNumber(ctx)
	if err != nil {
		w.log.Warn("chain unavailable", zap.Error(err))
		return nil
	}
	mined, err := w.b.NonceAt(ctx, w.hot, nil)
	if err != nil {
		w.log.Warn("chain unavailable", zap.Error(err))
		return nil
	}
	w.m.head.Set(float64(head))
	now := w.cfg.Now()
	for _, n := range r.sortedFlights() {
		if err := r.look(ctx, r.flights[n], head, mined, now); err != nil {
			return err
		}
	}
	if err := r.takeWaiting(ctx, now); err != nil {
		return err
	}
	r.saveCursor(ctx, false)
	return nil
}

// look moves one flight on: its receipt once the chain spent its nonce,
// a resend or a re-pricing while it waits, its confirmation once mined;
// then it is forgotten if final and recorded, or its record written.
func (r *run) look(ctx context.Context, f *flight, head, mined uint64, now time.Time) error {
	w := r.w
	switch n := f.n.Nonce; {
	case f.state.Rank() < relayerapi.StateMined.Rank() || f.n.Noop && f.block == 0:
		if n < mined {
			return r.findReceipt(ctx, f)
		}
		if again := w.cfg.ResendAfter; now.Sub(f.sentAt) >= again || !f.sent && now.Sub(f.sentAt) >= min(again, time.Second) {
			if err := r.send(ctx, f); err != nil {
				return err
			}
		}
		last := f.n.Attempts[len(f.n.Attempts)-1]
		if f.sent && now.Sub(last.At) >= w.cfg.RepriceAfter && n == mined {
			if err := r.reprice(ctx, f); err != nil {
				return err
			}
		}
	case f.state == relayerapi.StateMined:
		if head+1 >= f.block+w.cfg.Confirmations {
			if err := r.confirm(ctx, f); err != nil {
				return err
			}
		}
	}
	if f.state.Terminal() && f.written == f.state && (f.block != 0 || !f.n.Noop) {
		return r.finish(ctx, f)
	}
	return r.persist(ctx, f)
}

// takeWaiting takes, once their time has come, the next held submission
// of each wallet no longer busy and the deferred ones.
func (r *run) takeWaiting(ctx context.Context, now time.Time) error {
	for wallet, h := range r.held {
		if _, busy := r.busy[wallet]; busy || len(h) == 0 || now.Before(h[0].retry) {
			continue
		}
		if err := r.take(ctx, h[0]); err != nil {
			return err
		}
	}
	for _, it := range slices.Clone(r.retries) {
		if now.Before(it.retry) {
			continue
		}
		r.retries = slices.DeleteFunc(r.retries, func(x *item) bool { return x == it })
		if err := r.take(ctx, it); err != nil {
			return err
		}
	}
	return nil
}

// findReceipt settles a flight whose nonce the chain has spent.
func (r *run) findReceipt(ctx context.Context, f *flight) error {
	w := r.w
	for i := len(f.n.Attempts) - 1; i >= 0; i-- {
		h := common.HexToHash(f.n.Attempts[i].Hash)
		rc, err := w.chain.Receipt(ctx, h)
		if err != nil {
			w.log.Warn("receipt unavailable", zap.String("hash", h.Hex()), zap.Error(err))
			return nil
		}
		if rc == nil {
			continue
		}
		return r.outcome(ctx, f, f.n.Attempts[i], rc)
	}
	f.misses++
	if f.misses < missesForDropped {
		return nil
	}
	w.log.Error("a hot-key nonce was spent by a transaction this worker did not send", zap.Uint64("nonce", f.n.Nonce))
	f.block = 1 // nothing of ours will be mined for it
	if !f.n.Noop {
		f.state, f.reason, f.block = relayerapi.StateFailed, fmt.Sprintf("dropped: the relayer's nonce %d was spent by another transaction", f.n.Nonce), 0
		f.dirty = true
		delete(r.busy, f.wallet)
	}
	return r.persist(ctx, f)
}

// outcome records a flight MINED, or FAILED if it reverted, from the
// receipt of its attempt att.
func (r *run) outcome(ctx context.Context, f *flight, att store.Attempt, rc *types.Receipt) error {
	w := r.w
	if f.n.Noop {
		f.block = rc.BlockNumber.Uint64()
		return nil
	}
	f.hash, f.block, f.bhash, f.mined, f.dirty = common.HexToHash(att.Hash), rc.BlockNumber.Uint64(), rc.BlockHash, w.cfg.Now().UTC(), true
	if rc.Status == types.ReceiptStatusSuccessful && !onchain.Failed(rc, f.wallet) {
		f.state, f.reason = relayerapi.StateMined, "" // mined (again, after a reorganization's note)
		w.m.observeMined(f.sub.CreatedAt, f.mined)
	} else {
		f.state, f.reason = relayerapi.StateFailed, fmt.Sprintf("reverted on chain in block %d (gas used %d)", f.block, rc.GasUsed)
		if why := w.chain.Why(ctx, att.Raw, w.hot, f.block); why != "" {
			f.reason += ": " + why
		}
	}
	delete(r.busy, f.wallet)
	if err := r.persist(ctx, f); err != nil {
		return err
	}
	return w.crash(CrashMined)
}

// confirm checks a MINED flight's receipt again, Confirmations blocks on.
func (r *run) confirm(ctx context.Context, f *flight) error {
	w := r.w
	// The block's header, not the receipt again: the canonical block at
	// that height is still the one that holds the transaction if its hash
	// is, and a settlement batch's receipt (every transfer's log) costs
	// far more to fetch and decode than a header.
	h, err := w.b.HeaderByNumber(ctx, new(big.Int).SetUint64(f.block))
	if err != nil && !errors.Is(err, ethereum.NotFound) {
		return nil
	}
	if h == nil || h.Hash() != f.bhash {
		if err := w.crash(CrashReorgSeen); err != nil {
			return err
		}
		// A reorganization took its block: the record goes back to
		// EXECUTED, with one more reorg and a note, so that a follower
		// (the settler) tells "mined, then reorganized out" from "never
		// mined"; the transaction is sent again and followed until mined.
		w.m.reorgs.Inc()
		w.log.Warn("a mined transaction left the chain; following it again", zap.String("id", f.n.TxID),
			zap.Uint64("nonce", f.n.Nonce), zap.Uint64("block", f.block), zap.String("block_hash", f.bhash.Hex()),
			zap.String("hash", f.hash.Hex()))
		f.reason = fmt.Sprintf("reorganized out: block %d (%s), which held transaction %s, left the chain; it is sent again",
			f.block, f.bhash.Hex(), f.hash.Hex())
		f.state, f.block, f.bhash, f.mined, f.sent = relayerapi.StateExecuted, 0, common.Hash{}, time.Time{}, false
		f.reorgs++
		f.dirty = true
		if f.n.Kind != relayerapi.TypeOperator {
			r.busy[f.wallet] = f.n.Nonce
		}
		return r.persist(ctx, f)
	}
	f.state, f.dirty = relayerapi.StateConfirmed, true
	return r.persist(ctx, f)
}

// finish forgets a final flight and its nonce record.
func (r *run) finish(ctx context.Context, f *flight) error {
	if err := r.w.st.DeleteNonce(ctx, f.n.Nonce); err != nil {
		r.w.log.Warn("nonce record not deleted; deleted at the next look", zap.Uint64("nonce", f.n.Nonce), zap.Error(err))
		return nil
	}
	delete(r.flights, f.n.Nonce)
	delete(r.byTx, f.n.TxID)
	r.w.m.inflight.Set(float64(len(r.flights)))
	return nil
}
