package markets

import (
	"context"
	"errors"
	"net"
	"strings"

	"pred.dev/proto/errcode"
	"pred.dev/proto/pb"
)

// errNotServing answers a call made outside a term of the lease.
var errNotServing = errors.New("markets: not serving: this settler does not hold the markets lease")

// toError maps a failure to its stable code: a malformed request is
// INVALID_PAYLOAD, the faucet off FAUCET_DISABLED, a chain that did not
// answer CHAIN_UNAVAILABLE, work that ran out of time (or a term that
// ended under it) SETTLER_UNAVAILABLE, anything else INTERNAL_ERROR.
// Every one but the first two is worth a retry: the work is idempotent.
func toError(err error) *pb.MarketsError {
	return &pb.MarketsError{Code: string(codeOf(err)), Message: err.Error()}
}

func codeOf(err error) errcode.Code {
	var ne net.Error
	switch {
	case errors.Is(err, errInvalid):
		return errcode.InvalidPayload
	case errors.Is(err, ErrFaucetOff):
		return errcode.FaucetDisabled
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled), errors.Is(err, errNotServing):
		return errcode.SettlerUnavailable
	case errors.As(err, &ne), strings.Contains(err.Error(), "connection refused"):
		return errcode.ChainUnavailable
	}
	return errcode.InternalError
}
