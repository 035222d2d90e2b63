package api

import (
	"context"
	"net/http"

	"github.com/labstack/echo/v4"

	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
)

// The midpoint and the spread of a token derive from its best bid and
// best ask, which the engine's prices query answers for up to
// TokenIDsMax tokens at once.
func (a *API) registerMidpoints(e *echo.Echo) {
	e.GET("/midpoint", a.getMidpoint)
	e.GET("/midpoints", a.getMidpoints)
	e.POST("/midpoints", a.postMidpoints)
	e.GET("/spread", a.getSpread)
	e.GET("/spreads", a.getSpreads)
	e.POST("/spreads", a.postSpreads)
}

// quote is a figure of a two-sided book.
type quote struct {
	name string
	of   func(bid, ask uint64) uint64
}

var (
	// The mean is exact in base units: both prices are multiples of the
	// market's tick, itself a multiple of 100 units, so their sum is even.
	midpointQuote = quote{"midpoint", func(bid, ask uint64) uint64 { return (bid + ask) / 2 }}
	// The engine's book never rests crossed, so ask > bid.
	spreadQuote = quote{"spread", func(bid, ask uint64) uint64 { return ask - bid }}
)

// oneQuote answers the quote of the token of the request: TOKEN_NOT_FOUND
// for an unknown token, PRICE_NOT_AVAILABLE when a side of its book is
// empty.
func (a *API) oneQuote(c echo.Context, q quote) (string, error) {
	tok, err := tokenParam(c)
	if err != nil {
		return "", err
	}
	ps, err := a.prices(c.Request().Context(), [][32]byte{tok})
	if err != nil {
		return "", err
	}
	if len(ps) == 0 || !ps[0].GetFound() {
		return "", errcode.New(errcode.TokenNotFound)
	}
	bid, ask := ps[0].GetBestBid(), ps[0].GetBestAsk()
	switch {
	case bid == 0 && ask == 0:
		return "", errcode.Errorf(errcode.PriceNotAvailable, "no %s: no orders rest on this book", q.name)
	case bid == 0:
		return "", errcode.Errorf(errcode.PriceNotAvailable, "no %s: no bids rest on this book", q.name)
	case ask == 0:
		return "", errcode.Errorf(errcode.PriceNotAvailable, "no %s: no asks rest on this book", q.name)
	}
	return units(q.of(bid, ask)), nil
}

// quotes answers token id → quote for the tokens that are known and have
// both a bid and an ask; the others are left out, as /prices leaves out
// empty sides.
func (a *API) quotes(ctx context.Context, toks [][32]byte, q quote) (map[string]string, error) {
	ps, err := a.prices(ctx, toks)
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(ps))
	for _, p := range ps {
		if p.GetFound() && p.GetBestBid() != 0 && p.GetBestAsk() != 0 {
			out[tokenString(p.GetTokenId())] = units(q.of(p.GetBestBid(), p.GetBestAsk()))
		}
	}
	return out, nil
}

func (a *API) getMidpoint(c echo.Context) error {
	mid, err := a.oneQuote(c, midpointQuote)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, clobapi.MidpointResponse{Mid: mid})
}

func (a *API) getSpread(c echo.Context) error {
	s, err := a.oneQuote(c, spreadQuote)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, clobapi.SpreadResponse{Spread: s})
}

// getMidpoints answers ?token_ids=a,b.
func (a *API) getMidpoints(c echo.Context) error {
	return a.answerQuotes(c, false, midpointQuote)
}

// postMidpoints answers a body [{"token_id":"..."}], as the reference
// clients send it.
func (a *API) postMidpoints(c echo.Context) error {
	return a.answerQuotes(c, true, midpointQuote)
}

func (a *API) getSpreads(c echo.Context) error {
	return a.answerQuotes(c, false, spreadQuote)
}

func (a *API) postSpreads(c echo.Context) error {
	return a.answerQuotes(c, true, spreadQuote)
}

// answerQuotes reads the batch from the body or the query, with the
// limits of every batch (tokenList), and answers its quotes.
func (a *API) answerQuotes(c echo.Context, fromBody bool, q quote) error {
	var toks [][32]byte
	var err error
	if fromBody {
		toks, err = a.bodyTokenList(c)
	} else {
		toks, err = a.tokenList(c, splitTokenIDs(c))
	}
	if err != nil {
		return err
	}
	out, err := a.quotes(c.Request().Context(), toks, q)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}
