// Package gamma is the Go SDK of the exchange's Gamma API: events,
// markets, tags, search, games and scores, chain info, login, profiles and
// the operator API.
//
//	g := gamma.New("http://127.0.0.1:8081")
//	ev, _ := g.EventBySlug(ctx, "lisbon-weather-tomorrow")
//	yes := ev.Markets[0].YesToken() // the CLOB's token_id
//
// With WithPrivateKey, Login signs the EIP-712 Login message and keeps the
// bearer token for UpdateProfile and Refresh. With WithOperatorKey the
// /admin calls work. Every error response becomes an *APIError whose code
// matches the errcode values with errors.Is.
package gamma

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/client/internal/rest"
	"pred.dev/proto/client/ratelimit"
	"pred.dev/proto/eip712"
	"pred.dev/proto/errcode"
)

// pagesMax bounds the pages AllEvents and AllMarkets walk.
const pagesMax = 10_000

// Client talks to one Gamma API. It is safe for concurrent use.
type Client struct {
	rest        rest.Client
	key         *ecdsa.PrivateKey
	operatorKey string

	mu    sync.Mutex
	token string
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient replaces the HTTP client.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.rest.HTTP = h } }

// WithPrivateKey sets the wallet key Login signs with.
func WithPrivateKey(key *ecdsa.PrivateKey) Option { return func(c *Client) { c.key = key } }

// WithToken sets a bearer token from an earlier login.
func WithToken(token string) Option { return func(c *Client) { c.token = token } }

// WithOperatorKey sets the operator key of the /admin calls.
func WithOperatorKey(key string) Option { return func(c *Client) { c.operatorKey = key } }

// WithRateLimitRetries makes the client wait out a 429 (its Retry-After)
// and retry, up to n times.
func WithRateLimitRetries(n int) Option {
	return func(c *Client) { c.rest.RateLimit = ratelimit.Policy{Retries: n} }
}

// WithRateLimitPolicy sets how the client waits out 429 answers: how
// often, how long at most, and whom it tells.
func WithRateLimitPolicy(p ratelimit.Policy) Option { return func(c *Client) { c.rest.RateLimit = p } }

// New returns a client for baseURL (for example "http://127.0.0.1:8081").
func New(baseURL string, opts ...Option) *Client {
	c := &Client{rest: rest.New("gamma", baseURL)}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Token returns the current bearer token ("" before Login).
func (c *Client) Token() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.token
}

func (c *Client) setToken(t string) {
	c.mu.Lock()
	c.token = t
	c.mu.Unlock()
}

// APIError is an error answer of the API: one type for the three SDKs
// (clob.APIError and relayer.APIError are the same), so errors.As with
// any of their names finds it.
type APIError = rest.APIError

type auth int

const (
	public auth = iota
	bearer
	operator
)

type request struct {
	method string
	path   string
	query  url.Values
	body   any
	auth   auth
	// noRetry leaves a 429 to the caller: a rate-limited login spent its
	// nonce, so Login starts again from a new one.
	noRetry bool
}

func (c *Client) do(ctx context.Context, r request, out any) error {
	return c.rest.Do(ctx, rest.Request{Method: r.method, Path: r.path, Query: r.query, Body: r.body, NoRetry: r.noRetry,
		Sign: func(h http.Header, _ []byte) error { return c.sign(h, r.auth) }}, out)
}

// sign adds the headers of an auth level.
func (c *Client) sign(h http.Header, a auth) error {
	switch a {
	case bearer:
		tok := c.Token()
		if tok == "" {
			return errors.New("gamma: not logged in: call Login first (it needs WithPrivateKey)")
		}
		h.Set(gammaapi.HeaderAuthorization, "Bearer "+tok)
	case operator:
		h.Set(gammaapi.HeaderOperatorKey, c.operatorKey)
	}
	return nil
}

func get[T any](ctx context.Context, c *Client, path string, q url.Values) (T, error) {
	var out T
	err := c.do(ctx, request{method: http.MethodGet, path: path, query: q}, &out)
	return out, err
}

// Events returns one page of GET /events; q holds its filters (active,
// closed, archived, category, event_type, id, slug, dates, volume and
// liquidity bounds, order, ascending, limit, offset).
func (c *Client) Events(ctx context.Context, q url.Values) ([]gammaapi.Event, error) {
	return get[[]gammaapi.Event](ctx, c, "/events", q)
}

// EventsPage returns one page of GET /events/keyset after cursor ("" for
// the first).
func (c *Client) EventsPage(ctx context.Context, q url.Values, cursor string) (gammaapi.EventsPage, error) {
	return get[gammaapi.EventsPage](ctx, c, "/events/keyset", withCursor(q, cursor))
}

// AllEvents walks GET /events/keyset to its end.
func (c *Client) AllEvents(ctx context.Context, q url.Values) ([]gammaapi.Event, error) {
	var out []gammaapi.Event
	cursor := ""
	for range pagesMax {
		p, err := c.EventsPage(ctx, q, cursor)
		if err != nil {
			return nil, err
		}
		out = append(out, p.Events...)
		if p.NextCursor == "" {
			return out, nil
		}
		cursor = p.NextCursor
	}
	return nil, errors.New("gamma: AllEvents: too many pages")
}

func withCursor(q url.Values, cursor string) url.Values {
	out := url.Values{}
	for k, v := range q {
		out[k] = v
	}
	if cursor != "" {
		out.Set("after_cursor", cursor)
	}
	return out
}

// Event returns an event by id.
func (c *Client) Event(ctx context.Context, id string) (gammaapi.Event, error) {
	return get[gammaapi.Event](ctx, c, "/events/"+url.PathEscape(id), nil)
}

// EventBySlug returns an event by slug.
func (c *Client) EventBySlug(ctx context.Context, slug string) (gammaapi.Event, error) {
	return get[gammaapi.Event](ctx, c, "/events/slug/"+url.PathEscape(slug), nil)
}

// Markets returns one page of GET /markets.
func (c *Client) Markets(ctx context.Context, q url.Values) ([]gammaapi.Market, error) {
	return get[[]gammaapi.Market](ctx, c, "/markets", q)
}

// MarketsPage returns one page of GET /markets/keyset after cursor.
func (c *Client) MarketsPage(ctx context.Context, q url.Values, cursor string) (gammaapi.MarketsPage, error) {
	return get[gammaapi.MarketsPage](ctx, c, "/markets/keyset", withCursor(q, cursor))
}

// AllMarkets walks GET /markets/keyset to its end.
func (c *Client) AllMarkets(ctx context.Context, q url.Values) ([]gammaapi.Market, error) {
	var out []gammaapi.Market
	cursor := ""
	for range pagesMax {
		p, err := c.MarketsPage(ctx, q, cursor)
		if err != nil {
			return nil, err
		}
		out = append(out, p.Markets...)
		if p.NextCursor == "" {
			return out, nil
		}
		cursor = p.NextCursor
	}
	return nil, errors.New("gamma: AllMarkets: too many pages")
}

// Market returns a market by id.
func (c *Client) Market(ctx context.Context, id string) (gammaapi.Market, error) {
	return get[gammaapi.Market](ctx, c, "/markets/"+url.PathEscape(id), nil)
}

// MarketBySlug returns a market by slug.
func (c *Client) MarketBySlug(ctx context.Context, slug string) (gammaapi.Market, error) {
	return get[gammaapi.Market](ctx, c, "/markets/slug/"+url.PathEscape(slug), nil)
}

// Games returns GET /games (filters sport_type, status, date, keyword;
// page and page_size or limit and offset).
func (c *Client) Games(ctx context.Context, q url.Values) ([]gammaapi.Game, error) {
	return get[[]gammaapi.Game](ctx, c, "/games", q)
}

// Game returns a game.
func (c *Client) Game(ctx context.Context, id string) (gammaapi.Game, error) {
	return get[gammaapi.Game](ctx, c, "/games/"+url.PathEscape(id), nil)
}

// GameScores returns the score feed's state of a game.
func (c *Client) GameScores(ctx context.Context, id string) (gammaapi.GameScores, error) {
	return get[gammaapi.GameScores](ctx, c, "/games/"+url.PathEscape(id)+"/scores", nil)
}

// SportTypes returns the supported sports.
func (c *Client) SportTypes(ctx context.Context) ([]gammaapi.SportType, error) {
	return get[[]gammaapi.SportType](ctx, c, "/config/sport-types", nil)
}

// PublicInfo returns the chain and contract addresses.
func (c *Client) PublicInfo(ctx context.Context) (gammaapi.PublicInfo, error) {
	return get[gammaapi.PublicInfo](ctx, c, "/public-info", nil)
}

// Profile returns a wallet's profile.
func (c *Client) Profile(ctx context.Context, address string) (gammaapi.Profile, error) {
	return get[gammaapi.Profile](ctx, c, "/profiles/user_address/"+url.PathEscape(address), nil)
}

// Nonce asks for a login nonce for address.
func (c *Client) Nonce(ctx context.Context, address string) (gammaapi.NonceResponse, error) {
	return get[gammaapi.NonceResponse](ctx, c, "/auth/nonce", url.Values{"address": {address}})
}

// SignLogin signs a nonce response with key, as POST /auth/login wants it.
func SignLogin(key *ecdsa.PrivateKey, n gammaapi.NonceResponse) (gammaapi.LoginRequest, error) {
	msg := &eip712.Login{Statement: n.Statement, Nonce: n.Nonce, IssuedAt: n.IssuedAt, ChainID: n.ChainID, ScopeID: n.ScopeID}
	sig, err := eip712.SignLogin(key, msg)
	if err != nil {
		return gammaapi.LoginRequest{}, err
	}
	return gammaapi.LoginRequest{Signature: hexutil.Encode(sig), MessageParams: gammaapi.MessageParams{
		Nonce: n.Nonce, ScopeID: n.ScopeID, IssuedAt: n.IssuedAt, ChainID: n.ChainID, Statement: n.Statement,
		Address: msg.Address.Hex()}}, nil
}

// Login gets a nonce, signs it with the client's key, logs in and keeps
// the token. The server spends the nonce of a login it refuses for its
// rate (the per-address limit is charged once the nonce names the
// address), so a rate-limited login is retried from a new nonce, under
// the client's rate-limit policy, after twice the Retry-After: the
// server's answer counts the login's own token, and the new nonce costs
// one more.
func (c *Client) Login(ctx context.Context) (gammaapi.TokenResponse, error) {
	if c.key == nil {
		return gammaapi.TokenResponse{}, errors.New("gamma: Login needs WithPrivateKey")
	}
	for attempt := 0; ; attempt++ {
		tr, err := c.loginOnce(ctx)
		var ae *APIError
		if !errors.As(err, &ae) || ae.Code != errcode.RateLimited ||
			!c.rest.RateLimit.Sleep(ctx, http.MethodPost, "/auth/login", attempt, 2*max(ae.RetryAfter, time.Second), ae.Message) {
			return tr, err
		}
	}
}

func (c *Client) loginOnce(ctx context.Context) (gammaapi.TokenResponse, error) {
	n, err := c.Nonce(ctx, crypto.PubkeyToAddress(c.key.PublicKey).Hex())
	if err != nil {
		return gammaapi.TokenResponse{}, err
	}
	req, err := SignLogin(c.key, n)
	if err != nil {
		return gammaapi.TokenResponse{}, err
	}
	var tr gammaapi.TokenResponse
	if err := c.do(ctx, request{method: http.MethodPost, path: "/auth/login", body: req, noRetry: true}, &tr); err != nil {
		return tr, err
	}
	c.setToken(tr.Token)
	return tr, nil
}

// Refresh rotates the bearer token: the old one is spent.
func (c *Client) Refresh(ctx context.Context) (gammaapi.TokenResponse, error) {
	var tr gammaapi.TokenResponse
	if err := c.do(ctx, request{method: http.MethodPost, path: "/auth/refresh", auth: bearer}, &tr); err != nil {
		return tr, err
	}
	c.setToken(tr.Token)
	return tr, nil
}

// UpdateProfile creates or changes the logged-in wallet's profile.
func (c *Client) UpdateProfile(ctx context.Context, p gammaapi.ProfileRequest) (gammaapi.Profile, error) {
	var out gammaapi.Profile
	err := c.do(ctx, request{method: http.MethodPost, path: "/profiles", body: p, auth: bearer}, &out)
	return out, err
}

func send[T any](ctx context.Context, c *Client, method, path string, body any) (T, error) {
	var out T
	err := c.do(ctx, request{method: method, path: path, body: body, auth: operator}, &out)
	return out, err
}

// CreateEvent creates an event (operator).
func (c *Client) CreateEvent(ctx context.Context, in gammaapi.EventInput) (gammaapi.Event, error) {
	return send[gammaapi.Event](ctx, c, http.MethodPost, "/admin/events", in)
}

// UpdateEvent changes an event (operator).
func (c *Client) UpdateEvent(ctx context.Context, id string, p gammaapi.EventPatch) (gammaapi.Event, error) {
	return send[gammaapi.Event](ctx, c, http.MethodPatch, "/admin/events/"+url.PathEscape(id), p)
}

// CreateMarket creates a market and registers it in the engine (operator).
func (c *Client) CreateMarket(ctx context.Context, in gammaapi.MarketInput) (gammaapi.Market, error) {
	return send[gammaapi.Market](ctx, c, http.MethodPost, "/admin/markets", in)
}

// UpdateMarket changes a market (operator).
func (c *Client) UpdateMarket(ctx context.Context, id string, p gammaapi.MarketPatch) (gammaapi.Market, error) {
	return send[gammaapi.Market](ctx, c, http.MethodPatch, "/admin/markets/"+url.PathEscape(id), p)
}

// CreateGame creates a game (operator).
func (c *Client) CreateGame(ctx context.Context, in gammaapi.GameInput) (gammaapi.Game, error) {
	return send[gammaapi.Game](ctx, c, http.MethodPost, "/admin/games", in)
}

// UpdateGame changes a game (operator).
func (c *Client) UpdateGame(ctx context.Context, id string, p gammaapi.GamePatch) (gammaapi.Game, error) {
	return send[gammaapi.Game](ctx, c, http.MethodPatch, "/admin/games/"+url.PathEscape(id), p)
}

// PutScores records a game's scores (operator).
func (c *Client) PutScores(ctx context.Context, id string, in gammaapi.ScoresInput) (gammaapi.GameScores, error) {
	return send[gammaapi.GameScores](ctx, c, http.MethodPut, "/admin/games/"+url.PathEscape(id)+"/scores", in)
}

// PushScores applies a score report to a game as the score feed would
// (operator): a pre-game game going live clears its markets' books, a
// finished one has its outcomes proposed.
func (c *Client) PushScores(ctx context.Context, id string, r gammaapi.ScoreReport) (gammaapi.Game, error) {
	return send[gammaapi.Game](ctx, c, http.MethodPost, "/admin/games/"+url.PathEscape(id)+"/scores", r)
}

// CloseMarket closes a market for trading for good (operator).
func (c *Client) CloseMarket(ctx context.Context, id string) (gammaapi.Market, error) {
	return send[gammaapi.Market](ctx, c, http.MethodPost, "/admin/markets/"+url.PathEscape(id)+"/close", struct{}{})
}

// Propose proposes a market's outcome: [1,0] YES, [0,1] NO, [1,1] 50-50
// (operator).
func (c *Client) Propose(ctx context.Context, id string, payout []int) (gammaapi.Market, error) {
	return send[gammaapi.Market](ctx, c, http.MethodPost, "/admin/markets/"+url.PathEscape(id)+"/propose", gammaapi.ProposeInput{PayoutVector: payout})
}

// Challenge challenges a market's pending proposal (operator).
func (c *Client) Challenge(ctx context.Context, id, reason string) (gammaapi.Market, error) {
	return send[gammaapi.Market](ctx, c, http.MethodPost, "/admin/markets/"+url.PathEscape(id)+"/challenge", gammaapi.ChallengeInput{Reason: reason})
}

// Arbitrate resolves a market in arbitration (operator).
func (c *Client) Arbitrate(ctx context.Context, id string, payout []int) (gammaapi.Market, error) {
	return send[gammaapi.Market](ctx, c, http.MethodPost, "/admin/markets/"+url.PathEscape(id)+"/arbitrate", gammaapi.ProposeInput{PayoutVector: payout})
}

// CancelMarket settles a market at 50-50 (operator).
func (c *Client) CancelMarket(ctx context.Context, id string) (gammaapi.Market, error) {
	return send[gammaapi.Market](ctx, c, http.MethodPost, "/admin/markets/"+url.PathEscape(id)+"/cancel", struct{}{})
}
