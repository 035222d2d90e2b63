package worker

import (
	"context"
	"time"

	"go.uber.org/zap"

	"pred.dev/proto/runtime/lease"
)

// campaignPause spaces two campaigns after a run ended in an error.
const campaignPause = 500 * time.Millisecond

// Campaign runs the worker whenever this process holds the lease, until
// ctx ends: it waits for the lease, works while it renews it, and when the
// lease is lost or the run fails (another worker fenced it out, NATS or
// the chain failed) stops working and campaigns again. Of several
// processes campaigning for the same lease, one works at a time.
func (w *Worker) Campaign(ctx context.Context, l *lease.Lease) error {
	return lease.Campaign(ctx, l, "worker", func(ctx context.Context) error {
		w.log.Info("worker leads: it holds the hot key", zap.String("hot", w.hot.Hex()))
		return w.Run(ctx)
	}, ErrCrashed, w.log, campaignPause)
}
