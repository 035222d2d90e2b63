package api

import (
	"encoding/hex"
	"math/bits"
	"strconv"

	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/fixed"
	"pred.dev/proto/pb"
)

// This file renders the engine's records (orders, trades, transfers) and
// their enums as the API's JSON.

// collateral returns size*price/One in base units: the collateral of
// size shares at price, exact because sizes are whole lots and prices are
// on a tick grid of at least 0.0001. A remainder (impossible for engine
// data) is truncated.
func collateral(size, price uint64) uint64 {
	hi, lo := bits.Mul64(size, price)
	if hi >= fixed.One {
		return ^uint64(0)
	}
	q, _ := bits.Div64(hi, lo, fixed.One)
	return q
}

// cancelReason says why an order is not live: the cancel cause of a
// cancelled order, and for an INVALID order the error code its placement
// was answered with (the engine's reject reason).
func cancelReason(r *pb.OrderRecord) string {
	if r.GetStatus() == pb.OrderStatus_ORDER_STATUS_INVALID {
		return string(errcode.FromReject(r.GetRejectReason()))
	}
	return cancelCauseString(r.GetCancelCause())
}

func secs(ms int64) int64 { return ms / 1000 }

// openOrder converts an engine order record. withOwner is false on public
// endpoints: API key ids are not published, nor a maker's options (its
// self-trade mode, cancel on halt, order groups: how it quotes).
func openOrder(r *pb.OrderRecord, withOwner bool) clobapi.OpenOrder {
	o := clobapi.OpenOrder{
		ID:              hash32(r.GetOrderId()),
		Status:          orderStatusString(r.GetStatus()),
		MakerAddress:    addrString(r.GetAccount()),
		Market:          hash32(r.GetMarket()),
		AssetID:         tokenString(r.GetTokenId()),
		Side:            sideString(r.GetSide()),
		OriginalSize:    units(r.GetSize()),
		SizeMatched:     units(r.GetSizeMatched()),
		Price:           units(r.GetPrice()),
		AssociateTrades: make([]string, 0, len(r.GetTradeIds())),
		Outcome:         outcomeString(r.GetOutcome()),
		CreatedAt:       secs(r.GetCreatedMs()),
		UpdatedAt:       secs(r.GetUpdatedMs()),
		Expiration:      strconv.FormatUint(r.GetExpiration(), 10),
		OrderType:       orderTypeString(r.GetOrderType()),
		PostOnly:        r.GetPostOnly(),
		FeeRateBps:      strconv.FormatUint(uint64(r.GetFeeRateBps()), 10),
		CancelReason:    cancelReason(r),
		CurrentSize:     units(r.GetCurrentSize()),
	}
	if withOwner {
		o.Owner = uuidString(r.GetOwner())
		o.SelfTradePrevention, o.CancelOnHalt, o.OrderGroupID = selfTradeString(r.GetSelfTrade()), r.GetCancelOnHalt(), r.GetGroup()
	}
	for _, t := range r.GetTradeIds() {
		o.AssociateTrades = append(o.AssociateTrades, formatID(t))
	}
	return o
}

func uuidString(b []byte) string {
	if len(b) != 16 {
		return ""
	}
	var u [16]byte
	copy(u[:], b)
	return formatUUID(u)
}

func formatUUID(u [16]byte) string {
	var buf [36]byte
	hex.Encode(buf[0:8], u[0:4])
	buf[8] = '-'
	hex.Encode(buf[9:13], u[4:6])
	buf[13] = '-'
	hex.Encode(buf[14:18], u[6:8])
	buf[18] = '-'
	hex.Encode(buf[19:23], u[8:10])
	buf[23] = '-'
	hex.Encode(buf[24:], u[10:])
	return string(buf[:])
}

// trade converts an engine trade record, seen from the maker when asMaker
// and from the taker otherwise. The reference groups a taker's fills into
// one trade with several maker_orders; the engine records one trade per
// taker-maker pair, so maker_orders always has one element.
func trade(r *pb.TradeRecord, asMaker, withOwner bool) clobapi.Trade {
	t := clobapi.Trade{
		ID:              formatID(r.GetTradeId()),
		TakerOrderID:    hash32(r.GetTakerOrderId()),
		Market:          hash32(r.GetMarket()),
		AssetID:         tokenString(r.GetTakerTokenId()),
		Side:            sideString(r.GetTakerSide()),
		Size:            units(r.GetSize()),
		Fee:             units(r.GetFee()),
		FeeRateBps:      strconv.FormatUint(uint64(r.GetFeeRateBps()), 10),
		Price:           units(r.GetTakerPrice()),
		Status:          tradeStatusString(r.GetStatus()),
		MatchType:       matchTypeString(r.GetMatchType()),
		MatchTime:       strconv.FormatInt(secs(r.GetTimeMs()), 10),
		LastUpdate:      strconv.FormatInt(secs(max(r.GetUpdatedMs(), r.GetTimeMs())), 10),
		MakerAddress:    addrString(r.GetTakerAccount()),
		TransactionHash: hash32(r.GetTxHash()),
		TraderSide:      "TAKER",
	}
	maker := clobapi.MakerOrder{
		OrderID:       hash32(r.GetMakerOrderId()),
		MakerAddress:  addrString(r.GetMakerAccount()),
		MatchedAmount: units(r.GetSize()),
		Price:         units(r.GetMakerPrice()),
		FeeRateBps:    "0",
		AssetID:       tokenString(r.GetMakerTokenId()),
		Side:          sideString(r.GetMakerSide()),
	}
	if withOwner {
		t.Owner, maker.Owner = uuidString(r.GetTakerOwner()), uuidString(r.GetMakerOwner())
	}
	if asMaker {
		t.AssetID, t.Side, t.Price = maker.AssetID, maker.Side, maker.Price
		t.MakerAddress, t.TraderSide, t.Fee = maker.MakerAddress, "MAKER", "0"
		if withOwner {
			t.Owner = maker.Owner
		}
	}
	t.MakerOrders = []clobapi.MakerOrder{maker}
	return t
}

func transaction(r *pb.TransferRecord) clobapi.Transaction {
	t := clobapi.Transaction{
		ID:        formatID(r.GetSeq()),
		Address:   addrString(r.GetAccount()),
		Type:      transferKindString(r.GetKind()),
		Amount:    units(r.GetAmount()),
		Ref:       hash32(r.GetRef()),
		Market:    hash32(r.GetMarket()),
		Timestamp: secs(r.GetTimeMs()),
	}
	if len(r.GetTokenId()) > 0 {
		t.AssetID = tokenString(r.GetTokenId())
	}
	if r.GetTradeId() != 0 {
		t.TradeID = formatID(r.GetTradeId())
	}
	return t
}

// selfTradeString names an order's self-trade prevention mode as POST
// /order takes it.
func selfTradeString(s pb.SelfTradePrevention) string {
	switch s {
	case pb.SelfTradePrevention_SELF_TRADE_PREVENTION_CANCEL_INCOMING:
		return clobapi.SelfTradeCancelTaker
	case pb.SelfTradePrevention_SELF_TRADE_PREVENTION_CANCEL_BOTH:
		return clobapi.SelfTradeCancelBoth
	}
	return clobapi.SelfTradeCancelResting
}
