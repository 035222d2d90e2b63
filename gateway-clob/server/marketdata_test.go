package server_test

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"pred.dev/gateway-clob/internal/api"
	"pred.dev/gateway-clob/server"
	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/pb"
)

// restingBook funds c and rests three bids on the YES token and two on
// NO. The engine keeps one book per market, so the NO bids at 0.45 and
// 0.40 are the YES token's asks at 0.55 and 0.60. It returns the order
// ids of each token and returns once public reads see the book.
func restingBook(t *testing.T, h *harness, c *client.Client) (yes, no []string) {
	t.Helper()
	h.fund(c.Funder(), 100)
	ctx := context.Background()
	for _, a := range []client.OrderArgs{
		buyArgs("0.40", "10"), buyArgs("0.45", "20"), buyArgs("0.42", "5"),
		{TokenID: testNoStr, Side: "BUY", Price: "0.45", Size: "7", FeeRateBps: 10},
		{TokenID: testNoStr, Side: "BUY", Price: "0.40", Size: "9", FeeRateBps: 10},
	} {
		resp, err := c.CreateAndPostOrder(ctx, a)
		if err != nil || resp.Status != clobapi.InsertStatusLive {
			t.Fatalf("%+v: %+v, %v", a, resp, err)
		}
		if a.TokenID == testYesStr {
			yes = append(yes, resp.OrderID)
		} else {
			no = append(no, resp.OrderID)
		}
	}
	h.sync()
	return yes, no
}

// TestBookAndPrices: the book follows the reference ordering (best price
// last on both sides), carries a verifiable hash, and /price follows the
// reference side semantics.
func TestBookAndPrices(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	c := h.tradingClient(0)
	restingBook(t, h, c)
	pub := client.New(h.url(0), client.WithHTTPClient(h.httpClient(true)))

	b, err := pub.GetBook(ctx, testYesStr)
	if err != nil {
		t.Fatal(err)
	}
	prices := func(ls []clobapi.PriceLevel) []string {
		var out []string
		for _, l := range ls {
			out = append(out, l.Price)
		}
		return out
	}
	if got := prices(b.Bids); !slices.Equal(got, []string{"0.4", "0.42", "0.45"}) {
		t.Errorf("bids %v, want ascending with the best (0.45) last", got)
	}
	if got := prices(b.Asks); !slices.Equal(got, []string{"0.6", "0.55"}) {
		t.Errorf("asks %v, want descending with the best (0.55) last", got)
	}
	if b.MinOrderSize != "5" || b.MaxOrderSize != "10000" || b.TickSize != "0.01" || b.NegRisk || b.AssetID != testYesStr {
		t.Errorf("book fields %+v", b)
	}
	if b.Hash != api.BookHash(b) || len(b.Hash) != 40 {
		t.Errorf("hash %q does not recompute", b.Hash)
	}
	if bid, err := pub.GetPrice(ctx, testYesStr, "BUY"); err != nil || bid != "0.45" {
		t.Errorf("price BUY = %q, %v; want the best bid 0.45", bid, err)
	}
	if ask, err := pub.GetPrice(ctx, testYesStr, "SELL"); err != nil || ask != "0.55" {
		t.Errorf("price SELL = %q, %v; want the best ask 0.55", ask, err)
	}
	if _, err := pub.GetPrice(ctx, testNRYesStr, "BUY"); !isCode(err, errcode.PriceNotAvailable, 404) {
		t.Errorf("price of an empty side: %v", err)
	}
	// The NO token's book is the same book seen from the other outcome.
	ps, err := pub.GetPrices(ctx, []string{testYesStr, testNoStr, testNRYesStr, "424242"})
	if err != nil || ps[testYesStr]["BUY"] != "0.45" || ps[testYesStr]["SELL"] != "0.55" ||
		ps[testNoStr]["BUY"] != "0.45" || ps[testNoStr]["SELL"] != "0.55" || len(ps) != 2 {
		t.Errorf("prices %v, %v", ps, err)
	}
	books, err := pub.GetBooks(ctx, []string{testYesStr, testNoStr})
	if err != nil || len(books) != 2 || books[1].AssetID != testNoStr {
		t.Errorf("books %+v, %v", books, err)
	}
	if _, err := pub.GetBook(ctx, "424242"); !isCode(err, errcode.TokenNotFound, 404) {
		t.Errorf("book of an unknown token: %v", err)
	}
}

// TestPostPricesAndLastTrades covers the POST batch forms and their limit.
func TestPostPricesAndLastTrades(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	c := h.tradingClient(0)
	restingBook(t, h, c)
	body := []byte(`[{"token_id":"1001","side":"SELL"},{"token_id":"1002","side":"BUY"}]`)
	resp, data := h.do(0, http.MethodPost, "/prices", body, http.Header{"Content-Type": {"application/json"}})
	var ps clobapi.Prices
	if resp.StatusCode != 200 || json.Unmarshal(data, &ps) != nil || ps["1001"]["SELL"] != "0.55" || ps["1001"]["BUY"] != "" {
		t.Fatalf("POST /prices: %d %s", resp.StatusCode, data)
	}
	lt, err := c.GetLastTradesPrices(context.Background(), []string{testYesStr, testNoStr})
	if err != nil || len(lt) != 2 || lt[0].Price != "0" || lt[0].Side != "" || lt[0].TokenID != testYesStr {
		t.Fatalf("last trades %+v, %v", lt, err)
	}
	ids := make([]string, api.TokenIDsMax+1)
	for i := range ids {
		ids[i] = strconv.Itoa(i + 1)
	}
	resp, data = h.do(0, http.MethodGet, "/last-trades-prices?token_ids="+strings.Join(ids, ","), nil, nil)
	if resp.StatusCode != 400 || errorCode(t, data) != string(errcode.TooManyTokenIDs) {
		t.Fatalf("501 token ids: %d %s", resp.StatusCode, data)
	}
}

// TestFeeTickHistory covers the fee rate, tick size and price history
// endpoints, with their parameter errors.
func TestFeeTickHistory(t *testing.T) {
	t.Parallel()
	h := newHarness(t, withConfig(func(c *server.Config) { c.DefaultFeeRateBps = 25 }))
	ctx := context.Background()
	pub := client.New(h.url(0), client.WithHTTPClient(h.httpClient(true)))
	if r, err := pub.GetFeeRate(ctx, ""); err != nil || r != 25 {
		t.Errorf("default fee rate %d, %v", r, err)
	}
	if r, err := pub.GetFeeRate(ctx, testNoStr); err != nil || r != 10 {
		t.Errorf("market fee rate %d, %v", r, err)
	}
	resp, data := h.do(0, http.MethodGet, "/fee-rate?token_id=1001", nil, nil)
	if resp.StatusCode != 200 || !strings.Contains(string(data), `"feeRateBps":10`) || !strings.Contains(string(data), `"base_fee":10`) {
		t.Errorf("fee-rate by query: %d %s", resp.StatusCode, data)
	}
	resp, data = h.do(0, http.MethodGet, "/tick-size?token_id=1002", nil, nil)
	if resp.StatusCode != 200 || string(data) != `{"minimum_tick_size":0.01}`+"\n" {
		t.Errorf("tick-size: %d %q", resp.StatusCode, data)
	}
	// One trade at 0.52 (YES) is one point in the history of either token,
	// at the start of its 5-minute bucket, in that token's terms.
	buyer := h.funded(0, 100)
	h.mint(buyer, testYesStr, testNoStr, "0.52", "0.48", "10")
	h.sync()
	for _, tc := range []struct{ token, price string }{{testYesStr, "0.52"}, {testNoStr, "0.48"}} {
		hist, err := pub.GetPriceHistory(ctx, client.PriceHistoryParams{TokenID: tc.token, Interval: "1d", Fidelity: 5})
		if err != nil || len(hist.History) != 1 || hist.History[0].P.String() != tc.price || hist.History[0].T%300 != 0 ||
			hist.History[0].T > time.Now().Unix() || hist.History[0].T < time.Now().Unix()-600 {
			t.Errorf("history of %s: %+v, %v", tc.token, hist, err)
		}
	}
	if _, err := pub.GetPriceHistory(ctx, client.PriceHistoryParams{TokenID: testYesStr, StartTs: 10, EndTs: 5}); !isCode(err, errcode.InvalidParameter, 400) {
		t.Errorf("reversed range: %v", err)
	}
	for _, q := range []string{"market=1001", "market=1001&interval=2D", "market=1001&interval=1D&startTs=1&endTs=2", "market=1001&interval=1D&fidelity=0", "interval=1D"} {
		resp, data := h.do(0, http.MethodGet, "/prices-history?"+q, nil, nil)
		if resp.StatusCode != 400 {
			t.Errorf("prices-history?%s: %d %s", q, resp.StatusCode, data)
		}
	}
}

// TestPagination walks the public order history in pages of 2, with the
// reference's cursor sentinels, and with the page parameter.
func TestPagination(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	c := h.tradingClient(0)
	restingBook(t, h, c)
	pub := client.New(h.url(0), client.WithHTTPClient(h.httpClient(true)))
	var seen []string
	cursor := clobapi.InitialCursor
	for range 10 {
		page, err := pub.GetAllOrders(ctx, client.OrderParams{PageParams: client.PageParams{Cursor: cursor, Limit: 2}})
		if err != nil {
			t.Fatal(err)
		}
		if page.Limit != 2 || page.Count != len(page.Data) || page.Count > 2 {
			t.Fatalf("page %+v", page)
		}
		for _, o := range page.Data {
			seen = append(seen, o.ID)
			if o.Owner != "" {
				t.Fatal("the public history shows an API key")
			}
		}
		if page.NextCursor == clobapi.EndCursor {
			break
		}
		cursor = page.NextCursor
	}
	mine, err := c.AllOrders(ctx, client.OrderParams{PageParams: client.PageParams{Limit: 2}})
	if err != nil || len(seen) != 5 || len(mine) != 5 {
		t.Fatalf("walked %d public and %d own orders, want 5 each (%v)", len(seen), len(mine), err)
	}
	resp, data := h.do(0, http.MethodGet, "/all-orders?limit=2&page=3", nil, nil)
	var p clobapi.Page[clobapi.OpenOrder]
	if resp.StatusCode != 200 || json.Unmarshal(data, &p) != nil || p.Count != 1 || p.Data[0].ID != seen[4] || p.NextCursor != clobapi.EndCursor {
		t.Fatalf("page 3: %d %s", resp.StatusCode, data)
	}
	resp, data = h.do(0, http.MethodGet, "/all-orders?next_cursor=LTE%3D", nil, nil)
	if resp.StatusCode != 200 || json.Unmarshal(data, &p) != nil || p.Count != 0 {
		t.Fatalf("end cursor: %d %s", resp.StatusCode, data)
	}
	resp, data = h.do(0, http.MethodGet, "/all-orders?next_cursor=%25%25", nil, nil)
	if resp.StatusCode != 400 || errorCode(t, data) != string(errcode.InvalidCursor) {
		t.Fatalf("bad cursor: %d %s", resp.StatusCode, data)
	}
}

// TestAccountReads covers balances, transactions (through the devnet
// faucet), heartbeats and the public transaction and trade history.
func TestAccountReads(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	c := h.tradingClient(0)
	f, err := c.Faucet(ctx, c.Address().Hex(), "250.5")
	if err != nil || f.Balance != "250.5" || f.Amount != "250.5" {
		t.Fatalf("faucet %+v, %v", f, err)
	}
	// The faucet is keyless, so the caller's reads do not wait for it.
	h.sync()
	h.approve(c.Address())
	coll, err := c.GetBalanceAllowance(ctx, client.BalanceParams{})
	// Without a chain the gateway assumes no allowance (see
	// TestBalanceAllowanceReadsTheChain for the chain's).
	if err != nil || coll.Balance != "250.5" || len(coll.Allowances) != 0 || coll.ExchangeAllowances != nil {
		t.Fatalf("collateral balance %+v, %v", coll, err)
	}
	txs, err := c.GetTransactions(ctx, client.PageParams{})
	if err != nil || txs.Count != 1 || txs.Data[0].Type != "FAUCET" || txs.Data[0].Amount != "250.5" {
		t.Fatalf("transactions %+v, %v", txs, err)
	}
	all, err := c.GetAllTransactions(ctx, client.PageParams{})
	if err != nil || all.Count != 1 || all.Data[0].Address != c.Address().Hex() {
		t.Fatalf("all transactions %+v, %v", all, err)
	}

	// 30 YES shares bought at 0.50 as a maker (no fee), 10 of them offered
	// for sale and so locked.
	h.mint(c, testYesStr, testNoStr, "0.5", "0.5", "30")
	if _, err := c.CreateAndPostOrder(ctx, client.OrderArgs{TokenID: testYesStr, Side: "SELL", Price: "0.9", Size: "10", FeeRateBps: 10}); err != nil {
		t.Fatal(err)
	}
	ba, err := c.GetBalanceAllowance(ctx, client.BalanceParams{TokenID: testYesStr})
	if err != nil || ba.Balance != "30" || ba.Locked != "10" || ba.VirtualAvailable != "20" || len(ba.Allowances) != 0 {
		t.Fatalf("token balance %+v, %v", ba, err)
	}
	coll, err = c.GetBalanceAllowance(ctx, client.BalanceParams{})
	if err != nil || coll.Balance != "235.5" || coll.Locked != "0" || len(coll.Allowances) != 0 {
		t.Fatalf("collateral balance after the purchase %+v, %v", coll, err)
	}

	hb, err := c.PostHeartbeat(ctx)
	creds, _ := c.Creds()
	if err != nil || hb.Status != "ok" || hb.HeartbeatID != creds.APIKey {
		t.Fatalf("heartbeat %+v, %v", hb, err)
	}
	// A heartbeat is answered once it is in the log.
	owner := mustUUID(t, creds.APIKey)
	if !slices.ContainsFunc(h.commands(), func(cmd *pb.Command) bool {
		return cmd.GetHeartbeat() != nil && bytes.Equal(cmd.GetHeartbeat().GetOwner(), owner)
	}) {
		t.Fatalf("no heartbeat of %s in the log", creds.APIKey)
	}
	h.sync()
	trades, err := c.GetAllTrades(ctx, client.TradeParams{})
	if err != nil || trades.Count != 1 || trades.Data[0].Price != "0.5" || trades.Data[0].MatchType != "MINT" {
		t.Fatalf("all trades %+v, %v", trades, err)
	}
	lax := client.New(h.url(0), client.WithHTTPClient(h.httpClient(false)))
	if _, err := lax.Faucet(ctx, "0x12", "1"); !isCode(err, errcode.InvalidAddress, 400) {
		t.Fatalf("faucet to a bad address: %v", err)
	}
	if _, err := c.Faucet(ctx, c.Address().Hex(), "100000000"); !isCode(err, errcode.InvalidAmount, 400) {
		t.Fatalf("faucet above the maximum: %v", err)
	}
}

// TestFaucetDisabled: without the devnet flag the faucet does not exist.
func TestFaucetDisabled(t *testing.T) {
	t.Parallel()
	h := newHarness(t, withConfig(func(c *server.Config) { c.Faucet = false }))
	pub := client.New(h.url(0), client.WithHTTPClient(h.httpClient(true)))
	before := h.commandCount()
	if _, err := pub.Faucet(context.Background(), "0x0000000000000000000000000000000000000001", "1"); !isCode(err, errcode.FaucetDisabled, 404) {
		t.Fatalf("faucet on a non-devnet: %v", err)
	}
	if h.commandCount() != before {
		t.Fatal("a disabled faucet appended a command")
	}
}

// TestCancelMarketOrders cancels by market and by token, and reports an
// unknown market.
func TestCancelMarketOrders(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	c := h.tradingClient(0)
	yes, no := restingBook(t, h, c)
	extra, err := c.CreateAndPostOrder(ctx, client.OrderArgs{TokenID: testNoStr, Side: "BUY", Price: "0.3", Size: "5", FeeRateBps: 10})
	if err != nil {
		t.Fatal(err)
	}
	no = append(no, extra.OrderID)
	cr, err := c.CancelMarketOrders(ctx, "", testNoStr)
	if err != nil || !sameSet(cr.Canceled, no) || len(cr.NotCanceled) != 0 {
		t.Fatalf("cancel by token: %+v, %v; want %v", cr, err, no)
	}
	cr, err = c.CancelMarketOrders(ctx, hexOf(testMarket), "")
	if err != nil || !sameSet(cr.Canceled, yes) {
		t.Fatalf("cancel by market: %+v, %v; want %v", cr, err, yes)
	}
	if _, err := c.CancelMarketOrders(ctx, hexOf([32]byte{1}), ""); !isCode(err, errcode.MarketNotFound, 404) {
		t.Fatalf("unknown market: %v", err)
	}
	if _, err := c.CancelMarketOrders(ctx, "", ""); !errors.Is(err, errcode.InvalidPayload) {
		t.Fatalf("no market and no token: %v", err)
	}
}

func mustUUID(t *testing.T, s string) []byte {
	t.Helper()
	u, err := uuid.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u[:]
}

func sameSet(a, b []string) bool {
	return slices.Equal(slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b)))
}

func hexOf(b [32]byte) string { return "0x" + hex.EncodeToString(b[:]) }
