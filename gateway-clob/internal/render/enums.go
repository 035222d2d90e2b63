package render

import (
	"strings"

	"pred.dev/proto/pb"
)

// The engine's enums by the names the APIs give them.

// Side is BUY or SELL.
func Side(s pb.Side) string {
	switch s {
	case pb.Side_SIDE_BUY:
		return "BUY"
	case pb.Side_SIDE_SELL:
		return "SELL"
	}
	return ""
}

// OrderType is GTC, GTD, FOK or FAK.
func OrderType(t pb.OrderType) string {
	return strings.TrimPrefix(t.String(), "ORDER_TYPE_")
}

// OrderStatus is LIVE, MATCHED, CANCELED, ...
func OrderStatus(s pb.OrderStatus) string {
	return strings.TrimPrefix(s.String(), "ORDER_STATUS_")
}

// TradeStatus names a trade status as the spec does. Every trade
// starts MATCHED and the engine never records less, so a status the
// gateway does not know (none today) is rendered MATCHED rather than
// UNSPECIFIED.
func TradeStatus(s pb.TradeStatus) string {
	switch s {
	case pb.TradeStatus_TRADE_STATUS_SUBMITTED:
		return "SUBMITTED"
	case pb.TradeStatus_TRADE_STATUS_MINED:
		return "MINED"
	case pb.TradeStatus_TRADE_STATUS_CONFIRMED:
		return "CONFIRMED"
	case pb.TradeStatus_TRADE_STATUS_RETRYING:
		return "RETRYING"
	case pb.TradeStatus_TRADE_STATUS_FAILED:
		return "FAILED"
	case pb.TradeStatus_TRADE_STATUS_SYNTHETIC:
		return "SYNTHETIC"
	}
	return "MATCHED"
}

// MatchType is COMPLEMENTARY, MINT or MERGE.
func MatchType(m pb.MatchType) string {
	return strings.TrimPrefix(m.String(), "MATCH_TYPE_")
}

// Outcome is Yes or No.
func Outcome(o pb.Outcome) string {
	switch o {
	case pb.Outcome_OUTCOME_YES:
		return "Yes"
	case pb.Outcome_OUTCOME_NO:
		return "No"
	}
	return ""
}

// CancelCause is why an order was cancelled (USER, MARKET_CLEARED, ...), "" for none.
func CancelCause(c pb.CancelCause) string {
	if c == pb.CancelCause_CANCEL_CAUSE_UNSPECIFIED {
		return ""
	}
	return strings.TrimPrefix(c.String(), "CANCEL_CAUSE_")
}

// TransferKind is DEPOSIT, WITHDRAWAL, FAUCET, PAYOUT, ...
func TransferKind(k pb.TransferKind) string {
	return strings.TrimPrefix(k.String(), "TRANSFER_KIND_")
}

// MarketStatus is ACTIVE, HALTED, CLOSED or RESOLVED.
func MarketStatus(s pb.MarketStatus) string {
	return strings.TrimPrefix(s.String(), "MARKET_STATUS_")
}
