package clobapi

import (
	"encoding/json"
	"fmt"
	"strconv"

	"pred.dev/proto/fixed"
)

// APICreds are the L2 credentials of an API key. The secret is returned
// only by create and derive.
type APICreds struct {
	APIKey     string `json:"apiKey"`
	Secret     string `json:"secret"`
	Passphrase string `json:"passphrase"`
}

// APIKeyInfo describes one active API key, without its secrets.
type APIKeyInfo struct {
	APIKey    string `json:"apiKey"`
	Address   string `json:"address"`
	ScopeID   string `json:"scopeId"`
	CreatedAt int64  `json:"createdAt"`
}

// APIKeysResponse is the body of GET /auth/api-keys.
type APIKeysResponse struct {
	APIKeys []APIKeyInfo `json:"apiKeys"`
}

// RevokeAPIKeyResponse is the body of DELETE /auth/api-key.
type RevokeAPIKeyResponse struct {
	APIKey  string `json:"apiKey"`
	Revoked bool   `json:"revoked"`
}

// FlexUint is an unsigned integer that decodes from a JSON number or a
// decimal string and encodes as a JSON number. The reference clients send
// the order salt as a number and some send it as a string. Either way the
// digits must be canonical (no sign, no leading zero, no exponent or
// fraction), because the value is signed.
type FlexUint uint64

// MarshalJSON encodes the value as a JSON number.
func (v FlexUint) MarshalJSON() ([]byte, error) {
	return strconv.AppendUint(nil, uint64(v), 10), nil
}

// UnmarshalJSON accepts 123 and "123".
func (v *FlexUint) UnmarshalJSON(b []byte) error {
	s := b
	if len(b) >= 2 && b[0] == '"' && b[len(b)-1] == '"' {
		s = b[1 : len(b)-1]
	}
	n, ok := fixed.ParseCanonicalUint(string(s))
	if !ok {
		return fmt.Errorf("want an unsigned integer below 2^64 without sign or leading zeros, as a number or decimal string, got %s", clip(b))
	}
	*v = FlexUint(n)
	return nil
}

func clip(b []byte) string {
	const max = 40
	if len(b) > max {
		return string(b[:max]) + "..."
	}
	return string(b)
}

// SignedOrder is the signed order as it travels in POST /order: the 12
// signed EIP-712 fields plus the signature. Amounts are integers in base
// units (1e-6) as decimal strings, because that is what is signed.
type SignedOrder struct {
	Salt          FlexUint `json:"salt"`
	Maker         string   `json:"maker"`
	Signer        string   `json:"signer"`
	Taker         string   `json:"taker"`
	TokenID       string   `json:"tokenId"`
	MakerAmount   string   `json:"makerAmount"`
	TakerAmount   string   `json:"takerAmount"`
	Side          string   `json:"side"`
	Expiration    string   `json:"expiration"`
	Nonce         string   `json:"nonce"`
	FeeRateBps    string   `json:"feeRateBps"`
	SignatureType FlexUint `json:"signatureType"`
	Signature     string   `json:"signature"`
	ScopeID       string   `json:"scopeId,omitempty"`
}

// PostOrderRequest is the envelope of POST /order and of each element of
// POST /orders.
type PostOrderRequest struct {
	Order     SignedOrder `json:"order"`
	Owner     string      `json:"owner"`
	OrderType string      `json:"orderType"`
	PostOnly  bool        `json:"postOnly,omitempty"`
	DeferExec bool        `json:"deferExec,omitempty"`
	// Request options for market makers, not part of the signed order:
	// what the order does on meeting a resting order of its own wallet
	// (a SelfTrade* value; empty for the default, SelfTradeCancelResting),
	// whether a halt of its market cancels it, and the order group of the
	// maker it counts in (0 for none; PUT /order-groups/{id}).
	SelfTradePrevention string `json:"selfTradePrevention,omitempty"`
	CancelOnHalt        bool   `json:"cancelOnHalt,omitempty"`
	OrderGroupID        uint32 `json:"orderGroupId,omitempty"`
}

// Self-trade prevention modes (PostOrderRequest.SelfTradePrevention): an
// order never trades with its own wallet's resting order; on meeting one
// it cancels the resting order and goes on matching (the default), or
// stops there and cancels its own rest (Kalshi's taker_at_cross), or
// cancels both.
const (
	SelfTradeCancelResting = "cancel_resting"
	SelfTradeCancelTaker   = "cancel_taker"
	SelfTradeCancelBoth    = "cancel_both"
)

// ReplaceOrderRequest is the body of POST /order/replace and each element
// of POST /orders/replace: the live order to cancel and the envelope of
// the signed order that takes its place, both or neither.
type ReplaceOrderRequest struct {
	OrderID string `json:"orderID"`
	PostOrderRequest
}

// ReplaceOrderResponse is the new order's OrderResponse and the order it
// replaced (cancelled when Success is true, untouched otherwise).
type ReplaceOrderResponse struct {
	OrderResponse
	ReplacedOrderID string `json:"replacedOrderID"`
}

// DecreaseOrderRequest is the body of POST /order/decrease: exactly one of
// ReduceBy (shares to take off) and ReduceTo (the remaining size wanted),
// decimal strings of shares in whole lots of 0.01.
type DecreaseOrderRequest struct {
	OrderID  string `json:"orderID"`
	ReduceBy string `json:"reduceBy,omitempty"`
	ReduceTo string `json:"reduceTo,omitempty"`
}

// DecreaseOrderResponse says what a decrease left: status "live" with the
// order's size now (original_size less decreases) and what remains to
// fill, or "canceled" when nothing remains (Size then empty).
type DecreaseOrderResponse struct {
	OrderID   string `json:"orderID"`
	Status    string `json:"status"`
	Size      string `json:"size,omitempty"`
	Remaining string `json:"remaining"`
}

// Statuses of a DecreaseOrderResponse.
const (
	DecreaseStatusLive     = "live"
	DecreaseStatusCanceled = "canceled"
)

// QueuePosition is GET /order/{orderID}/queue-position: the shares of the
// orders ahead of a live order at its price (time priority) and the
// shares resting at that price in all, its own remaining included.
type QueuePosition struct {
	OrderID     string `json:"order_id"`
	SharesAhead string `json:"shares_ahead"`
	LevelSize   string `json:"level_size"`
}

// OrderGroupRequest is the body of PUT /order-groups/{id}: the fill limit
// in shares (whole lots of 0.01) and the rolling window in seconds (1 to
// 60; 0 or absent for 15).
type OrderGroupRequest struct {
	Limit     string `json:"limit"`
	WindowSec uint32 `json:"windowSec,omitempty"`
}

// OrderGroup is one order group of a wallet: its limit, window, the
// shares its orders filled within the window, and whether those reached
// the limit (its orders were cancelled and new ones are refused until
// POST /order-groups/{id}/reset).
type OrderGroup struct {
	ID        uint32 `json:"id"`
	Limit     string `json:"limit"`
	WindowSec uint32 `json:"window_sec"`
	Filled    string `json:"filled"`
	Tripped   bool   `json:"tripped"`
}

// OrderGroupDeleted answers DELETE /order-groups/{id}: the group is gone
// (its id can be set again, fresh) and Canceled lists the orders of the
// group the delete cancelled (cancel_reason GROUP_DELETED), newest first.
type OrderGroupDeleted struct {
	ID       uint32   `json:"id"`
	Deleted  bool     `json:"deleted"`
	Canceled []string `json:"canceled"`
}

// Order statuses returned at submission (lowercase, as the reference).
const (
	InsertStatusLive    = "live"
	InsertStatusMatched = "matched"
)

// OrderResponse is the reference SendOrderResponse. For POST /orders a
// failed element has Success false, ErrorMsg and Code.
type OrderResponse struct {
	Success            bool     `json:"success"`
	ErrorMsg           string   `json:"errorMsg"`
	Code               string   `json:"code,omitempty"`
	OrderID            string   `json:"orderID"`
	Status             string   `json:"status"`
	MakingAmount       string   `json:"makingAmount"`
	TakingAmount       string   `json:"takingAmount"`
	TransactionsHashes []string `json:"transactionsHashes"`
	TradeIDs           []string `json:"tradeIDs"`
}

// CancelOrderRequest is the body of DELETE /order.
type CancelOrderRequest struct {
	OrderID string `json:"orderID"`
}

// CancelMarketOrdersRequest is the body of DELETE /cancel-market-orders;
// at least one field is set.
type CancelMarketOrdersRequest struct {
	Market  string `json:"market,omitempty"`
	AssetID string `json:"asset_id,omitempty"`
}

// CancelResponse is the body of every cancel endpoint.
type CancelResponse struct {
	Canceled    []string          `json:"canceled"`
	NotCanceled map[string]string `json:"not_canceled"`
}

// OpenOrder is an order as GET /order/{id}, GET /orders and GET
// /all-orders return it. Owner is empty on the public endpoint.
type OpenOrder struct {
	ID              string   `json:"id"`
	Status          string   `json:"status"`
	Owner           string   `json:"owner,omitempty"`
	MakerAddress    string   `json:"maker_address"`
	Market          string   `json:"market"`
	AssetID         string   `json:"asset_id"`
	Side            string   `json:"side"`
	OriginalSize    string   `json:"original_size"`
	SizeMatched     string   `json:"size_matched"`
	Price           string   `json:"price"`
	AssociateTrades []string `json:"associate_trades"`
	Outcome         string   `json:"outcome"`
	CreatedAt       int64    `json:"created_at"`
	UpdatedAt       int64    `json:"updated_at"`
	Expiration      string   `json:"expiration"`
	OrderType       string   `json:"order_type"`
	PostOnly        bool     `json:"post_only"`
	FeeRateBps      string   `json:"fee_rate_bps"`
	CancelReason    string   `json:"cancel_reason,omitempty"`
	// The size now: original_size less what decreases took off
	// (POST /order/decrease), so current_size - size_matched is left.
	CurrentSize string `json:"current_size"`
	// The placement's options (PostOrderRequest), on the caller's own
	// orders only (a maker's options are its own business):
	// self_trade_prevention is then always set (cancel_resting by default).
	SelfTradePrevention string `json:"self_trade_prevention,omitempty"`
	CancelOnHalt        bool   `json:"cancel_on_halt,omitempty"`
	OrderGroupID        uint32 `json:"order_group_id,omitempty"`
}

// MakerOrder is the maker side of a trade.
type MakerOrder struct {
	OrderID       string `json:"order_id"`
	Owner         string `json:"owner,omitempty"`
	MakerAddress  string `json:"maker_address"`
	MatchedAmount string `json:"matched_amount"`
	Price         string `json:"price"`
	FeeRateBps    string `json:"fee_rate_bps"`
	AssetID       string `json:"asset_id"`
	Outcome       string `json:"outcome"`
	Side          string `json:"side"`
}

// Trade is one match between a taker order and a maker order, seen from
// the caller's side (TraderSide) or, on GET /all-trades, the taker's.
type Trade struct {
	ID              string       `json:"id"`
	TakerOrderID    string       `json:"taker_order_id"`
	Market          string       `json:"market"`
	AssetID         string       `json:"asset_id"`
	Side            string       `json:"side"`
	Size            string       `json:"size"`
	Fee             string       `json:"fee"`
	FeeRateBps      string       `json:"fee_rate_bps"`
	Price           string       `json:"price"`
	Status          string       `json:"status"`
	MatchType       string       `json:"match_type"`
	MatchTime       string       `json:"match_time"`
	LastUpdate      string       `json:"last_update"`
	Outcome         string       `json:"outcome"`
	BucketIndex     int          `json:"bucket_index"`
	Owner           string       `json:"owner,omitempty"`
	MakerAddress    string       `json:"maker_address"`
	TransactionHash string       `json:"transaction_hash"`
	TraderSide      string       `json:"trader_side"`
	MakerOrders     []MakerOrder `json:"maker_orders"`
}

// Transaction is a collateral movement of a wallet: a deposit,
// withdrawal, faucet credit or resolution payout.
type Transaction struct {
	ID      string `json:"id"`
	Address string `json:"address"`
	Type    string `json:"type"`
	Amount  string `json:"amount"`
	// AssetID is the outcome token moved, empty for USDW.
	AssetID   string `json:"asset_id,omitempty"`
	Ref       string `json:"ref"`
	Market    string `json:"market,omitempty"`
	TradeID   string `json:"trade_id,omitempty"`
	Timestamp int64  `json:"timestamp"`
}

// Page is one page of a cursor-paginated list.
type Page[T any] struct {
	Data       []T    `json:"data"`
	NextCursor string `json:"next_cursor"`
	Limit      int    `json:"limit"`
	Count      int    `json:"count"`
}

// Cursor sentinels: the first page and the end of the list.
const (
	InitialCursor = "MA=="
	EndCursor     = "LTE="
)

// BalanceAllowance is the body of GET /balance-allowance. Values are
// exact decimal strings in shares or USDW ("93.94"), never JSON numbers:
// an unlimited allowance is 2^256 − 1 base units, which a client reading
// numbers as doubles would round.
type BalanceAllowance struct {
	Balance          string `json:"balance"`
	Locked           string `json:"locked"`
	VirtualAvailable string `json:"virtual_available"`
	// Debt is what the wallet owes the exchange in the asset (see the
	// INVALID_ORDER_ACCOUNT_IN_DEBT code): the chain holds balance - debt
	// (plus what is reserved for withdrawals).
	Debt       string            `json:"debt"`
	Allowances map[string]string `json:"allowances"`
	// ExchangeAllowances maps each exchange's address to what it may move
	// of the asset, read on chain; absent from a gateway without a chain.
	ExchangeAllowances map[string]string `json:"exchange_allowances,omitempty"`
	// ExchangeApprovals maps each exchange's address to what the exchange
	// itself counts the wallet as having approved, whatever the asset:
	// orders need these (seen on chain after the chain watcher's
	// confirmations), not only the chain's allowances.
	ExchangeApprovals map[string]ExchangeApproval `json:"exchange_approvals"`
}

// ExchangeApproval is what the exchange counts a wallet as letting one
// exchange contract move: its USDW allowance (decimal USDW; 2^256 - 1
// base units is unlimited) and whether its outcome shares are approved.
type ExchangeApproval struct {
	Collateral string `json:"collateral"`
	Shares     bool   `json:"shares"`
}

// PriceLevel is one level of a book.
type PriceLevel struct {
	Price string `json:"price"`
	Size  string `json:"size"`
}

// OrderBookSummary is the body of GET /book. Bids are in ascending price
// order and asks in descending price order, so the best price of each side
// is its LAST element, as in the reference exchange.
type OrderBookSummary struct {
	Market         string       `json:"market"`
	AssetID        string       `json:"asset_id"`
	Timestamp      string       `json:"timestamp"`
	Hash           string       `json:"hash"`
	Bids           []PriceLevel `json:"bids"`
	Asks           []PriceLevel `json:"asks"`
	MinOrderSize   string       `json:"min_order_size"`
	MaxOrderSize   string       `json:"max_order_size"`
	TickSize       string       `json:"tick_size"`
	NegRisk        bool         `json:"neg_risk"`
	LastTradePrice string       `json:"last_trade_price"`
}

// BookRequest is one element of POST /books.
type BookRequest struct {
	TokenID string `json:"token_id"`
	// Side is accepted and ignored: the reference clients send their
	// BookParams ({token_id, side}) to POST /books too.
	Side string `json:"side,omitempty"`
}

// PriceRequest is one element of POST /prices.
type PriceRequest struct {
	TokenID string `json:"token_id"`
	Side    string `json:"side"`
}

// PriceResponse is the body of GET /price.
type PriceResponse struct {
	Price string `json:"price"`
}

// Prices maps token id to side ("BUY", "SELL") to price, the body of GET
// and POST /prices. A side with an empty book is absent.
type Prices map[string]map[string]string

// LastTradePrice is the body of GET /last-trade-price and an element of
// /last-trades-prices. Price is "0" and Side "" when the token never
// traded.
type LastTradePrice struct {
	TokenID string `json:"token_id,omitempty"`
	Price   string `json:"price"`
	Side    string `json:"side"`
}

// FeeRate is the body of GET /fee-rate: the rate in basis points, under
// the spec's name and the reference's.
type FeeRate struct {
	FeeRateBps uint32 `json:"feeRateBps"`
	BaseFee    uint32 `json:"base_fee"`
}

// TickSizeResponse is the body of GET /tick-size.
type TickSizeResponse struct {
	MinimumTickSize json.Number `json:"minimum_tick_size"`
}

// PricePoint is one point of a price history: t in Unix seconds, p the
// last trade price in the bucket.
type PricePoint struct {
	T int64       `json:"t"`
	P json.Number `json:"p"`
}

// PriceHistory is the body of GET /prices-history.
type PriceHistory struct {
	History []PricePoint `json:"history"`
}

// HeartbeatResponse is the body of POST /heartbeats.
type HeartbeatResponse struct {
	Status      string `json:"status"`
	HeartbeatID string `json:"heartbeat_id"`
}

// FaucetRequest is the body of POST /faucet (devnet only).
type FaucetRequest struct {
	Address string `json:"address"`
	Amount  string `json:"amount"`
}

// FaucetResponse is the answer of POST /faucet.
type FaucetResponse struct {
	Address string `json:"address"`
	Amount  string `json:"amount"`
	Balance string `json:"balance"`
}

// WithdrawRequest is the body of POST /withdraw: a reservation of amount
// (USDW, or shares of token_id) in the caller's proxy wallet, before the
// wallet's transfer is relayed. ID (0x and 64 hex digits, optional) makes a
// retry the same reservation.
type WithdrawRequest struct {
	Amount  string `json:"amount"`
	TokenID string `json:"token_id,omitempty"`
	ID      string `json:"id,omitempty"`
}

// WithdrawResponse is the answer of POST /withdraw: the reservation's id
// and the wallet's balance, lock and reservation in the asset after it.
type WithdrawResponse struct {
	ID       string `json:"id"`
	Wallet   string `json:"wallet"`
	TokenID  string `json:"token_id"`
	Amount   string `json:"amount"`
	Balance  string `json:"balance"`
	Locked   string `json:"locked"`
	Reserved string `json:"reserved"`
}

// ErrorBody is the body of every error response. OrderID is set when a
// command reached the log but its outcome is not known yet.
type ErrorBody struct {
	Error   string `json:"error"`
	Code    string `json:"code"`
	OrderID string `json:"orderID,omitempty"`
}

// Health is the body of GET /livez and GET /readyz.
type Health struct {
	Status string            `json:"status"`
	Checks map[string]string `json:"checks,omitempty"`
}
