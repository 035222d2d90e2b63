package fixed

import "pred.dev/proto/rules"

// TickSize is a market's price increment in micro-USDW per share. Only the
// four reference tick sizes are valid.
type TickSize uint64

// The valid tick sizes (pred.dev/proto/rules).
const (
	TickTenth         TickSize = rules.TickTenth         // "0.1"
	TickHundredth     TickSize = rules.TickHundredth     // "0.01"
	TickThousandth    TickSize = rules.TickThousandth    // "0.001"
	TickTenThousandth TickSize = rules.TickTenThousandth // "0.0001"
)

// ParseTickSize parses "0.1", "0.01", "0.001" or "0.0001". Equivalent
// spellings with trailing zeros ("0.010") are accepted because they denote
// the same value.
func ParseTickSize(s string) (TickSize, error) {
	v, err := parseDecimal(s)
	if err == nil && !TickSize(v).Valid() {
		err = ErrInvalidTickSize
	}
	if err != nil {
		return 0, &ParseError{Kind: "tick size", Input: s, Err: err}
	}
	return TickSize(v), nil
}

// String renders the tick size as a decimal ("0.01"); invalid values are
// rendered the same way, so logs show what was actually stored.
func (t TickSize) String() string { return FormatUnits(uint64(t)) }

// Valid reports whether t is one of the four reference tick sizes.
func (t TickSize) Valid() bool { return t.Decimals() != 0 }

// Decimals is the number of decimal places of prices on this tick grid
// (2 for "0.01"), or 0 if t is not a valid tick size.
func (t TickSize) Decimals() int {
	switch t {
	case TickTenth:
		return 1
	case TickHundredth:
		return 2
	case TickThousandth:
		return 3
	case TickTenThousandth:
		return 4
	}
	return 0
}

// CheckPrice reports whether price (micro-USDW per share) is a valid
// price for a market with tick size tick: within MinPrice..MaxPrice and a
// multiple of the tick. The range is checked first, so a price such as
// 1.005 is reported as out of range rather than off the grid. Errors are
// *PriceError wrapping ErrInvalidTickSize, ErrPriceOutOfRange or
// ErrPriceOffTick.
func CheckPrice(price uint64, tick TickSize) error {
	var err error
	switch {
	case !tick.Valid():
		err = ErrInvalidTickSize
	case price < MinPrice || price > MaxPrice:
		err = ErrPriceOutOfRange
	case price%uint64(tick) != 0:
		err = ErrPriceOffTick
	default:
		return nil
	}
	return &PriceError{Price: price, Tick: tick, Err: err}
}
