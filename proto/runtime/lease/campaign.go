package lease

import (
	"context"
	"errors"
	"time"

	"go.uber.org/zap"
)

// Campaign runs run whenever this process holds l, until ctx ends: it
// waits for the lease, runs while Hold renews it, and when the lease is
// lost or the run returns (another holder fenced it out, NATS or the chain
// failed) cancels the run's context, waits pause and campaigns again. Of
// several processes campaigning for the same lease, one runs at a time.
// The relayer's worker and the settler are run this way.
//
// It returns nil when ctx ends, Acquire's error, or a run error that
// errors.Is fatal (a test's crash hook: campaigning again would hide the
// crash the test wants to see). name is the subject of the log lines
// ("worker", "settler"), which say why a run stopped.
func Campaign(ctx context.Context, l *Lease, name string, run func(context.Context) error, fatal error, log *zap.Logger, pause time.Duration) error {
	for {
		ok, err := l.Acquire(ctx)
		if err != nil {
			return err
		}
		if !ok {
			return nil
		}
		runCtx, cancel := context.WithCancel(ctx)
		held := make(chan error, 1)
		go func() {
			err := l.Hold(runCtx)
			cancel() // a lost lease stops the run
			held <- err
		}()
		err = run(runCtx)
		cancel() // a finished run stops the renewals
		lost := <-held
		switch {
		case ctx.Err() != nil:
			return nil
		case fatal != nil && errors.Is(err, fatal):
			return err
		case err != nil:
			log.Error(name+" stopped; campaigning again", zap.Error(err))
		case lost != nil:
			log.Error(name+" lost its lease; campaigning again", zap.Error(lost))
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(pause):
		}
	}
}
