package rest

import (
	"errors"
	"net"
)

// NoAnswerError is a request whose answer did not arrive whole: the
// request may or may not have reached the API (a timeout, a dropped
// connection, a cut body), unless it was never sent at all (a failed
// dial). Its message is the underlying error's.
type NoAnswerError struct{ Err error }

func (e *NoAnswerError) Error() string { return e.Err.Error() }
func (e *NoAnswerError) Unwrap() error { return e.Err }

// MayHaveArrived reports whether the request may have reached the API:
// everything but a connection that was never made.
func (e *NoAnswerError) MayHaveArrived() bool {
	var op *net.OpError
	return !errors.As(e.Err, &op) || op.Op != "dial"
}
