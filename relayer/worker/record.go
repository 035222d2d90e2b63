package worker

import (
	"context"
	"time"

	"go.uber.org/zap"

	"pred.dev/relayer/store"
)

// persist writes a flight's state to its transaction record if it moved.
func (r *run) persist(ctx context.Context, f *flight) error {
	w := r.w
	if !f.dirty && f.written == f.state || f.sub == nil {
		return nil
	}
	now := w.cfg.Now().UTC()
	other := false
	_, err := w.st.Advance(ctx, f.n.TxID, func(rec *store.Record, exists bool) bool {
		var write bool
		write, other = f.apply(rec, exists, now)
		return write
	})
	if err != nil {
		w.log.Warn("transaction record not written; written again at the next look", zap.String("id", f.n.TxID), zap.Error(err))
		return nil
	}
	if other {
		w.log.Error("a submission was sent on two hot-key nonces by two workers; this nonce's attempt is followed, not recorded",
			zap.String("id", f.n.TxID), zap.Uint64("nonce", f.n.Nonce))
		f.written, f.dirty = f.state, false
		return nil
	}
	if f.written != f.state {
		w.m.state(f.state)
	}
	f.written, f.dirty = f.state, false
	return nil
}

// apply moves a transaction record to what the worker knows of the
// flight: write reports whether it changed, other that the record
// belongs to another hot-key nonce.
func (f *flight) apply(rec *store.Record, exists bool, now time.Time) (write, other bool) {
	n := f.n.Nonce
	if !exists {
		rec.Tx = f.sub.Transaction()
		rec.Seq = f.n.Seq
	}
	// A state never goes back, but for a reorganization this worker
	// saw (more reorgs than the record counts): MINED back to
	// EXECUTED.
	if rec.Tx.State.Terminal() || f.state.Rank() < rec.Tx.State.Rank() && f.reorgs <= rec.Tx.Reorgs {
		return false, false
	}
	if rec.HotNonce != nil && *rec.HotNonce != n {
		// Two workers took the submission at once, each on its own
		// nonce; the record belongs to the one that wrote first. The
		// chain runs the call once (a Safe nonce or a deployment is
		// used once), so the other attempt reverts and only its own
		// nonce record follows it to the end.
		return false, true
	}
	if exists && rec.Tx.State == f.state && rec.Tx.TransactionHash == f.hash.Hex() && rec.Tx.BlockNumber == f.block &&
		rec.Tx.Reorgs == f.reorgs && rec.Tx.Reason == f.reason {
		return false, false
	}
	rec.HotNonce = &n
	rec.Tx.State, rec.Tx.UpdatedAt = f.state, now
	rec.Tx.TransactionHash = f.hash.Hex()
	rec.Tx.Reason = f.reason
	rec.Tx.BlockNumber = f.block
	rec.Tx.Reorgs = max(rec.Tx.Reorgs, f.reorgs)
	if f.block != 0 {
		rec.BlockHash = f.bhash.Hex()
		rec.MinedAt = f.mined
	} else {
		rec.BlockHash, rec.MinedAt = "", time.Time{} // left the chain
	}
	return true, false
}
