package api

import (
	"context"
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/labstack/echo/v4"

	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/pb"
)

func (a *API) registerBook(e *echo.Echo) {
	e.GET("/book", a.getBook)
	e.POST("/books", a.postBooks)
	e.GET("/price", a.getPrice)
	e.GET("/prices", a.getPrices)
	e.POST("/prices", a.postPrices)
	e.GET("/last-trade-price", a.getLastTradePrice)
	e.GET("/last-trades-prices", a.getLastTradesPrices)
	e.POST("/last-trades-prices", a.postLastTradesPrices)
	e.GET("/fee-rate", a.getFeeRate)
	e.GET("/fee-rate/:tokenID", a.getFeeRate)
	e.GET("/tick-size", a.getTickSize)
	e.GET("/tick-size/:tokenID", a.getTickSize)
}

// tokenParam reads a token id from the path parameter tokenID or the
// query parameter token_id.
func tokenParam(c echo.Context) ([32]byte, error) {
	s := c.Param("tokenID")
	if s == "" {
		s = c.QueryParam("token_id")
	}
	if s == "" {
		return [32]byte{}, errcode.Errorf(errcode.InvalidTokenID, "token_id is required: send the token id (decimal) from the market's clobTokenIds")
	}
	return parseTokenID(s)
}

// getBook answers the book of one token, seen from that token.
func (a *API) getBook(c echo.Context) error {
	tok, err := tokenParam(c)
	if err != nil {
		return err
	}
	b, err := a.book(c.Request().Context(), tok)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, b)
}

func (a *API) book(ctx context.Context, tok [32]byte) (clobapi.OrderBookSummary, error) {
	resp, err := a.query(ctx, &pb.QueryRequest{Query: &pb.QueryRequest_Book{Book: &pb.BookQuery{TokenId: tok[:]}}}, errcode.TokenNotFound)
	if err != nil {
		return clobapi.OrderBookSummary{}, err
	}
	return bookSummary(resp.GetBook()), nil
}

// bookSummary converts the engine's book (best first on both sides) into
// the reference's order: bids ascending and asks descending, so the best
// price of each side is the LAST element. The hash is the SHA-1 of the
// summary's compact JSON with hash set to "", as in the reference.
func bookSummary(b *pb.Book) clobapi.OrderBookSummary {
	s := clobapi.OrderBookSummary{
		Market:         hash32(b.GetMarket()),
		AssetID:        tokenString(b.GetTokenId()),
		Timestamp:      strconv.FormatInt(b.GetTimeMs(), 10),
		Bids:           levels(b.GetBids()),
		Asks:           levels(b.GetAsks()),
		MinOrderSize:   units(b.GetParams().GetMinSize()),
		MaxOrderSize:   units(b.GetParams().GetMaxSize()),
		TickSize:       units(b.GetParams().GetTickSize()),
		NegRisk:        b.GetParams().GetNegRisk(),
		LastTradePrice: units(b.GetLastTradePrice()),
	}
	slices.Reverse(s.Bids)
	slices.Reverse(s.Asks)
	s.Hash = BookHash(s)
	return s
}

// BookHash is the reference's order book hash: SHA-1, in hex, of the
// compact JSON of the summary with an empty hash field.
func BookHash(s clobapi.OrderBookSummary) string {
	s.Hash = ""
	data, _ := json.Marshal(s) // a struct of strings and bools always encodes
	sum := sha1.Sum(data)
	return hex.EncodeToString(sum[:])
}

func levels(ls []*pb.Level) []clobapi.PriceLevel {
	out := make([]clobapi.PriceLevel, 0, len(ls))
	for _, l := range ls {
		out = append(out, clobapi.PriceLevel{Price: units(l.GetPrice()), Size: units(l.GetSize())})
	}
	return out
}

// postBooks answers several books: body [{"token_id":"..."}].
func (a *API) postBooks(c echo.Context) error {
	ids, err := a.bodyTokenList(c)
	if err != nil {
		return err
	}
	out := make([]clobapi.OrderBookSummary, len(ids))
	err = parallel(len(ids), func(i int) error {
		b, err := a.book(c.Request().Context(), ids[i])
		out[i] = b
		return err
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

// parallel runs fn(0..n-1) with at most batchQueryParallelMax at a time
// and returns the first error.
func parallel(n int, fn func(i int) error) error {
	sem := make(chan struct{}, batchQueryParallelMax)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			errs[i] = fn(i)
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// tokenList parses a batch of token ids, enforcing TokenIDsMax and
// charging the rate limit per item.
func (a *API) tokenList(c echo.Context, toks []string) ([][32]byte, error) {
	if len(toks) == 0 {
		return nil, errcode.Errorf(errcode.InvalidPayload, "send between 1 and %d token ids", TokenIDsMax)
	}
	if len(toks) > TokenIDsMax {
		return nil, errcode.Errorf(errcode.TooManyTokenIDs, "too many token ids: %d, max allowed: %d", len(toks), TokenIDsMax)
	}
	if err := a.chargeItems(c, len(toks)); err != nil {
		return nil, err
	}
	out := make([][32]byte, len(toks))
	for i, s := range toks {
		t, err := parseTokenID(s)
		if err != nil {
			return nil, err
		}
		out[i] = t
	}
	return out, nil
}

// bodyTokenList reads a body of the form [{"token_id":"..."}] and parses
// its token ids as tokenList does.
func (a *API) bodyTokenList(c echo.Context) ([][32]byte, error) {
	body, err := readBody(c)
	if err != nil {
		return nil, err
	}
	var reqs []clobapi.BookRequest
	if err := decodeJSON(body, &reqs, errcode.InvalidPayload); err != nil {
		return nil, err
	}
	toks := make([]string, len(reqs))
	for i, r := range reqs {
		toks[i] = r.TokenID
	}
	return a.tokenList(c, toks)
}

// splitTokenIDs reads the comma-separated query parameter token_ids.
func splitTokenIDs(c echo.Context) []string {
	s := c.QueryParam("token_ids")
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

func (a *API) prices(ctx context.Context, toks [][32]byte) ([]*pb.TokenPrices, error) {
	raw := make([][]byte, len(toks))
	for i := range toks {
		raw[i] = toks[i][:]
	}
	resp, err := a.query(ctx, &pb.QueryRequest{Query: &pb.QueryRequest_Prices{Prices: &pb.PricesQuery{TokenIds: raw}}}, errcode.TokenNotFound)
	if err != nil {
		return nil, err
	}
	return resp.GetPrices().GetPrices(), nil
}

func parseSide(s string) (pb.Side, error) {
	switch strings.ToUpper(s) {
	case "BUY":
		return pb.Side_SIDE_BUY, nil
	case "SELL":
		return pb.Side_SIDE_SELL, nil
	}
	return 0, errcode.Errorf(errcode.InvalidSide, "invalid side %q: use BUY (best bid) or SELL (best ask)", clipStr(s))
}

// sidePrice is the reference's /price semantics: BUY is the best bid (what
// a seller gets), SELL the best ask (what a buyer pays). 0 means none.
func sidePrice(p *pb.TokenPrices, side pb.Side) uint64 {
	if side == pb.Side_SIDE_BUY {
		return p.GetBestBid()
	}
	return p.GetBestAsk()
}

// getPrice answers the best price of one side of a token's book.
func (a *API) getPrice(c echo.Context) error {
	tok, err := tokenParam(c)
	if err != nil {
		return err
	}
	side, err := parseSide(c.QueryParam("side"))
	if err != nil {
		return err
	}
	ps, err := a.prices(c.Request().Context(), [][32]byte{tok})
	if err != nil {
		return err
	}
	if len(ps) == 0 || !ps[0].GetFound() {
		return errcode.New(errcode.TokenNotFound)
	}
	p := sidePrice(ps[0], side)
	if p == 0 {
		return errcode.Errorf(errcode.PriceNotAvailable, "no price: no %s orders rest on this book", sideString(side))
	}
	return c.JSON(http.StatusOK, clobapi.PriceResponse{Price: units(p)})
}

// getPrices answers both sides of several tokens: ?token_ids=a,b.
func (a *API) getPrices(c echo.Context) error {
	toks, err := a.tokenList(c, splitTokenIDs(c))
	if err != nil {
		return err
	}
	reqs := make([]clobapi.PriceRequest, 0, 2*len(toks))
	for _, t := range toks {
		ts := tokenString(t[:])
		reqs = append(reqs, clobapi.PriceRequest{TokenID: ts, Side: "BUY"}, clobapi.PriceRequest{TokenID: ts, Side: "SELL"})
	}
	return a.answerPrices(c, toks, reqs)
}

// postPrices answers chosen sides: body [{"token_id","side"}].
func (a *API) postPrices(c echo.Context) error {
	body, err := readBody(c)
	if err != nil {
		return err
	}
	var reqs []clobapi.PriceRequest
	if err := decodeJSON(body, &reqs, errcode.InvalidPayload); err != nil {
		return err
	}
	strs := make([]string, len(reqs))
	for i, r := range reqs {
		strs[i] = r.TokenID
		if _, err := parseSide(r.Side); err != nil {
			return err
		}
	}
	toks, err := a.tokenList(c, strs)
	if err != nil {
		return err
	}
	return a.answerPrices(c, toks, reqs)
}

// answerPrices builds {"<token>":{"BUY":"0.5","SELL":"0.6"}}, leaving out
// unknown tokens and empty sides.
func (a *API) answerPrices(c echo.Context, toks [][32]byte, reqs []clobapi.PriceRequest) error {
	ps, err := a.prices(c.Request().Context(), toks)
	if err != nil {
		return err
	}
	byToken := make(map[string]*pb.TokenPrices, len(ps))
	for _, p := range ps {
		if p.GetFound() {
			byToken[tokenString(p.GetTokenId())] = p
		}
	}
	out := clobapi.Prices{}
	for _, r := range reqs {
		tok, _ := parseTokenID(r.TokenID) // parsed before
		key := tokenString(tok[:])
		p, ok := byToken[key]
		if !ok {
			continue
		}
		side, _ := parseSide(r.Side)
		if v := sidePrice(p, side); v != 0 {
			if out[key] == nil {
				out[key] = map[string]string{}
			}
			out[key][sideString(side)] = units(v)
		}
	}
	return c.JSON(http.StatusOK, out)
}

func lastTrade(p *pb.TokenPrices) clobapi.LastTradePrice {
	return clobapi.LastTradePrice{
		TokenID: tokenString(p.GetTokenId()),
		Price:   units(p.GetLastTradePrice()),
		Side:    sideString(p.GetLastTradeSide()),
	}
}

// getLastTradePrice answers the last trade of one token; price "0" and
// side "" when it never traded.
func (a *API) getLastTradePrice(c echo.Context) error {
	tok, err := tokenParam(c)
	if err != nil {
		return err
	}
	ps, err := a.prices(c.Request().Context(), [][32]byte{tok})
	if err != nil {
		return err
	}
	if len(ps) == 0 || !ps[0].GetFound() {
		return errcode.New(errcode.TokenNotFound)
	}
	lt := lastTrade(ps[0])
	lt.TokenID = ""
	return c.JSON(http.StatusOK, lt)
}

func (a *API) getLastTradesPrices(c echo.Context) error {
	toks, err := a.tokenList(c, splitTokenIDs(c))
	if err != nil {
		return err
	}
	return a.answerLastTrades(c, toks)
}

func (a *API) postLastTradesPrices(c echo.Context) error {
	toks, err := a.bodyTokenList(c)
	if err != nil {
		return err
	}
	return a.answerLastTrades(c, toks)
}

// answerLastTrades answers one element per known token, in request order.
func (a *API) answerLastTrades(c echo.Context, toks [][32]byte) error {
	ps, err := a.prices(c.Request().Context(), toks)
	if err != nil {
		return err
	}
	out := make([]clobapi.LastTradePrice, 0, len(ps))
	for _, p := range ps {
		if p.GetFound() {
			out = append(out, lastTrade(p))
		}
	}
	return c.JSON(http.StatusOK, out)
}

// getFeeRate answers the platform default, or a token's market rate when
// a token is named (path or token_id).
func (a *API) getFeeRate(c echo.Context) error {
	if c.Param("tokenID") == "" && c.QueryParam("token_id") == "" {
		r := a.cfg.DefaultFeeRateBps
		return c.JSON(http.StatusOK, clobapi.FeeRate{FeeRateBps: r, BaseFee: r})
	}
	tok, err := tokenParam(c)
	if err != nil {
		return err
	}
	mk, err := a.markets.Get(c.Request().Context(), tok)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, clobapi.FeeRate{FeeRateBps: mk.FeeRateBps, BaseFee: mk.FeeRateBps})
}

// getTickSize answers a token's tick size as a JSON number (0.01).
func (a *API) getTickSize(c echo.Context) error {
	tok, err := tokenParam(c)
	if err != nil {
		return err
	}
	mk, err := a.markets.Get(c.Request().Context(), tok)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, clobapi.TickSizeResponse{MinimumTickSize: number(mk.TickSize)})
}
