package server_test

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strconv"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"

	"pred.dev/gateway-gamma/catalog"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/fixed"
	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/eventually"
	"pred.dev/proto/runtime/streams"
)

// testMarket is a market registered in the engine and the catalogue.
type testMarket struct {
	id      string
	cond    [32]byte
	yes, no [32]byte
}

func tokenString(b [32]byte) string { return new(big.Int).SetBytes(b[:]).String() }

// addEngineMarket creates a market in the engine (tick 0.01, 1 to 1000
// shares, no fee) and its record in the catalogue under event eventID.
func (h *harness) addEngineMarket(eventID, slug string) testMarket {
	h.t.Helper()
	var m testMarket
	copy(m.cond[:], randomBytes(32))
	copy(m.yes[:], randomBytes(32))
	copy(m.no[:], randomBytes(32))
	params := &pb.MarketParams{TickSize: 10_000, MinSize: fixed.One, MaxSize: 1000 * fixed.One}
	res := h.submit(&pb.Command{Body: &pb.Command_CreateMarket{CreateMarket: &pb.CreateMarket{
		Market: m.cond[:], YesTokenId: m.yes[:], NoTokenId: m.no[:], Params: params}}})
	for _, e := range res.Events {
		if r := e.GetCommandRejected(); r != nil {
			h.t.Fatalf("create market: %s", r.GetReason())
		}
	}
	ctx := context.Background()
	s := h.store()
	m.id, _ = s.NextID(ctx, "market")
	if err := s.ReserveSlug(ctx, "market", slug, m.id); err != nil {
		h.t.Fatal(err)
	}
	rev, err := s.CreateMarket(ctx, &catalog.MarketRecord{ID: m.id, EventID: eventID, Slug: slug, Question: slug + "?",
		QuestionID: hexutil.Encode(randomBytes(32)), ConditionID: hexutil.Encode(m.cond[:]), Outcomes: []string{"Yes", "No"},
		TokenIDs: [2]string{tokenString(m.yes), tokenString(m.no)}, StartDate: day, EndDate: day.Add(time.Hour), Active: true,
		OrderBook: true, MinSize: params.MinSize, MaxSize: params.MaxSize, TickSize: params.TickSize})
	if err != nil {
		h.t.Fatal(err)
	}
	h.waitViews(rev)
	return m
}

func (h *harness) addEvent(slug string, negRisk bool) string {
	h.t.Helper()
	ctx := context.Background()
	s := h.store()
	id, _ := s.NextID(ctx, "event")
	if err := s.ReserveSlug(ctx, "event", slug, id); err != nil {
		h.t.Fatal(err)
	}
	if _, err := s.CreateEvent(ctx, &catalog.EventRecord{ID: id, Title: slug, Slug: slug, EventType: "standard", Category: "test",
		StartDate: day, EndDate: day.Add(time.Hour), Active: true, NegRisk: negRisk}); err != nil {
		h.t.Fatal(err)
	}
	return id
}

// placeOrder appends a GTC order straight to the log (the engine does not
// check signatures; the CLOB gateway does) and returns its id.
func (h *harness) placeOrder(account common.Address, token [32]byte, side fixed.Side, price, size uint64) []byte {
	h.t.Helper()
	mk, tk, err := fixed.OrderAmounts(side, price, size)
	if err != nil {
		h.t.Fatal(err)
	}
	id := randomBytes(32)
	h.submit(&pb.Command{Id: id, Body: &pb.Command_PlaceOrder{PlaceOrder: &pb.PlaceOrder{
		Order: &pb.SignedOrder{Salt: rand.Uint64(), Maker: account[:], Signer: account[:], Taker: make([]byte, 20), TokenId: token[:],
			MakerAmount: mk, TakerAmount: tk, Side: pb.Side(side), Signature: make([]byte, 65)},
		OrderType: pb.OrderType_ORDER_TYPE_GTC, Owner: randomBytes(16)}}})
	return id
}

// waitStats returns once every gateway's statistics have folded the
// whole EVT stream.
func (h *harness) waitStats() {
	h.t.Helper()
	last, err := streams.LastSeq(context.Background(), h.js, journal.EventStream)
	if err != nil {
		h.t.Fatal(err)
	}
	for i, gw := range h.gws {
		eventually.True(h.t, fmt.Sprintf("gateway %d's statistics reach EVT %d", i, last), func() bool { return gw.StatsSeq() >= last })
	}
}

// engineFigures computes a market's figures from the engine's own
// queries, the ones the CLOB API answers GET /book, /all-trades,
// /all-orders with.
type engineFigures struct {
	volume, liquidity, openInterest, bestBid, bestAsk, last uint64
	trades                                                  int
}

func (h *harness) engineFigures(m testMarket) engineFigures {
	h.t.Helper()
	var f engineFigures
	book := h.query(&pb.QueryRequest{Query: &pb.QueryRequest_Book{Book: &pb.BookQuery{TokenId: m.yes[:]}}}).GetBook()
	if len(book.GetBids()) > 0 {
		f.bestBid = book.GetBids()[0].GetPrice()
	}
	if len(book.GetAsks()) > 0 {
		f.bestAsk = book.GetAsks()[0].GetPrice()
	}
	info := h.query(&pb.QueryRequest{Query: &pb.QueryRequest_Market{Market: &pb.MarketQuery{Market: m.cond[:]}}}).GetMarket()
	f.openInterest = info.GetPairs()
	var newest *pb.TradeRecord
	for cursor := ""; ; {
		page := h.query(&pb.QueryRequest{Query: &pb.QueryRequest_Trades{Trades: &pb.TradesQuery{Market: m.cond[:], Cursor: cursor}}}).GetTrades()
		for _, tr := range page.GetTrades() {
			f.volume += tr.GetSize() * tr.GetTakerPrice() / fixed.One
			f.trades++
			if newest == nil || tr.GetTradeId() > newest.GetTradeId() {
				newest = tr
			}
		}
		if cursor = page.GetNextCursor(); cursor == "" || len(page.GetTrades()) == 0 {
			break
		}
	}
	if newest != nil { // the maker's price in YES terms
		f.last = newest.GetMakerPrice()
		if [32]byte(newest.GetMakerTokenId()) == m.no {
			f.last = fixed.One - f.last
		}
	}
	for cursor := ""; ; {
		page := h.query(&pb.QueryRequest{Query: &pb.QueryRequest_Orders{Orders: &pb.OrdersQuery{Market: m.cond[:], OpenOnly: true, Cursor: cursor}}}).GetOrders()
		for _, o := range page.GetOrders() {
			f.liquidity += o.GetPrice() * (o.GetSize() - o.GetSizeMatched()) / fixed.One
		}
		if cursor = page.GetNextCursor(); cursor == "" || len(page.GetOrders()) == 0 {
			break
		}
	}
	return f
}

func priceOrEmpty(p uint64) string {
	if p == 0 {
		return ""
	}
	return fixed.FormatPrice(p)
}

// TestStatisticsMatchTheEngine drives random orders on both tokens of two
// markets through the real engine, then checks every figure Gamma shows
// against the engine's book, trades, open orders and pairs, on two
// replicas, one of them started after the trading (it replays EVT).
func TestStatisticsMatchTheEngine(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.startEngine()
	ev := h.addEvent("stats-event", true)
	markets := []testMarket{h.addEngineMarket(ev, "stats-a"), h.addEngineMarket(ev, "stats-b")}
	var accounts []common.Address
	for range 6 {
		a := common.BytesToAddress(randomBytes(20))
		accounts = append(accounts, a)
		h.submit(&pb.Command{Body: &pb.Command_Deposit{Deposit: &pb.Deposit{Account: a[:], Amount: 100_000 * fixed.One}}})
		h.approve(a)
	}
	r := rand.New(rand.NewPCG(1, 2))
	var placed [][2][]byte // order id, account
	for i := range 400 {
		m := markets[r.IntN(len(markets))]
		acct := accounts[r.IntN(len(accounts))]
		if i%10 == 9 && len(placed) > 0 {
			p := placed[r.IntN(len(placed))]
			h.submit(&pb.Command{Body: &pb.Command_CancelOrder{CancelOrder: &pb.CancelOrder{Account: p[1], OrderId: p[0]}}})
			continue
		}
		token, side := m.yes, fixed.Buy
		if r.IntN(2) == 0 {
			token = m.no
		}
		if r.IntN(4) == 0 {
			side = fixed.Sell // refused unless the account holds the shares
		}
		price := uint64(30+r.IntN(41)) * 10_000 // 0.30 .. 0.70
		size := uint64(1+r.IntN(20)) * fixed.One
		placed = append(placed, [2][]byte{h.placeOrder(acct, token, side, price, size), acct[:]})
	}
	h.addGateway() // replays the whole event stream
	h.waitStats()
	var sum engineFigures
	for _, m := range markets {
		want := h.engineFigures(m)
		if want.trades == 0 || want.liquidity == 0 {
			t.Fatalf("the workload made %d trades and %d liquidity", want.trades, want.liquidity)
		}
		sum.volume += want.volume
		sum.liquidity += want.liquidity
		sum.openInterest += want.openInterest
		wantPrice := fixed.FormatPrice(displayPrice(want.bestBid, want.bestAsk, want.last))
		for i := range h.gws {
			var got gammaapi.Market
			h.get(i, "/markets/"+m.id, &got)
			if uint64(got.Volume) != want.volume || uint64(got.Volume24hr) != want.volume || uint64(got.Liquidity) != want.liquidity ||
				uint64(got.OpenInterest) != want.openInterest || got.BestBid != priceOrEmpty(want.bestBid) ||
				got.BestAsk != priceOrEmpty(want.bestAsk) || got.OutcomePrices[0] != wantPrice {
				t.Errorf("replica %d market %s: volume %s/%s liquidity %s openInterest %s bid %q ask %q prices %v;\nengine: %+v, price %s",
					i, m.id, got.Volume, got.Volume24hr, got.Liquidity, got.OpenInterest, got.BestBid, got.BestAsk, got.OutcomePrices, want, wantPrice)
			}
			yes, _ := fixed.ParsePrice(got.OutcomePrices[0])
			no, _ := fixed.ParsePrice(got.OutcomePrices[1])
			if yes+no != fixed.One {
				t.Errorf("outcome prices %v do not add up to 1", got.OutcomePrices)
			}
		}
	}
	var e gammaapi.Event
	h.get(0, "/events/"+ev, &e)
	if uint64(e.Volume) != sum.volume || uint64(e.Liquidity) != sum.liquidity || uint64(e.OpenInterest) != sum.openInterest {
		t.Errorf("event: volume %s liquidity %s openInterest %s; sums %+v", e.Volume, e.Liquidity, e.OpenInterest, sum)
	}
	// Sorting and filtering by the live figures.
	var byVolume []gammaapi.Market
	h.get(0, "/markets?order=volume&ascending=false", &byVolume)
	if len(byVolume) != 2 || byVolume[0].Volume < byVolume[1].Volume {
		t.Errorf("markets by volume: %v", byVolume)
	}
	var none []gammaapi.Market
	h.get(0, "/markets?volume_num_min="+strconv.FormatUint(sum.volume, 10), &none)
	if len(none) != 0 {
		t.Errorf("volume_num_min above every market: %d markets", len(none))
	}
	// Once the day has passed, volume24hr is zero and volume stays.
	h.clock.Advance(25 * time.Hour)
	var later gammaapi.Market
	h.get(0, "/markets/"+markets[0].id, &later)
	if later.Volume24hr != 0 || later.Volume == 0 {
		t.Errorf("a day later: volume %s volume24hr %s", later.Volume, later.Volume24hr)
	}
}

// displayPrice is the documented rule, written again from the document.
func displayPrice(bid, ask, last uint64) uint64 {
	switch {
	case bid > 0 && ask > 0 && ask-bid <= 100_000:
		return (bid + ask) / 2
	case last > 0:
		return last
	case bid > 0 && ask > 0:
		return (bid + ask) / 2
	case bid > 0:
		return bid
	case ask > 0:
		return ask
	}
	return fixed.One / 2
}
