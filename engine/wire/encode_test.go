package wire

import (
	"bytes"
	"testing"

	"pred.dev/engine/machine"
	"pred.dev/proto/pb"
)

// eventRig applies commands to a machine and converts each command's
// events as the engine's service does.
type eventRig struct {
	t     *testing.T
	m     *machine.Machine
	n     byte
	batch *pb.EventBatch
	out   []machine.Event
}

func (r *eventRig) apply(c machine.Command) []*pb.Event {
	r.t.Helper()
	r.n++
	c.ID = machine.Hash{0xcc, r.n}
	r.out = r.m.Apply(&c, r.out[:0])
	first := len(r.batch.Events)
	AppendEvents(r.batch, r.m, c.ID[:], r.out)
	res := r.batch.Results[len(r.batch.Results)-1]
	if int(res.FirstEvent) != first || int(res.FirstEvent+res.EventCount) != len(r.batch.Events) {
		r.t.Fatalf("result range %d+%d, the batch has events %d..%d", res.FirstEvent, res.EventCount, first, len(r.batch.Events))
	}
	return r.batch.Events[first:]
}

func (r *eventRig) market(id byte) machine.Hash {
	r.t.Helper()
	m := machine.Hash{id}
	r.apply(machine.Command{Kind: machine.KindCreateMarket, Args: &machine.Args{Market: m,
		Tokens: [2]machine.Hash{{id, 1}, {id, 2}},
		Params: machine.MarketParams{TickSize: 10_000, MinSize: machine.UnitsPerShare, MaxSize: 1000 * machine.UnitsPerShare}}})
	return m
}

// bid places a BUY of 10 shares of token at price (micro-USDW).
func (r *eventRig) bid(acct byte, token machine.Hash, price uint64) []*pb.Event {
	return r.apply(machine.Command{Kind: machine.KindPlace, Order: machine.OrderSpec{Maker: machine.Address{acct},
		TokenID: token, Side: machine.Buy, Type: machine.GTC, MakerAmount: 10 * price, TakerAmount: 10 * machine.UnitsPerShare}})
}

// TestAppendEventsStreamFields: the events a stream routes by carry their
// market and parties, a market change its cause, and a command's book
// changes become one BookChanged per market, in the core's order.
func TestAppendEventsStreamFields(t *testing.T) {
	r := &eventRig{t: t, m: machine.New(machine.DefaultConfig()), batch: &pb.EventBatch{}}
	m1, m2 := r.market(1), r.market(2)
	if mc := r.batch.Events[0].GetMarketChanged(); mc.GetCause() != pb.MarketChangeCause_MARKET_CHANGE_CAUSE_CREATED {
		t.Fatalf("create: %v", mc)
	}
	for _, a := range []byte{0xa, 0xb} {
		r.apply(machine.Command{Kind: machine.KindFaucet, Account: machine.Address{a}, Amount: 1000 * machine.UnitsPerShare})
		ap := r.apply(machine.Command{Kind: machine.KindCollateralApproval, Account: machine.Address{a},
			Args: &machine.Args{Exchange: machine.ExchangeStandard, Approved: true}})
		if x := ap[0].GetApprovalChanged(); len(ap) != 1 || x.GetAccount()[0] != a || !x.GetCollateralUnlimited() ||
			x.GetExchange() != pb.Exchange_EXCHANGE_STANDARD {
			t.Fatalf("approval events %v", ap)
		}
	}
	r.bid(0xa, machine.Hash{1, 1}, 400_000) // m1 YES bid 0.40
	r.bid(0xa, machine.Hash{1, 2}, 300_000) // m1 YES ask 0.70
	r.bid(0xa, machine.Hash{1, 1}, 300_000) // m1 YES bid 0.30
	r.bid(0xa, machine.Hash{2, 1}, 200_000) // m2 YES bid 0.20

	// A NO bid at 0.60 mints with the YES bid at 0.40.
	trade := r.bid(0xb, machine.Hash{1, 2}, 600_000)
	var tradeID uint64
	for _, e := range trade {
		if tr := e.GetTrade(); tr != nil {
			tradeID = tr.GetTradeId()
		}
		if f := e.GetOrderFilled(); f != nil && !bytes.Equal(f.GetMarket(), m1[:]) {
			t.Errorf("OrderFilled market %x", f.GetMarket())
		}
	}
	st := r.apply(machine.Command{Kind: machine.KindSetTradeStatus, Args: &machine.Args{TradeID: tradeID,
		TradeStatus: machine.TradeSubmitted, TxHash: machine.Hash{0x7}}})
	taker, maker := machine.Address{0xb}, machine.Address{0xa}
	if ts := st[0].GetTradeStatusChanged(); len(st) != 1 || !bytes.Equal(ts.GetTakerAccount(), taker[:]) ||
		!bytes.Equal(ts.GetMakerAccount(), maker[:]) || !bytes.Equal(ts.GetMarket(), m1[:]) {
		t.Fatalf("trade status events %v, want taker b, maker a, market m1", st)
	}

	got := r.apply(machine.Command{Kind: machine.KindCancelAll, Account: machine.Address{0xa}})
	var books []*pb.BookChanged
	for _, e := range got {
		if c := e.GetOrderCancelled(); c != nil && len(c.GetMarket()) != 32 {
			t.Errorf("OrderCancelled without its market: %v", c)
		}
		if b := e.GetBookChanged(); b != nil {
			books = append(books, b)
		} else if len(books) > 0 {
			t.Errorf("%v after a BookChanged", e)
		}
	}
	if len(books) != 2 || !bytes.Equal(books[0].GetMarket(), m1[:]) || !bytes.Equal(books[1].GetMarket(), m2[:]) {
		t.Fatalf("BookChanged events %v, want m1's then m2's", books)
	}
	l := books[0].GetLevels()
	if len(l) != 2 || l[0].GetSide() != pb.BookSide_BOOK_SIDE_BID || l[0].GetPrice() != 300_000 ||
		l[1].GetSide() != pb.BookSide_BOOK_SIDE_ASK || l[1].GetPrice() != 700_000 ||
		l[1].GetSize() != 0 || l[1].GetOrders() != 0 || l[1].GetPrevSize() != 10*machine.UnitsPerShare || l[1].GetPrevOrders() != 1 {
		t.Errorf("m1 levels %v, want the bid at 0.30, then the ask at 0.70 going from 10 shares to none", l)
	}
	bid := books[1].GetLevels()
	if len(bid) != 1 || bid[0].GetSide() != pb.BookSide_BOOK_SIDE_BID || bid[0].GetPrice() != 200_000 {
		t.Errorf("m2 levels %v, want the bid at 0.20", bid)
	}

	r.bid(0xb, machine.Hash{1, 1}, 100_000)
	clear := r.apply(machine.Command{Kind: machine.KindClearMarket, Args: &machine.Args{Market: m1}})
	if len(clear) < 2 || clear[0].GetMarketChanged().GetCause() != pb.MarketChangeCause_MARKET_CHANGE_CAUSE_CLEARED ||
		clear[1].GetOrderCancelled() == nil || clear[len(clear)-1].GetBookChanged() == nil {
		t.Errorf("clear: %v, want MarketChanged CLEARED, then the cancellation, and BookChanged last", clear)
	}
}
