package server_test

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"testing"

	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
)

// tradeIDs walks a trade list from the first page with limit, checking
// every page, and returns the ids in the order served.
func tradeIDs(t *testing.T, what string, limit int, fetch func(p client.PageParams) (clobapi.Page[clobapi.Trade], error)) []uint64 {
	t.Helper()
	var ids []uint64
	cursor := clobapi.InitialCursor
	for pages := 0; ; pages++ {
		if pages > 50 {
			t.Fatalf("%s: the pages do not end", what)
		}
		page, err := fetch(client.PageParams{Cursor: cursor, Limit: limit})
		if err != nil {
			t.Fatalf("%s, page %d: %v", what, pages+1, err)
		}
		if page.Limit != limit || page.Count != len(page.Data) || page.Count > limit {
			t.Fatalf("%s, page %d: limit %d, count %d, %d trades", what, pages+1, page.Limit, page.Count, len(page.Data))
		}
		if page.NextCursor != clobapi.EndCursor && page.Count < limit {
			t.Fatalf("%s, page %d: a short page (%d) that is not the last", what, pages+1, page.Count)
		}
		for _, tr := range page.Data {
			id, err := strconv.ParseUint(tr.ID, 10, 64)
			if err != nil {
				t.Fatalf("%s: trade id %q", what, tr.ID)
			}
			ids = append(ids, id)
		}
		if page.NextCursor == clobapi.EndCursor {
			return ids
		}
		if page.NextCursor == cursor || page.NextCursor == "" {
			t.Fatalf("%s, page %d: next_cursor %q", what, pages+1, page.NextCursor)
		}
		cursor = page.NextCursor
	}
}

// from returns the ids of want at or above fromID, newest first.
func from(want []uint64, fromID uint64) []uint64 {
	var out []uint64
	for _, id := range want {
		if id >= fromID {
			out = append(out, id)
		}
	}
	slices.Reverse(out)
	return out
}

// TestFromIDPaging: trade ids rise with the log (and match time), and
// from_id keeps trades with id >= from_id; combined with limit and
// next_cursor, GET /all-trades and GET /trades walk from the newest trade
// down to from_id, with no duplicate, no gap and nothing below it.
func TestFromIDPaging(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	alice, bob := h.funded(0, 1000), h.funded(0, 1000)
	carol, dave := h.funded(0, 1000), h.funded(0, 1000)
	// alice bids for YES; bob's NO bids take it, minting pairs, one trade
	// each. carol and dave trade with each other in between.
	if r, err := alice.CreateAndPostOrder(ctx, buyArgs("0.5", "100")); err != nil || r.Status != clobapi.InsertStatusLive {
		t.Fatalf("alice's bid: %+v, %v", r, err)
	}
	if r, err := carol.CreateAndPostOrder(ctx, client.OrderArgs{TokenID: testYesStr, Side: "BUY", Price: "0.3", Size: "100", FeeRateBps: 10}); err != nil || r.Status != clobapi.InsertStatusLive {
		t.Fatalf("carol's bid: %+v, %v", r, err)
	}
	var all, alices []uint64 // trade ids in the order they happened
	trade := func(taker *client.Client, price string, withAlice bool) {
		t.Helper()
		r, err := taker.CreateAndPostOrder(ctx, client.OrderArgs{TokenID: testNoStr, Side: "BUY", Price: price, Size: "5", FeeRateBps: 10})
		if err != nil || r.Status != clobapi.InsertStatusMatched || len(r.TradeIDs) != 1 {
			t.Fatalf("a trade: %+v, %v", r, err)
		}
		id, _ := strconv.ParseUint(r.TradeIDs[0], 10, 64)
		all = append(all, id)
		if withAlice {
			alices = append(alices, id)
		}
	}
	for i := range 11 {
		trade(bob, "0.5", true)
		if i%3 == 1 {
			// Alice's bid at 0.50 is better for a NO buyer at 0.70 than
			// carol's at 0.30; dave asks no more than carol's price.
			trade(dave, "0.7", true)
		}
	}
	// Cancel alice's bid so that dave's NO bids meet carol's.
	if _, err := alice.CancelAll(ctx); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		trade(dave, "0.7", false)
	}
	h.sync()
	for i := 1; i < len(all); i++ {
		if all[i] != all[i-1]+1 {
			t.Fatalf("trade ids are not consecutive in log order: %v", all)
		}
	}
	n := uint64(len(all))
	public := client.New(h.url(0), client.WithHTTPClient(h.httpClient(true)))
	allTrades := func(fromID uint64) func(p client.PageParams) (clobapi.Page[clobapi.Trade], error) {
		return func(p client.PageParams) (clobapi.Page[clobapi.Trade], error) {
			return public.GetAllTrades(ctx, client.TradeParams{PageParams: p, FromID: fromID})
		}
	}
	aliceTrades := func(fromID uint64) func(p client.PageParams) (clobapi.Page[clobapi.Trade], error) {
		return func(p client.PageParams) (clobapi.Page[clobapi.Trade], error) {
			return alice.GetTrades(ctx, client.TradeParams{PageParams: p, FromID: fromID})
		}
	}
	first, last := all[0], all[n-1]
	for _, fromID := range []uint64{0, first, first + 1, first + 5, last - 1, last, last + 1, last + 100} {
		for _, limit := range []int{1, 2, 3, 7, 100} {
			got := tradeIDs(t, "/all-trades", limit, allTrades(fromID))
			if want := from(all, fromID); !slices.Equal(got, want) {
				t.Fatalf("/all-trades from_id=%d limit=%d: %v, want %v", fromID, limit, got, want)
			}
			got = tradeIDs(t, "/trades", limit, aliceTrades(fromID))
			if want := from(alices, fromID); !slices.Equal(got, want) {
				t.Fatalf("/trades from_id=%d limit=%d: %v, want %v", fromID, limit, got, want)
			}
		}
	}

	// Match times never go down as ids rise.
	page, err := public.GetAllTrades(ctx, client.TradeParams{PageParams: client.PageParams{Limit: 100}})
	if err != nil || len(page.Data) != int(n) {
		t.Fatalf("every trade: %d, %v", len(page.Data), err)
	}
	for i := 1; i < len(page.Data); i++ {
		newer, _ := strconv.ParseInt(page.Data[i-1].MatchTime, 10, 64)
		older, _ := strconv.ParseInt(page.Data[i].MatchTime, 10, 64)
		if newer < older {
			t.Fatalf("trade %s matched at %d, after trade %s at %d", page.Data[i-1].ID, newer, page.Data[i].ID, older)
		}
	}

	// A client that has seen every trade asks for the ones after the last:
	// none, then exactly the new ones.
	if got := tradeIDs(t, "/all-trades", 2, allTrades(last+1)); len(got) != 0 {
		t.Fatalf("trades after the last one: %v", got)
	}
	trade(dave, "0.7", false)
	trade(dave, "0.7", false)
	h.sync()
	if got := tradeIDs(t, "/all-trades", 1, allTrades(last+1)); !slices.Equal(got, []uint64{last + 2, last + 1}) {
		t.Fatalf("the new trades: %v, want %v", got, []uint64{last + 2, last + 1})
	}

	// from_id must be an unsigned integer.
	for _, bad := range []string{"-1", "abc", "1.5", "18446744073709551616"} {
		resp, data := h.do(0, http.MethodGet, "/all-trades?from_id="+bad, nil, nil)
		if resp.StatusCode != http.StatusBadRequest || errorCode(t, data) != string(errcode.InvalidParameter) {
			t.Fatalf("from_id=%s: %d %s", bad, resp.StatusCode, data)
		}
	}
}
