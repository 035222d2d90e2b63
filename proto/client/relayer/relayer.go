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
	"bytes"
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/proto/client/ratelimit"
	"pred.dev/proto/client/relayerapi"
	"pred.dev/proto/errcode"
)

const (
	// responseBytesMax bounds a response body the client reads.
	responseBytesMax = 8 << 20
	// defaultTimeout bounds one HTTP exchange.
	defaultTimeout = 30 * time.Second
	// DefaultPoll is Wait's interval between polls.
	DefaultPoll = 250 * time.Millisecond
)

// Client talks to one Relayer API. It is safe for concurrent use.
type Client struct {
	base      string
	http      *http.Client
	key       *ecdsa.PrivateKey
	chain     Chain
	rateLimit ratelimit.Policy
	form      SigForm

	mu          sync.Mutex
	token       string
	apiKey      string
	apiKeyOwner string
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient replaces the HTTP client.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

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
	return func(c *Client) { c.rateLimit = ratelimit.Policy{Retries: n} }
}

// WithRateLimitPolicy sets how the client waits out 429 answers: how
// often, how long at most, and whom it tells.
func WithRateLimitPolicy(p ratelimit.Policy) Option { return func(c *Client) { c.rateLimit = p } }

// New returns a client for baseURL (for example "http://127.0.0.1:8082").
func New(baseURL string, opts ...Option) *Client {
	c := &Client{base: strings.TrimRight(baseURL, "/"), http: &http.Client{Timeout: defaultTimeout}}
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

// APIError is an error response of the API.
type APIError struct {
	Status     int
	Code       errcode.Code
	Message    string
	RetryAfter time.Duration
}

func (e *APIError) Error() string {
	return fmt.Sprintf("relayer: %d %s: %s", e.Status, string(e.Code), e.Message)
}

// Is matches errcode values and other *APIError with the same code.
func (e *APIError) Is(target error) bool {
	switch t := target.(type) {
	case errcode.Code:
		return t == e.Code
	case *errcode.Error:
		return t.Code == e.Code
	case *APIError:
		return t.Code == e.Code
	}
	return false
}

// TxError is a transaction that ended FAILED or INVALID.
type TxError struct {
	Tx relayerapi.Transaction
}

func (e *TxError) Error() string {
	return fmt.Sprintf("relayer: transaction %s is %s: %s", e.Tx.TransactionID, e.Tx.State, e.Tx.Reason)
}

type request struct {
	method string
	path   string
	query  url.Values
	body   any
	auth   bool
}

func (c *Client) do(ctx context.Context, r request, out any) error {
	var body []byte
	if r.body != nil {
		b, err := json.Marshal(r.body)
		if err != nil {
			return fmt.Errorf("relayer: encode request: %w", err)
		}
		body = b
	}
	for attempt := 0; ; attempt++ {
		err := c.once(ctx, r, body, out)
		var ae *APIError
		if !errors.As(err, &ae) || ae.Code != errcode.RateLimited || !c.rateLimit.Sleep(ctx, r.method, r.path, attempt, ae.RetryAfter, ae.Message) {
			return err
		}
	}
}

func (c *Client) once(ctx context.Context, r request, body []byte, out any) error {
	u := c.base + r.path
	if len(r.query) > 0 {
		u += "?" + r.query.Encode()
	}
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, r.method, u, rd)
	if err != nil {
		return fmt.Errorf("relayer: %w", err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if r.auth {
		c.mu.Lock()
		tok, key, owner := c.token, c.apiKey, c.apiKeyOwner
		c.mu.Unlock()
		switch {
		case key != "":
			req.Header.Set(relayerapi.HeaderAPIKey, key)
			req.Header.Set(relayerapi.HeaderAPIKeyAddress, owner)
		case tok != "":
			req.Header.Set(relayerapi.HeaderAuthorization, "Bearer "+tok)
		default:
			return errors.New("relayer: no credentials: use WithToken (a Gamma login) or WithAPIKey")
		}
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("relayer: %s %s: %w", r.method, r.path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, responseBytesMax))
	if err != nil {
		return fmt.Errorf("relayer: read %s %s: %w", r.method, r.path, err)
	}
	if resp.StatusCode >= 300 {
		return apiError(resp, data)
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("relayer: decode %s %s: %w", r.method, r.path, err)
	}
	return nil
}

func apiError(resp *http.Response, data []byte) error {
	var body relayerapi.ErrorBody
	e := &APIError{Status: resp.StatusCode}
	if json.Unmarshal(data, &body) == nil && body.Code != "" {
		e.Code, e.Message = errcode.Code(body.Code), body.Error
	} else {
		e.Code, e.Message = errcode.InternalError, strings.TrimSpace(string(data))
	}
	if s := resp.Header.Get("Retry-After"); s != "" {
		if n, err := strconv.Atoi(s); err == nil {
			e.RetryAfter = time.Duration(n) * time.Second
		}
	}
	return e
}

// CreateAPIKey creates a relayer key with the bearer token (POST
// /relayer/api/auth) and, unless the client already has one, uses it
// from then on.
func (c *Client) CreateAPIKey(ctx context.Context) (relayerapi.APIKey, error) {
	c.mu.Lock()
	tok := c.token
	c.mu.Unlock()
	if tok == "" {
		return relayerapi.APIKey{}, errors.New("relayer: CreateAPIKey needs a Gamma login token (WithToken)")
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/relayer/api/auth", nil)
	if err != nil {
		return relayerapi.APIKey{}, err
	}
	req.Header.Set(relayerapi.HeaderAuthorization, "Bearer "+tok)
	resp, err := c.http.Do(req)
	if err != nil {
		return relayerapi.APIKey{}, fmt.Errorf("relayer: POST /relayer/api/auth: %w", err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, responseBytesMax))
	if err != nil {
		return relayerapi.APIKey{}, err
	}
	if resp.StatusCode >= 300 {
		return relayerapi.APIKey{}, apiError(resp, data)
	}
	var k relayerapi.APIKey
	if err := json.Unmarshal(data, &k); err != nil {
		return relayerapi.APIKey{}, fmt.Errorf("relayer: decode POST /relayer/api/auth: %w", err)
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
	err := c.do(ctx, request{method: http.MethodGet, path: "/relayer/api/keys", auth: true}, &out)
	return out, err
}

// RevokeAPIKey revokes one of the caller's relayer keys.
func (c *Client) RevokeAPIKey(ctx context.Context, apiKey string) error {
	return c.do(ctx, request{method: http.MethodDelete, path: "/relayer/api/keys/" + url.PathEscape(apiKey), auth: true}, nil)
}

// Submit sends a submission as it is.
func (c *Client) Submit(ctx context.Context, s relayerapi.SubmitRequest) (relayerapi.SubmitResponse, error) {
	var out relayerapi.SubmitResponse
	err := c.do(ctx, request{method: http.MethodPost, path: "/submit", body: s, auth: true}, &out)
	return out, err
}

// Transaction returns a transaction of the caller's.
func (c *Client) Transaction(ctx context.Context, id string) (relayerapi.Transaction, error) {
	var out []relayerapi.Transaction
	if err := c.do(ctx, request{method: http.MethodGet, path: "/transaction", query: url.Values{"id": {id}}, auth: true}, &out); err != nil {
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
	err := c.do(ctx, request{method: http.MethodGet, path: "/transactions", auth: true}, &out)
	return out, err
}

// Deployed says whether owner's proxy wallet exists on chain.
func (c *Client) Deployed(ctx context.Context, owner common.Address) (relayerapi.DeployedResponse, error) {
	var out relayerapi.DeployedResponse
	err := c.do(ctx, request{method: http.MethodGet, path: "/deployed", query: url.Values{"address": {owner.Hex()}}, auth: true}, &out)
	return out, err
}

// Nonce returns the Safe nonce the next transaction of owner's wallet signs.
func (c *Client) Nonce(ctx context.Context, owner common.Address) (*big.Int, error) {
	var out relayerapi.NonceResponse
	err := c.do(ctx, request{method: http.MethodGet, path: "/nonce",
		query: url.Values{"address": {owner.Hex()}, "type": {relayerapi.WalletTypeSafe}}, auth: true}, &out)
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
