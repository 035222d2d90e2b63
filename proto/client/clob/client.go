// Package clob is the Go SDK of the exchange's CLOB API.
//
// A Client works at three levels, as the reference clients do: with only a
// base URL it reads public market data; with a private key (WithPrivateKey
// and WithChain) it can manage API keys (L1) and sign orders; with API
// credentials (WithCreds, or the result of CreateOrDeriveAPIKey) it can
// trade and read its account (L2). Requests and responses are the JSON
// types of package clobapi, which the gateway encodes with too.
//
// Every error response becomes an *APIError whose code matches the
// errcode values with errors.Is:
//
//	if errors.Is(err, errcode.InvalidOrderMinTickSize) { ... }
package clob

import (
	"context"
	"crypto/ecdsa"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/client/internal/rest"
	"pred.dev/proto/client/ratelimit"
	"pred.dev/proto/eip712"
	"pred.dev/proto/errcode"
	"pred.dev/proto/l2auth"
	"pred.dev/proto/wallet"
)

// l1ResignsMax bounds how often an L1 call is signed again, with a new
// nonce, after the server reports its nonce as already used (which only a
// broken random source could cause).
const l1ResignsMax = 3

// l1NonceBytes is the entropy of a generated PRED_NONCE: 128 bits,
// written as 32 hex digits.
const l1NonceBytes = 16

// Client talks to one CLOB API. It is safe for concurrent use once
// configured; SetCreds may be called between requests.
type Client struct {
	rest  rest.Client
	key   *ecdsa.PrivateKey
	addr  common.Address
	creds *clobapi.APICreds
	scope string
	now   func() time.Time

	chainID         uint64
	exchange        common.Address
	negRiskExchange common.Address
	sigType         eip712.SignatureType
	funder          common.Address
}

// Option configures a Client.
type Option func(*Client)

// WithPrivateKey sets the EOA key used for L1 auth and order signing.
func WithPrivateKey(key *ecdsa.PrivateKey) Option {
	return func(c *Client) {
		c.key = key
		c.addr = crypto.PubkeyToAddress(key.PublicKey)
		c.funder = c.addr
	}
}

// WithChain sets the chain id and exchange contracts of the EIP-712
// domains (from the Gamma API's GET /public-info).
func WithChain(chainID uint64, exchange, negRiskExchange common.Address) Option {
	return func(c *Client) { c.chainID, c.exchange, c.negRiskExchange = chainID, exchange, negRiskExchange }
}

// WithProxyWallet makes orders use signatureType 2 with the signer's proxy
// wallet (derived from the factory and init code hash) as maker. Apply it
// after WithPrivateKey.
func WithProxyWallet(factory common.Address, initCodeHash common.Hash) Option {
	return func(c *Client) {
		c.sigType = eip712.SignaturePolyGnosisSafe
		c.funder = wallet.ProxyAddress(factory, initCodeHash, c.addr)
	}
}

// WithCreds sets the L2 API credentials.
func WithCreds(creds clobapi.APICreds) Option { return func(c *Client) { c.creds = &creds } }

// WithScope sets PRED_SCOPE_ID on every authenticated request.
func WithScope(scope string) Option { return func(c *Client) { c.scope = scope } }

// WithHTTPClient replaces the HTTP client.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.rest.HTTP = h } }

// WithRateLimitRetries makes the client wait out a 429 (as long as its
// Retry-After says) and retry, up to n times.
func WithRateLimitRetries(n int) Option {
	return func(c *Client) { c.rest.RateLimit = ratelimit.Policy{Retries: n} }
}

// WithRateLimitPolicy sets how the client waits out 429 answers: how
// often, how long at most, and whom it tells.
func WithRateLimitPolicy(p ratelimit.Policy) Option { return func(c *Client) { c.rest.RateLimit = p } }

// WithClock replaces the clock used for auth timestamps (for example with
// an offset learned from Time).
func WithClock(now func() time.Time) Option { return func(c *Client) { c.now = now } }

// New returns a client for baseURL (for example "http://localhost:8080").
func New(baseURL string, opts ...Option) *Client {
	c := &Client{rest: rest.New("clob", baseURL), now: time.Now}
	for _, o := range opts {
		o(c)
	}
	return c
}

// SetCreds sets the L2 credentials, e.g. after CreateOrDeriveAPIKey.
func (c *Client) SetCreds(creds clobapi.APICreds) { c.creds = &creds }

// Creds returns the L2 credentials, if any.
func (c *Client) Creds() (clobapi.APICreds, bool) {
	if c.creds == nil {
		return clobapi.APICreds{}, false
	}
	return *c.creds, true
}

// BaseURL is the API's base URL, without a trailing slash (the streams
// of package stream dial below it).
func (c *Client) BaseURL() string { return c.rest.Base }

// StreamHeaders returns the L2 headers of a WebSocket upgrade request to
// path (clobapi.StreamUserPath), signed now by the client's clock as a GET
// without a body: the server checks them by the rules of REST.
func (c *Client) StreamHeaders(path string) (http.Header, error) {
	return c.L2Headers(strconv.FormatInt(c.now().Unix(), 10), http.MethodGet, path, nil)
}

// Address is the EOA of the private key.
func (c *Client) Address() common.Address { return c.addr }

// Funder is the maker of this client's orders: the EOA, or its proxy
// wallet with WithProxyWallet.
func (c *Client) Funder() common.Address { return c.funder }

// APIError is an error answer of the API: one type for the three SDKs
// (gamma.APIError and relayer.APIError are the same), so errors.As with
// any of their names finds it. Its OrderID is set on a 503 whose order is
// (or may be) in the log.
type APIError = rest.APIError

// auth levels of a request.
type level int

const (
	public level = iota
	l1
	l2
)

// request is one API call.
type request struct {
	method string
	path   string
	query  url.Values
	body   any
	level  level
}

// do performs r and decodes the answer into out (if not nil), with the
// transport's rate-limit retries. Each attempt is signed afresh.
func (c *Client) do(ctx context.Context, r request, out any) error {
	sign := func(h http.Header, body []byte) error { return c.sign(h, r, body) }
	for resigned := 0; ; resigned++ {
		err := c.rest.Do(ctx, rest.Request{Method: r.method, Path: r.path, Query: r.query, Body: r.body, Sign: sign}, out)
		// Each attempt signs a fresh random nonce, so a retry is a new
		// message.
		if r.level != l1 || resigned >= l1ResignsMax || !errors.Is(err, errcode.L1NonceUsed) {
			return err
		}
	}
}

// sign adds the auth headers of r's level.
func (c *Client) sign(h http.Header, r request, body []byte) error {
	switch r.level {
	case l1:
		return c.signL1(h, strconv.FormatInt(c.now().Unix(), 10), NewL1Nonce())
	case l2:
		return c.signL2(h, strconv.FormatInt(c.now().Unix(), 10), r.method, r.path, body)
	}
	return nil
}

// NewL1Nonce returns a fresh random PRED_NONCE: 32 hex digits from the
// operating system's CSPRNG. The server accepts each nonce of a wallet
// once.
func NewL1Nonce() string {
	var b [l1NonceBytes]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails since Go 1.24.
	return hex.EncodeToString(b[:])
}

// ErrNoKey and ErrNoCreds report a call that needs what the client lacks.
var (
	ErrNoKey   = errors.New("clob: this call needs a private key and chain id (WithPrivateKey, WithChain)")
	ErrNoCreds = errors.New("clob: this call needs API credentials (WithCreds or CreateOrDeriveAPIKey)")
)

// L1Headers returns the L1 headers for a timestamp and nonce: the EIP-712
// ClobAuth signature of (address, timestamp, nonce, attestation message),
// with the timestamp and nonce signed as the strings given.
func (c *Client) L1Headers(timestamp, nonce string) (http.Header, error) {
	h := http.Header{}
	return h, c.signL1(h, timestamp, nonce)
}

func (c *Client) signL1(h http.Header, ts, nonce string) error {
	if c.key == nil || c.chainID == 0 {
		return ErrNoKey
	}
	sig, err := eip712.SignClobAuth(c.key, c.chainID, ts, nonce, eip712.AttestMessage)
	if err != nil {
		return fmt.Errorf("clob: sign L1: %w", err)
	}
	setHeader(h, clobapi.HeaderAddress, c.addr.Hex())
	setHeader(h, clobapi.HeaderSignature, hexutil.Encode(sig))
	setHeader(h, clobapi.HeaderTimestamp, ts)
	setHeader(h, clobapi.HeaderNonce, nonce)
	if c.scope != "" {
		setHeader(h, clobapi.HeaderScopeID, c.scope)
	}
	return nil
}

// L2Headers returns the L2 headers of a request: the HMAC-SHA256 of
// timestamp + method + path + body keyed with the secret.
func (c *Client) L2Headers(timestamp, method, path string, body []byte) (http.Header, error) {
	h := http.Header{}
	return h, c.signL2(h, timestamp, method, path, body)
}

func (c *Client) signL2(h http.Header, ts, method, path string, body []byte) error {
	if c.creds == nil {
		return ErrNoCreds
	}
	sig, err := l2auth.Sign(c.creds.Secret, ts, method, path, body)
	if err != nil {
		return fmt.Errorf("clob: sign L2: %w", err)
	}
	setHeader(h, clobapi.HeaderAPIKey, c.creds.APIKey)
	setHeader(h, clobapi.HeaderPassphrase, c.creds.Passphrase)
	setHeader(h, clobapi.HeaderSignature, sig)
	setHeader(h, clobapi.HeaderTimestamp, ts)
	if c.scope != "" {
		setHeader(h, clobapi.HeaderScopeID, c.scope)
	}
	return nil
}

// setHeader sets a header under its exact underscore name. The server
// canonicalises names, so case does not matter on the wire.
func setHeader(h http.Header, name, value string) { h.Set(name, value) }
