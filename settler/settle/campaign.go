package settle

import (
	"context"
	"errors"
	"time"

	"go.uber.org/zap"

	"pred.dev/proto/runtime/lease"
)

// The settler's lease: one settler settles at a time. Two at once would
// be safe (every step is idempotent) but would do the work twice.
const (
	LeaseBucket = "settler_lease"
	LeaseKey    = "settle"
)

// campaignPause spaces two campaigns after a run ended in an error.
const campaignPause = 500 * time.Millisecond

// Campaign runs the settler whenever this process holds the lease, until
// ctx ends: it waits for the lease, settles while it renews it, and when
// the lease is lost or the run fails stops and campaigns again. Of
// several processes campaigning, one settles at a time; a killed one's
// lease expires after its TTL and another takes over from the state in
// NATS.
func (s *Settler) Campaign(ctx context.Context, l *lease.Lease) error {
	for {
		ok, err := l.Acquire(ctx)
		if err != nil {
			return err
		}
		if !ok {
			return nil
		}
		s.log.Info("settler leads")
		runCtx, cancel := context.WithCancel(ctx)
		held := make(chan error, 1)
		go func() {
			err := l.Hold(runCtx)
			cancel()
			held <- err
		}()
		err = s.Run(runCtx)
		cancel()
		lost := <-held
		switch {
		case ctx.Err() != nil:
			return nil
		case errors.Is(err, ErrCrashed):
			return err
		case err != nil:
			s.log.Error("settler stopped; campaigning again", zap.Error(err))
		case lost != nil:
			s.log.Error("settler lost its lease; campaigning again", zap.Error(lost))
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(campaignPause):
		}
	}
}
