package api

import "pred.dev/gateway-clob/internal/render"

// The handlers write values through internal/render, shared with the
// streams; these are its functions by the names the handlers use.
var (
	parseTokenID       = render.ParseTokenID
	tokenString        = render.TokenString
	parseHash32        = render.ParseHash32
	hash32             = render.Hash32
	parseAddress       = render.ParseAddress
	addrString         = render.AddrString
	formatID           = render.ID
	clipStr            = render.Clip
	units              = render.Units
	number             = render.Number
	sideString         = render.Side
	orderTypeString    = render.OrderType
	orderStatusString  = render.OrderStatus
	tradeStatusString  = render.TradeStatus
	matchTypeString    = render.MatchType
	outcomeString      = render.Outcome
	cancelCauseString  = render.CancelCause
	transferKindString = render.TransferKind
	marketStatusString = render.MarketStatus
)
