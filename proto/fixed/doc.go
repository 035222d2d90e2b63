// Package fixed holds the exchange's integer fixed-point arithmetic: base
// units, prices, tick sizes and the makerAmount/takerAmount convention of
// signed orders.
//
// Nothing here uses floating point. Money and shares are uint64 counts of
// base units with 6 decimals (One = 1,000,000 units is one USDW or one
// share), and prices are micro-USDW per whole share on the same scale
// (0.57 is 570000). Because both sides of every order are exact integers,
// the price an order implies either sits exactly on the tick grid or the
// order is rejected; nothing is ever rounded on the server.
//
// The order convention follows the reference exchange (Polymarket CTF
// Exchange): a BUY gives collateral (makerAmount) and receives shares
// (takerAmount); a SELL gives shares (makerAmount) and receives collateral
// (takerAmount). Sizes are whole lots of 0.01 share (LotUnits), and a valid
// price is a multiple of the market's tick size within 0.01..0.99
// inclusive, as the interface specification requires.
//
// Every error returned by this package wraps one of the sentinel values
// (ErrSyntax, ErrPriceOffTick, ...), so callers map them to API error codes
// with errors.Is, and the messages say what the client should change.
package fixed

import "pred.dev/proto/rules"

// The units and price range are the shared rules of pred.dev/proto/rules,
// typed for this package.
const (
	// Decimals is the number of decimal places of USDW, of shares and of
	// prices.
	Decimals = 6

	// One is the number of base units in one USDW or one share, and the
	// price of a certain outcome in micro-USDW per share.
	One uint64 = rules.UnitsPerShare

	// LotUnits is the smallest order size step: 0.01 share. Sizes are
	// multiples of it, which keeps size times any on-grid price exact at
	// 6 decimals.
	LotUnits uint64 = rules.LotUnits

	// MinPrice and MaxPrice bound a valid price (0.01 and 0.99 per share,
	// inclusive), in micro-USDW per share.
	MinPrice uint64 = rules.PriceMin
	MaxPrice uint64 = rules.PriceMax
)
