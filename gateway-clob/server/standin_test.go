package server_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"slices"
	"strconv"
	"sync"
	"testing"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/proto"

	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
)

// engineStandIn stands in for the matching engine (not for NATS) in the
// HTTP-layer tests: it consumes the real CMD stream with a durable
// consumer, answers each message on its Pred-Reply subject, and serves
// QueryRequests on the real query subject. Its "matching" is scripted:
// orders rest unless the test arms fillNext or rejectNext; the lead's
// end-to-end suite covers the real engine.
type engineStandIn struct {
	tb testing.TB
	nc *nats.Conn
	js jetstream.JetStream

	mu         sync.Mutex
	markets    map[[32]byte]*pb.MarketInfo // by token and by market id
	orders     map[[32]byte]*pb.OrderRecord
	orderSeq   []*pb.OrderRecord // placement order
	trades     []*pb.TradeRecord
	transfers  []*pb.TransferRecord
	balances   map[string]*pb.Balance // account|token
	heartbeats [][]byte
	commands   []*pb.Command
	nextTrade  uint64
	appliedSeq uint64

	// Scripting knobs, guarded by mu.
	fillNext   bool
	rejectNext pb.RejectReason
	silent     bool // consume without replying (ENGINE_TIMEOUT tests)
}

func startStandIn(tb testing.TB, nc *nats.Conn) *engineStandIn {
	tb.Helper()
	js, err := jetstream.New(nc)
	if err != nil {
		tb.Fatal(err)
	}
	e := &engineStandIn{
		tb: tb, nc: nc, js: js,
		markets: map[[32]byte]*pb.MarketInfo{}, orders: map[[32]byte]*pb.OrderRecord{},
		balances: map[string]*pb.Balance{}, nextTrade: 1,
	}
	sub, err := nc.QueueSubscribe(journal.QuerySubject, journal.QueryQueue, e.onQuery)
	if err != nil {
		tb.Fatal(err)
	}
	ctx := context.Background()
	cons, err := js.CreateOrUpdateConsumer(ctx, journal.CommandStream, jetstream.ConsumerConfig{
		Durable: "standin", AckPolicy: jetstream.AckExplicitPolicy,
	})
	if err != nil {
		tb.Fatal(err)
	}
	cc, err := cons.Consume(e.onCommands)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		cc.Stop()
		<-cc.Closed()
		_ = sub.Unsubscribe()
	})
	return e
}

// addMarket registers a market and announces it on the EVT stream.
func (e *engineStandIn) addMarket(market, yes, no [32]byte, params *pb.MarketParams) {
	e.mu.Lock()
	m := &pb.MarketInfo{Market: market[:], YesTokenId: yes[:], NoTokenId: no[:], Params: params, Status: pb.MarketStatus_MARKET_STATUS_ACTIVE}
	e.markets[market], e.markets[yes], e.markets[no] = m, m, m
	e.mu.Unlock()
}

// changeMarket replaces a market's params or status and publishes the
// MarketChanged event on EVT, as the engine does.
func (e *engineStandIn) changeMarket(token [32]byte, params *pb.MarketParams, status pb.MarketStatus) {
	e.mu.Lock()
	m := e.markets[token]
	m.Params, m.Status = params, status
	e.appliedSeq++
	seq := e.appliedSeq
	mc := &pb.MarketChanged{Market: m.Market, YesTokenId: m.YesTokenId, NoTokenId: m.NoTokenId, Params: params, Status: status}
	e.mu.Unlock()
	msg, err := journal.NewEventMsg(&pb.EventBatch{CommandSeq: seq, Events: []*pb.Event{{Body: &pb.Event_MarketChanged{MarketChanged: mc}}}})
	if err != nil {
		e.tb.Fatal(err)
	}
	msg.Header.Set(nats.MsgIdHdr, "standin-"+strconv.FormatUint(seq, 10))
	if _, err := e.js.PublishMsg(context.Background(), msg); err != nil {
		e.tb.Fatal(err)
	}
}

func (e *engineStandIn) setBalance(account []byte, token []byte, balance, locked uint64) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.balances[string(account)+"|"+string(token)] = &pb.Balance{Balance: balance, Locked: locked}
}

func (e *engineStandIn) arm(fill bool, reject pb.RejectReason, silent bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.fillNext, e.rejectNext, e.silent = fill, reject, silent
}

func (e *engineStandIn) seenCommands() []*pb.Command {
	e.mu.Lock()
	defer e.mu.Unlock()
	return slices.Clone(e.commands)
}

func (e *engineStandIn) onCommands(m jetstream.Msg) {
	meta, err := m.Metadata()
	if err != nil {
		e.tb.Errorf("standin: %v", err)
		return
	}
	batch, err := journal.DecodeCommandBatch(m.Data())
	if err != nil {
		e.tb.Errorf("standin: %v", err)
		return
	}
	e.mu.Lock()
	e.appliedSeq = max(e.appliedSeq, meta.Sequence.Stream)
	eb := &pb.EventBatch{CommandSeq: meta.Sequence.Stream, TimeMs: meta.Timestamp.UnixMilli()}
	for _, c := range batch.GetCommands() {
		e.commands = append(e.commands, c)
		first := uint32(len(eb.Events))
		eb.Events = append(eb.Events, e.apply(c, eb.TimeMs)...)
		eb.Results = append(eb.Results, &pb.CommandResult{CommandId: c.GetId(), FirstEvent: first, EventCount: uint32(len(eb.Events)) - first})
	}
	silent := e.silent
	e.mu.Unlock()
	if !silent {
		data, err := journal.EncodeEventBatch(eb)
		if err != nil {
			e.tb.Errorf("standin: %v", err)
			return
		}
		if err := e.nc.Publish(m.Headers().Get(journal.HeaderReply), data); err != nil {
			e.tb.Errorf("standin: %v", err)
		}
	}
	_ = m.Ack()
}

// apply runs one command against the stand-in's state; mu is held.
func (e *engineStandIn) apply(c *pb.Command, nowMs int64) []*pb.Event {
	switch b := c.GetBody().(type) {
	case *pb.Command_PlaceOrder:
		return e.place(c.GetId(), b.PlaceOrder, nowMs)
	case *pb.Command_CancelOrder:
		return e.cancel(b.CancelOrder.GetAccount(), [][]byte{b.CancelOrder.GetOrderId()})
	case *pb.Command_CancelOrders:
		return e.cancel(b.CancelOrders.GetAccount(), b.CancelOrders.GetOrderIds())
	case *pb.Command_CancelAll:
		return e.cancelWhere(b.CancelAll.GetAccount(), func(*pb.OrderRecord) bool { return true })
	case *pb.Command_CancelMarketOrders:
		return e.cancelMarket(b.CancelMarketOrders)
	case *pb.Command_Heartbeat:
		e.heartbeats = append(e.heartbeats, b.Heartbeat.GetOwner())
		return nil
	case *pb.Command_Faucet:
		key := string(b.Faucet.GetAccount()) + "|"
		bal := e.balances[key]
		if bal == nil {
			bal = &pb.Balance{}
			e.balances[key] = bal
		}
		bal.Balance += b.Faucet.GetAmount()
		e.transfers = append(e.transfers, &pb.TransferRecord{Seq: uint64(len(e.transfers) + 1), Account: b.Faucet.GetAccount(),
			Kind: pb.TransferKind_TRANSFER_KIND_FAUCET, Amount: b.Faucet.GetAmount(), Ref: c.GetId(), TimeMs: nowMs})
		return []*pb.Event{{Body: &pb.Event_BalanceChanged{BalanceChanged: &pb.BalanceChanged{Account: b.Faucet.GetAccount(), Balance: bal.Balance}}}}
	}
	return []*pb.Event{{Body: &pb.Event_CommandRejected{CommandRejected: &pb.CommandRejected{Reason: pb.RejectReason_REJECT_REASON_INVALID_COMMAND}}}}
}

func rejected(id []byte, r pb.RejectReason) []*pb.Event {
	return []*pb.Event{{Body: &pb.Event_OrderRejected{OrderRejected: &pb.OrderRejected{OrderId: id, Reason: r}}}}
}

func (e *engineStandIn) place(id []byte, po *pb.PlaceOrder, nowMs int64) []*pb.Event {
	key := [32]byte(id)
	if r := e.rejectNext; r != 0 {
		e.rejectNext = 0
		return rejected(id, r)
	}
	if _, dup := e.orders[key]; dup {
		return rejected(id, pb.RejectReason_REJECT_REASON_DUPLICATE_ORDER)
	}
	o := po.GetOrder()
	m := e.markets[[32]byte(o.GetTokenId())]
	if m == nil {
		return rejected(id, pb.RejectReason_REJECT_REASON_TOKEN_NOT_FOUND)
	}
	shares, coll := o.GetTakerAmount(), o.GetMakerAmount()
	if o.GetSide() == pb.Side_SIDE_SELL {
		shares, coll = coll, shares
	}
	price := coll * 1_000_000 / shares
	outcome := pb.Outcome_OUTCOME_YES
	if bytes.Equal(o.GetTokenId(), m.GetNoTokenId()) {
		outcome = pb.Outcome_OUTCOME_NO
	}
	rec := &pb.OrderRecord{
		OrderId: id, OrderSeq: uint64(len(e.orderSeq) + 1), Market: m.GetMarket(), TokenId: o.GetTokenId(), Outcome: outcome,
		Account: o.GetMaker(), Owner: po.GetOwner(), Side: o.GetSide(), OrderType: po.GetOrderType(), PostOnly: po.GetPostOnly(),
		Price: price, Size: shares, Status: pb.OrderStatus_ORDER_STATUS_LIVE, FeeRateBps: o.GetFeeRateBps(),
		Expiration: o.GetExpiration(), CreatedMs: nowMs, UpdatedMs: nowMs, Signed: o,
	}
	e.orders[key] = rec
	e.orderSeq = append(e.orderSeq, rec)
	events := []*pb.Event{{Body: &pb.Event_OrderAccepted{OrderAccepted: &pb.OrderAccepted{
		OrderId: id, OrderSeq: rec.OrderSeq, Market: rec.Market, TokenId: rec.TokenId, Account: rec.Account, Owner: rec.Owner,
		Side: rec.Side, OrderType: rec.OrderType, Price: price, Size: shares, CreatedMs: nowMs,
	}}}}
	if e.fillNext {
		e.fillNext = false
		events = append(events, e.fill(rec, nowMs)...)
	}
	return events
}

// fill matches rec in full against a synthetic maker at its own price.
func (e *engineStandIn) fill(rec *pb.OrderRecord, nowMs int64) []*pb.Event {
	makerSide := pb.Side_SIDE_SELL
	if rec.Side == pb.Side_SIDE_SELL {
		makerSide = pb.Side_SIDE_BUY
	}
	t := &pb.TradeRecord{
		TradeId: e.nextTrade, Market: rec.Market, MatchType: pb.MatchType_MATCH_TYPE_COMPLEMENTARY,
		TakerOrderId: rec.OrderId, MakerOrderId: bytes.Repeat([]byte{0xee}, 32),
		TakerAccount: rec.Account, MakerAccount: bytes.Repeat([]byte{0x77}, 20),
		TakerTokenId: rec.TokenId, MakerTokenId: rec.TokenId, TakerSide: rec.Side, MakerSide: makerSide,
		TakerPrice: rec.Price, MakerPrice: rec.Price, Size: rec.Size, FeeRateBps: rec.FeeRateBps,
		TimeMs: nowMs, Status: pb.TradeStatus_TRADE_STATUS_MATCHED, TakerOwner: rec.Owner, MakerOwner: make([]byte, 16),
	}
	e.nextTrade++
	e.trades = append(e.trades, t)
	rec.SizeMatched, rec.Status, rec.TradeIds = rec.Size, pb.OrderStatus_ORDER_STATUS_MATCHED, []uint64{t.TradeId}
	return []*pb.Event{
		{Body: &pb.Event_Trade{Trade: &pb.Trade{
			TradeId: t.TradeId, Market: t.Market, MatchType: t.MatchType, TakerOrderId: t.TakerOrderId, MakerOrderId: t.MakerOrderId,
			TakerAccount: t.TakerAccount, MakerAccount: t.MakerAccount, TakerTokenId: t.TakerTokenId, MakerTokenId: t.MakerTokenId,
			TakerSide: t.TakerSide, MakerSide: t.MakerSide, MakerPrice: t.MakerPrice, TakerPrice: t.TakerPrice, Size: t.Size, TimeMs: nowMs,
		}}},
		{Body: &pb.Event_OrderFilled{OrderFilled: &pb.OrderFilled{OrderId: rec.OrderId, Account: rec.Account}}},
	}
}

func (e *engineStandIn) cancel(account []byte, ids [][]byte) []*pb.Event {
	var out []*pb.Event
	for _, id := range ids {
		rec := e.orders[[32]byte(id)]
		if rec == nil || rec.Status != pb.OrderStatus_ORDER_STATUS_LIVE || !bytes.Equal(rec.Account, account) {
			out = append(out, rejected(id, pb.RejectReason_REJECT_REASON_ORDER_NOT_FOUND)...)
			continue
		}
		out = append(out, cancelEvent(rec))
	}
	return out
}

func cancelEvent(rec *pb.OrderRecord) *pb.Event {
	rec.Status, rec.CancelCause = pb.OrderStatus_ORDER_STATUS_CANCELED, pb.CancelCause_CANCEL_CAUSE_USER
	return &pb.Event{Body: &pb.Event_OrderCancelled{OrderCancelled: &pb.OrderCancelled{
		OrderId: rec.OrderId, Account: rec.Account, Cause: rec.CancelCause, Status: rec.Status, Remaining: rec.Size - rec.SizeMatched,
	}}}
}

func (e *engineStandIn) cancelWhere(account []byte, match func(*pb.OrderRecord) bool) []*pb.Event {
	var out []*pb.Event
	for _, rec := range e.orderSeq {
		if rec.Status == pb.OrderStatus_ORDER_STATUS_LIVE && bytes.Equal(rec.Account, account) && match(rec) {
			out = append(out, cancelEvent(rec))
		}
	}
	return out
}

func (e *engineStandIn) cancelMarket(c *pb.CancelMarketOrders) []*pb.Event {
	if len(c.GetMarket()) > 0 && e.markets[[32]byte(c.GetMarket())] == nil {
		return []*pb.Event{{Body: &pb.Event_CommandRejected{CommandRejected: &pb.CommandRejected{Reason: pb.RejectReason_REJECT_REASON_MARKET_NOT_FOUND}}}}
	}
	return e.cancelWhere(c.GetAccount(), func(r *pb.OrderRecord) bool {
		return (len(c.GetMarket()) == 0 || bytes.Equal(r.Market, c.GetMarket())) &&
			(len(c.GetTokenId()) == 0 || bytes.Equal(r.TokenId, c.GetTokenId()))
	})
}

func (e *engineStandIn) onQuery(m *nats.Msg) {
	var req pb.QueryRequest
	resp := &pb.QueryResponse{}
	if err := proto.Unmarshal(m.Data, &req); err != nil {
		resp.Error = &pb.QueryError{Code: pb.QueryErrorCode_QUERY_ERROR_CODE_INVALID, Message: err.Error()}
	} else {
		e.mu.Lock()
		e.answer(&req, resp)
		resp.Seq = e.appliedSeq
		e.mu.Unlock()
	}
	data, err := proto.Marshal(resp)
	if err != nil {
		e.tb.Errorf("standin: %v", err)
		return
	}
	_ = m.Respond(data)
}

func notFound(resp *pb.QueryResponse) {
	resp.Error = &pb.QueryError{Code: pb.QueryErrorCode_QUERY_ERROR_CODE_NOT_FOUND, Message: "not found"}
}

// answer serves one query; mu is held.
func (e *engineStandIn) answer(req *pb.QueryRequest, resp *pb.QueryResponse) {
	switch q := req.GetQuery().(type) {
	case *pb.QueryRequest_Market:
		key := q.Market.GetMarket()
		if len(key) == 0 {
			key = q.Market.GetTokenId()
		}
		if m := e.markets[[32]byte(pad32(key))]; m != nil {
			resp.Result = &pb.QueryResponse_Market{Market: m}
			return
		}
		notFound(resp)
	case *pb.QueryRequest_Book:
		e.answerBook(q.Book.GetTokenId(), resp)
	case *pb.QueryRequest_Prices:
		out := &pb.Prices{}
		for _, t := range q.Prices.GetTokenIds() {
			out.Prices = append(out.Prices, e.tokenPrices(t))
		}
		resp.Result = &pb.QueryResponse_Prices{Prices: out}
	case *pb.QueryRequest_Order:
		if rec := e.orders[[32]byte(pad32(q.Order.GetOrderId()))]; rec != nil {
			resp.Result = &pb.QueryResponse_Order{Order: rec}
			return
		}
		notFound(resp)
	case *pb.QueryRequest_Orders:
		e.answerOrders(q.Orders, resp)
	case *pb.QueryRequest_Trades:
		e.answerTrades(q.Trades, resp)
	case *pb.QueryRequest_Transfers:
		var items []*pb.TransferRecord
		for _, t := range slices.Backward(e.transfers) {
			if len(q.Transfers.GetAccount()) == 0 || bytes.Equal(t.Account, q.Transfers.GetAccount()) {
				items = append(items, t)
			}
		}
		page, next := paginate(items, q.Transfers.GetCursor(), q.Transfers.GetLimit())
		resp.Result = &pb.QueryResponse_Transfers{Transfers: &pb.TransferPage{Transfers: page, NextCursor: next}}
	case *pb.QueryRequest_Balance:
		b := e.balances[string(q.Balance.GetAccount())+"|"+string(q.Balance.GetTokenId())]
		if b == nil {
			b = &pb.Balance{}
		}
		resp.Result = &pb.QueryResponse_Balance{Balance: b}
	case *pb.QueryRequest_PriceHistory:
		resp.Result = &pb.QueryResponse_PriceHistory{PriceHistory: &pb.PriceHistory{History: []*pb.PricePoint{{T: 1_700_000_000, P: 520_000}, {T: 1_700_000_060, P: 530_000}}}}
	case *pb.QueryRequest_Status:
		resp.Result = &pb.QueryResponse_Status{Status: &pb.EngineStatus{AppliedSeq: e.appliedSeq, Leader: true}}
	default:
		resp.Error = &pb.QueryError{Code: pb.QueryErrorCode_QUERY_ERROR_CODE_INVALID, Message: "unknown query"}
	}
}

func pad32(b []byte) []byte {
	out := make([]byte, 32)
	copy(out[32-min(len(b), 32):], b)
	return out
}

// answerBook aggregates the resting orders of the token itself (the
// stand-in does not mirror the other token's orders).
func (e *engineStandIn) answerBook(token []byte, resp *pb.QueryResponse) {
	m := e.markets[[32]byte(pad32(token))]
	if m == nil {
		notFound(resp)
		return
	}
	bids, asks := map[uint64]uint64{}, map[uint64]uint64{}
	for _, r := range e.orderSeq {
		if r.Status == pb.OrderStatus_ORDER_STATUS_LIVE && bytes.Equal(r.TokenId, token) {
			if r.Side == pb.Side_SIDE_BUY {
				bids[r.Price] += r.Size - r.SizeMatched
			} else {
				asks[r.Price] += r.Size - r.SizeMatched
			}
		}
	}
	b := &pb.Book{Market: m.Market, TokenId: token, Params: m.Params, Status: m.Status, TimeMs: 1_700_000_000_000}
	for _, p := range slices.Backward(slices.Sorted(mapKeys(bids))) {
		b.Bids = append(b.Bids, &pb.Level{Price: p, Size: bids[p], Orders: 1})
	}
	for _, p := range slices.Sorted(mapKeys(asks)) {
		b.Asks = append(b.Asks, &pb.Level{Price: p, Size: asks[p], Orders: 1})
	}
	if len(e.trades) > 0 {
		b.LastTradePrice, b.LastTradeSide = e.trades[len(e.trades)-1].TakerPrice, e.trades[len(e.trades)-1].TakerSide
	}
	resp.Result = &pb.QueryResponse_Book{Book: b}
}

func mapKeys(m map[uint64]uint64) func(func(uint64) bool) {
	return func(yield func(uint64) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

func (e *engineStandIn) tokenPrices(token []byte) *pb.TokenPrices {
	tp := &pb.TokenPrices{TokenId: token}
	if e.markets[[32]byte(pad32(token))] == nil {
		return tp
	}
	tp.Found = true
	for _, r := range e.orderSeq {
		if r.Status != pb.OrderStatus_ORDER_STATUS_LIVE || !bytes.Equal(r.TokenId, token) {
			continue
		}
		if r.Side == pb.Side_SIDE_BUY && r.Price > tp.BestBid {
			tp.BestBid = r.Price
		}
		if r.Side == pb.Side_SIDE_SELL && (tp.BestAsk == 0 || r.Price < tp.BestAsk) {
			tp.BestAsk = r.Price
		}
	}
	for _, t := range e.trades {
		if bytes.Equal(t.TakerTokenId, token) {
			tp.LastTradePrice, tp.LastTradeSide = t.TakerPrice, t.TakerSide
		}
	}
	return tp
}

func (e *engineStandIn) answerOrders(q *pb.OrdersQuery, resp *pb.QueryResponse) {
	var items []*pb.OrderRecord
	for _, r := range slices.Backward(e.orderSeq) {
		if (len(q.GetAccount()) == 0 || bytes.Equal(r.Account, q.GetAccount())) &&
			(len(q.GetMarket()) == 0 || bytes.Equal(r.Market, q.GetMarket())) &&
			(len(q.GetTokenId()) == 0 || bytes.Equal(r.TokenId, q.GetTokenId())) &&
			(!q.GetOpenOnly() || r.Status == pb.OrderStatus_ORDER_STATUS_LIVE) {
			items = append(items, r)
		}
	}
	page, next := paginate(items, q.GetCursor(), q.GetLimit())
	resp.Result = &pb.QueryResponse_Orders{Orders: &pb.OrderPage{Orders: page, NextCursor: next}}
}

func (e *engineStandIn) answerTrades(q *pb.TradesQuery, resp *pb.QueryResponse) {
	var items []*pb.TradeRecord
	for _, t := range slices.Backward(e.trades) {
		if len(q.GetAccount()) == 0 || bytes.Equal(t.TakerAccount, q.GetAccount()) || bytes.Equal(t.MakerAccount, q.GetAccount()) {
			items = append(items, t)
		}
	}
	page, next := paginate(items, q.GetCursor(), q.GetLimit())
	resp.Result = &pb.QueryResponse_Trades{Trades: &pb.TradePage{Trades: page, NextCursor: next}}
}

// paginate serves offset cursors, opaque to the gateway: base64 of
// "off:<n>", so the test also checks the gateway does not interpret them.
func paginate[T any](items []T, cursor string, limit uint32) ([]T, string) {
	off := 0
	if cursor != "" {
		b, _ := base64.RawURLEncoding.DecodeString(cursor)
		off, _ = strconv.Atoi(string(bytes.TrimPrefix(b, []byte("off:"))))
	}
	if limit == 0 {
		limit = 100
	}
	end := min(off+int(limit), len(items))
	if off > end {
		off = end
	}
	next := ""
	if end < len(items) {
		next = base64.RawURLEncoding.EncodeToString([]byte("off:" + strconv.Itoa(end)))
	}
	return items[off:end], next
}
