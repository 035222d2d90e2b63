// Package login is the Gamma login: nonces, the EIP-712 Login signature
// and the bearer tokens (package proto/jwtauth) it earns.
//
// The flow and its guarantees (gamma-relayer.md §6.3):
//
//   - GET /auth/nonce?address= issues 128 random bits from crypto/rand as
//     32 hex digits, stored in the KV bucket gamma_login_nonces with the
//     address it was issued to, its issuedAt, chain id and scope. The
//     bucket's max age is the nonce TTL (5 minutes), and the TTL is also
//     checked on use.
//   - POST /auth/login consumes the nonce before anything else is checked:
//     a KV delete conditioned on the revision just read, so across all
//     replicas exactly one attempt gets it, and a failed attempt spends it
//     too, whatever is wrong with it (a malformed signature, or a body
//     that is JSON but not a login request, which spends the nonce it
//     names: Spend). Then the message must be the one issued (statement,
//     issuedAt, chain id, scope, and the address if given), issuedAt
//     within [now − TTL, now + skew], and the signature, 65 bytes r‖s‖v
//     with v 27 or 28 as wallets sign typed data (not 0 or 1, so a login
//     has one spelling) and a low s, must recover to the address the
//     nonce was issued to.
//   - The token: HS256, sub = the lowercase address, 15 minutes, a fresh
//     jti (proto/jwtauth).
//   - POST /auth/refresh rotates: the presented token's jti is recorded in
//     the KV bucket gamma_refreshed (KV create, so once across replicas)
//     and a new token is issued with the session's auth_time; the old
//     token can neither refresh again nor authenticate Gamma requests. A
//     session refreshes for at most SessionMax after its login.
package login

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/eip712"
	"pred.dev/proto/errcode"
	"pred.dev/proto/journal"
	"pred.dev/proto/jwtauth"
	"pred.dev/proto/runtime/leaderread"
	"pred.dev/proto/runtime/natscheck"
)

// Defaults of Config.
const (
	DefaultStatement  = "Sign in to Pred"
	DefaultNonceTTL   = 5 * time.Minute
	DefaultSkew       = 30 * time.Second
	DefaultSessionMax = 7 * 24 * time.Hour
	// nonceBytes is the entropy of a nonce: 128 bits.
	nonceBytes = 16
	// scopeBytesMax bounds a scope id.
	scopeBytesMax = 64
)

// Config sets the login policy.
type Config struct {
	// ChainID is the chain logins sign for.
	ChainID uint64
	// Statement is the human-readable text every login signs.
	Statement string
	// NonceTTL is how long a nonce may be used after it is issued.
	NonceTTL time.Duration
	// Skew is the clock difference tolerated on issuedAt.
	Skew time.Duration
	// SessionMax bounds how long after its login a session refreshes.
	SessionMax time.Duration
	// KVReplicas is the replica count of the buckets.
	KVReplicas int
}

func (c Config) withDefaults() Config {
	if c.Statement == "" {
		c.Statement = DefaultStatement
	}
	if c.NonceTTL <= 0 {
		c.NonceTTL = DefaultNonceTTL
	}
	if c.Skew <= 0 {
		c.Skew = DefaultSkew
	}
	if c.SessionMax <= 0 {
		c.SessionMax = DefaultSessionMax
	}
	if c.KVReplicas <= 0 {
		c.KVReplicas = 1
	}
	return c
}

// nonceRecord is what the nonce bucket keeps per nonce.
type nonceRecord struct {
	Address  string    `json:"address"`
	IssuedAt string    `json:"issuedAt"`
	ChainID  uint64    `json:"chainId"`
	ScopeID  string    `json:"scopeId"`
	Expires  time.Time `json:"expires"`
}

// Service issues nonces and tokens. It is safe for concurrent use, and
// any number of replicas may share its buckets.
type Service struct {
	cfg       Config
	nonces    jetstream.KeyValue
	refreshed jetstream.KeyValue
	signer    *jwtauth.Signer
	verifier  *jwtauth.Verifier
	now       func() time.Time
}

// Open creates the buckets if they are missing.
func Open(ctx context.Context, js jetstream.JetStream, cfg Config, signer *jwtauth.Signer, verifier *jwtauth.Verifier, now func() time.Time) (*Service, error) {
	cfg = cfg.withDefaults()
	if cfg.ChainID == 0 {
		return nil, errors.New("login: ChainID is required")
	}
	if now == nil {
		now = time.Now
	}
	nonces, err := natscheck.CreateOrUpdateKeyValue(ctx, js, natscheck.KVReplicasFlag, jetstream.KeyValueConfig{
		Bucket: journal.GammaNonceBucket, Description: "Gamma login nonces, consumed on first use",
		History: 1, TTL: cfg.NonceTTL + cfg.Skew, Storage: jetstream.FileStorage, Replicas: cfg.KVReplicas,
	})
	if err != nil {
		return nil, fmt.Errorf("login: bucket %s: %w", journal.GammaNonceBucket, err)
	}
	refreshed, err := natscheck.CreateOrUpdateKeyValue(ctx, js, natscheck.KVReplicasFlag, jetstream.KeyValueConfig{
		Bucket: journal.GammaRefreshedBucket, Description: "jti of bearer tokens already refreshed",
		History: 1, TTL: signer.Lifetime() + 2*jwtauth.Leeway, Storage: jetstream.FileStorage, Replicas: cfg.KVReplicas,
	})
	if err != nil {
		return nil, fmt.Errorf("login: bucket %s: %w", journal.GammaRefreshedBucket, err)
	}
	// Both are read from their stream leader: a nonce issued through one
	// replica is spent through another, and a token refreshed through one
	// must be refused at once by every other. (Spending stays single-use
	// without it: the delete is conditioned on the revision, on the
	// leader; a follower's stale read only refused a valid login.)
	return &Service{cfg: cfg, nonces: leaderread.WrapKV(js, nonces), refreshed: leaderread.WrapKV(js, refreshed),
		signer: signer, verifier: verifier, now: now}, nil
}

// Config returns the effective policy.
func (s *Service) Config() Config { return s.cfg }

func lowerHex(a common.Address) string { return "0x" + hex.EncodeToString(a[:]) }

// FormatIssuedAt is the issuedAt form: RFC 3339 in UTC with milliseconds.
func FormatIssuedAt(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z") }

// Nonce issues a nonce for addr.
func (s *Service) Nonce(ctx context.Context, addr common.Address, scopeID string) (*gammaapi.NonceResponse, error) {
	if len(scopeID) > scopeBytesMax {
		return nil, errcode.Errorf(errcode.InvalidParameter, "scopeId is longer than %d bytes", scopeBytesMax)
	}
	var b [nonceBytes]byte
	if _, err := rand.Read(b[:]); err != nil {
		return nil, err
	}
	nonce := hex.EncodeToString(b[:])
	now := s.now()
	rec := nonceRecord{Address: lowerHex(addr), IssuedAt: FormatIssuedAt(now), ChainID: s.cfg.ChainID, ScopeID: scopeID,
		Expires: now.Add(s.cfg.NonceTTL)}
	data, _ := json.Marshal(rec)
	if _, err := s.nonces.Create(ctx, "n."+nonce, data); err != nil {
		return nil, errcode.Wrap(errcode.StoreUnavailable, err)
	}
	return &gammaapi.NonceResponse{Nonce: nonce, ScopeID: scopeID, IssuedAt: rec.IssuedAt, ChainID: s.cfg.ChainID, Statement: s.cfg.Statement}, nil
}

func validNonce(n string) bool {
	if len(n) != 2*nonceBytes {
		return false
	}
	_, err := hex.DecodeString(n)
	return err == nil
}

// consume takes the nonce out of the bucket, once across all replicas,
// and returns what it was issued with.
func (s *Service) consume(ctx context.Context, nonce string) (*nonceRecord, error) {
	if !validNonce(nonce) {
		return nil, errcode.Errorf(errcode.LoginNonceInvalid, "messageParams.nonce must be the 32 hex digits GET /auth/nonce returned")
	}
	e, err := s.nonces.Get(ctx, "n."+nonce)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return nil, errcode.New(errcode.LoginNonceInvalid)
	}
	if err != nil {
		return nil, errcode.Wrap(errcode.StoreUnavailable, err)
	}
	if err := s.nonces.Delete(ctx, "n."+nonce, jetstream.LastRevision(e.Revision())); err != nil {
		// Another attempt, on this replica or another, consumed it first.
		return nil, errcode.New(errcode.LoginNonceInvalid)
	}
	var rec nonceRecord
	if err := json.Unmarshal(e.Value(), &rec); err != nil {
		return nil, fmt.Errorf("login: nonce record: %w", err)
	}
	return &rec, nil
}

// Spend consumes a nonce without a login: that of an attempt whose body
// could not be read as a login request. Whether it was known does not
// matter to the caller, who answers the body's error.
func (s *Service) Spend(ctx context.Context, nonce string) {
	if validNonce(nonce) {
		_, _ = s.consume(ctx, nonce)
	}
}

// NonceOf reads messageParams.nonce from a body that is JSON but not a
// valid login request, or returns "".
func NonceOf(body []byte) string {
	var probe struct {
		MessageParams struct {
			Nonce string `json:"nonce"`
		} `json:"messageParams"`
	}
	_ = json.Unmarshal(body, &probe) // type errors elsewhere still fill the nonce
	return probe.MessageParams.Nonce
}

// Login checks a login request and issues a token. The nonce is spent by
// this call whatever its outcome, the first thing it does. charge is
// called with the address once it is known (the per-address rate limit).
func (s *Service) Login(ctx context.Context, req *gammaapi.LoginRequest, charge func(addr string) error) (*gammaapi.TokenResponse, common.Address, error) {
	p := req.MessageParams
	rec, err := s.consume(ctx, p.Nonce)
	if err != nil {
		return nil, common.Address{}, err
	}
	addr := common.HexToAddress(rec.Address)
	if charge != nil {
		if err := charge(rec.Address); err != nil {
			return nil, addr, err
		}
	}
	sig, err := parseSignature(req.Signature)
	if err != nil {
		return nil, addr, err
	}
	now := s.now()
	switch {
	case now.After(rec.Expires):
		return nil, addr, errcode.Errorf(errcode.LoginNonceInvalid, "the nonce expired %s after it was issued: get a new one", s.cfg.NonceTTL)
	case p.ChainID != s.cfg.ChainID:
		return nil, addr, errcode.Errorf(errcode.InvalidLoginSig, "messageParams.chainId is %d, this exchange's chain is %d", p.ChainID, s.cfg.ChainID)
	case p.IssuedAt != rec.IssuedAt || p.ScopeID != rec.ScopeID || p.Statement != s.cfg.Statement:
		return nil, addr, errcode.Errorf(errcode.InvalidLoginSig, "messageParams must be the nonce response's fields unchanged (statement, issuedAt, scopeId)")
	case p.Address != "" && !sameAddress(p.Address, addr):
		return nil, addr, errcode.Errorf(errcode.InvalidLoginSig, "messageParams.address is not the address the nonce was issued to")
	}
	issued, err := time.Parse(time.RFC3339Nano, p.IssuedAt)
	if err != nil || issued.Before(now.Add(-s.cfg.NonceTTL)) || issued.After(now.Add(s.cfg.Skew)) {
		return nil, addr, errcode.Errorf(errcode.InvalidLoginSig, "messageParams.issuedAt is outside the login window: get a new nonce")
	}
	msg := &eip712.Login{Address: addr, Statement: p.Statement, Nonce: p.Nonce, IssuedAt: p.IssuedAt, ChainID: p.ChainID, ScopeID: p.ScopeID}
	if err := eip712.VerifyLogin(msg, sig); err != nil {
		return nil, addr, errcode.Wrap(errcode.InvalidLoginSig, err)
	}
	tok, claims, err := s.signer.Issue(addr, rec.ScopeID, now)
	if err != nil {
		return nil, addr, err
	}
	return &gammaapi.TokenResponse{Token: tok, ExpiresAt: claims.Expiry()}, addr, nil
}

func sameAddress(s string, a common.Address) bool {
	return common.IsHexAddress(s) && len(s) == 42 && common.HexToAddress(s) == a
}

// parseSignature reads r‖s‖v with v 27 or 28. eip712 also recovers v 0
// or 1, which wallets never produce for typed data; a login takes one
// spelling of its signature.
func parseSignature(s string) ([]byte, error) {
	bad := errcode.Errorf(errcode.InvalidLoginSig, "signature must be 0x followed by 130 hex digits (r, s, v)")
	if len(s) != 2+2*eip712.SignatureLen || s[:2] != "0x" {
		return nil, bad
	}
	b, err := hex.DecodeString(s[2:])
	if err != nil {
		return nil, bad
	}
	if v := b[eip712.SignatureLen-1]; v != 27 && v != 28 {
		return nil, errcode.Errorf(errcode.InvalidLoginSig,
			"signature v is %d: a login signature ends with v 27 or 28 (1b or 1c), as eth_signTypedData_v4 returns it", v)
	}
	return b, nil
}

// Authenticate checks a bearer token for a Gamma request: valid, not
// expired, and not superseded by a refresh.
func (s *Service) Authenticate(ctx context.Context, token string) (*jwtauth.Claims, error) {
	c, err := s.verify(token)
	if err != nil {
		return nil, err
	}
	_, err = s.refreshed.Get(ctx, "j."+c.ID)
	switch {
	case err == nil:
		return nil, errcode.Errorf(errcode.RefreshTokenUsed, "this token was refreshed: use the token the refresh returned")
	case !errors.Is(err, jetstream.ErrKeyNotFound):
		return nil, errcode.Wrap(errcode.StoreUnavailable, err)
	}
	return c, nil
}

func (s *Service) verify(token string) (*jwtauth.Claims, error) {
	c, err := s.verifier.Verify(token)
	switch {
	case errors.Is(err, jwtauth.ErrExpired):
		return nil, errcode.New(errcode.TokenExpired)
	case err != nil:
		return nil, errcode.Wrap(errcode.InvalidToken, err)
	}
	return c, nil
}

// Refresh rotates a token: the old one is spent, a new one issued.
// charge is the per-address rate limit.
func (s *Service) Refresh(ctx context.Context, token string, charge func(addr string) error) (*gammaapi.TokenResponse, error) {
	c, err := s.verify(token)
	if err != nil {
		return nil, err
	}
	if charge != nil {
		if err := charge(c.Subject); err != nil {
			return nil, err
		}
	}
	now := s.now()
	authTime := time.Unix(c.AuthTime, 0)
	if now.Sub(authTime) > s.cfg.SessionMax {
		return nil, errcode.Errorf(errcode.TokenExpired, "the session began more than %s ago: log in again", s.cfg.SessionMax)
	}
	if _, err := s.refreshed.Create(ctx, "j."+c.ID, []byte(c.Subject)); err != nil {
		if errors.Is(err, jetstream.ErrKeyExists) {
			return nil, errcode.New(errcode.RefreshTokenUsed)
		}
		return nil, errcode.Wrap(errcode.StoreUnavailable, err)
	}
	tok, claims, err := s.signer.Issue(c.Address(), c.ScopeID, authTime)
	if err != nil {
		return nil, err
	}
	return &gammaapi.TokenResponse{Token: tok, ExpiresAt: claims.Expiry()}, nil
}
