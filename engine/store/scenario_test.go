package store

import (
	"testing"

	"pred.dev/engine/machine"
	"pred.dev/proto/pb"
)

var (
	alice = addr(1)
	bob   = addr(2)
	carol = addr(3)
	dave  = addr(4)
	mkA   = newMarket(1)
	mkB   = newMarket(2)
	txT1  = hash(0x7e, 1)
)

// scenario is a short trading session that exercises every kind of event,
// one batch per minute of engine time. It returns the order ids o1..o7 and
// oB1 (o[0] is unused).
type scenario struct {
	h   *harness
	o   [8]machine.Hash
	oB1 machine.Hash
	exp uint64
}

const minute = 60_000

// batch advances engine time to minute n of the session (t0 + n-1
// minutes), runs fn and commits.
func (s *scenario) batch(atMs int64, fn func()) {
	s.h.nowMs = atMs
	fn()
	s.h.commit()
}

func runScenarioTo(t *testing.T, h *harness, last int, check func(step int, s *scenario)) *scenario {
	s := &scenario{h: h}
	steps := []func(){
		func() {
			for _, a := range []machine.Address{alice, bob, carol, dave} {
				h.faucet(a, 1000)
			}
			h.createMarket(mkA, 0)
			h.createMarket(mkB, 0)
		},
		func() {
			s.o[1] = h.place(orderSpec{account: alice, owner: key(1), mk: mkA, outcome: machine.Yes, side: machine.Buy, cents: 40, shares: 10})
			s.oB1 = h.place(orderSpec{account: dave, owner: key(4), mk: mkB, outcome: machine.Yes, side: machine.Buy, cents: 20, shares: 2})
		},
		func() {
			s.o[2] = h.place(orderSpec{account: bob, owner: key(2), mk: mkA, outcome: machine.No, side: machine.Buy, cents: 60, shares: 4})
			s.o[3] = h.place(orderSpec{account: alice, owner: key(1), mk: mkA, outcome: machine.Yes, side: machine.Sell, cents: 45, shares: 2})
		},
		func() {
			s.o[4] = h.place(orderSpec{account: carol, mk: mkA, outcome: machine.Yes, side: machine.Buy, cents: 50, shares: 1, typ: machine.FAK, feeBps: 100})
			s.o[5] = h.place(orderSpec{account: bob, owner: key(2), mk: mkA, outcome: machine.No, side: machine.Sell, cents: 55, shares: 2})
		},
		func() {
			s.o[6] = h.place(orderSpec{account: dave, owner: key(4), mk: mkA, outcome: machine.No, side: machine.Buy, cents: 30, shares: 3})
			h.cancel(dave, s.o[6])
		},
		func() {
			h.cancel(alice, s.o[1])
			s.exp = uint64(h.nowMs/1000) + 3600
			s.o[7] = h.place(orderSpec{account: dave, owner: key(4), mk: mkA, outcome: machine.Yes, side: machine.Buy, cents: 10, shares: 1, typ: machine.GTD, exp: s.exp})
			h.mustApply(machine.Command{Kind: machine.KindSetTradeStatus, ID: cmdID(), Args: &machine.Args{
				TradeID: 1, TradeStatus: machine.TradeSubmitted, TxHash: txT1}})
			h.mustApply(machine.Command{Kind: machine.KindSetTradeStatus, ID: cmdID(), Args: &machine.Args{
				TradeID: 1, TradeStatus: machine.TradeMined, TxHash: txT1}})
		},
		func() { h.tick() },
		func() {
			h.mustApply(machine.Command{Kind: machine.KindResolveMarket, ID: cmdID(), Args: &machine.Args{
				Market: mkA.id, Payout: []uint32{1, 0}}})
		},
	}
	times := []int64{0, 1, 2, 3, 4, 5, 65, 66}
	for i, step := range steps[:last] {
		s.batch(startMs+times[i]*minute, step)
		if check != nil {
			check(i+1, s)
		}
	}
	return s
}

func TestScenarioQueries(t *testing.T) {
	h := newHarness(t)
	s := runScenarioTo(t, h, 8, func(step int, s *scenario) {
		switch step {
		case 3:
			checkBookAfterMint(t, h, s)
		case 4:
			checkPricesAfterMerge(t, h)
		case 5:
			checkCoalesced(t, h, s)
		}
	})
	checkOrdersAtEnd(t, h, s)
	checkOrderListings(t, h, s)
	checkTrades(t, h, s)
	checkTransfers(t, h)
	checkBalances(t, h)
	checkMarkets(t, h)
	checkScenarioHistory(t, h)
}

func checkBookAfterMint(t *testing.T, h *harness, s *scenario) {
	yes := h.book(mkA.yes, 0)
	wantLevels(t, "YES bids", yes.GetBids(), [][3]uint64{{cents(40), shares(6), 1}})
	wantLevels(t, "YES asks", yes.GetAsks(), [][3]uint64{{cents(45), shares(2), 1}})
	wantBytes(t, "book market", yes.GetMarket(), mkA.id[:])
	wantEq(t, "book tick", yes.GetParams().GetTickSize(), tick001)
	wantEq(t, "book status", yes.GetStatus(), pb.MarketStatus_MARKET_STATUS_ACTIVE)
	wantEq(t, "YES last trade", yes.GetLastTradePrice(), cents(40))
	wantEq(t, "YES last side", yes.GetLastTradeSide(), pb.Side_SIDE_SELL) // bob bought NO
	no := h.book(mkA.no, 0)
	wantLevels(t, "NO bids", no.GetBids(), [][3]uint64{{cents(55), shares(2), 1}})
	wantLevels(t, "NO asks", no.GetAsks(), [][3]uint64{{cents(60), shares(6), 1}})
	wantEq(t, "NO last trade", no.GetLastTradePrice(), cents(60))
	wantEq(t, "NO last side", no.GetLastTradeSide(), pb.Side_SIDE_BUY)
	wantEq(t, "book time", no.GetTimeMs(), h.nowMs)

	o1 := h.order(s.o[1])
	wantEq(t, "o1 status", o1.GetStatus(), pb.OrderStatus_ORDER_STATUS_LIVE)
	wantEq(t, "o1 matched", o1.GetSizeMatched(), shares(4))
	wantTrades(t, "o1 trades", o1.GetTradeIds(), []uint64{1})
	wantEq(t, "o1 updated", o1.GetUpdatedMs(), startMs+2*minute)
	open := h.allOrders(&pb.OrdersQuery{Account: alice[:], OpenOnly: true}, 10)
	wantIDs(t, "alice open", open, []machine.Hash{s.o[3], s.o[1]})
	open = h.allOrders(&pb.OrdersQuery{Account: alice[:], OpenOnly: true, Market: mkA.id[:], TokenId: mkA.yes[:]}, 1)
	wantIDs(t, "alice open YES, pages of 1", open, []machine.Hash{s.o[3], s.o[1]})
	open = h.allOrders(&pb.OrdersQuery{Account: alice[:], OpenOnly: true, TokenId: mkA.no[:]}, 10)
	wantIDs(t, "alice open NO", open, nil)
	m := h.query(&pb.QueryRequest{Query: &pb.QueryRequest_Market{Market: &pb.MarketQuery{Market: mkA.id[:]}}}).GetMarket()
	wantEq(t, "pairs after mint", m.GetPairs(), shares(4))
}

func checkPricesAfterMerge(t *testing.T, h *harness) {
	unknown := hash(0x3b, 99)
	ps := h.query(&pb.QueryRequest{Query: &pb.QueryRequest_Prices{Prices: &pb.PricesQuery{
		TokenIds: [][]byte{mkA.yes[:], mkA.no[:], unknown[:]}}}}).GetPrices().GetPrices()
	if len(ps) != 3 {
		t.Fatalf("got %d prices, want 3", len(ps))
	}
	yes, no := ps[0], ps[1]
	wantEq(t, "YES found", yes.GetFound(), true)
	wantEq(t, "YES best bid", yes.GetBestBid(), cents(45))
	wantEq(t, "YES best ask", yes.GetBestAsk(), uint64(0))
	wantEq(t, "YES last", yes.GetLastTradePrice(), cents(45))
	wantEq(t, "YES last side", yes.GetLastTradeSide(), pb.Side_SIDE_BUY) // bob sold NO
	wantEq(t, "NO best bid", no.GetBestBid(), uint64(0))
	wantEq(t, "NO best ask", no.GetBestAsk(), cents(55))
	wantEq(t, "NO last", no.GetLastTradePrice(), cents(55))
	wantEq(t, "NO last side", no.GetLastTradeSide(), pb.Side_SIDE_SELL)
	wantEq(t, "unknown found", ps[2].GetFound(), false)
	wantBytes(t, "unknown id", ps[2].GetTokenId(), unknown[:])
	m := h.query(&pb.QueryRequest{Query: &pb.QueryRequest_Market{Market: &pb.MarketQuery{TokenId: mkA.no[:]}}}).GetMarket()
	wantEq(t, "pairs after merge", m.GetPairs(), shares(3))
	yesBook := h.book(mkA.yes, 1)
	wantLevels(t, "YES bids, depth 1", yesBook.GetBids(), [][3]uint64{{cents(45), shares(1), 1}})
}

// checkCoalesced: o6 was accepted and cancelled in one batch, so it was
// written once, with its final state, and never had an open entry.
func checkCoalesced(t *testing.T, h *harness, s *scenario) {
	o6 := h.order(s.o[6])
	wantEq(t, "o6 status", o6.GetStatus(), pb.OrderStatus_ORDER_STATUS_CANCELED)
	wantEq(t, "o6 cause", o6.GetCancelCause(), pb.CancelCause_CANCEL_CAUSE_USER)
	wantEq(t, "o6 updated", o6.GetUpdatedMs(), startMs+4*minute)
	if n := h.countKeys(append([]byte{pOrderState}, s.o[6][:]...)); n != 0 {
		t.Fatalf("o6 has %d state records, want none", n)
	}
	if n := h.countKeys(append(append([]byte{pOpenOrders}, dave[:]...), 0, 0, 0, 0)); n != 0 {
		t.Fatalf("dave has %d open entries in market A, want none", n)
	}
	if n := h.countKeys(append([]byte{pOrder}, s.o[6][:]...)); n != 1 {
		t.Fatalf("o6 has %d bodies, want 1", n)
	}
}

// countKeys counts stored keys that start with prefix.
func (h *harness) countKeys(prefix []byte) int {
	h.t.Helper()
	q := h.db.newReader()
	defer q.close()
	it, err := q.iter(prefix, nil)
	if err != nil {
		h.t.Fatal(err)
	}
	n := 0
	for ok := it.First(); ok; ok = it.Next() {
		n++
	}
	if err := it.Close(); err != nil {
		h.t.Fatal(err)
	}
	return n
}

func checkOrdersAtEnd(t *testing.T, h *harness, s *scenario) {
	o1 := h.order(s.o[1])
	wantEq(t, "o1 status", o1.GetStatus(), pb.OrderStatus_ORDER_STATUS_CANCELED)
	wantEq(t, "o1 cause", o1.GetCancelCause(), pb.CancelCause_CANCEL_CAUSE_USER)
	wantEq(t, "o1 seq", o1.GetOrderSeq(), uint64(1))
	wantEq(t, "o1 size", o1.GetSize(), shares(10))
	wantEq(t, "o1 matched", o1.GetSizeMatched(), shares(4))
	wantEq(t, "o1 price", o1.GetPrice(), cents(40))
	wantEq(t, "o1 side", o1.GetSide(), pb.Side_SIDE_BUY)
	wantEq(t, "o1 type", o1.GetOrderType(), pb.OrderType_ORDER_TYPE_GTC)
	wantEq(t, "o1 outcome", o1.GetOutcome(), pb.Outcome_OUTCOME_YES)
	wantEq(t, "o1 created", o1.GetCreatedMs(), startMs+minute)
	wantEq(t, "o1 updated", o1.GetUpdatedMs(), startMs+5*minute)
	wantBytes(t, "o1 market", o1.GetMarket(), mkA.id[:])
	wantBytes(t, "o1 token", o1.GetTokenId(), mkA.yes[:])
	wantBytes(t, "o1 account", o1.GetAccount(), alice[:])
	k1 := key(1)
	wantBytes(t, "o1 owner", o1.GetOwner(), k1[:])
	wantTrades(t, "o1 trades", o1.GetTradeIds(), []uint64{1})
	sg := o1.GetSigned()
	wantBytes(t, "signed maker", sg.GetMaker(), alice[:])
	wantBytes(t, "signed signer", sg.GetSigner(), alice[:])
	taker := addr(0xee)
	wantBytes(t, "signed taker", sg.GetTaker(), taker[:])
	wantBytes(t, "signed token", sg.GetTokenId(), mkA.yes[:])
	wantEq(t, "signed maker amount", sg.GetMakerAmount(), shares(4))
	wantEq(t, "signed taker amount", sg.GetTakerAmount(), shares(10))
	wantEq(t, "signed salt", sg.GetSalt(), uint64(s.o[1][31])+7)
	wantEq(t, "signed nonce", sg.GetNonce(), uint64(3))
	wantEq(t, "signed type", sg.GetSignatureType(), uint32(2))
	wantEq(t, "signed side", sg.GetSide(), pb.Side_SIDE_BUY)
	wantEq(t, "signed scope", sg.GetScopeId(), "scope-"+string('a'+s.o[1][31]%26))
	if sig := sg.GetSignature(); len(sig) != 65 || sig[0] != 0x51 || sig[64] != 0x1b {
		t.Fatalf("signature %x", sig)
	}

	o3 := h.order(s.o[3])
	wantEq(t, "o3 status", o3.GetStatus(), pb.OrderStatus_ORDER_STATUS_MATCHED)
	wantEq(t, "o3 cause", o3.GetCancelCause(), pb.CancelCause_CANCEL_CAUSE_UNSPECIFIED)
	wantTrades(t, "o3 trades", o3.GetTradeIds(), []uint64{2, 3})
	o4 := h.order(s.o[4])
	wantEq(t, "o4 status", o4.GetStatus(), pb.OrderStatus_ORDER_STATUS_MATCHED)
	wantEq(t, "o4 type", o4.GetOrderType(), pb.OrderType_ORDER_TYPE_FAK)
	wantEq(t, "o4 fee", o4.GetFeeRateBps(), uint32(100))
	wantEq(t, "o4 owner", len(o4.GetOwner()), 0)
	o5 := h.order(s.o[5])
	wantEq(t, "o5 status", o5.GetStatus(), pb.OrderStatus_ORDER_STATUS_CANCELED_MARKET_RESOLVED)
	wantEq(t, "o5 cause", o5.GetCancelCause(), pb.CancelCause_CANCEL_CAUSE_MARKET_RESOLVED)
	wantEq(t, "o5 matched", o5.GetSizeMatched(), shares(1))
	wantEq(t, "o5 price", o5.GetPrice(), cents(55))
	o7 := h.order(s.o[7])
	wantEq(t, "o7 status", o7.GetStatus(), pb.OrderStatus_ORDER_STATUS_CANCELED)
	wantEq(t, "o7 cause", o7.GetCancelCause(), pb.CancelCause_CANCEL_CAUSE_EXPIRED)
	wantEq(t, "o7 expiration", o7.GetExpiration(), s.exp)
	wantEq(t, "o7 updated", o7.GetUpdatedMs(), startMs+65*minute)

	missing := hash(0x0d, 200)
	h.queryErr(&pb.QueryRequest{Query: &pb.QueryRequest_Order{Order: &pb.OrderQuery{OrderId: missing[:]}}},
		pb.QueryErrorCode_QUERY_ERROR_CODE_NOT_FOUND)
	h.queryErr(&pb.QueryRequest{Query: &pb.QueryRequest_Order{Order: &pb.OrderQuery{OrderId: missing[:5]}}},
		pb.QueryErrorCode_QUERY_ERROR_CODE_INVALID)
}

func checkOrderListings(t *testing.T, h *harness, s *scenario) {
	o := s.o
	all := []machine.Hash{o[7], o[6], o[5], o[4], o[3], o[2], s.oB1, o[1]}
	for _, limit := range []uint32{1, 3, 100} {
		wantIDs(t, "all orders", h.allOrders(&pb.OrdersQuery{}, limit), all)
	}
	wantIDs(t, "open orders", h.allOrders(&pb.OrdersQuery{OpenOnly: true}, 2), []machine.Hash{s.oB1})
	wantIDs(t, "market A", h.allOrders(&pb.OrdersQuery{Market: mkA.id[:]}, 4),
		[]machine.Hash{o[7], o[6], o[5], o[4], o[3], o[2], o[1]})
	wantIDs(t, "alice", h.allOrders(&pb.OrdersQuery{Account: alice[:]}, 1), []machine.Hash{o[3], o[1]})
	wantIDs(t, "bob", h.allOrders(&pb.OrdersQuery{Account: bob[:]}, 1), []machine.Hash{o[5], o[2]})
	wantIDs(t, "dave", h.allOrders(&pb.OrdersQuery{Account: dave[:]}, 2), []machine.Hash{o[7], o[6], s.oB1})
	wantIDs(t, "dave open", h.allOrders(&pb.OrdersQuery{Account: dave[:], OpenOnly: true}, 2), []machine.Hash{s.oB1})
	wantIDs(t, "dave in A", h.allOrders(&pb.OrdersQuery{Account: dave[:], Market: mkA.id[:]}, 2), []machine.Hash{o[7], o[6]})
	wantIDs(t, "dave in B YES", h.allOrders(&pb.OrdersQuery{Account: dave[:], TokenId: mkB.yes[:]}, 2), []machine.Hash{s.oB1})
	wantIDs(t, "dave open in A", h.allOrders(&pb.OrdersQuery{Account: dave[:], Market: mkA.id[:], OpenOnly: true}, 2), nil)
	nobody := addr(77)
	wantIDs(t, "unknown wallet", h.allOrders(&pb.OrdersQuery{Account: nobody[:]}, 2), nil)

	h.queryErr(&pb.QueryRequest{Query: &pb.QueryRequest_Orders{Orders: &pb.OrdersQuery{Market: mkA.id[:], TokenId: mkB.yes[:]}}},
		pb.QueryErrorCode_QUERY_ERROR_CODE_INVALID)
	unknown := hash(0x3a, 99)
	h.queryErr(&pb.QueryRequest{Query: &pb.QueryRequest_Orders{Orders: &pb.OrdersQuery{Market: unknown[:]}}},
		pb.QueryErrorCode_QUERY_ERROR_CODE_NOT_FOUND)
	h.queryErr(&pb.QueryRequest{Query: &pb.QueryRequest_Orders{Orders: &pb.OrdersQuery{Account: alice[:3]}}},
		pb.QueryErrorCode_QUERY_ERROR_CODE_INVALID)
	for _, bad := range []string{"x", "AAAAAAAAAAA", "!!!!!!!!!!!", "AAAAAAAAAAAA"} {
		h.queryErr(&pb.QueryRequest{Query: &pb.QueryRequest_Orders{Orders: &pb.OrdersQuery{Cursor: bad}}},
			pb.QueryErrorCode_QUERY_ERROR_CODE_INVALID)
	}
}

func checkTrades(t *testing.T, h *harness, s *scenario) {
	wantTrades(t, "all trades", h.allTrades(&pb.TradesQuery{}, 2), []uint64{3, 2, 1})
	wantTrades(t, "bob (taker)", h.allTrades(&pb.TradesQuery{Account: bob[:]}, 1), []uint64{3, 1})
	wantTrades(t, "alice (maker)", h.allTrades(&pb.TradesQuery{Account: alice[:]}, 2), []uint64{3, 2, 1})
	wantTrades(t, "carol", h.allTrades(&pb.TradesQuery{Account: carol[:]}, 2), []uint64{2})
	wantTrades(t, "dave", h.allTrades(&pb.TradesQuery{Account: dave[:]}, 2), nil)
	wantTrades(t, "from id 2", h.allTrades(&pb.TradesQuery{FromId: 2}, 1), []uint64{3, 2})
	wantTrades(t, "alice from id 3", h.allTrades(&pb.TradesQuery{Account: alice[:], FromId: 3}, 1), []uint64{3})
	wantTrades(t, "after minute 2", h.allTrades(&pb.TradesQuery{AfterMs: startMs + 2*minute}, 1), []uint64{3, 2})
	wantTrades(t, "before minute 3", h.allTrades(&pb.TradesQuery{BeforeMs: startMs + 3*minute}, 1), []uint64{1})
	wantTrades(t, "alice NO side", h.allTrades(&pb.TradesQuery{Account: alice[:], TokenId: mkA.no[:]}, 5), nil)
	wantTrades(t, "alice YES side", h.allTrades(&pb.TradesQuery{Account: alice[:], TokenId: mkA.yes[:]}, 5), []uint64{3, 2, 1})
	wantTrades(t, "any NO side", h.allTrades(&pb.TradesQuery{TokenId: mkA.no[:]}, 5), []uint64{3, 1})
	wantTrades(t, "market B", h.allTrades(&pb.TradesQuery{Market: mkB.id[:]}, 5), nil)
	h.queryErr(&pb.QueryRequest{Query: &pb.QueryRequest_Trades{Trades: &pb.TradesQuery{AfterMs: 5, BeforeMs: 5}}},
		pb.QueryErrorCode_QUERY_ERROR_CODE_INVALID)

	trades := h.trades(&pb.TradesQuery{Account: bob[:]}).GetTrades()
	t1 := trades[1]
	wantEq(t, "T1 match", t1.GetMatchType(), pb.MatchType_MATCH_TYPE_MINT)
	wantBytes(t, "T1 taker order", t1.GetTakerOrderId(), s.o[2][:])
	wantBytes(t, "T1 maker order", t1.GetMakerOrderId(), s.o[1][:])
	wantBytes(t, "T1 taker", t1.GetTakerAccount(), bob[:])
	wantBytes(t, "T1 maker", t1.GetMakerAccount(), alice[:])
	wantBytes(t, "T1 taker token", t1.GetTakerTokenId(), mkA.no[:])
	wantBytes(t, "T1 maker token", t1.GetMakerTokenId(), mkA.yes[:])
	wantEq(t, "T1 taker side", t1.GetTakerSide(), pb.Side_SIDE_BUY)
	wantEq(t, "T1 maker side", t1.GetMakerSide(), pb.Side_SIDE_BUY)
	wantEq(t, "T1 taker price", t1.GetTakerPrice(), cents(60))
	wantEq(t, "T1 maker price", t1.GetMakerPrice(), cents(40))
	wantEq(t, "T1 size", t1.GetSize(), shares(4))
	wantEq(t, "T1 time", t1.GetTimeMs(), startMs+2*minute)
	wantEq(t, "T1 status", t1.GetStatus(), pb.TradeStatus_TRADE_STATUS_MINED)
	wantBytes(t, "T1 tx", t1.GetTxHash(), txT1[:])
	wantEq(t, "T1 updated", t1.GetUpdatedMs(), startMs+5*minute)
	k1, k2 := key(1), key(2)
	wantBytes(t, "T1 taker owner", t1.GetTakerOwner(), k2[:])
	wantBytes(t, "T1 maker owner", t1.GetMakerOwner(), k1[:])
	t3 := trades[0]
	wantEq(t, "T3 match", t3.GetMatchType(), pb.MatchType_MATCH_TYPE_MERGE)
	wantEq(t, "T3 taker side", t3.GetTakerSide(), pb.Side_SIDE_SELL)
	wantEq(t, "T3 taker price", t3.GetTakerPrice(), cents(55))
	wantEq(t, "T3 maker price", t3.GetMakerPrice(), cents(45))

	t2 := h.trades(&pb.TradesQuery{Account: carol[:]}).GetTrades()[0]
	wantEq(t, "T2 match", t2.GetMatchType(), pb.MatchType_MATCH_TYPE_COMPLEMENTARY)
	wantEq(t, "T2 fee", t2.GetFee(), uint64(4500))
	wantEq(t, "T2 fee rate", t2.GetFeeRateBps(), uint32(100))
	wantEq(t, "T2 status", t2.GetStatus(), pb.TradeStatus_TRADE_STATUS_MATCHED)
	wantEq(t, "T2 updated", t2.GetUpdatedMs(), t2.GetTimeMs())
	wantEq(t, "T2 taker owner", len(t2.GetTakerOwner()), 0)
	wantEq(t, "T2 tx", len(t2.GetTxHash()), 0)
}

func checkTransfers(t *testing.T, h *harness) {
	p := h.transfers(&pb.TransfersQuery{Account: alice[:]})
	got := p.GetTransfers()
	if len(got) != 2 || p.GetNextCursor() != "" {
		t.Fatalf("alice transfers %v", p)
	}
	wantEq(t, "payout kind", got[0].GetKind(), pb.TransferKind_TRANSFER_KIND_PAYOUT)
	wantEq(t, "payout amount", got[0].GetAmount(), shares(2))
	wantBytes(t, "payout market", got[0].GetMarket(), mkA.id[:])
	wantEq(t, "payout time", got[0].GetTimeMs(), startMs+66*minute)
	wantEq(t, "payout seq", got[0].GetSeq(), uint64(5))
	wantEq(t, "faucet kind", got[1].GetKind(), pb.TransferKind_TRANSFER_KIND_FAUCET)
	wantEq(t, "faucet amount", got[1].GetAmount(), shares(1000))
	wantEq(t, "faucet market", len(got[1].GetMarket()), 0)
	wantEq(t, "faucet ref", len(got[1].GetRef()), 32)

	var seqs []uint64
	q := &pb.TransfersQuery{Limit: 4}
	for {
		p := h.transfers(q)
		for _, tr := range p.GetTransfers() {
			seqs = append(seqs, tr.GetSeq())
		}
		if q.Cursor = p.GetNextCursor(); q.Cursor == "" {
			break
		}
	}
	wantTrades(t, "all transfer seqs", seqs, []uint64{6, 5, 4, 3, 2, 1})
	c := h.transfers(&pb.TransfersQuery{Account: carol[:], Limit: 1}).GetTransfers()[0]
	wantEq(t, "carol payout", c.GetAmount(), shares(1))
}

// checkBalances compares every stored balance with the machine's.
func checkBalances(t *testing.T, h *harness) {
	for _, a := range []machine.Address{alice, bob, carol, dave, {}} {
		for _, tok := range []*machine.Hash{nil, &mkA.yes, &mkA.no, &mkB.yes, &mkB.no} {
			q := &pb.BalanceQuery{Account: a[:]}
			asset := int32(0)
			if tok != nil {
				q.TokenId = tok[:]
				mi, o, _ := h.m.TokenIndex(*tok)
				asset = machine.AssetOf(mi, o)
			}
			got := h.query(&pb.QueryRequest{Query: &pb.QueryRequest_Balance{Balance: q}}).GetBalance()
			bal, locked := h.m.Balance(a, asset)
			if got.GetBalance() != bal || got.GetLocked() != locked || got.GetDebt() != h.m.Debt(a, asset) {
				t.Fatalf("balance of %x in asset %d: store %d/%d debt %d, machine %d/%d debt %d", a[19], asset,
					got.GetBalance(), got.GetLocked(), got.GetDebt(), bal, locked, h.m.Debt(a, asset))
			}
			// Every balance answer carries both exchanges' approvals,
			// as the machine counts them.
			for i, x := range []machine.Exchange{machine.ExchangeStandard, machine.ExchangeNegRisk} {
				coll, unlimited, approved := h.m.Approval(a, x)
				ap := got.GetApprovals()
				if len(ap) != 2 || ap[i].GetExchange() != pb.Exchange(x) || ap[i].GetCollateralAllowance() != coll ||
					ap[i].GetCollateralUnlimited() != unlimited || ap[i].GetSharesApproved() != approved {
					t.Fatalf("approvals of %x: store %v, machine %s %d/%v/%v", a[19], ap, x, coll, unlimited, approved)
				}
			}
		}
	}
	if b, _ := h.m.Balance(alice, 0); b == 0 {
		t.Fatal("alice has no collateral: the balance check compared nothing")
	}
	if _, unlimited, _ := h.m.Approval(alice, machine.ExchangeStandard); !unlimited {
		t.Fatal("alice approved nothing: the approvals check compared nothing")
	}
	unknown := hash(9, 9)
	h.queryErr(&pb.QueryRequest{Query: &pb.QueryRequest_Balance{Balance: &pb.BalanceQuery{Account: alice[:], TokenId: unknown[:]}}},
		pb.QueryErrorCode_QUERY_ERROR_CODE_NOT_FOUND)
}

func checkMarkets(t *testing.T, h *harness) {
	a := h.query(&pb.QueryRequest{Query: &pb.QueryRequest_Market{Market: &pb.MarketQuery{TokenId: mkA.yes[:]}}}).GetMarket()
	wantBytes(t, "A id", a.GetMarket(), mkA.id[:])
	wantBytes(t, "A yes", a.GetYesTokenId(), mkA.yes[:])
	wantBytes(t, "A no", a.GetNoTokenId(), mkA.no[:])
	wantEq(t, "A status", a.GetStatus(), pb.MarketStatus_MARKET_STATUS_RESOLVED)
	if p := a.GetPayout(); len(p) != 2 || p[0] != 1 || p[1] != 0 {
		t.Fatalf("A payout %v", p)
	}
	wantEq(t, "A pairs", a.GetPairs(), uint64(0))
	wantEq(t, "A min size", a.GetParams().GetMinSize(), shares(1))
	b := h.query(&pb.QueryRequest{Query: &pb.QueryRequest_Market{Market: &pb.MarketQuery{Market: mkB.id[:], TokenId: mkB.no[:]}}}).GetMarket()
	wantEq(t, "B status", b.GetStatus(), pb.MarketStatus_MARKET_STATUS_ACTIVE)
	wantEq(t, "B payout", len(b.GetPayout()), 0)
	unknown := hash(0x3a, 99)
	h.queryErr(&pb.QueryRequest{Query: &pb.QueryRequest_Market{Market: &pb.MarketQuery{Market: unknown[:]}}},
		pb.QueryErrorCode_QUERY_ERROR_CODE_NOT_FOUND)
	h.queryErr(&pb.QueryRequest{Query: &pb.QueryRequest_Market{Market: &pb.MarketQuery{}}},
		pb.QueryErrorCode_QUERY_ERROR_CODE_INVALID)
	h.queryErr(&pb.QueryRequest{Query: &pb.QueryRequest_Book{Book: &pb.BookQuery{TokenId: unknown[:]}}},
		pb.QueryErrorCode_QUERY_ERROR_CODE_NOT_FOUND)
	empty := h.book(mkA.yes, 0)
	wantEq(t, "resolved book bids", len(empty.GetBids())+len(empty.GetAsks()), 0)
	wantEq(t, "resolved book last", empty.GetLastTradePrice(), cents(45))
	never := h.book(mkB.no, 0)
	wantLevels(t, "B NO asks", never.GetAsks(), [][3]uint64{{cents(80), shares(2), 1}})
	wantEq(t, "B last", never.GetLastTradePrice(), uint64(0))
	wantEq(t, "B last side", never.GetLastTradeSide(), pb.Side_SIDE_UNSPECIFIED)
	st := h.query(&pb.QueryRequest{Query: &pb.QueryRequest_Status{Status: &pb.StatusQuery{}}}).GetStatus()
	wantEq(t, "status seq", st.GetAppliedSeq(), h.seq)
	wantEq(t, "status time", st.GetTimeMs(), h.nowMs)
}

func checkScenarioHistory(t *testing.T, h *harness) {
	t0 := int64(startMs / 1000)
	pts := func(q *pb.PriceHistoryQuery) [][2]int64 {
		var out [][2]int64
		for _, p := range h.history(q) {
			out = append(out, [2]int64{p.GetT(), int64(p.GetP())})
		}
		return out
	}
	want := func(what string, got, want [][2]int64) {
		t.Helper()
		if len(got) != len(want) {
			t.Fatalf("%s: got %v, want %v", what, got, want)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("%s: got %v, want %v", what, got, want)
			}
		}
	}
	want("YES, all", pts(&pb.PriceHistoryQuery{TokenId: mkA.yes[:], Interval: "ALL"}),
		[][2]int64{{t0 + 120, int64(cents(40))}, {t0 + 180, int64(cents(45))}})
	want("NO, max", pts(&pb.PriceHistoryQuery{TokenId: mkA.no[:], Interval: "MAX"}),
		[][2]int64{{t0 + 120, int64(cents(60))}, {t0 + 180, int64(cents(55))}})
	want("YES, 5 minute buckets", pts(&pb.PriceHistoryQuery{TokenId: mkA.yes[:], Interval: "1D", FidelityMin: 5}),
		[][2]int64{{t0, int64(cents(45))}})
	want("YES, last hour", pts(&pb.PriceHistoryQuery{TokenId: mkA.yes[:], Interval: "1H"}), nil)
	want("YES, from minute 3", pts(&pb.PriceHistoryQuery{TokenId: mkA.yes[:], StartTs: t0 + 180}),
		[][2]int64{{t0 + 180, int64(cents(45))}})
	want("YES, to minute 2", pts(&pb.PriceHistoryQuery{TokenId: mkA.yes[:], StartTs: t0, EndTs: t0 + 120}),
		[][2]int64{{t0 + 120, int64(cents(40))}})
	want("B never traded", pts(&pb.PriceHistoryQuery{TokenId: mkB.yes[:], Interval: "ALL"}), nil)
}
