package store

import (
	"bytes"
	"testing"

	"pred.dev/engine/machine"
	"pred.dev/proto/pb"
)

func (h *harness) marketPage(cursor string, limit uint32) *pb.MarketPage {
	h.t.Helper()
	return h.query(&pb.QueryRequest{Query: &pb.QueryRequest_Markets{Markets: &pb.MarketsQuery{Cursor: cursor, Limit: limit}}}).GetMarkets()
}

// TestMarketList: the markets come oldest first with their parameters,
// status and payout; a walk page by page sees each once, and a market
// listed during the walk at its end.
func TestMarketList(t *testing.T) {
	h := newHarness(t)
	var mks []market
	for n := byte(1); n <= 5; n++ {
		mks = append(mks, newMarket(n))
		h.createMarket(mks[n-1], uint32(n)*10)
		if n == 3 {
			h.commit()
		}
	}
	h.mustApply(machine.Command{Kind: machine.KindResolveMarket, ID: cmdID(), Args: &machine.Args{Market: mks[1].id, Payout: []uint32{0, 1}}})
	h.commit()

	all := h.marketPage("", 0).GetMarkets()
	if len(all) != 5 {
		t.Fatalf("%d markets, want 5", len(all))
	}
	for i, m := range all {
		mk := mks[i]
		if !bytes.Equal(m.GetMarket(), mk.id[:]) || !bytes.Equal(m.GetYesTokenId(), mk.yes[:]) || !bytes.Equal(m.GetNoTokenId(), mk.no[:]) ||
			m.GetParams().GetFeeRateBps() != uint32(i+1)*10 || m.GetParams().GetTickSize() != tick001 {
			t.Errorf("market %d: %v", i, m)
		}
	}
	if all[1].GetStatus() != pb.MarketStatus_MARKET_STATUS_RESOLVED || len(all[1].GetPayout()) != 2 || all[1].GetPayout()[1] != 1 ||
		all[0].GetStatus() != pb.MarketStatus_MARKET_STATUS_ACTIVE || len(all[0].GetPayout()) != 0 {
		t.Errorf("statuses: %v, %v", all[0], all[1])
	}

	// A walk of two per page, with a market listed after its first page.
	first := h.marketPage("", 2)
	if len(first.GetMarkets()) != 2 || first.GetNextCursor() == "" {
		t.Fatalf("first page %v", first)
	}
	late := newMarket(6)
	h.createMarket(late, 0)
	h.commit()
	var walked [][]byte
	for _, m := range first.GetMarkets() {
		walked = append(walked, m.GetMarket())
	}
	cursor := first.GetNextCursor()
	for pages := 0; cursor != ""; pages++ {
		if pages > 10 {
			t.Fatal("the walk does not end")
		}
		p := h.marketPage(cursor, 2)
		for _, m := range p.GetMarkets() {
			walked = append(walked, m.GetMarket())
		}
		cursor = p.GetNextCursor()
	}
	want := append(mks, late)
	if len(walked) != len(want) {
		t.Fatalf("walked %d markets, want %d", len(walked), len(want))
	}
	for i := range want {
		if !bytes.Equal(walked[i], want[i].id[:]) {
			t.Errorf("walk position %d: %x, want %x", i, walked[i], want[i].id)
		}
	}

	// A page ending exactly at the last market says so with no cursor.
	if p := h.marketPage("", 6); len(p.GetMarkets()) != 6 || p.GetNextCursor() != "" {
		t.Errorf("a page of all six: %d markets, cursor %q", len(p.GetMarkets()), p.GetNextCursor())
	}
	// A cursor past the end (a market index never allocated) is an empty
	// last page; a made-up cursor is refused.
	if p := h.marketPage(encodeCursor(1000), 2); len(p.GetMarkets()) != 0 || p.GetNextCursor() != "" {
		t.Errorf("past the end: %v", p)
	}
	for _, bad := range []string{"x", encodeCursor(0)[:5], "AAAAAAAAAAA"} {
		h.queryErr(&pb.QueryRequest{Query: &pb.QueryRequest_Markets{Markets: &pb.MarketsQuery{Cursor: bad}}}, pb.QueryErrorCode_QUERY_ERROR_CODE_INVALID)
	}
	if msg := h.queryErr(&pb.QueryRequest{Query: &pb.QueryRequest_Markets{Markets: &pb.MarketsQuery{Cursor: encodeCursor(1 << 40)}}},
		pb.QueryErrorCode_QUERY_ERROR_CODE_INVALID); msg == "" {
		t.Error("a cursor beyond any market index is refused without a message")
	}
}
