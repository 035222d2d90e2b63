package worker

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/ethereum/go-ethereum/common"
	"go.uber.org/zap"

	"pred.dev/proto/client/relayerapi"
	"pred.dev/relayer/store"
)

// recover loads the nonce records of the transactions in flight.
func (r *run) recover(ctx context.Context) error {
	w := r.w
	cursor, err := w.st.Cursor(ctx)
	if err != nil {
		return err
	}
	r.cursor = cursor
	// The pending nonce is read before the records are listed, not after.
	// A nonce below the pending one was broadcast, so its record was
	// written before this read and the listing has it (unless it is final
	// and deleted). Read the other way round, another worker that records
	// and broadcasts a nonce between the two reads leaves this one
	// starting past a flight it never loaded: should that other worker
	// then be fenced, nobody follows its transaction, which stays
	// EXECUTED for ever. In this order every record this worker does not
	// know has a nonce at or past its first, so it either meets that
	// record when it assigns (and is fenced) or never runs beside it.
	pending, err := w.b.PendingNonceAt(ctx, w.hot)
	if err != nil {
		return fmt.Errorf("worker: pending nonce of the hot key: %w", err)
	}
	entries, err := w.st.Nonces(ctx)
	if err != nil {
		return err
	}
	r.next = pending
	for _, e := range entries {
		if err := r.load(ctx, e); err != nil {
			return err
		}
	}
	w.m.inflight.Set(float64(len(r.flights)))
	w.log.Info("worker recovered", zap.Int("in_flight", len(r.flights)), zap.Uint64("next_nonce", r.next),
		zap.Uint64("cursor", r.cursor), zap.String("hot", w.hot.Hex()))
	// Whatever may not have reached the node goes again now.
	for _, n := range r.sortedFlights() {
		f := r.flights[n]
		if f.state.Rank() < relayerapi.StateMined.Rank() {
			if err := r.send(ctx, f); err != nil {
				return err
			}
		}
	}
	return nil
}

// load takes one nonce record back in flight, or deletes it if its
// transaction was final before the crash.
func (r *run) load(ctx context.Context, e store.NonceEntry) error {
	f := &flight{n: e.N, rev: e.Rev, wallet: common.HexToAddress(e.N.Wallet), state: relayerapi.StateNew}
	if len(e.N.Attempts) > 0 {
		f.hash = common.HexToHash(e.N.Attempts[len(e.N.Attempts)-1].Hash)
	}
	if !e.N.Noop {
		if err := r.loadRecord(ctx, f); err != nil {
			return err
		}
		r.byTx[e.N.TxID] = e.N.Nonce
	} else {
		// A no-op that was to spend the nonce: followed until mined.
		f.state, f.written = relayerapi.StateFailed, relayerapi.StateFailed
	}
	if f.state.Terminal() && !e.N.Noop {
		// Final before the crash; only its record was left.
		return r.w.st.DeleteNonce(ctx, e.N.Nonce)
	}
	r.flights[e.N.Nonce] = f
	if f.state.Rank() < relayerapi.StateMined.Rank() && !e.N.Noop && e.N.Kind != relayerapi.TypeOperator {
		r.busy[f.wallet] = e.N.Nonce
	}
	r.next = max(r.next, e.N.Nonce+1)
	return nil
}

// loadRecord fills a reloaded flight from its transaction's record, or
// from its queued submission if no record was written yet.
func (r *run) loadRecord(ctx context.Context, f *flight) error {
	w := r.w
	rec, _, err := w.st.Record(ctx, f.n.TxID)
	switch {
	case err == nil:
		f.state, f.written = rec.Tx.State, rec.Tx.State
		f.block = rec.Tx.BlockNumber
		f.bhash = common.HexToHash(rec.BlockHash)
		f.mined = rec.MinedAt
		f.reorgs, f.reason = rec.Tx.Reorgs, rec.Tx.Reason
		if rec.Tx.TransactionHash != "" {
			f.hash = common.HexToHash(rec.Tx.TransactionHash)
		}
		f.sub = &store.Submission{ID: f.n.TxID, CreatedAt: rec.Tx.CreatedAt}
		return nil
	case !errors.Is(err, store.ErrNotFound):
		return err
	}
	sub, _, err := w.st.Queued(ctx, f.n.TxID)
	if err != nil {
		return fmt.Errorf("worker: the submission of nonce %d: %w", f.n.Nonce, err)
	}
	f.sub, f.dirty = sub, true
	return nil
}

func (r *run) sortedFlights() []uint64 {
	ns := make([]uint64, 0, len(r.flights))
	for n := range r.flights {
		ns = append(ns, n)
	}
	slices.Sort(ns)
	return ns
}
