package worker

import (
	"context"
	"errors"
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
	for {
		ok, err := l.Acquire(ctx)
		if err != nil {
			return err
		}
		if !ok {
			return nil
		}
		w.log.Info("worker leads: it holds the hot key", zap.String("hot", w.hot.Hex()))
		runCtx, cancel := context.WithCancel(ctx)
		held := make(chan error, 1)
		go func() {
			err := l.Hold(runCtx)
			cancel()
			held <- err
		}()
		err = w.Run(runCtx)
		cancel()
		lost := <-held
		switch {
		case ctx.Err() != nil:
			return nil
		case errors.Is(err, ErrCrashed):
			return err
		case err != nil:
			w.log.Error("worker stopped; campaigning again", zap.Error(err))
		case lost != nil:
			w.log.Error("worker lost its lease; campaigning again", zap.Error(lost))
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(campaignPause):
		}
	}
}
