package store

import (
	"strings"
	"testing"

	"pred.dev/engine/machine"
	"pred.dev/proto/pb"
)

// mintAt trades one share at a YES price of cents at the given time: a
// resting BUY YES and an incoming BUY NO mint a pair.
func (h *harness) mintAt(mk market, atMs int64, yesCents uint64) {
	h.t.Helper()
	h.nowMs = atMs
	h.place(orderSpec{account: alice, mk: mk, outcome: machine.Yes, side: machine.Buy, cents: yesCents, shares: 1})
	h.place(orderSpec{account: bob, mk: mk, outcome: machine.No, side: machine.Buy, cents: 100 - yesCents, shares: 1})
}

type point = [2]int64

func TestPriceHistory(t *testing.T) {
	h := newHarness(t)
	mk := newMarket(7)
	h.faucet(alice, 1000)
	h.faucet(bob, 1000)
	h.createMarket(mk, 0)
	h.commit()
	const s = 1000
	h.mintAt(mk, startMs+10*s, 30)
	h.mintAt(mk, startMs+50*s, 31)
	h.mintAt(mk, startMs+1*minute, 32)
	h.commit()
	h.mintAt(mk, startMs+4*minute, 33)
	h.mintAt(mk, startMs+5*minute, 34)
	h.mintAt(mk, startMs+61*minute+5*s, 36)
	h.commit()
	// The same minute again in a later batch: its point is overwritten.
	h.mintAt(mk, startMs+61*minute+30*s, 37)
	h.nowMs = startMs + 61*minute + 30*s
	h.commit()

	t0 := int64(startMs / 1000)
	c := func(n int64) int64 { return n * 10_000 }
	get := func(q *pb.PriceHistoryQuery) []point {
		var out []point
		for _, p := range h.history(q) {
			out = append(out, point{p.GetT(), int64(p.GetP())})
		}
		return out
	}
	cases := []struct {
		name string
		q    *pb.PriceHistoryQuery
		want []point
	}{
		{"every minute", &pb.PriceHistoryQuery{Interval: "ALL"},
			[]point{{t0, c(31)}, {t0 + 60, c(32)}, {t0 + 240, c(33)}, {t0 + 300, c(34)}, {t0 + 3660, c(37)}}},
		{"5 minutes", &pb.PriceHistoryQuery{Interval: "MAX", FidelityMin: 5},
			[]point{{t0, c(33)}, {t0 + 300, c(34)}, {t0 + 3600, c(37)}}},
		{"hours", &pb.PriceHistoryQuery{Interval: "1D", FidelityMin: 60},
			[]point{{t0, c(34)}, {t0 + 3600, c(37)}}},
		{"last hour", &pb.PriceHistoryQuery{Interval: "1H"},
			[]point{{t0 + 240, c(33)}, {t0 + 300, c(34)}, {t0 + 3660, c(37)}}},
		{"30 days coarsened to fit", &pb.PriceHistoryQuery{Interval: "30D"},
			[]point{{t0, c(33)}, {t0 + 300, c(34)}, {t0 + 3600, c(37)}}},
		{"explicit range", &pb.PriceHistoryQuery{StartTs: t0 + 240, EndTs: t0 + 300},
			[]point{{t0 + 240, c(33)}, {t0 + 300, c(34)}}},
		{"open-ended range", &pb.PriceHistoryQuery{StartTs: t0 + 301},
			[]point{{t0 + 3660, c(37)}}},
		{"range before any trade", &pb.PriceHistoryQuery{StartTs: t0 - 600, EndTs: t0 - 60}, nil},
	}
	for _, tc := range cases {
		tc.q.TokenId = mk.yes[:]
		got := get(tc.q)
		if !equalPoints(got, tc.want) {
			t.Fatalf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
	no := get(&pb.PriceHistoryQuery{TokenId: mk.no[:], Interval: "ALL", FidelityMin: 5})
	if want := []point{{t0, c(67)}, {t0 + 300, c(66)}, {t0 + 3600, c(63)}}; !equalPoints(no, want) {
		t.Fatalf("NO token: got %v, want %v", no, want)
	}

	bad := []*pb.PriceHistoryQuery{
		{Interval: "2H"},
		{Interval: "1H", StartTs: t0},
		{},
		{StartTs: t0 + 10, EndTs: t0},
		{StartTs: -5},
	}
	for _, q := range bad {
		q.TokenId = mk.yes[:]
		h.queryErr(&pb.QueryRequest{Query: &pb.QueryRequest_PriceHistory{PriceHistory: q}}, pb.QueryErrorCode_QUERY_ERROR_CODE_INVALID)
	}
	tooLong := &pb.PriceHistoryQuery{TokenId: mk.yes[:], StartTs: t0, EndTs: t0 + PriceHistoryPointsMax*60}
	msg := h.queryErr(&pb.QueryRequest{Query: &pb.QueryRequest_PriceHistory{PriceHistory: tooLong}}, pb.QueryErrorCode_QUERY_ERROR_CODE_INVALID)
	if !strings.Contains(msg, "fidelity_min to at least 2") {
		t.Fatalf("the error does not say which fidelity fits: %q", msg)
	}
	tooLong.FidelityMin = 2
	if got, want := get(tooLong), []point{{t0, c(32)}, {t0 + 240, c(34)}, {t0 + 3600, c(37)}}; !equalPoints(got, want) {
		t.Fatalf("range at fidelity 2: got %v, want %v", got, want)
	}
}

func equalPoints(a, b []point) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestPageScanCap: a filter that matches nothing among PageScanMax newer
// orders gives an empty page with a cursor, and the next page finds the
// matching orders beyond them.
func TestPageScanCap(t *testing.T) {
	cfg := machine.DefaultConfig()
	cfg.OrderSlots = 1 << 15
	h := newHarnessWith(t, cfg)
	h.skipInvariants = true
	h.faucet(alice, 1_000_000)
	h.createMarket(mkA, 0)
	h.createMarket(mkB, 0)
	old := []machine.Hash{
		h.place(orderSpec{account: alice, mk: mkA, outcome: machine.Yes, side: machine.Buy, cents: 1, shares: 1}),
		h.place(orderSpec{account: alice, mk: mkA, outcome: machine.Yes, side: machine.Buy, cents: 2, shares: 1}),
	}
	for i := range PageScanMax + 50 {
		h.place(orderSpec{account: alice, mk: mkB, outcome: machine.Yes, side: machine.Buy, cents: 1 + uint64(i%20), shares: 1})
		if i%1000 == 999 {
			h.commit()
		}
	}
	h.commit()
	q := &pb.OrdersQuery{Account: alice[:], Market: mkA.id[:]}
	first := h.orders(q)
	if len(first.GetOrders()) != 0 || first.GetNextCursor() == "" {
		t.Fatalf("first page: %d orders, cursor %q; want none and a cursor", len(first.GetOrders()), first.GetNextCursor())
	}
	wantIDs(t, "alice in A", h.allOrders(q, 100), []machine.Hash{old[1], old[0]})
	open := h.orders(&pb.OrdersQuery{Account: alice[:], Market: mkA.id[:], OpenOnly: true})
	if len(open.GetOrders()) != 2 || open.GetNextCursor() != "" {
		t.Fatalf("open orders in A: %d, cursor %q", len(open.GetOrders()), open.GetNextCursor())
	}
	all := h.orders(&pb.OrdersQuery{Account: alice[:], OpenOnly: true, Limit: PageLimitMax + 5})
	if len(all.GetOrders()) != PageLimitMax || all.GetNextCursor() == "" {
		t.Fatalf("open orders page: %d, cursor %q; want the cap %d and a cursor", len(all.GetOrders()), all.GetNextCursor(), PageLimitMax)
	}
	dflt := h.orders(&pb.OrdersQuery{Account: alice[:]})
	wantEq(t, "default page size", len(dflt.GetOrders()), PageLimitDefault)
}
