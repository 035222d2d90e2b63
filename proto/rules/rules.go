// Package rules declares, once, the limits that both the matching engine
// and the gateways enforce, so that what a gateway accepts the engine
// accepts too and the two cannot drift apart: the units of amounts and
// prices, the price range, the tick sizes, the highest fee rate an order
// may sign, the largest list of orders one cancel names and of tokens one
// batch price request names; and the largest set of trades one
// SetTradeStatus names, which the engine and the settler share.
//
// The constants are untyped, so each side keeps its own types, and the
// package imports nothing, so the engine's pure core may use it. The
// engine (pred.dev/engine/machine) reads them directly; the gateways read
// them directly or through package fixed. A test in pred.dev/scripts
// (rules_test.go) checks that both sides refer to every one of them.
package rules

// Units: USDW and shares both have 6 decimals, and prices are micro-USDW
// per share.
const (
	// UnitsPerShare is the number of base units in one share or one USDW.
	UnitsPerShare = 1_000_000
	// LotUnits is the order size step: 0.01 share. Sizes are multiples of
	// it, which keeps size times any on-grid price exact at 6 decimals.
	LotUnits = 10_000
)

// PriceMin and PriceMax bound every order price: 0.01 and 0.99 per share,
// inclusive, in micro-USDW per share.
const (
	PriceMin = 10_000
	PriceMax = 990_000
)

// The four tick sizes a market may have, in micro-USDW per share: 0.1,
// 0.01, 0.001 and 0.0001.
const (
	TickTenth         = 100_000
	TickHundredth     = 10_000
	TickThousandth    = 1_000
	TickTenThousandth = 100
)

// FeeRateMaxBps is the highest taker fee rate an order may sign, in basis
// points: the exchange contract's MAX_FEE_RATE_BIPS (10%).
const FeeRateMaxBps = 1_000

// CancelOrdersMax is the most order ids one cancel may name (the spec's
// limit of DELETE /orders; the engine's cancel-list command).
const CancelOrdersMax = 3_000

// TradeStatusTradesMax is the most trades one SetTradeStatus command may
// name (trade_id plus trade_ids). The settler reports the trades of one
// settlement call together, and one call has at most MatchesMax (32 at
// most) matches of at most 15 maker fills each (the contract's
// MAX_MAKER_ORDERS): 480, below this limit, and the settler bounds its
// FillsMax by it, so one call's trades always fit in one command.
const TradeStatusTradesMax = 512

// AllowanceMaxUnits caps a finite USDW allowance the engine counts, in base
// units: the chain watcher sends a larger one (but 2^256-1, which is
// unlimited) as this, still far more than any balance can spend.
const AllowanceMaxUnits = 1 << 62

// TokenBatchMax is the most token ids one batch market-data request names
// (the spec's limit of POST /books, /prices, /midpoints, /spreads and
// /last-trades-prices) and so the most one engine prices query answers.
const TokenBatchMax = 500

// The rolling window of an order group (SetOrderGroup) is
// GroupWindowMinSec to GroupWindowMaxSec seconds of the log's clock,
// GroupWindowDefaultSec when none is given: long enough to see a burst of
// fills as one, short enough that the engine keeps one counter per second
// of it.
const (
	GroupWindowMinSec     = 1
	GroupWindowMaxSec     = 60
	GroupWindowDefaultSec = 15
)
