package fixed

import "strconv"

// Side is the side of an order. The numeric values equal the protobuf enum
// pred.v1.Side (0 is unspecified) and must not change. The on-chain EIP-712
// encoding differs (BUY=0, SELL=1); package eip712 converts.
type Side uint8

// The two sides of an order.
const (
	Buy  Side = 1
	Sell Side = 2
)

// Valid reports whether s is Buy or Sell.
func (s Side) Valid() bool { return s == Buy || s == Sell }

// String returns "BUY" or "SELL", the JSON spelling of the reference API.
func (s Side) String() string {
	switch s {
	case Buy:
		return "BUY"
	case Sell:
		return "SELL"
	}
	return "Side(" + strconv.Itoa(int(s)) + ")"
}

// Opposite returns the other side; an invalid side is returned unchanged.
func (s Side) Opposite() Side {
	switch s {
	case Buy:
		return Sell
	case Sell:
		return Buy
	}
	return s
}

// ParseSide parses the JSON spelling "BUY" or "SELL". It is case-sensitive
// like the reference API, so that one order has one spelling.
func ParseSide(s string) (Side, error) {
	switch s {
	case "BUY":
		return Buy, nil
	case "SELL":
		return Sell, nil
	}
	return 0, &ParseError{Kind: "side", Input: s, Err: ErrInvalidSide}
}
