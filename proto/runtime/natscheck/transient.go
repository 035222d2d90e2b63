package natscheck

import (
	"context"
	"errors"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"
)

// Transient reports whether a JetStream API call failed the way it does
// while a cluster elects a stream's or the meta group's leader, or while a
// node restarts: no answer in time, nobody answering, JetStream not ready
// yet. A retry a moment later cures it. A refusal (ErrReplicas, a
// configuration the server rejects) is not transient: retrying changes
// nothing and the operator must act.
func Transient(err error) bool {
	if err == nil || errors.Is(err, ErrReplicas) {
		return false
	}
	var api *jetstream.APIError
	if errors.As(err, &api) {
		return api.ErrorCode == jetstream.JSErrCodeJetStreamNotEnabled ||
			api.ErrorCode == jetstream.JSErrCodeJetStreamNotEnabledForAccount || api.Code == 503
	}
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, nats.ErrTimeout) ||
		errors.Is(err, nats.ErrNoResponders) || errors.Is(err, jetstream.ErrNoStreamResponse) ||
		errors.Is(err, jetstream.ErrJetStreamNotEnabled)
}

// RetryWaitMax bounds how long Retry rides out transient failures: longer
// than a cluster's elections after a node is lost (a few seconds each,
// one per stream), shorter than an operator waits to hear something is
// wrong.
const RetryWaitMax = time.Minute

// retryPause is the wait between attempts.
const retryPause = 500 * time.Millisecond

// AttemptMax bounds one attempt of Retry's step. A request sent on a
// connection that has just died, unnoticed yet, is never answered: only
// a new attempt, on the connection made again, gets an answer. Without
// the bound the first attempt held a caller's whole start-up budget (a
// CI run's Gamma waited out its 30 s on one STREAM.INFO and exited).
// Twice JetStream's own request timeout, for a loaded machine.
const AttemptMax = 10 * time.Second

// Retry runs step until it succeeds, fails other than transiently, ctx
// ends or RetryWaitMax passes; onRetry (nil: nobody) hears every
// transient failure (to log it). Each attempt gets at most AttemptMax.
// So a process started while its cluster elects a leader waits for the
// election instead of exiting (the cluster's fault run saw both engines
// exit and be restarted for 30 s after a NATS node was killed).
func Retry(ctx context.Context, step func(context.Context) error, onRetry func(error)) error {
	deadline := time.Now().Add(RetryWaitMax)
	for {
		actx, cancel := context.WithTimeout(ctx, AttemptMax)
		err := step(actx)
		cancel()
		if !Transient(err) || ctx.Err() != nil || time.Now().After(deadline) {
			return err
		}
		if onRetry != nil {
			onRetry(err)
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(retryPause):
		}
	}
}

// Warn returns Retry's onRetry for a process's start: a warning on log
// for every transient failure, so an operator sees why it waits.
func Warn(log *zap.Logger) func(error) {
	return func(err error) {
		log.Warn("NATS not ready (a cluster electing a leader?); retrying", zap.Error(err),
			zap.Duration("gives_up_after", RetryWaitMax))
	}
}
