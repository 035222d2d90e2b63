package clobapi

import "encoding/json"

// MidpointResponse is the body of GET /midpoint: the mean of the best bid
// and the best ask.
type MidpointResponse struct {
	Mid string `json:"mid"`
}

// Midpoints maps token id to midpoint, the body of GET and POST
// /midpoints. A token that is unknown or lacks a bid or an ask is absent.
type Midpoints map[string]string

// SpreadResponse is the body of GET /spread: the best ask minus the best
// bid.
type SpreadResponse struct {
	Spread string `json:"spread"`
}

// Spreads maps token id to spread, the body of GET and POST /spreads. A
// token that is unknown or lacks a bid or an ask is absent.
type Spreads map[string]string

// Market statuses (Market.Status), the engine's.
const (
	MarketActive   = "ACTIVE"   // accepting orders
	MarketHalted   = "HALTED"   // cancels only, by an operator or a game in play
	MarketClosed   = "CLOSED"   // no orders; resolution pending
	MarketResolved = "RESOLVED" // paid out
)

// Market is one tradable market as the CLOB knows it, an element of GET
// /markets and the body of GET /markets/{conditionID}: its tokens and
// trading parameters. Titles, slugs and dates are the Gamma API's.
// Sizes and the tick are JSON numbers written as exact decimals (shares,
// USDW per share), as in the reference; fees are basis points.
type Market struct {
	ConditionID      string        `json:"condition_id"`
	Tokens           []MarketToken `json:"tokens"`
	MinimumTickSize  json.Number   `json:"minimum_tick_size"`
	MinimumOrderSize json.Number   `json:"minimum_order_size"`
	MaximumOrderSize json.Number   `json:"maximum_order_size"`
	// MakerBaseFee is 0: makers pay no fee. TakerBaseFee is the market's
	// fee rate, the least an order must sign (GET /fee-rate/{tokenID}).
	MakerBaseFee uint32 `json:"maker_base_fee"`
	TakerBaseFee uint32 `json:"taker_base_fee"`
	NegRisk      bool   `json:"neg_risk"`
	Status       string `json:"status"`
	// Active is false once the market closed; Closed is true from then
	// on; AcceptingOrders only while the status is ACTIVE.
	Active          bool `json:"active"`
	Closed          bool `json:"closed"`
	AcceptingOrders bool `json:"accepting_orders"`
	EnableOrderBook bool `json:"enable_order_book"`
}

// MarketToken is one outcome token of a market: YES first. Winner is set
// on the token a resolved market paid in full.
type MarketToken struct {
	TokenID string `json:"token_id"`
	Outcome string `json:"outcome"`
	Winner  bool   `json:"winner"`
}
