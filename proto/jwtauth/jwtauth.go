// Package jwtauth issues and verifies the bearer tokens of a Gamma login,
// for every service that accepts them (the Gamma API, the relayer).
//
// A token is a JWT signed with HMAC-SHA256 under a key every issuing and
// verifying service shares. Verification pins the algorithm (HS256 only:
// "none" and every other algorithm are refused before the signature is
// looked at), the issuer and audience, and requires exp, iat, a subject
// that is a lowercase 0x address and a jti. Claims:
//
//	iss        "pred-gamma"
//	aud        ["pred"]
//	sub        the wallet address, lowercase 0x hex
//	iat, nbf   issue time (Unix seconds)
//	exp        iat + the access lifetime (15 minutes by default)
//	jti        128 random bits, 32 hex digits: one per token
//	auth_time  when the wallet signed the login that began the session (by
//	           the login replica's clock: up to Leeway after a refresh's iat)
//	scope_id   the whitelabel scope of the login, if any
package jwtauth

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/golang-jwt/jwt/v5"
)

// Fixed claims and the one algorithm.
const (
	Issuer    = "pred-gamma"
	Audience  = "pred"
	Algorithm = "HS256"
	// KeyBytesMin is the shortest signing key accepted: the HMAC's
	// output length.
	KeyBytesMin = 32
	// DefaultLifetime is the access token lifetime.
	DefaultLifetime = 15 * time.Minute
	// Leeway tolerates clock differences between services.
	Leeway = 5 * time.Second
	// tokenBytesMax bounds a token before it is parsed.
	tokenBytesMax = 4096
)

// Errors of Verify. Every failure wraps one of them.
var (
	ErrInvalid = errors.New("jwtauth: invalid token")
	ErrExpired = errors.New("jwtauth: token expired")
)

var (
	subjectPattern = regexp.MustCompile(`^0x[0-9a-f]{40}$`)
	jtiPattern     = regexp.MustCompile(`^[0-9a-f]{32}$`)
)

// Claims are a token's claims.
type Claims struct {
	jwt.RegisteredClaims
	AuthTime int64  `json:"auth_time"`
	ScopeID  string `json:"scope_id,omitempty"`
}

// Address is the wallet the token was issued to.
func (c *Claims) Address() common.Address { return common.HexToAddress(c.Subject) }

// ExpiresAt is the token's expiry.
func (c *Claims) Expiry() time.Time { return c.ExpiresAt.Time }

// Signer issues tokens.
type Signer struct {
	key      []byte
	lifetime time.Duration
	now      func() time.Time
}

// NewSigner returns a signer with key (at least KeyBytesMin bytes) and
// the access lifetime (DefaultLifetime if zero).
func NewSigner(key []byte, lifetime time.Duration) (*Signer, error) {
	if len(key) < KeyBytesMin {
		return nil, fmt.Errorf("jwtauth: the signing key has %d bytes, at least %d are needed", len(key), KeyBytesMin)
	}
	if lifetime <= 0 {
		lifetime = DefaultLifetime
	}
	return &Signer{key: key, lifetime: lifetime, now: time.Now}, nil
}

// WithClock replaces the signer's clock (tests).
func (s *Signer) WithClock(now func() time.Time) *Signer { s.now = now; return s }

// Lifetime is the access lifetime.
func (s *Signer) Lifetime() time.Duration { return s.lifetime }

// Issue signs a new token for addr, whose session began at authTime.
func (s *Signer) Issue(addr common.Address, scopeID string, authTime time.Time) (string, *Claims, error) {
	var id [16]byte
	if _, err := rand.Read(id[:]); err != nil {
		return "", nil, err
	}
	now := s.now().Truncate(time.Second)
	c := &Claims{
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer: Issuer, Subject: lower(addr), Audience: jwt.ClaimStrings{Audience},
			IssuedAt: jwt.NewNumericDate(now), NotBefore: jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(now.Add(s.lifetime)), ID: hex.EncodeToString(id[:]),
		},
		AuthTime: authTime.Unix(),
		ScopeID:  scopeID,
	}
	tok, err := jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(s.key)
	if err != nil {
		return "", nil, err
	}
	return tok, c, nil
}

func lower(a common.Address) string { return "0x" + hex.EncodeToString(a[:]) }

// Verifier checks tokens.
type Verifier struct {
	key []byte
	now func() time.Time
}

// NewVerifier returns a verifier of tokens signed with key.
func NewVerifier(key []byte) (*Verifier, error) {
	if len(key) < KeyBytesMin {
		return nil, fmt.Errorf("jwtauth: the verification key has %d bytes, at least %d are needed", len(key), KeyBytesMin)
	}
	return &Verifier{key: key, now: time.Now}, nil
}

// WithClock replaces the verifier's clock (tests).
func (v *Verifier) WithClock(now func() time.Time) *Verifier { v.now = now; return v }

// Verify parses and checks a token. An expired token wraps ErrExpired;
// every other failure wraps ErrInvalid.
func (v *Verifier) Verify(token string) (*Claims, error) {
	if len(token) > tokenBytesMax {
		return nil, fmt.Errorf("%w: longer than %d bytes", ErrInvalid, tokenBytesMax)
	}
	c := new(Claims)
	_, err := jwt.ParseWithClaims(token, c, func(*jwt.Token) (any, error) { return v.key, nil },
		jwt.WithValidMethods([]string{Algorithm}), jwt.WithIssuer(Issuer), jwt.WithAudience(Audience),
		jwt.WithExpirationRequired(), jwt.WithIssuedAt(), jwt.WithLeeway(Leeway), jwt.WithTimeFunc(v.now),
		jwt.WithStrictDecoding())
	switch {
	case errors.Is(err, jwt.ErrTokenExpired):
		return nil, fmt.Errorf("%w: %v", ErrExpired, err)
	case err != nil:
		return nil, fmt.Errorf("%w: %v", ErrInvalid, err)
	case !subjectPattern.MatchString(c.Subject):
		return nil, fmt.Errorf("%w: sub %q is not a lowercase 0x address", ErrInvalid, c.Subject)
	case !jtiPattern.MatchString(c.ID):
		return nil, fmt.Errorf("%w: jti %q is not 32 hex digits", ErrInvalid, c.ID)
	case c.IssuedAt == nil || c.AuthTime <= 0 || time.Unix(c.AuthTime, 0).After(c.IssuedAt.Add(Leeway)):
		// auth_time is the login replica's clock and iat the refreshing
		// one's: they differ by as much as any two services' clocks.
		return nil, fmt.Errorf("%w: auth_time is missing or more than %s after iat", ErrInvalid, Leeway)
	}
	return c, nil
}
