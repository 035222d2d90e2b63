package worker

import (
	"context"
	"errors"
	"fmt"

	"go.uber.org/zap"

	"pred.dev/proto/client/relayerapi"
	"pred.dev/relayer/onchain"
	"pred.dev/relayer/request"
	"pred.dev/relayer/store"
)

// process checks a submission against the chain and pays for it.
func (r *run) process(ctx context.Context, it *item) error {
	w := r.w
	req := it.req
	c := w.chain
	why, err := w.walletRefusal(ctx, req)
	switch {
	case err != nil:
		r.retryLater(it, err)
		return nil
	case why != "":
		return r.invalid(ctx, it, why)
	}
	to, data := onchain.Calldata(req)
	gas, err := c.Simulate(ctx, w.hot, to, data)
	var rev *onchain.Reverted
	switch {
	case errors.As(err, &rev):
		return r.invalid(ctx, it, rev.Error())
	case err != nil:
		r.retryLater(it, err)
		return nil
	}
	limit, capGas := gas*(100+w.cfg.GasMarginPercent)/100, w.cfg.GasCapSafe
	if req.Kind == request.SafeCreate {
		capGas = w.cfg.GasCapCreate
	}
	if gas > capGas {
		return r.invalid(ctx, it, fmt.Sprintf("the call needs %d gas, over the relayer's cap of %d", gas, capGas))
	}
	limit = min(limit, capGas)
	return r.assign(ctx, it, to, data, limit)
}

// walletRefusal says why the wallet's state refuses a submission: a
// deployment of a deployed wallet, a Safe transaction of a wallet not
// deployed or not at its next Safe nonce. An error is the chain's.
func (w *Worker) walletRefusal(ctx context.Context, req *request.Request) (string, error) {
	switch req.Kind {
	case request.SafeCreate:
		deployed, err := w.chain.Deployed(ctx, req.Wallet)
		if err != nil || !deployed {
			return "", err
		}
		return "the proxy wallet " + req.Wallet.Hex() + " is deployed already", nil
	case request.Safe:
		n, deployed, err := w.chain.SafeNonce(ctx, req.Wallet)
		switch {
		case err != nil:
			return "", err
		case !deployed:
			return "the proxy wallet " + req.Wallet.Hex() + " is not deployed", nil
		case req.Nonce.Cmp(n) != 0:
			what := "used already"
			if req.Nonce.Cmp(n) > 0 {
				what = "ahead of it"
			}
			return fmt.Sprintf("Safe nonce %s is %s: the wallet's next nonce is %s", req.Nonce, what, n), nil
		}
	}
	return "", nil
}

// invalid records a submission as INVALID: nothing was spent on it.
func (r *run) invalid(ctx context.Context, it *item, reason string) error {
	w := r.w
	now := w.cfg.Now().UTC()
	_, err := w.st.Advance(ctx, it.sub.ID, func(rec *store.Record, exists bool) bool {
		if exists && (rec.Tx.State != relayerapi.StateNew || rec.HotNonce != nil) {
			return false
		}
		rec.Tx = it.sub.Transaction()
		rec.Seq = it.seq
		rec.Tx.State, rec.Tx.Reason, rec.Tx.UpdatedAt = relayerapi.StateInvalid, reason, now
		return true
	})
	if err != nil {
		r.retryLater(it, err)
		return nil
	}
	if err := w.crash(CrashInvalid); err != nil {
		return err
	}
	w.m.state(relayerapi.StateInvalid)
	w.log.Info("submission invalid", zap.String("id", it.sub.ID), zap.String("reason", reason))
	r.decided(it)
	return nil
}
