package fixed

import "fmt"

// Error is a sentinel error of this package. Returned errors wrap one of
// the constants below; compare with errors.Is.
type Error string

func (e Error) Error() string { return string(e) }

// Parsing errors.
const (
	ErrEmpty           Error = "empty value: send a decimal string such as \"12.5\""
	ErrSign            Error = "signed value: send an unsigned decimal without '+' or '-'"
	ErrExponent        Error = "exponent notation: write the number out in plain decimal, e.g. \"0.000001\" rather than \"1e-6\""
	ErrTooManyDecimals Error = "more than 6 decimal places: round the value to at most 6 decimals"
	ErrOverflow        Error = "value too large: the maximum is 18446744073709.551615"
	ErrSyntax          Error = "not a plain decimal: use digits with at most one '.' and a digit on each side of it, e.g. \"100\" or \"0.57\""
	ErrPriceAboveOne   Error = "price above 1: a price is USDW per share and lies between 0 and 1"
)

// Tick, price, side and amount errors.
const (
	ErrInvalidTickSize Error = "invalid tick size: use 0.1, 0.01, 0.001 or 0.0001"
	ErrPriceOutOfRange Error = "price out of range: a price must be between 0.01 and 0.99 inclusive"
	ErrPriceOffTick    Error = "price not on the tick grid: round the price to a multiple of the market's tick size"
	ErrPriceNotExact   Error = "amounts do not imply an exact price: the collateral amount must equal size times price exactly, with no rounding"
	ErrInvalidSide     Error = "invalid side: use BUY or SELL"
	ErrZeroSize        Error = "zero size: an order must be for at least one lot (0.01 share)"
	ErrSizeNotLot      Error = "size is not a whole number of lots: round the share amount to 2 decimals (a multiple of 10000 base units)"
)

// ParseError reports a value that could not be parsed. Kind says what was
// being parsed ("amount", "price", "tick size", "side").
type ParseError struct {
	Kind  string
	Input string
	Err   error
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("fixed: cannot parse %s %q: %v", e.Kind, clip(e.Input), e.Err)
}

func (e *ParseError) Unwrap() error { return e.Err }

// PriceError reports a price that is invalid for a tick size.
type PriceError struct {
	Price uint64 // micro-USDW per share
	Tick  TickSize
	Err   error
}

func (e *PriceError) Error() string { return "fixed: " + e.detail() }

func (e *PriceError) detail() string {
	return fmt.Sprintf("price %s at tick size %s: %v", FormatPrice(e.Price), e.Tick, e.Err)
}

func (e *PriceError) Unwrap() error { return e.Err }

// AmountError reports signed order amounts that do not describe a valid
// order (see OrderPrice).
type AmountError struct {
	Side        Side
	MakerAmount uint64 // base units
	TakerAmount uint64 // base units
	Err         error
}

func (e *AmountError) Error() string {
	inner := e.Err.Error()
	if pe, ok := e.Err.(*PriceError); ok {
		inner = "implied " + pe.detail()
	}
	return fmt.Sprintf("fixed: %s order with makerAmount %d and takerAmount %d: %s",
		e.Side, e.MakerAmount, e.TakerAmount, inner)
}

func (e *AmountError) Unwrap() error { return e.Err }

// QuoteError reports a side, price and size that cannot be turned into
// order amounts (see OrderAmounts).
type QuoteError struct {
	Side  Side
	Price uint64 // micro-USDW per share
	Size  uint64 // base units of shares
	Err   error
}

func (e *QuoteError) Error() string {
	return fmt.Sprintf("fixed: %s %s shares at price %s: %v",
		e.Side, FormatUnits(e.Size), FormatPrice(e.Price), e.Err)
}

func (e *QuoteError) Unwrap() error { return e.Err }

// clip shortens hostile or accidental huge inputs so that error messages
// and logs stay small.
func clip(s string) string {
	const maxLen = 40
	if len(s) <= maxLen {
		return s
	}
	return s[:maxLen] + "..."
}
