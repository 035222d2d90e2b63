package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"pred.dev/gateway-clob/internal/api"
	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/pb"
)

// A third market with the finest tick (0.0001), for exact midpoints.
var (
	testFineMarket = [32]byte{31: 0xcc}
	testFineYes    = [32]byte{30: 0x0b, 31: 0xb9} // 3001
	testFineYesStr = "3001"
	testFineNoStr  = "3002"
	testFineNo     = [32]byte{30: 0x0b, 31: 0xba} // 3002
)

// TestMidpointsAndSpreads: /midpoint and /spread derive from the best bid
// and ask of the token's side of the one book; the batch forms leave out
// the tokens without both; a book with an empty side has neither.
func TestMidpointsAndSpreads(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	c := h.tradingClient(0)
	restingBook(t, h, c)
	// The YES book: bids 0.47, 0.45, 0.42, 0.40; asks 0.55 and 0.60 (the NO
	// bids at 0.45 and 0.40).
	if resp, err := c.CreateAndPostOrder(ctx, buyArgs("0.47", "5")); err != nil || resp.Status != clobapi.InsertStatusLive {
		t.Fatalf("bid 0.47: %+v, %v", resp, err)
	}
	h.sync()
	pub := client.New(h.url(0), client.WithHTTPClient(h.httpClient(true)))

	for tok, want := range map[string][2]string{testYesStr: {"0.51", "0.08"}, testNoStr: {"0.49", "0.08"}} {
		if mid, err := pub.GetMidpoint(ctx, tok); err != nil || mid != want[0] {
			t.Errorf("midpoint of %s = %q, %v; want %s", tok, mid, err, want[0])
		}
		if s, err := pub.GetSpread(ctx, tok); err != nil || s != want[1] {
			t.Errorf("spread of %s = %q, %v; want %s", tok, s, err, want[1])
		}
	}
	batch := []string{testYesStr, testNoStr, testNRYesStr, "424242"}
	mids, err := pub.GetMidpoints(ctx, batch)
	if err != nil || len(mids) != 2 || mids[testYesStr] != "0.51" || mids[testNoStr] != "0.49" {
		t.Errorf("POST /midpoints: %v, %v", mids, err)
	}
	spreads, err := pub.GetSpreads(ctx, batch)
	if err != nil || len(spreads) != 2 || spreads[testYesStr] != "0.08" || spreads[testNoStr] != "0.08" {
		t.Errorf("POST /spreads: %v, %v", spreads, err)
	}
	for path, want := range map[string]map[string]string{
		"/midpoints?token_ids=" + strings.Join(batch, ","): {testYesStr: "0.51", testNoStr: "0.49"},
		"/spreads?token_ids=" + strings.Join(batch, ","):   {testYesStr: "0.08", testNoStr: "0.08"},
	} {
		resp, data := h.do(0, http.MethodGet, path, nil, nil)
		var got map[string]string
		if resp.StatusCode != 200 || json.Unmarshal(data, &got) != nil || len(got) != 2 || got[testYesStr] != want[testYesStr] || got[testNoStr] != want[testNoStr] {
			t.Errorf("GET %s: %d %s", path, resp.StatusCode, data)
		}
	}

	// An empty book, a one-sided book, an unknown token.
	if _, err := pub.GetMidpoint(ctx, testNRYesStr); !isCode(err, errcode.PriceNotAvailable, 404) {
		t.Errorf("midpoint of an empty book: %v", err)
	}
	nr, err := c.CreateAndPostOrder(ctx, client.OrderArgs{TokenID: testNRYesStr, Side: "BUY", Price: "0.30", Size: "5", FeeRateBps: 10, NegRisk: true})
	if err != nil || nr.Status != clobapi.InsertStatusLive {
		t.Fatalf("negRisk bid: %+v, %v", nr, err)
	}
	h.sync()
	_, err = pub.GetSpread(ctx, testNRYesStr)
	if ae, ok := err.(*client.APIError); !ok || !isCode(err, errcode.PriceNotAvailable, 404) || !strings.Contains(ae.Message, "no asks") {
		t.Errorf("spread of a book with bids only: %v", err)
	}
	if mids, err := pub.GetMidpoints(ctx, []string{testNRYesStr}); err != nil || len(mids) != 0 {
		t.Errorf("midpoints of a book with bids only: %v, %v", mids, err)
	}
	if _, err := pub.GetMidpoint(ctx, "424242"); !isCode(err, errcode.TokenNotFound, 404) {
		t.Errorf("midpoint of an unknown token: %v", err)
	}

	// The batch limits and malformed requests, as every batch endpoint.
	ids := make([]string, api.TokenIDsMax+1)
	for i := range ids {
		ids[i] = strconv.Itoa(i + 1)
	}
	for _, path := range []string{"/midpoints", "/spreads"} {
		resp, data := h.do(0, http.MethodGet, path+"?token_ids="+strings.Join(ids, ","), nil, nil)
		if resp.StatusCode != 400 || errorCode(t, data) != string(errcode.TooManyTokenIDs) {
			t.Errorf("GET %s with 501 tokens: %d %s", path, resp.StatusCode, data)
		}
		resp, data = h.do(0, http.MethodPost, path, []byte(`[]`), http.Header{"Content-Type": {"application/json"}})
		if resp.StatusCode != 400 || errorCode(t, data) != string(errcode.InvalidPayload) {
			t.Errorf("POST %s with no token: %d %s", path, resp.StatusCode, data)
		}
	}
	for path, code := range map[string]errcode.Code{
		"/midpoint":              errcode.InvalidTokenID,
		"/spread?token_id=01001": errcode.InvalidTokenID,
		"/midpoints":             errcode.InvalidPayload,
		"/spreads?token_ids=1,x": errcode.InvalidTokenID,
	} {
		resp, data := h.do(0, http.MethodGet, path, nil, nil)
		if resp.StatusCode != 400 || errorCode(t, data) != string(code) {
			t.Errorf("GET %s: %d %s, want %s", path, resp.StatusCode, data, code)
		}
	}
}

// TestMidpointIsExact: on a 0.0001 tick the mean of a bid and an ask has
// five decimals, and the answer has them all.
func TestMidpointIsExact(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.submit(createMarket(testFineMarket, testFineYes, testFineNo, &pb.MarketParams{TickSize: 100, MinSize: 5_000_000, MaxSize: 10_000_000_000, FeeRateBps: 10}))
	h.sync()
	ctx := context.Background()
	c := h.funded(0, 100)
	for _, a := range []client.OrderArgs{
		{TokenID: testFineYesStr, Side: "BUY", Price: "0.4701", Size: "5", FeeRateBps: 10},
		{TokenID: testFineNoStr, Side: "BUY", Price: "0.45", Size: "5", FeeRateBps: 10}, // a YES ask at 0.55
	} {
		if resp, err := c.CreateAndPostOrder(ctx, a); err != nil || resp.Status != clobapi.InsertStatusLive {
			t.Fatalf("%+v: %+v, %v", a, resp, err)
		}
	}
	h.sync()
	pub := client.New(h.url(0), client.WithHTTPClient(h.httpClient(true)))
	if mid, err := pub.GetMidpoint(ctx, testFineYesStr); err != nil || mid != "0.51005" {
		t.Errorf("midpoint %q, %v; want 0.51005", mid, err)
	}
	if mid, err := pub.GetMidpoint(ctx, testFineNoStr); err != nil || mid != "0.48995" {
		t.Errorf("NO midpoint %q, %v; want 0.48995", mid, err)
	}
	if s, err := pub.GetSpread(ctx, testFineYesStr); err != nil || s != "0.0799" {
		t.Errorf("spread %q, %v; want 0.0799", s, err)
	}
}

// TestMarkets: GET /markets lists the engine's markets oldest first with
// their tokens, parameters and status, page by page; GET
// /markets/{conditionID} answers one.
func TestMarkets(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	pub := client.New(h.url(0), client.WithHTTPClient(h.httpClient(true)))

	all, err := pub.AllMarkets(ctx)
	if err != nil || len(all) != 2 {
		t.Fatalf("all markets: %+v, %v", all, err)
	}
	want := clobapi.Market{ConditionID: hexOf(testMarket),
		Tokens:          []clobapi.MarketToken{{TokenID: testYesStr, Outcome: "Yes"}, {TokenID: testNoStr, Outcome: "No"}},
		MinimumTickSize: "0.01", MinimumOrderSize: "5", MaximumOrderSize: "10000", MakerBaseFee: 0, TakerBaseFee: 10,
		Status: clobapi.MarketActive, Active: true, AcceptingOrders: true, EnableOrderBook: true}
	if !sameMarket(all[0], want) {
		t.Errorf("first market %+v, want %+v", all[0], want)
	}
	if all[1].ConditionID != hexOf(testNRMarket) || !all[1].NegRisk || all[1].Tokens[0].TokenID != testNRYesStr {
		t.Errorf("second market %+v", all[1])
	}

	// Pages of one: the cursor, then the end.
	p1, err := pub.GetMarkets(ctx, client.PageParams{Limit: 1})
	if err != nil || p1.Count != 1 || p1.Limit != 1 || p1.Data[0].ConditionID != all[0].ConditionID || p1.NextCursor == clobapi.EndCursor {
		t.Fatalf("page 1: %+v, %v", p1, err)
	}
	p2, err := pub.GetMarkets(ctx, client.PageParams{Limit: 1, Cursor: p1.NextCursor})
	if err != nil || p2.Count != 1 || p2.Data[0].ConditionID != all[1].ConditionID {
		t.Fatalf("page 2: %+v, %v", p2, err)
	}
	p3, err := pub.GetMarkets(ctx, client.PageParams{Limit: 1, Cursor: p2.NextCursor})
	if err != nil || p3.Count != 0 || p3.NextCursor != clobapi.EndCursor {
		t.Fatalf("page 3: %+v, %v", p3, err)
	}
	resp, data := h.do(0, http.MethodGet, "/markets?limit=1&page=2", nil, nil)
	var byNumber clobapi.Page[clobapi.Market]
	if resp.StatusCode != 200 || json.Unmarshal(data, &byNumber) != nil || byNumber.Count != 1 || byNumber.Data[0].ConditionID != all[1].ConditionID {
		t.Errorf("page=2: %d %s", resp.StatusCode, data)
	}
	for path, code := range map[string]errcode.Code{
		"/markets?next_cursor=bm90LWEtY3Vyc29y": errcode.InvalidCursor,
		"/markets?limit=0":                      errcode.InvalidParameter,
		"/markets/0x1234":                       errcode.InvalidMarketID,
		"/markets/" + hexOf([32]byte{1: 1}):     errcode.MarketNotFound,
	} {
		resp, data := h.do(0, http.MethodGet, path, nil, nil)
		if resp.StatusCode/100 != 4 || errorCode(t, data) != string(code) {
			t.Errorf("GET %s: %d %s, want %s", path, resp.StatusCode, data, code)
		}
	}

	// The status follows the engine: halted, then closed and resolved YES.
	h.submit(haltMarket(testMarket))
	h.sync()
	m, err := pub.GetMarket(ctx, hexOf(testMarket))
	if err != nil || m.Status != clobapi.MarketHalted || m.AcceptingOrders || !m.Active || m.Closed {
		t.Fatalf("halted: %+v, %v", m, err)
	}
	h.submit(func(c *pb.Command) {
		c.Body = &pb.Command_CloseMarket{CloseMarket: &pb.CloseMarket{Market: testMarket[:]}}
	})
	h.submit(func(c *pb.Command) {
		c.Body = &pb.Command_ResolveMarket{ResolveMarket: &pb.ResolveMarket{Market: testMarket[:], Payout: []uint32{1, 0}}}
	})
	h.sync()
	m, err = pub.GetMarket(ctx, hexOf(testMarket))
	if err != nil || m.Status != clobapi.MarketResolved || m.Active || !m.Closed || m.AcceptingOrders || !m.Tokens[0].Winner || m.Tokens[1].Winner {
		t.Fatalf("resolved: %+v, %v", m, err)
	}
}

func sameMarket(a, b clobapi.Market) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}
