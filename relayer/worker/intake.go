package worker

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"

	"pred.dev/proto/client/relayerapi"
	"pred.dev/relayer/request"
	"pred.dev/relayer/store"
)

// receive takes one queue message.
func (r *run) receive(ctx context.Context, m jetstream.Msg) error {
	md, err := m.Metadata()
	if err != nil {
		return fmt.Errorf("worker: queue message metadata: %w", err)
	}
	seq := md.Sequence.Stream
	r.lastSeq = max(r.lastSeq, seq)
	sub, err := store.DecodeSubmission(m.Data())
	if err != nil {
		r.w.log.Error("undecodable queue message skipped", zap.Uint64("seq", seq), zap.Error(err))
		return nil
	}
	return r.take(ctx, &item{seq: seq, sub: sub})
}

// take decides what to do with a submission: skip one already decided,
// hold one whose wallet is busy or has others waiting, check and pay for
// the others. A wallet's submissions are taken in queue order.
func (r *run) take(ctx context.Context, it *item) error {
	w := r.w
	if _, ok := r.byTx[it.sub.ID]; ok {
		r.decided(it)
		return nil
	}
	if done, err := r.recorded(ctx, it); done || err != nil {
		return err
	}
	r.undecided[it.seq] = true
	if it.sub.Operator != nil {
		return r.processOperator(ctx, it)
	}
	if it.req == nil {
		req, err := request.Parse(it.sub.Request, w.cfg.Env)
		if err != nil {
			return r.invalid(ctx, it, err.Error())
		}
		if !strings.EqualFold(req.From.Hex(), it.sub.Owner) {
			return r.invalid(ctx, it, "from is not the address that submitted it")
		}
		it.req = req
	}
	wallet := it.req.Wallet
	_, busy := r.busy[wallet]
	if !r.isHeld(it) {
		if busy || len(r.held[wallet]) > 0 {
			r.held[wallet] = append(r.held[wallet], it)
			w.m.held.Inc()
			return nil
		}
	} else if busy || r.held[wallet][0] != it {
		return nil
	}
	return r.process(ctx, it)
}

// recorded looks for a submission's record: done if it is decided (it is
// skipped) or could not be read (it is deferred); ErrFenced if it is in
// flight on a nonce this worker does not know.
func (r *run) recorded(ctx context.Context, it *item) (done bool, err error) {
	rec, _, err := r.w.st.Record(ctx, it.sub.ID)
	switch {
	case err == nil:
		if rec.HotNonce != nil && !rec.Tx.State.Terminal() {
			// A submission in flight on a hot-key nonce this worker never
			// assigned nor loaded: another worker is running beside this
			// one. Going on would take the wallet's next submission as if
			// this one were settled (checking it against a chain where
			// this one is not mined yet), so this worker stops; the other
			// knows every flight of this one (see recover).
			return true, fmt.Errorf("%w: %s is in flight on nonce %d, which this worker does not know", ErrFenced, it.sub.ID, *rec.HotNonce)
		}
		if rec.Tx.State != relayerapi.StateNew || rec.HotNonce != nil {
			r.decided(it)
			return true, nil
		}
	case !errors.Is(err, store.ErrNotFound):
		r.retryLater(it, err)
		return true, nil
	}
	return false, nil
}

func (r *run) isHeld(it *item) bool {
	return it.req != nil && slices.Contains(r.held[it.req.Wallet], it)
}

// retryLater defers a submission whose checks met an unavailable chain or
// store; it keeps its place before its wallet's later submissions.
func (r *run) retryLater(it *item, err error) {
	w := r.w
	w.log.Warn("submission deferred: the chain or the store failed", zap.String("id", it.sub.ID), zap.Error(err))
	r.undecided[it.seq] = true
	it.retry = w.cfg.Now().Add(retryBackoff)
	switch {
	case it.req == nil:
		if !slices.Contains(r.retries, it) {
			r.retries = append(r.retries, it)
		}
	case !r.isHeld(it):
		r.held[it.req.Wallet] = append([]*item{it}, r.held[it.req.Wallet]...)
		w.m.held.Inc()
	}
}

func (r *run) decided(it *item) {
	delete(r.undecided, it.seq)
	r.retries = slices.DeleteFunc(r.retries, func(x *item) bool { return x == it })
	if it.req != nil && r.isHeld(it) {
		if h := r.held[it.req.Wallet]; len(h) > 0 && h[0] == it {
			r.held[it.req.Wallet] = h[1:]
			r.w.m.held.Dec()
			if len(r.held[it.req.Wallet]) == 0 {
				delete(r.held, it.req.Wallet)
			}
		}
	}
}
