package clob

import (
	"context"
	"net/http"

	"pred.dev/proto/client/clobapi"
)

func bookRequests(tokenIDs []string) []clobapi.BookRequest {
	body := make([]clobapi.BookRequest, len(tokenIDs))
	for i, t := range tokenIDs {
		body[i] = clobapi.BookRequest{TokenID: t}
	}
	return body
}

// GetMidpoint returns the mean of a token's best bid and best ask
// ("0.5"); a book without a bid or an ask is PRICE_NOT_AVAILABLE.
func (c *Client) GetMidpoint(ctx context.Context, tokenID string) (string, error) {
	var out clobapi.MidpointResponse
	err := c.do(ctx, request{method: http.MethodGet, path: "/midpoint", query: tokenQuery(tokenID)}, &out)
	return out.Mid, err
}

// GetMidpoints returns the midpoints of up to 500 tokens, by token id;
// tokens without one are absent.
func (c *Client) GetMidpoints(ctx context.Context, tokenIDs []string) (clobapi.Midpoints, error) {
	var out clobapi.Midpoints
	err := c.do(ctx, request{method: http.MethodPost, path: "/midpoints", body: bookRequests(tokenIDs)}, &out)
	return out, err
}

// GetSpread returns a token's best ask minus its best bid ("0.02"); a
// book without a bid or an ask is PRICE_NOT_AVAILABLE.
func (c *Client) GetSpread(ctx context.Context, tokenID string) (string, error) {
	var out clobapi.SpreadResponse
	err := c.do(ctx, request{method: http.MethodGet, path: "/spread", query: tokenQuery(tokenID)}, &out)
	return out.Spread, err
}

// GetSpreads returns the spreads of up to 500 tokens, by token id; tokens
// without one are absent.
func (c *Client) GetSpreads(ctx context.Context, tokenIDs []string) (clobapi.Spreads, error) {
	var out clobapi.Spreads
	err := c.do(ctx, request{method: http.MethodPost, path: "/spreads", body: bookRequests(tokenIDs)}, &out)
	return out, err
}

// GetMarkets returns one page of the tradable markets, oldest first.
func (c *Client) GetMarkets(ctx context.Context, p PageParams) (clobapi.Page[clobapi.Market], error) {
	var out clobapi.Page[clobapi.Market]
	err := c.do(ctx, request{method: http.MethodGet, path: "/markets", query: p.values()}, &out)
	return out, err
}

// AllMarkets collects every page of GET /markets.
func (c *Client) AllMarkets(ctx context.Context) ([]clobapi.Market, error) {
	return All(ctx, func(ctx context.Context, cursor string) (clobapi.Page[clobapi.Market], error) {
		return c.GetMarkets(ctx, PageParams{Cursor: cursor})
	})
}

// GetMarket returns one market by condition id (0x and 64 hex digits).
func (c *Client) GetMarket(ctx context.Context, conditionID string) (clobapi.Market, error) {
	var out clobapi.Market
	err := c.do(ctx, request{method: http.MethodGet, path: "/markets/" + conditionID}, &out)
	return out, err
}
