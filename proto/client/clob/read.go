package clob

import (
	"context"
	"errors"
	"iter"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
)

// pagesMax bounds the pages All and Pages walk, so that a server bug
// repeating a cursor cannot loop a client forever.
const pagesMax = 100_000

// CreateAPIKey creates a new API key for this wallet in the client's
// scope with L1 auth. Every call makes a new key (the server caps how many
// a wallet may hold); keep the returned secret, or recover it with
// DeriveAPIKey.
func (c *Client) CreateAPIKey(ctx context.Context) (clobapi.APICreds, error) {
	var out clobapi.APICreds
	err := c.do(ctx, request{method: http.MethodPost, path: "/auth/api-key", level: l1}, &out)
	return out, err
}

// DeriveAPIKey recomputes the credentials of one of the wallet's active
// keys in the client's scope: apiKey, or the newest one when apiKey is "".
func (c *Client) DeriveAPIKey(ctx context.Context, apiKey string) (clobapi.APICreds, error) {
	var out clobapi.APICreds
	err := c.do(ctx, request{method: http.MethodGet, path: "/auth/derive-api-key", query: keyQuery(apiKey), level: l1}, &out)
	return out, err
}

func keyQuery(apiKey string) url.Values {
	if apiKey == "" {
		return nil
	}
	return url.Values{"api_key": {apiKey}}
}

// CreateOrDeriveAPIKey derives the wallet's newest key, creating one if it
// has none, and installs the credentials in the client. Reusing the key
// keeps a client that starts often from piling up keys.
func (c *Client) CreateOrDeriveAPIKey(ctx context.Context) (clobapi.APICreds, error) {
	creds, err := c.DeriveAPIKey(ctx, "")
	if errors.Is(err, errcode.APIKeyNotFound) {
		creds, err = c.CreateAPIKey(ctx)
	}
	if err != nil {
		return clobapi.APICreds{}, err
	}
	c.SetCreds(creds)
	return creds, nil
}

// RevokeAPIKey revokes one of this wallet's keys with L1 auth.
func (c *Client) RevokeAPIKey(ctx context.Context, apiKey string) (clobapi.RevokeAPIKeyResponse, error) {
	var out clobapi.RevokeAPIKeyResponse
	if apiKey == "" {
		return out, errors.New("clob: RevokeAPIKey needs the key to revoke")
	}
	err := c.do(ctx, request{method: http.MethodDelete, path: "/auth/api-key", query: keyQuery(apiKey), level: l1}, &out)
	return out, err
}

// ListAPIKeys lists the wallet's active keys in the client's scope.
func (c *Client) ListAPIKeys(ctx context.Context) ([]clobapi.APIKeyInfo, error) {
	var out clobapi.APIKeysResponse
	err := c.do(ctx, request{method: http.MethodGet, path: "/auth/api-keys", level: l2}, &out)
	return out.APIKeys, err
}

// PageParams select one page. Cursor "" starts at the beginning; Limit 0
// takes the server's default.
type PageParams struct {
	Cursor string
	Limit  int
}

func (p PageParams) values() url.Values {
	v := url.Values{}
	if p.Cursor != "" {
		v.Set("next_cursor", p.Cursor)
	}
	if p.Limit > 0 {
		v.Set("limit", strconv.Itoa(p.Limit))
	}
	return v
}

// OrderParams filter order lists.
type OrderParams struct {
	PageParams
	Market  string // condition id
	AssetID string // token id
	// IncludeClosed makes GET /orders list finished orders too (it lists
	// open orders only by default).
	IncludeClosed bool
	// OpenOnly makes GET /all-orders list open orders only (it lists
	// every order by default).
	OpenOnly bool
	// SignatureType selects the wallet: "0" the EOA, "2" the proxy
	// wallet, "" the client's own signature type.
	SignatureType string
}

func (p OrderParams) values(private bool) url.Values {
	v := p.PageParams.values()
	setIf(v, "market", p.Market)
	setIf(v, "asset_id", p.AssetID)
	setIf(v, "signature_type", p.SignatureType)
	if private && p.IncludeClosed {
		v.Set("open_only", "false")
	}
	if !private && p.OpenOnly {
		v.Set("open_only", "true")
	}
	return v
}

func setIf(v url.Values, k, s string) {
	if s != "" {
		v.Set(k, s)
	}
}

// walletParam is the signature_type of account reads: the caller's
// choice, else the client's own signature type, so that reads are about
// the wallet the client's orders use as maker (as the reference clients
// do).
func (c *Client) walletParam(s string) string {
	if s != "" {
		return s
	}
	return strconv.Itoa(int(c.sigType))
}

// GetOrders returns one page of the caller's orders.
func (c *Client) GetOrders(ctx context.Context, p OrderParams) (clobapi.Page[clobapi.OpenOrder], error) {
	var out clobapi.Page[clobapi.OpenOrder]
	p.SignatureType = c.walletParam(p.SignatureType)
	err := c.do(ctx, request{method: http.MethodGet, path: "/orders", query: p.values(true), level: l2}, &out)
	return out, err
}

// GetAllOrders returns one page of every order (public history).
func (c *Client) GetAllOrders(ctx context.Context, p OrderParams) (clobapi.Page[clobapi.OpenOrder], error) {
	var out clobapi.Page[clobapi.OpenOrder]
	err := c.do(ctx, request{method: http.MethodGet, path: "/all-orders", query: p.values(false)}, &out)
	return out, err
}

// TradeParams filter trade lists.
type TradeParams struct {
	PageParams
	Market        string
	AssetID       string
	Before, After int64 // Unix seconds, 0 for none
	FromID        uint64
	SignatureType string
}

func (p TradeParams) values() url.Values {
	v := p.PageParams.values()
	setIf(v, "market", p.Market)
	setIf(v, "asset_id", p.AssetID)
	setIf(v, "signature_type", p.SignatureType)
	if p.Before > 0 {
		v.Set("before", strconv.FormatInt(p.Before, 10))
	}
	if p.After > 0 {
		v.Set("after", strconv.FormatInt(p.After, 10))
	}
	if p.FromID > 0 {
		v.Set("from_id", strconv.FormatUint(p.FromID, 10))
	}
	return v
}

// GetTrades returns one page of the caller's trades.
func (c *Client) GetTrades(ctx context.Context, p TradeParams) (clobapi.Page[clobapi.Trade], error) {
	var out clobapi.Page[clobapi.Trade]
	p.SignatureType = c.walletParam(p.SignatureType)
	err := c.do(ctx, request{method: http.MethodGet, path: "/trades", query: p.values(), level: l2}, &out)
	return out, err
}

// GetAllTrades returns one page of every trade (public history).
func (c *Client) GetAllTrades(ctx context.Context, p TradeParams) (clobapi.Page[clobapi.Trade], error) {
	var out clobapi.Page[clobapi.Trade]
	err := c.do(ctx, request{method: http.MethodGet, path: "/all-trades", query: p.values()}, &out)
	return out, err
}

// GetTransactions returns one page of the caller's transactions.
func (c *Client) GetTransactions(ctx context.Context, p PageParams) (clobapi.Page[clobapi.Transaction], error) {
	var out clobapi.Page[clobapi.Transaction]
	q := p.values()
	q.Set("signature_type", c.walletParam(""))
	err := c.do(ctx, request{method: http.MethodGet, path: "/transactions", query: q, level: l2}, &out)
	return out, err
}

// GetAllTransactions returns one page of every wallet's transactions.
func (c *Client) GetAllTransactions(ctx context.Context, p PageParams) (clobapi.Page[clobapi.Transaction], error) {
	var out clobapi.Page[clobapi.Transaction]
	err := c.do(ctx, request{method: http.MethodGet, path: "/all-transactions", query: p.values()}, &out)
	return out, err
}

// Pages walks a list from cursor start to the end, yielding each item;
// fetch gets the page at a cursor. Iteration stops at the first error,
// which is yielded.
func Pages[T any](ctx context.Context, fetch func(ctx context.Context, cursor string) (clobapi.Page[T], error)) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		cursor := clobapi.InitialCursor
		for range pagesMax {
			page, err := fetch(ctx, cursor)
			if err != nil {
				var zero T
				yield(zero, err)
				return
			}
			for _, item := range page.Data {
				if !yield(item, nil) {
					return
				}
			}
			if page.NextCursor == clobapi.EndCursor || page.NextCursor == "" || page.NextCursor == cursor {
				return
			}
			cursor = page.NextCursor
		}
	}
}

// All collects every item of a list (see Pages).
func All[T any](ctx context.Context, fetch func(ctx context.Context, cursor string) (clobapi.Page[T], error)) ([]T, error) {
	var out []T
	for item, err := range Pages(ctx, fetch) {
		if err != nil {
			return out, err
		}
		out = append(out, item)
	}
	return out, nil
}

// AllOrders collects every page of the caller's orders matching p.
func (c *Client) AllOrders(ctx context.Context, p OrderParams) ([]clobapi.OpenOrder, error) {
	return All(ctx, func(ctx context.Context, cursor string) (clobapi.Page[clobapi.OpenOrder], error) {
		p.Cursor = cursor
		return c.GetOrders(ctx, p)
	})
}

// AllTrades collects every page of the caller's trades matching p.
func (c *Client) AllTrades(ctx context.Context, p TradeParams) ([]clobapi.Trade, error) {
	return All(ctx, func(ctx context.Context, cursor string) (clobapi.Page[clobapi.Trade], error) {
		p.Cursor = cursor
		return c.GetTrades(ctx, p)
	})
}

// BalanceParams select the asset of GET /balance-allowance: a token id,
// or collateral when TokenID is empty.
type BalanceParams struct {
	TokenID       string
	SignatureType string
}

// GetBalanceAllowance returns the caller's balance of one asset.
func (c *Client) GetBalanceAllowance(ctx context.Context, p BalanceParams) (clobapi.BalanceAllowance, error) {
	v := url.Values{}
	if p.TokenID == "" {
		v.Set("asset_type", "COLLATERAL")
	} else {
		v.Set("asset_type", "CONDITIONAL")
		v.Set("asset_id", p.TokenID)
	}
	v.Set("signature_type", c.walletParam(p.SignatureType))
	var out clobapi.BalanceAllowance
	err := c.do(ctx, request{method: http.MethodGet, path: "/balance-allowance", query: v, level: l2}, &out)
	return out, err
}

func tokenQuery(tokenID string) url.Values { return url.Values{"token_id": {tokenID}} }

// GetBook returns a token's order book. The best bid is the LAST element
// of Bids and the best ask the LAST element of Asks.
func (c *Client) GetBook(ctx context.Context, tokenID string) (clobapi.OrderBookSummary, error) {
	var out clobapi.OrderBookSummary
	err := c.do(ctx, request{method: http.MethodGet, path: "/book", query: tokenQuery(tokenID)}, &out)
	return out, err
}

// GetBooks returns several books.
func (c *Client) GetBooks(ctx context.Context, tokenIDs []string) ([]clobapi.OrderBookSummary, error) {
	var out []clobapi.OrderBookSummary
	err := c.do(ctx, request{method: http.MethodPost, path: "/books", body: bookRequests(tokenIDs)}, &out)
	return out, err
}

// GetPrice returns the best price of one side: "BUY" is the best bid,
// "SELL" the best ask.
func (c *Client) GetPrice(ctx context.Context, tokenID, side string) (string, error) {
	v := tokenQuery(tokenID)
	v.Set("side", side)
	var out clobapi.PriceResponse
	err := c.do(ctx, request{method: http.MethodGet, path: "/price", query: v}, &out)
	return out.Price, err
}

// GetPrices returns both sides of several tokens.
func (c *Client) GetPrices(ctx context.Context, tokenIDs []string) (clobapi.Prices, error) {
	var out clobapi.Prices
	v := url.Values{"token_ids": {strings.Join(tokenIDs, ",")}}
	err := c.do(ctx, request{method: http.MethodGet, path: "/prices", query: v}, &out)
	return out, err
}

// GetLastTradePrice returns a token's last trade ("0" if none).
func (c *Client) GetLastTradePrice(ctx context.Context, tokenID string) (clobapi.LastTradePrice, error) {
	var out clobapi.LastTradePrice
	err := c.do(ctx, request{method: http.MethodGet, path: "/last-trade-price", query: tokenQuery(tokenID)}, &out)
	return out, err
}

// GetLastTradesPrices returns the last trades of up to 500 tokens.
func (c *Client) GetLastTradesPrices(ctx context.Context, tokenIDs []string) ([]clobapi.LastTradePrice, error) {
	var out []clobapi.LastTradePrice
	err := c.do(ctx, request{method: http.MethodPost, path: "/last-trades-prices", body: bookRequests(tokenIDs)}, &out)
	return out, err
}

// GetFeeRate returns a token's fee rate in bps, or the platform default
// for tokenID "".
func (c *Client) GetFeeRate(ctx context.Context, tokenID string) (uint32, error) {
	path := "/fee-rate"
	if tokenID != "" {
		path += "/" + tokenID
	}
	var out clobapi.FeeRate
	err := c.do(ctx, request{method: http.MethodGet, path: path}, &out)
	return out.FeeRateBps, err
}

// GetTickSize returns a token's tick size ("0.01").
func (c *Client) GetTickSize(ctx context.Context, tokenID string) (string, error) {
	var out clobapi.TickSizeResponse
	err := c.do(ctx, request{method: http.MethodGet, path: "/tick-size/" + tokenID}, &out)
	return out.MinimumTickSize.String(), err
}

// PriceHistoryParams select a price history: Interval ("1D", ...) or
// StartTs and EndTs, with a bucket of Fidelity minutes (0: 1).
type PriceHistoryParams struct {
	TokenID        string
	Interval       string
	StartTs, EndTs int64
	Fidelity       int
}

// GetPriceHistory returns a token's price history.
func (c *Client) GetPriceHistory(ctx context.Context, p PriceHistoryParams) (clobapi.PriceHistory, error) {
	v := url.Values{"market": {p.TokenID}}
	setIf(v, "interval", p.Interval)
	if p.Interval == "" {
		v.Set("startTs", strconv.FormatInt(p.StartTs, 10))
		v.Set("endTs", strconv.FormatInt(p.EndTs, 10))
	}
	if p.Fidelity > 0 {
		v.Set("fidelity", strconv.Itoa(p.Fidelity))
	}
	var out clobapi.PriceHistory
	err := c.do(ctx, request{method: http.MethodGet, path: "/prices-history", query: v}, &out)
	return out, err
}
