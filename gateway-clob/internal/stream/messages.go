package stream

import (
	"encoding/json"
	"strconv"

	"pred.dev/gateway-clob/internal/render"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/pb"
)

// scope says which subscribers an item goes to.
type scope uint8

const (
	// toMarket: a market message, for every subscriber of the market
	// (either token on /ws/market; every user, through its filter).
	toMarket scope = iota
	// toToken: the subscribers of one token (/ws/market).
	toToken
	// toAccount: one account's user channel.
	toAccount
)

// item is one message of one position, encoded once for every
// subscriber: json is the message with its position and no seq, and
// each connection's copy gets ,"seq":N inserted at at.
type item struct {
	scope   scope
	market  [32]byte
	token   [32]byte
	account [20]byte
	json    []byte
	at      int
}

// encode is msg's JSON with its header set. clobapi's messages embed
// StreamHeader first, so the JSON starts with type and position, and a
// seq goes right after them (newItem, withSeq).
func encode(typ string, position uint64, msg any, setHeader func(clobapi.StreamHeader)) []byte {
	setHeader(clobapi.StreamHeader{Type: typ, Position: position})
	b, err := json.Marshal(msg)
	if err != nil {
		panic("stream: a message does not encode: " + err.Error()) // structs of strings and numbers always do
	}
	return b
}

// newItem encodes msg at position.
func newItem(s scope, typ string, position uint64, msg any, setHeader func(clobapi.StreamHeader)) item {
	b := encode(typ, position, msg, setHeader)
	at := len(`{"type":"`) + len(typ) + len(`","position":`) + len(strconv.FormatUint(position, 10))
	return item{scope: s, json: b, at: at}
}

// withSeq is the item's message with seq.
func (it *item) withSeq(dst []byte, seq uint64) []byte {
	dst = append(dst, it.json[:it.at]...)
	dst = append(dst, `,"seq":`...)
	dst = strconv.AppendUint(dst, seq, 10)
	return append(dst, it.json[it.at:]...)
}

// marketEvent names a MarketChanged's cause as the market message's
// event.
func marketEvent(c pb.MarketChangeCause) string {
	switch c {
	case pb.MarketChangeCause_MARKET_CHANGE_CAUSE_CREATED:
		return clobapi.MarketEventCreated
	case pb.MarketChangeCause_MARKET_CHANGE_CAUSE_HALTED:
		return clobapi.MarketEventHalted
	case pb.MarketChangeCause_MARKET_CHANGE_CAUSE_RESUMED:
		return clobapi.MarketEventResumed
	case pb.MarketChangeCause_MARKET_CHANGE_CAUSE_CLEARED:
		return clobapi.MarketEventCleared
	case pb.MarketChangeCause_MARKET_CHANGE_CAUSE_CLOSED:
		return clobapi.MarketEventClosed
	case pb.MarketChangeCause_MARKET_CHANGE_CAUSE_RESOLVED:
		return clobapi.MarketEventResolved
	}
	return clobapi.MarketEventConfigured
}

func marketItem(position uint64, m *market, cause pb.MarketChangeCause, timeMs int64) item {
	msg := &clobapi.MarketMessage{
		Market:       render.Hash32(m.id[:]),
		AssetIDs:     []string{render.TokenString(m.yes[:]), render.TokenString(m.no[:])},
		Event:        marketEvent(cause),
		Status:       render.MarketStatus(m.status),
		TickSize:     render.Units(m.params.GetTickSize()),
		MinOrderSize: render.Units(m.params.GetMinSize()),
		TimestampMs:  timeMs,
	}
	if m.status == pb.MarketStatus_MARKET_STATUS_RESOLVED {
		for _, p := range m.payout {
			msg.Payouts = append(msg.Payouts, strconv.FormatUint(uint64(p), 10))
		}
	}
	it := newItem(toMarket, clobapi.MsgMarket, position, msg, func(h clobapi.StreamHeader) { msg.StreamHeader = h })
	it.market = m.id
	return it
}

// bookItem is a token's whole book.
func bookItem(position uint64, m *market, no bool, timeMs int64) item {
	tok := m.yes
	if no {
		tok = m.no
	}
	asset := render.TokenString(tok[:])
	bids, asks := m.book.tokenLevels(no)
	msg := &clobapi.BookMessage{AssetID: asset, Market: render.Hash32(m.id[:]), Bids: bids, Asks: asks,
		TickSize: render.Units(m.params.GetTickSize()), Hash: clobapi.BookHash(asset, bids, asks), TimestampMs: timeMs}
	it := newItem(toToken, clobapi.MsgBook, position, msg, func(h clobapi.StreamHeader) { msg.StreamHeader = h })
	it.market, it.token = m.id, tok
	return it
}

// priceChangeItem is the levels of one token that changed at position,
// with the book after them.
func priceChangeItem(position uint64, m *market, no bool, changed []levelKey, timeMs int64) item {
	tok := m.yes
	if no {
		tok = m.no
	}
	asset := render.TokenString(tok[:])
	bids, asks := m.book.tokenLevels(no)
	msg := &clobapi.PriceChangeMessage{AssetID: asset, Market: render.Hash32(m.id[:]), Changes: make([]clobapi.PriceChange, 0, len(changed)),
		BestBid: best(bids), BestAsk: best(asks), Hash: clobapi.BookHash(asset, bids, asks), TimestampMs: timeMs}
	for _, k := range changed {
		msg.Changes = append(msg.Changes, tokenChange(k, m.book.side(k.side)[k.price], no))
	}
	it := newItem(toToken, clobapi.MsgPriceChange, position, msg, func(h clobapi.StreamHeader) { msg.StreamHeader = h })
	it.market, it.token = m.id, tok
	return it
}

// lastTradeItems are a trade's last_trade_price messages: the taker's
// token at its price and, when the maker holds the other token (MINT,
// MERGE), the maker's too.
func lastTradeItems(position uint64, t *pb.Trade) []item {
	one := func(token []byte, price uint64, side pb.Side) item {
		msg := &clobapi.LastTradeMessage{AssetID: render.TokenString(token), Market: render.Hash32(t.GetMarket()),
			TradeID: render.ID(t.GetTradeId()), Price: render.Units(price), Size: render.Units(t.GetSize()),
			Side: render.Side(side), TimestampMs: t.GetTimeMs()}
		it := newItem(toToken, clobapi.MsgLastTrade, position, msg, func(h clobapi.StreamHeader) { msg.StreamHeader = h })
		it.market, it.token = to32(t.GetMarket()), to32(token)
		return it
	}
	out := []item{one(t.GetTakerTokenId(), t.GetTakerPrice(), t.GetTakerSide())}
	if to32(t.GetMakerTokenId()) != to32(t.GetTakerTokenId()) {
		// The maker's order in its own token: it traded at its price on
		// its side.
		out = append(out, one(t.GetMakerTokenId(), t.GetMakerPrice(), t.GetMakerSide()))
	}
	return out
}

func userItem(typ string, position uint64, account, market []byte, msg any, setHeader func(clobapi.StreamHeader)) item {
	it := newItem(toAccount, typ, position, msg, setHeader)
	copy(it.account[:], account)
	it.market = to32(market)
	return it
}

func placementItem(position uint64, oa *pb.OrderAccepted) item {
	msg := &clobapi.OrderMessage{Event: clobapi.OrderPlacement, ID: render.Hash32(oa.GetOrderId()), Market: render.Hash32(oa.GetMarket()),
		AssetID: render.TokenString(oa.GetTokenId()), Side: render.Side(oa.GetSide()), Price: render.Units(oa.GetPrice()),
		OriginalSize: render.Units(oa.GetSize()), OrderType: render.OrderType(oa.GetOrderType()), Remaining: render.Units(oa.GetSize()),
		Status: render.OrderStatus(pb.OrderStatus_ORDER_STATUS_LIVE), TimestampMs: oa.GetCreatedMs()}
	return userItem(clobapi.MsgOrder, position, oa.GetAccount(), oa.GetMarket(), msg, func(h clobapi.StreamHeader) { msg.StreamHeader = h })
}

// tradeItems are a trade's user messages: each party's (of those wants
// takes) order FILL and trade MATCHED, the taker's first.
func tradeItems(position uint64, t *pb.Trade, wants func(account []byte) bool) []item {
	party := func(role string, account, order, token []byte, side pb.Side, price, remaining, fee uint64) []item {
		if !wants(account) {
			return nil
		}
		status := pb.OrderStatus_ORDER_STATUS_LIVE
		if remaining == 0 {
			status = pb.OrderStatus_ORDER_STATUS_MATCHED
		}
		o := &clobapi.OrderMessage{Event: clobapi.OrderFill, ID: render.Hash32(order), Market: render.Hash32(t.GetMarket()),
			AssetID: render.TokenString(token), Side: render.Side(side), Price: render.Units(price), Remaining: render.Units(remaining),
			Status: render.OrderStatus(status), TradeID: render.ID(t.GetTradeId()), TimestampMs: t.GetTimeMs()}
		tr := &clobapi.TradeMessage{TradeID: render.ID(t.GetTradeId()), Status: render.TradeStatus(pb.TradeStatus_TRADE_STATUS_MATCHED),
			Market: render.Hash32(t.GetMarket()), Role: role, OrderID: render.Hash32(order), AssetID: render.TokenString(token),
			Side: render.Side(side), Price: render.Units(price), Size: render.Units(t.GetSize()), Fee: render.Units(fee), TimestampMs: t.GetTimeMs()}
		return []item{
			userItem(clobapi.MsgOrder, position, account, t.GetMarket(), o, func(h clobapi.StreamHeader) { o.StreamHeader = h }),
			userItem(clobapi.MsgTrade, position, account, t.GetMarket(), tr, func(h clobapi.StreamHeader) { tr.StreamHeader = h }),
		}
	}
	out := party("TAKER", t.GetTakerAccount(), t.GetTakerOrderId(), t.GetTakerTokenId(), t.GetTakerSide(), t.GetTakerPrice(), t.GetTakerRemaining(), t.GetFee())
	return append(out, party("MAKER", t.GetMakerAccount(), t.GetMakerOrderId(), t.GetMakerTokenId(), t.GetMakerSide(), t.GetMakerPrice(), t.GetMakerRemaining(), 0)...)
}

// tradeStatusItems tell both parties (those wants takes) of a trade's new
// settlement status.
func tradeStatusItems(position uint64, ts *pb.TradeStatusChanged, timeMs int64, wants func(account []byte) bool) []item {
	var out []item
	for _, p := range []struct {
		role    string
		account []byte
	}{{"TAKER", ts.GetTakerAccount()}, {"MAKER", ts.GetMakerAccount()}} {
		if !wants(p.account) {
			continue
		}
		msg := &clobapi.TradeMessage{TradeID: render.ID(ts.GetTradeId()), Status: render.TradeStatus(ts.GetStatus()),
			Market: render.Hash32(ts.GetMarket()), Role: p.role, TransactionHash: render.Hash32(ts.GetTxHash()), TimestampMs: timeMs}
		out = append(out, userItem(clobapi.MsgTrade, position, p.account, ts.GetMarket(), msg, func(h clobapi.StreamHeader) { msg.StreamHeader = h }))
	}
	return out
}

func cancelItem(position uint64, oc *pb.OrderCancelled, timeMs int64) item {
	msg := &clobapi.OrderMessage{Event: clobapi.OrderCancellation, ID: render.Hash32(oc.GetOrderId()), Market: render.Hash32(oc.GetMarket()),
		Remaining: render.Units(oc.GetRemaining()), Status: render.OrderStatus(oc.GetStatus()), Cause: render.CancelCause(oc.GetCause()),
		TimestampMs: timeMs}
	return userItem(clobapi.MsgOrder, position, oc.GetAccount(), oc.GetMarket(), msg, func(h clobapi.StreamHeader) { msg.StreamHeader = h })
}

// decreaseItem tells the order's maker that a decrease lowered it: its
// size now and what remains, still LIVE (a decrease to nothing is a
// CANCELLATION).
func decreaseItem(position uint64, od *pb.OrderDecreased) item {
	msg := &clobapi.OrderMessage{Event: clobapi.OrderDecrease, ID: render.Hash32(od.GetOrderId()), Market: render.Hash32(od.GetMarket()),
		Size: render.Units(od.GetSize()), Remaining: render.Units(od.GetRemaining()),
		Status: render.OrderStatus(pb.OrderStatus_ORDER_STATUS_LIVE), TimestampMs: od.GetTimeMs()}
	return userItem(clobapi.MsgOrder, position, od.GetAccount(), od.GetMarket(), msg, func(h clobapi.StreamHeader) { msg.StreamHeader = h })
}

func expiryItem(position uint64, oe *pb.OrderExpired, timeMs int64) item {
	msg := &clobapi.OrderMessage{Event: clobapi.OrderExpiration, ID: render.Hash32(oe.GetOrderId()), Market: render.Hash32(oe.GetMarket()),
		Remaining: render.Units(oe.GetRemaining()), Status: render.OrderStatus(pb.OrderStatus_ORDER_STATUS_CANCELED),
		Cause: render.CancelCause(pb.CancelCause_CANCEL_CAUSE_EXPIRED), TimestampMs: timeMs}
	return userItem(clobapi.MsgOrder, position, oe.GetAccount(), oe.GetMarket(), msg, func(h clobapi.StreamHeader) { msg.StreamHeader = h })
}

func balanceItem(position uint64, bc *pb.BalanceChanged) item {
	asset := ""
	if len(bc.GetTokenId()) > 0 {
		asset = render.TokenString(bc.GetTokenId())
	}
	msg := &clobapi.BalanceMessage{AssetID: asset, Balance: render.Units(bc.GetBalance()), Locked: render.Units(bc.GetLocked()),
		Pending: render.Units(bc.GetPending()), Debt: render.Units(bc.GetDebt())}
	return userItem(clobapi.MsgBalance, position, bc.GetAccount(), nil, msg, func(h clobapi.StreamHeader) { msg.StreamHeader = h })
}

func transferItem(position uint64, tr *pb.Transfer, timeMs int64) item {
	msg := &clobapi.TransferMessage{Kind: render.TransferKind(tr.GetKind()), Amount: render.Units(tr.GetAmount()),
		Market: render.Hash32(tr.GetMarket()), Ref: render.Hash32(tr.GetRef()), TimestampMs: timeMs}
	if len(tr.GetTokenId()) > 0 {
		msg.AssetID = render.TokenString(tr.GetTokenId())
	}
	if tr.GetTradeId() != 0 {
		msg.TradeID = render.ID(tr.GetTradeId())
	}
	return userItem(clobapi.MsgTransfer, position, tr.GetAccount(), tr.GetMarket(), msg, func(h clobapi.StreamHeader) { msg.StreamHeader = h })
}
