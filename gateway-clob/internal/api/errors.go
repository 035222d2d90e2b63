package api

import (
	"errors"

	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
)

// pendingError is a 503 whose command is (or may be) in the log: the body
// carries the order id so the client can poll GET /order/{orderID}.
type pendingError struct {
	err     *errcode.Error
	orderID string
}

func (e *pendingError) Error() string { return e.err.Error() }
func (e *pendingError) Unwrap() error { return e.err }

// ErrorBody is the CLOB's error body (the gateway kit's error renderer
// hook): {"error","code"}, and the order id of a command that is (or may
// be) in the log, so the client can poll GET /order/{orderID}.
func ErrorBody(err error, code errcode.Code, message string) any {
	body := clobapi.ErrorBody{Error: message, Code: string(code)}
	var pe *pendingError
	if errors.As(err, &pe) {
		body.OrderID = pe.orderID
	}
	return body
}
