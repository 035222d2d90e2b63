package errcode

import (
	"errors"
	"fmt"

	"pred.dev/proto/pb"
)

// Error is a coded error with a message specific to one occurrence (for
// example naming the offending price). It matches its code with errors.Is.
type Error struct {
	Code    Code
	Message string
	// Err is an optional cause, kept for logs; it is never sent to clients.
	Err error
}

// New returns an error with c's default message.
func New(c Code) *Error { return &Error{Code: c, Message: c.Message()} }

// Errorf returns an error with code c and a formatted message.
func Errorf(c Code, format string, args ...any) *Error {
	return &Error{Code: c, Message: fmt.Sprintf(format, args...)}
}

// Wrap returns an error with code c, c's default message and cause err.
func Wrap(c Code, err error) *Error { return &Error{Code: c, Message: c.Message(), Err: err} }

func (e *Error) Error() string {
	if e.Message == "" {
		return e.Code.Message()
	}
	return e.Message
}

// Status is the HTTP status of the error's code.
func (e *Error) Status() int { return e.Code.Status() }

// Unwrap returns the cause, if any.
func (e *Error) Unwrap() error { return e.Err }

// Is matches a Code equal to e's, or another *Error with the same code.
func (e *Error) Is(target error) bool {
	switch t := target.(type) {
	case Code:
		return t == e.Code
	case *Error:
		return t.Code == e.Code
	}
	return false
}

// CodeOf returns the code carried by err: err itself if it is a Code, the
// code of a wrapped *Error, or InternalError.
func CodeOf(err error) Code {
	var c Code
	if errors.As(err, &c) {
		return c
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return InternalError
}

// rejectCodes maps every engine reject reason to a code. A test checks
// that every pb.RejectReason value has an entry.
var rejectCodes = map[pb.RejectReason]Code{
	pb.RejectReason_REJECT_REASON_UNSPECIFIED:            InternalError,
	pb.RejectReason_REJECT_REASON_MARKET_NOT_FOUND:       MarketNotFound,
	pb.RejectReason_REJECT_REASON_MARKET_NOT_ACCEPTING:   MarketNotReady,
	pb.RejectReason_REJECT_REASON_TOKEN_NOT_FOUND:        TokenNotFound,
	pb.RejectReason_REJECT_REASON_INVALID_PRICE:          InvalidOrderMinTickSize,
	pb.RejectReason_REJECT_REASON_INVALID_AMOUNTS:        InvalidOrderAmounts,
	pb.RejectReason_REJECT_REASON_SIZE_TOO_SMALL:         InvalidOrderMinSize,
	pb.RejectReason_REJECT_REASON_SIZE_TOO_LARGE:         InvalidOrderMaxSize,
	pb.RejectReason_REJECT_REASON_INVALID_EXPIRATION:     InvalidOrderExpiration,
	pb.RejectReason_REJECT_REASON_FEE_RATE_TOO_LOW:       InvalidOrderFeeRateTooLow,
	pb.RejectReason_REJECT_REASON_FEE_RATE_TOO_HIGH:      InvalidOrderFeeRateTooHigh,
	pb.RejectReason_REJECT_REASON_DUPLICATE_ORDER:        InvalidOrderDuplicated,
	pb.RejectReason_REJECT_REASON_NOT_ENOUGH_BALANCE:     InvalidOrderNotEnoughBal,
	pb.RejectReason_REJECT_REASON_FOK_NOT_FILLED:         FOKOrderNotFilled,
	pb.RejectReason_REJECT_REASON_FAK_NO_MATCH:           FAKOrderNotFilled,
	pb.RejectReason_REJECT_REASON_POST_ONLY_CROSSES:      InvalidPostOnlyOrder,
	pb.RejectReason_REJECT_REASON_POST_ONLY_INVALID_TYPE: InvalidPostOnlyOrderType,
	pb.RejectReason_REJECT_REASON_ORDER_NOT_FOUND:        OrderNotFound,
	pb.RejectReason_REJECT_REASON_MARKET_EXISTS:          InvalidCommand,
	pb.RejectReason_REJECT_REASON_INVALID_MARKET_PARAMS:  InvalidCommand,
	pb.RejectReason_REJECT_REASON_INVALID_MARKET_STATE:   MarketNotReady,
	pb.RejectReason_REJECT_REASON_INVALID_PAYOUT:         InvalidCommand,
	pb.RejectReason_REJECT_REASON_DUPLICATE_COMMAND:      InvalidCommand,
	pb.RejectReason_REJECT_REASON_INVALID_COMMAND:        InvalidCommand,
	pb.RejectReason_REJECT_REASON_TOO_MANY_ORDERS:        TooManyOrders,
	pb.RejectReason_REJECT_REASON_INVALID_ORDER_TYPE:     InvalidOrderType,
	pb.RejectReason_REJECT_REASON_TRADE_NOT_FOUND:        TradeNotFound,
	// Only the settler reports trade statuses; no gateway sends them.
	pb.RejectReason_REJECT_REASON_TRADE_STATUS_FINAL:        InvalidCommand,
	pb.RejectReason_REJECT_REASON_INVALID_TRADE_STATUS:      InvalidCommand,
	pb.RejectReason_REJECT_REASON_MAKER_WALLET_NOT_DEPLOYED: MakerWalletNotDeployed,
	pb.RejectReason_REJECT_REASON_COLLATERAL_NOT_APPROVED:   InvalidOrderCollateralNotApproved,
	pb.RejectReason_REJECT_REASON_SHARES_NOT_APPROVED:       InvalidOrderSharesNotApproved,
	pb.RejectReason_REJECT_REASON_ACCOUNT_IN_DEBT:           InvalidOrderAccountInDebt,
	pb.RejectReason_REJECT_REASON_NOT_A_DECREASE:            InvalidOrderNotADecrease,
	pb.RejectReason_REJECT_REASON_INVALID_SELF_TRADE:        InvalidOrderSelfTrade,
	pb.RejectReason_REJECT_REASON_GROUP_NOT_FOUND:           OrderGroupNotFound,
	pb.RejectReason_REJECT_REASON_GROUP_LIMIT_REACHED:       OrderGroupLimitReached,
	pb.RejectReason_REJECT_REASON_INVALID_GROUP:             InvalidOrderGroup,
	pb.RejectReason_REJECT_REASON_TOO_MANY_GROUPS:           TooManyOrderGroups,
}

// FromReject returns the code of an engine reject reason. A reason newer
// than this table maps to InternalError, which the test prevents.
func FromReject(r pb.RejectReason) Code {
	if c, ok := rejectCodes[r]; ok {
		return c
	}
	return InternalError
}

// RejectError returns the coded error of an engine rejection, with the
// code's default message.
func RejectError(r pb.RejectReason) *Error { return New(FromReject(r)) }
