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
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/client/ratelimit"
	"pred.dev/proto/eip712"
	"pred.dev/proto/errcode"
	"pred.dev/proto/l2auth"
	"pred.dev/proto/wallet"
)

// responseBytesMax bounds a response body the client reads.
const responseBytesMax = 16 << 20

// l1ResignsMax bounds how often an L1 call is signed again, with a new
// nonce, after the server reports its nonce as already used (which only a
// broken random source could cause).
const l1ResignsMax = 3

// l1NonceBytes is the entropy of a generated PRED_NONCE: 128 bits,
// written as 32 hex digits.
const l1NonceBytes = 16

// defaultTimeout bounds one HTTP exchange when the caller's http.Client
// has no timeout of its own.
const defaultTimeout = 30 * time.Second

// Client talks to one CLOB API. It is safe for concurrent use once
// configured; SetCreds may be called between requests.
type Client struct {
	base  string
	http  *http.Client
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

	rateLimit ratelimit.Policy
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
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// WithRateLimitRetries makes the client wait out a 429 (as long as its
// Retry-After says) and retry, up to n times.
func WithRateLimitRetries(n int) Option {
	return func(c *Client) { c.rateLimit = ratelimit.Policy{Retries: n} }
}

// WithRateLimitPolicy sets how the client waits out 429 answers: how
// often, how long at most, and whom it tells.
func WithRateLimitPolicy(p ratelimit.Policy) Option { return func(c *Client) { c.rateLimit = p } }

// WithClock replaces the clock used for auth timestamps (for example with
// an offset learned from Time).
func WithClock(now func() time.Time) Option { return func(c *Client) { c.now = now } }

// New returns a client for baseURL (for example "http://localhost:8080").
func New(baseURL string, opts ...Option) *Client {
	c := &Client{
		base: strings.TrimRight(baseURL, "/"),
		http: &http.Client{Timeout: defaultTimeout},
		now:  time.Now,
	}
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

// Address is the EOA of the private key.
func (c *Client) Address() common.Address { return c.addr }

// Funder is the maker of this client's orders: the EOA, or its proxy
// wallet with WithProxyWallet.
func (c *Client) Funder() common.Address { return c.funder }

// APIError is an error response of the API.
type APIError struct {
	Status  int
	Code    errcode.Code
	Message string
	// OrderID is set on a 503 whose order is (or may be) in the log.
	OrderID string
	// RetryAfter is the server's Retry-After, if it sent one.
	RetryAfter time.Duration
}

func (e *APIError) Error() string {
	return fmt.Sprintf("clob: %d %s: %s", e.Status, string(e.Code), e.Message)
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

// do performs r and decodes the answer into out (if not nil), retrying
// rate-limited requests if configured. Each attempt is signed afresh.
func (c *Client) do(ctx context.Context, r request, out any) error {
	body, err := encodeBody(r.body)
	if err != nil {
		return err
	}
	resigned := 0
	for attempt := 0; ; attempt++ {
		err := c.once(ctx, r, body, out)
		var ae *APIError
		if !errors.As(err, &ae) {
			return err
		}
		// Each attempt signs a fresh random nonce, so a retry is a new
		// message.
		if ae.Code == errcode.L1NonceUsed && r.level == l1 && resigned < l1ResignsMax {
			resigned++
			continue
		}
		if ae.Code != errcode.RateLimited || !c.rateLimit.Sleep(ctx, r.method, r.path, attempt, ae.RetryAfter, ae.Message) {
			return err
		}
	}
}

func encodeBody(v any) ([]byte, error) {
	if v == nil {
		return nil, nil
	}
	if b, ok := v.([]byte); ok {
		return b, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("clob: encode request: %w", err)
	}
	return b, nil
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
		return fmt.Errorf("clob: %w", err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if err := c.sign(req.Header, r, body); err != nil {
		return err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return noAnswer(fmt.Errorf("clob: %s %s: %w", r.method, r.path, err))
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, responseBytesMax))
	if err != nil {
		return noAnswer(fmt.Errorf("clob: read %s %s: %w", r.method, r.path, err))
	}
	if resp.StatusCode >= 300 {
		return apiError(resp, data)
	}
	if out == nil {
		return nil
	}
	if s, ok := out.(*string); ok {
		*s = string(data)
		return nil
	}
	if err := json.Unmarshal(data, out); err != nil {
		return noAnswer(fmt.Errorf("clob: decode %s %s: %w", r.method, r.path, err))
	}
	return nil
}

// noAnswerError is a request whose answer did not arrive whole: the
// request may or may not have reached the API (a timeout, a dropped
// connection, a cut body), unless it was never sent at all (a failed
// dial).
type noAnswerError struct{ err error }

func (e *noAnswerError) Error() string { return e.err.Error() }
func (e *noAnswerError) Unwrap() error { return e.err }

func noAnswer(err error) error { return &noAnswerError{err} }

// mayHaveArrived reports whether the request of a noAnswerError may have
// reached the API: everything but a connection that was never made.
func (e *noAnswerError) mayHaveArrived() bool {
	var op *net.OpError
	return !errors.As(e.err, &op) || op.Op != "dial"
}

func apiError(resp *http.Response, data []byte) error {
	var body clobapi.ErrorBody
	e := &APIError{Status: resp.StatusCode}
	if json.Unmarshal(data, &body) == nil && body.Code != "" {
		e.Code, e.Message, e.OrderID = errcode.Code(body.Code), body.Error, body.OrderID
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
