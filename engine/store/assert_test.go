package store

import (
	"bytes"
	"slices"
	"testing"

	"pred.dev/engine/machine"
	"pred.dev/proto/pb"
)

// Query shorthands.

func (h *harness) order(id machine.Hash) *pb.OrderRecord {
	h.t.Helper()
	return h.query(&pb.QueryRequest{Query: &pb.QueryRequest_Order{Order: &pb.OrderQuery{OrderId: id[:]}}}).GetOrder()
}

func (h *harness) orders(q *pb.OrdersQuery) *pb.OrderPage {
	h.t.Helper()
	return h.query(&pb.QueryRequest{Query: &pb.QueryRequest_Orders{Orders: q}}).GetOrders()
}

func (h *harness) trades(q *pb.TradesQuery) *pb.TradePage {
	h.t.Helper()
	return h.query(&pb.QueryRequest{Query: &pb.QueryRequest_Trades{Trades: q}}).GetTrades()
}

func (h *harness) transfers(q *pb.TransfersQuery) *pb.TransferPage {
	h.t.Helper()
	return h.query(&pb.QueryRequest{Query: &pb.QueryRequest_Transfers{Transfers: q}}).GetTransfers()
}

func (h *harness) book(token machine.Hash, depth uint32) *pb.Book {
	h.t.Helper()
	return h.query(&pb.QueryRequest{Query: &pb.QueryRequest_Book{Book: &pb.BookQuery{TokenId: token[:], Depth: depth}}}).GetBook()
}

func (h *harness) history(q *pb.PriceHistoryQuery) []*pb.PricePoint {
	h.t.Helper()
	return h.query(&pb.QueryRequest{Query: &pb.QueryRequest_PriceHistory{PriceHistory: q}}).GetPriceHistory().GetHistory()
}

// allOrders follows an orders listing through every page of size limit
// and returns the order ids in order.
func (h *harness) allOrders(q *pb.OrdersQuery, limit uint32) []machine.Hash {
	h.t.Helper()
	var ids []machine.Hash
	q.Limit, q.Cursor = limit, ""
	for pages := 0; ; pages++ {
		if pages > 1000 {
			h.t.Fatal("listing does not end")
		}
		p := h.orders(q)
		if len(p.GetOrders()) > int(limit) {
			h.t.Fatalf("page of %d orders, limit %d", len(p.GetOrders()), limit)
		}
		for _, o := range p.GetOrders() {
			ids = append(ids, machine.Hash(o.GetOrderId()))
		}
		if p.GetNextCursor() == "" {
			return ids
		}
		q.Cursor = p.GetNextCursor()
	}
}

func (h *harness) allTrades(q *pb.TradesQuery, limit uint32) []uint64 {
	h.t.Helper()
	var ids []uint64
	q.Limit, q.Cursor = limit, ""
	for pages := 0; ; pages++ {
		if pages > 1000 {
			h.t.Fatal("listing does not end")
		}
		p := h.trades(q)
		for _, tr := range p.GetTrades() {
			ids = append(ids, tr.GetTradeId())
		}
		if p.GetNextCursor() == "" {
			return ids
		}
		q.Cursor = p.GetNextCursor()
	}
}

func wantIDs(t *testing.T, what string, got, want []machine.Hash) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Fatalf("%s: got %d orders %x, want %d %x", what, len(got), short(got), len(want), short(want))
	}
}

func short(ids []machine.Hash) [][]byte {
	out := make([][]byte, len(ids))
	for i, id := range ids {
		out[i] = id[28:]
	}
	return out
}

func wantTrades(t *testing.T, what string, got, want []uint64) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Fatalf("%s: got trades %v, want %v", what, got, want)
	}
}

func wantEq[T comparable](t *testing.T, what string, got, want T) {
	t.Helper()
	if got != want {
		t.Fatalf("%s: got %v, want %v", what, got, want)
	}
}

func wantBytes(t *testing.T, what string, got, want []byte) {
	t.Helper()
	if !bytes.Equal(got, want) {
		t.Fatalf("%s: got %x, want %x", what, got, want)
	}
}

func levels(ls []*pb.Level) [][3]uint64 {
	out := make([][3]uint64, len(ls))
	for i, l := range ls {
		out[i] = [3]uint64{l.GetPrice(), l.GetSize(), uint64(l.GetOrders())}
	}
	return out
}

func wantLevels(t *testing.T, what string, got []*pb.Level, want [][3]uint64) {
	t.Helper()
	if g := levels(got); !slices.Equal(g, want) {
		t.Fatalf("%s: got levels %v, want %v", what, g, want)
	}
}

// shares converts whole shares (or USDW) to base units.
func shares(n uint64) uint64 { return n * machine.UnitsPerShare }

// cents is a price of n cents in micro-USDW.
func cents(n uint64) uint64 { return n * 10_000 }
