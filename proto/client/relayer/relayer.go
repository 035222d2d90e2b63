// Package relayer is the Go SDK of the exchange's Relayer API: relayer
// keys, gasless wallet deployment and Safe transactions, and their states.
//
//	r := relayer.New("http://127.0.0.1:8082", relayer.WithToken(gammaToken),
//		relayer.WithPrivateKey(key), relayer.WithChain(chain))
//	subs, _ := r.Onboard(ctx)             // deploy the wallet, then approve both exchanges
//	tx, _ := r.Wait(ctx, subs[len(subs)-1].TransactionID, relayerapi.StateMined)
//
// A client authenticates with a Gamma login token (WithToken) or a relayer
// key (WithAPIKey; CreateAPIKey makes one from a token). Submit sends a
// SubmitRequest as it is; Deploy, Execute and Onboard build and sign them
// with the owner's key (WithPrivateKey) for the deployment in WithChain.
// Every error response is an *APIError whose code matches the errcode
// values with errors.Is; Wait returns a *TxError for a transaction that
// ended FAILED or INVALID.
package relayer

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/proto/client/internal/rest"
	"pred.dev/proto/client/ratelimit"
	"pred.dev/proto/client/relayerapi"
)

// DefaultPoll is Wait's interval between polls.
const DefaultPoll = 250 * time.Millisecond

// Client talks to one Relayer API. It is safe for concurrent use.
type Client struct {
	rest  rest.Client
	key   *ecdsa.PrivateKey
	chain Chain
	form  SigForm

	mu          sync.Mutex
	token       string
	apiKey      string
	apiKeyOwner string
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient replaces the HTTP client.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.rest.HTTP = h } }

// WithToken authenticates with a Gamma login token (Authorization: Bearer).
func WithToken(token string) Option { return func(c *Client) { c.token = token } }

// WithAPIKey authenticates with a relayer key and the address it belongs to
// (headers RELAYER_API_KEY and RELAYER_API_KEY_ADDRESS). It wins over a
// token.
func WithAPIKey(apiKey, address string) Option {
	return func(c *Client) { c.apiKey, c.apiKeyOwner = apiKey, address }
}

// WithPrivateKey sets the owner key that Deploy, Execute and Onboard sign with.
func WithPrivateKey(key *ecdsa.PrivateKey) Option { return func(c *Client) { c.key = key } }

// WithChain sets the deployment the signatures are for.
func WithChain(ch Chain) Option { return func(c *Client) { c.chain = ch } }

// WithSigForm chooses how Execute signs Safe transactions (EIP712 by
// default; EthSign is what a browser wallet's personal_sign produces).
func WithSigForm(f SigForm) Option { return func(c *Client) { c.form = f } }

// WithRateLimitRetries makes the client wait out a 429 (its Retry-After)
// and retry, up to n times.
func WithRateLimitRetries(n int) Option {
	return func(c *Client) { c.rest.RateLimit = ratelimit.Policy{Retries: n} }
}

// WithRateLimitPolicy sets how the client waits out 429 answers: how
// often, how long at most, and whom it tells.
func WithRateLimitPolicy(p ratelimit.Policy) Option { return func(c *Client) { c.rest.RateLimit = p } }

// New returns a client for baseURL (for example "http://127.0.0.1:8082").
func New(baseURL string, opts ...Option) *Client {
	c := &Client{rest: rest.New("relayer", baseURL)}
	for _, o := range opts {
		o(c)
	}
	return c
}

// SetToken replaces the bearer token (after a Gamma refresh).
func (c *Client) SetToken(token string) {
	c.mu.Lock()
	c.token = token
	c.mu.Unlock()
}

// SetAPIKey replaces the relayer key.
func (c *Client) SetAPIKey(apiKey, address string) {
	c.mu.Lock()
	c.apiKey, c.apiKeyOwner = apiKey, address
	c.mu.Unlock()
}

// Address is the owner key's address (zero without WithPrivateKey).
func (c *Client) Address() common.Address {
	if c.key == nil {
		return common.Address{}
	}
	return crypto.PubkeyToAddress(c.key.PublicKey)
}

// Wallet is the owner's proxy wallet under WithChain's deployment.
func (c *Client) Wallet() common.Address { return c.chain.Wallet(c.Address()) }

// APIError is an error answer of the API: one type for the three SDKs
// (clob.APIError and gamma.APIError are the same), so errors.As with any
// of their names finds it.
type APIError = rest.APIError

// TxError is a transaction that ended FAILED or INVALID.
type TxError struct {
	Tx relayerapi.Transaction
}

func (e *TxError) Error() string {
	return fmt.Sprintf("relayer: transaction %s is %s: %s", e.Tx.TransactionID, e.Tx.State, e.Tx.Reason)
}

// auth says how a request authenticates: every call of the API does.
type auth int

const (
	// caller is the relayer key, else the token.
	caller auth = iota
	// token is the Gamma login token alone.
	token
)

type request struct {
	method string
	path   string
	query  url.Values
	body   any
	auth   auth
	// noRetry leaves a 429 to the caller.
	noRetry bool
}

func (c *Client) do(ctx context.Context, r request, out any) error {
	return c.rest.Do(ctx, rest.Request{Method: r.method, Path: r.path, Query: r.query, Body: r.body, NoRetry: r.noRetry,
		Sign: func(h http.Header, _ []byte) error { return c.sign(h, r.auth) }}, out)
}

// sign adds the credentials of an auth mode.
func (c *Client) sign(h http.Header, a auth) error {
	c.mu.Lock()
	tok, key, owner := c.token, c.apiKey, c.apiKeyOwner
	c.mu.Unlock()
	switch {
	case a == token && tok == "":
		return errors.New("relayer: CreateAPIKey needs a Gamma login token (WithToken)")
	case a == token:
		h.Set(relayerapi.HeaderAuthorization, "Bearer "+tok)
	case key != "":
		h.Set(relayerapi.HeaderAPIKey, key)
		h.Set(relayerapi.HeaderAPIKeyAddress, owner)
	case tok != "":
		h.Set(relayerapi.HeaderAuthorization, "Bearer "+tok)
	default:
		return errors.New("relayer: no credentials: use WithToken (a Gamma login) or WithAPIKey")
	}
	return nil
}

// CreateAPIKey creates a relayer key with the bearer token (POST
// /relayer/api/auth) and, unless the client already has one, uses it
// from then on. A 429 comes back at once, whatever the rate-limit
// policy: key creation refills one key a minute per address, longer
// than a call should block unasked.
func (c *Client) CreateAPIKey(ctx context.Context) (relayerapi.APIKey, error) {
	var k relayerapi.APIKey
	if err := c.do(ctx, request{method: http.MethodPost, path: "/relayer/api/auth", auth: token, noRetry: true}, &k); err != nil {
		return relayerapi.APIKey{}, err
	}
	c.mu.Lock()
	if c.apiKey == "" {
		c.apiKey, c.apiKeyOwner = k.APIKey, k.Address
	}
	c.mu.Unlock()
	return k, nil
}

// APIKeys lists the caller's relayer keys.
func (c *Client) APIKeys(ctx context.Context) ([]relayerapi.APIKey, error) {
	var out []relayerapi.APIKey
	err := c.do(ctx, request{method: http.MethodGet, path: "/relayer/api/keys", auth: caller}, &out)
	return out, err
}

// RevokeAPIKey revokes one of the caller's relayer keys.
func (c *Client) RevokeAPIKey(ctx context.Context, apiKey string) error {
	return c.do(ctx, request{method: http.MethodDelete, path: "/relayer/api/keys/" + url.PathEscape(apiKey), auth: caller}, nil)
}

// Submit sends a submission as it is.
func (c *Client) Submit(ctx context.Context, s relayerapi.SubmitRequest) (relayerapi.SubmitResponse, error) {
	var out relayerapi.SubmitResponse
	err := c.do(ctx, request{method: http.MethodPost, path: "/submit", body: s, auth: caller}, &out)
	return out, err
}

// Transaction returns a transaction of the caller's.
func (c *Client) Transaction(ctx context.Context, id string) (relayerapi.Transaction, error) {
	var out []relayerapi.Transaction
	if err := c.do(ctx, request{method: http.MethodGet, path: "/transaction", query: url.Values{"id": {id}}, auth: caller}, &out); err != nil {
		return relayerapi.Transaction{}, err
	}
	if len(out) != 1 {
		return relayerapi.Transaction{}, fmt.Errorf("relayer: GET /transaction returned %d transactions", len(out))
	}
	return out[0], nil
}

// Transactions returns the caller's recent transactions, newest first.
func (c *Client) Transactions(ctx context.Context) ([]relayerapi.Transaction, error) {
	var out []relayerapi.Transaction
	err := c.do(ctx, request{method: http.MethodGet, path: "/transactions", auth: caller}, &out)
	return out, err
}

// Deployed says whether owner's proxy wallet exists on chain.
func (c *Client) Deployed(ctx context.Context, owner common.Address) (relayerapi.DeployedResponse, error) {
	var out relayerapi.DeployedResponse
	err := c.do(ctx, request{method: http.MethodGet, path: "/deployed", query: url.Values{"address": {owner.Hex()}}, auth: caller}, &out)
	return out, err
}

// Nonce returns the Safe nonce the next transaction of owner's wallet signs.
func (c *Client) Nonce(ctx context.Context, owner common.Address) (*big.Int, error) {
	var out relayerapi.NonceResponse
	err := c.do(ctx, request{method: http.MethodGet, path: "/nonce",
		query: url.Values{"address": {owner.Hex()}, "type": {relayerapi.WalletTypeSafe}}, auth: caller}, &out)
	if err != nil {
		return nil, err
	}
	n, ok := new(big.Int).SetString(out.Nonce, 10)
	if !ok {
		return nil, fmt.Errorf("relayer: GET /nonce: nonce %q", out.Nonce)
	}
	return n, nil
}

// Wait polls a transaction until it reaches state (StateMined or
// StateConfirmed) or ends. It returns a *TxError if it ended FAILED or
// INVALID, and ctx's error if ctx ends first. progress, if not nil, is
// called whenever the state changes.
func (c *Client) Wait(ctx context.Context, id string, state relayerapi.State, progress func(relayerapi.Transaction)) (relayerapi.Transaction, error) {
	var last relayerapi.State
	for {
		tx, err := c.Transaction(ctx, id)
		if err != nil {
			return tx, err
		}
		if tx.State != last && progress != nil {
			progress(tx)
		}
		last = tx.State
		switch {
		case tx.State == relayerapi.StateFailed || tx.State == relayerapi.StateInvalid:
			return tx, &TxError{Tx: tx}
		case tx.State.Rank() >= state.Rank():
			return tx, nil
		}
		select {
		case <-ctx.Done():
			return tx, ctx.Err()
		case <-time.After(DefaultPoll):
		}
	}
}

func (c *Client) needKey() error {
	if c.key == nil {
		return errors.New("relayer: signing needs the owner's key (WithPrivateKey)")
	}
	if c.chain.ChainID == 0 || c.chain.SafeFactory == (common.Address{}) {
		return errors.New("relayer: signing needs the deployment (WithChain)")
	}
	return nil
}

// DeployRequest builds the signed SAFE-CREATE of the owner's wallet.
func (c *Client) DeployRequest() (relayerapi.SubmitRequest, error) {
	if err := c.needKey(); err != nil {
		return relayerapi.SubmitRequest{}, err
	}
	sig, err := SignCreateProxy(c.key, c.chain.ChainID, c.chain.SafeFactory)
	if err != nil {
		return relayerapi.SubmitRequest{}, err
	}
	zero := common.Address{}.Hex()
	return relayerapi.SubmitRequest{Type: relayerapi.TypeSafeCreate, From: c.Address().Hex(), To: c.chain.SafeFactory.Hex(),
		ProxyWallet: c.Wallet().Hex(), Data: "0x", Signature: hexutil.Encode(sig),
		SignatureParams: relayerapi.SignatureParams{PaymentToken: zero, Payment: "0", PaymentReceiver: zero}}, nil
}

// Deploy submits the deployment of the owner's wallet.
func (c *Client) Deploy(ctx context.Context) (relayerapi.SubmitResponse, error) {
	s, err := c.DeployRequest()
	if err != nil {
		return relayerapi.SubmitResponse{}, err
	}
	return c.Submit(ctx, s)
}

// SafeRequest builds the signed SAFE submission of t.
func (c *Client) SafeRequest(t SafeTx) (relayerapi.SubmitRequest, error) {
	if err := c.needKey(); err != nil {
		return relayerapi.SubmitRequest{}, err
	}
	if t.Nonce == nil {
		return relayerapi.SubmitRequest{}, errors.New("relayer: a Safe transaction needs its nonce")
	}
	sig, err := SignSafeTx(c.key, c.chain.ChainID, c.Wallet(), t, c.form)
	if err != nil {
		return relayerapi.SubmitRequest{}, err
	}
	zero := common.Address{}.Hex()
	return relayerapi.SubmitRequest{Type: relayerapi.TypeSafe, From: c.Address().Hex(), To: t.To.Hex(), ProxyWallet: c.Wallet().Hex(),
		Data: hexutil.Encode(t.Data), Nonce: t.Nonce.String(), Signature: hexutil.Encode(sig),
		SignatureParams: relayerapi.SignatureParams{GasPrice: "0", Operation: strconv.Itoa(int(t.Operation)), SafeTxnGas: "0",
			BaseGas: "0", GasToken: zero, RefundReceiver: zero}}, nil
}

// Tx returns the Safe transaction that makes calls: the call itself for
// one, a MultiSendCallOnly batch for several.
func (c *Client) Tx(nonce *big.Int, calls ...Call) SafeTx {
	if len(calls) == 1 {
		return SafeTx{To: calls[0].To, Data: calls[0].Data, Operation: OpCall, Nonce: nonce}
	}
	t := c.chain.MultiSend(calls)
	t.Nonce = nonce
	return t
}

// Execute signs and submits one Safe transaction making calls, with the
// wallet's next Safe nonce from GET /nonce.
func (c *Client) Execute(ctx context.Context, calls ...Call) (relayerapi.SubmitResponse, error) {
	if len(calls) == 0 {
		return relayerapi.SubmitResponse{}, errors.New("relayer: Execute needs at least one call")
	}
	n, err := c.Nonce(ctx, c.Address())
	if err != nil {
		return relayerapi.SubmitResponse{}, err
	}
	s, err := c.SafeRequest(c.Tx(n, calls...))
	if err != nil {
		return relayerapi.SubmitResponse{}, err
	}
	return c.Submit(ctx, s)
}

// Onboard readies the owner's wallet to trade in one call: it submits the
// deployment (unless the wallet exists) and, right behind it, one Safe
// transaction approving USDW and the conditional tokens for both exchanges
// (a MultiSendCallOnly batch, Safe nonce 0 on a new wallet). The relayer
// executes the second once the first is mined. It returns the submissions
// in order; wait for the last.
func (c *Client) Onboard(ctx context.Context) ([]relayerapi.SubmitResponse, error) {
	if err := c.needKey(); err != nil {
		return nil, err
	}
	d, err := c.Deployed(ctx, c.Address())
	if err != nil {
		return nil, err
	}
	var out []relayerapi.SubmitResponse
	nonce := new(big.Int)
	if !d.Deployed {
		s, err := c.Deploy(ctx)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	} else if nonce, err = c.Nonce(ctx, c.Address()); err != nil {
		return nil, err
	}
	s, err := c.SafeRequest(c.Tx(nonce, c.chain.TradingApprovals()...))
	if err != nil {
		return out, err
	}
	sub, err := c.Submit(ctx, s)
	if err != nil {
		return out, err
	}
	return append(out, sub), nil
}
