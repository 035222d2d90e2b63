package wire

import (
	"pred.dev/engine/machine"
	"pred.dev/proto/pb"
)

// AppendEvents converts the events of one command to protobuf and appends
// them to batch, with the command's result range; batch.CommandSeq is the
// command's CMD message. Call it right after the
// Apply that produced them: MarketChanged reads the market's parameters
// from m as they are now. The core reports a book change per level, a
// market's levels in a row; each such run becomes one BookChanged, so the
// result's event count is of protobuf events, not core ones.
func AppendEvents(batch *pb.EventBatch, m *machine.Machine, id []byte, events []machine.Event) {
	first := uint32(len(batch.Events))
	for i := 0; i < len(events); i++ {
		e := &events[i]
		if e.Kind != machine.EvBookChanged {
			batch.Events = append(batch.Events, Event(m, e))
			continue
		}
		n := 1
		for i+n < len(events) && events[i+n].Kind == machine.EvBookChanged && events[i+n].Market == e.Market {
			n++
		}
		batch.Events = append(batch.Events, BookChanged(m, events[i:i+n]))
		i += n - 1
	}
	batch.Results = append(batch.Results, &pb.CommandResult{CommandId: id, FirstEvent: first,
		EventCount: uint32(len(batch.Events)) - first, CommandSeq: batch.CommandSeq})
}

// BookChanged converts the core's BookChanged events of one market (one
// per level) into one protobuf event.
func BookChanged(m *machine.Machine, levels []machine.Event) *pb.Event {
	b := &pb.BookChanged{Market: id32(m.Market(levels[0].Market).ID), Levels: make([]*pb.LevelChange, len(levels))}
	for i := range levels {
		l := &levels[i]
		b.Levels[i] = &pb.LevelChange{Side: pb.BookSide(l.BookSide), Price: l.Price, Size: l.Size, Orders: l.Orders,
			PrevSize: l.PrevSize, PrevOrders: l.PrevOrders}
	}
	return &pb.Event{Body: &pb.Event_BookChanged{BookChanged: b}}
}

// Event converts one core event, resolving market, account and owner
// indexes through m. A BookChanged becomes one of a single level
// (AppendEvents gathers a market's levels).
func Event(m *machine.Machine, e *machine.Event) *pb.Event {
	switch e.Kind {
	case machine.EvOrderAccepted:
		return &pb.Event{Body: &pb.Event_OrderAccepted{OrderAccepted: accepted(m, e)}}
	case machine.EvOrderRejected:
		return &pb.Event{Body: &pb.Event_OrderRejected{OrderRejected: &pb.OrderRejected{
			OrderId: id32(e.OrderID), Reason: pb.RejectReason(e.Reason)}}}
	case machine.EvCommandRejected:
		return &pb.Event{Body: &pb.Event_CommandRejected{CommandRejected: &pb.CommandRejected{Reason: pb.RejectReason(e.Reason), TradeId: e.Seq}}}
	case machine.EvOrderFilled:
		return &pb.Event{Body: &pb.Event_OrderFilled{OrderFilled: &pb.OrderFilled{
			OrderId: id32(e.OrderID), Account: addr(m, e.Account), Market: marketID(m, e.Market)}}}
	case machine.EvOrderCancelled:
		return &pb.Event{Body: &pb.Event_OrderCancelled{OrderCancelled: &pb.OrderCancelled{
			OrderId: id32(e.OrderID), Account: addr(m, e.Account), Cause: pb.CancelCause(e.Cause),
			Status: pb.OrderStatus(e.Status), Remaining: e.Remaining, Market: marketID(m, e.Market)}}}
	case machine.EvOrderDecreased:
		return &pb.Event{Body: &pb.Event_OrderDecreased{OrderDecreased: &pb.OrderDecreased{
			OrderId: id32(e.OrderID), Account: addr(m, e.Account), Market: marketID(m, e.Market),
			Size: e.Size, Remaining: e.Remaining, TimeMs: e.TimeMs}}}
	case machine.EvOrderExpired:
		return &pb.Event{Body: &pb.Event_OrderExpired{OrderExpired: &pb.OrderExpired{
			OrderId: id32(e.OrderID), Account: addr(m, e.Account), Remaining: e.Remaining, Market: marketID(m, e.Market)}}}
	case machine.EvTrade:
		return &pb.Event{Body: &pb.Event_Trade{Trade: trade(m, e)}}
	case machine.EvBalanceChanged:
		return &pb.Event{Body: &pb.Event_BalanceChanged{BalanceChanged: balance(m, e)}}
	case machine.EvMarketChanged:
		mc := MarketChanged(m.Market(e.Market))
		mc.Cause = pb.MarketChangeCause(e.Change)
		return &pb.Event{Body: &pb.Event_MarketChanged{MarketChanged: mc}}
	case machine.EvTradeStatusChanged:
		return &pb.Event{Body: &pb.Event_TradeStatusChanged{TradeStatusChanged: &pb.TradeStatusChanged{
			TradeId: e.Seq, Status: pb.TradeStatus(e.TradeStatus), TxHash: id32(e.OrderID),
			TakerAccount: addr(m, e.Account), MakerAccount: addr(m, e.MakerAccount), Market: marketID(m, e.Market)}}}
	case machine.EvApprovalChanged:
		return &pb.Event{Body: &pb.Event_ApprovalChanged{ApprovalChanged: &pb.ApprovalChanged{Account: addr(m, e.Account),
			Exchange: pb.Exchange(e.Exchange), CollateralAllowance: e.Amount, CollateralUnlimited: e.Unlimited,
			SharesApproved: e.Approved}}}
	case machine.EvBookChanged:
		return BookChanged(m, []machine.Event{*e})
	case machine.EvTransfer:
		t := &pb.Transfer{Account: addr(m, e.Account), Kind: pb.TransferKind(e.TransferKind), Amount: e.Amount, Ref: id32(e.OrderID)}
		if e.Market >= 0 {
			t.Market = id32(m.Market(e.Market).ID)
		}
		if e.Asset > 0 {
			tok, _ := m.AssetToken(e.Asset)
			t.TokenId = id32(tok)
		}
		return &pb.Event{Body: &pb.Event_Transfer{Transfer: t}}
	}
	return &pb.Event{}
}

func accepted(m *machine.Machine, e *machine.Event) *pb.OrderAccepted {
	mk := m.Market(e.Market)
	a := &pb.OrderAccepted{
		OrderId: id32(e.OrderID), OrderSeq: e.Seq, Market: id32(mk.ID), TokenId: id32(mk.Tokens[e.Outcome-1]),
		Outcome: pb.Outcome(e.Outcome), Account: addr(m, e.Account), Side: pb.Side(e.Side),
		OrderType: pb.OrderType(e.OrderType), PostOnly: e.PostOnly, Price: e.Price, Size: e.Size,
		FeeRateBps: e.FeeRateBps, Expiration: e.Expiration, CreatedMs: e.TimeMs,
		SelfTrade: pb.SelfTradePrevention(e.SelfTrade), CancelOnHalt: e.CancelOnHalt, Group: e.Group,
	}
	if e.Owner >= 0 {
		k := m.Owner(e.Owner)
		a.Owner = k[:]
	}
	return a
}

func trade(m *machine.Machine, e *machine.Event) *pb.Trade {
	mk := m.Market(e.Market)
	return &pb.Trade{
		TradeId: e.Seq, Market: id32(mk.ID), MatchType: pb.MatchType(e.MatchType),
		TakerOrderId: id32(e.OrderID), MakerOrderId: id32(e.MakerOrderID),
		TakerAccount: addr(m, e.Account), MakerAccount: addr(m, e.MakerAccount),
		TakerTokenId: id32(mk.Tokens[e.Outcome-1]), MakerTokenId: id32(mk.Tokens[e.MakerOutcome-1]),
		TakerSide: pb.Side(e.Side), MakerSide: pb.Side(e.MakerSide),
		MakerPrice: e.MakerPrice, TakerPrice: e.Price, Size: e.Size, Fee: e.Fee, FeeRateBps: e.FeeRateBps,
		TakerRemaining: e.Remaining, MakerRemaining: e.MakerRemaining, TimeMs: e.TimeMs,
	}
}

func balance(m *machine.Machine, e *machine.Event) *pb.BalanceChanged {
	b := &pb.BalanceChanged{Account: addr(m, e.Account), Balance: e.Balance, Locked: e.Locked, Pending: e.Pending}
	if tok, ok := m.AssetToken(e.Asset); ok {
		b.TokenId = id32(tok)
	}
	return b
}

// MarketChanged describes a market as a MarketChanged event does.
func MarketChanged(mk machine.MarketInfo) *pb.MarketChanged {
	return &pb.MarketChanged{
		Market: id32(mk.ID), YesTokenId: id32(mk.Tokens[0]), NoTokenId: id32(mk.Tokens[1]),
		Params: Params(mk.Params), Status: pb.MarketStatus(mk.Status), Payout: []uint32{mk.Payout[0], mk.Payout[1]},
	}
}

// Params converts market parameters.
func Params(p machine.MarketParams) *pb.MarketParams {
	return &pb.MarketParams{TickSize: p.TickSize, MinSize: p.MinSize, MaxSize: p.MaxSize, FeeRateBps: p.FeeRateBps, NegRisk: p.NegRisk}
}

func id32(h machine.Hash) []byte { return h[:] }

// marketID is market i's condition id; nil for -1 (no market).
func marketID(m *machine.Machine, i int32) []byte {
	if i < 0 {
		return nil
	}
	return id32(m.Market(i).ID)
}

func addr(m *machine.Machine, i int32) []byte {
	a := m.Account(i)
	return a[:]
}
