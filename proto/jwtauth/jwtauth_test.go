package jwtauth

import (
	"bytes"
	"encoding/base64"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/golang-jwt/jwt/v5"
)

var (
	testKey  = bytes.Repeat([]byte{7}, 32)
	testAddr = common.HexToAddress("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266")
	t0       = time.Unix(1_800_000_000, 0)
)

func pair(t *testing.T, now time.Time) (*Signer, *Verifier) {
	t.Helper()
	s, err := NewSigner(testKey, 0)
	if err != nil {
		t.Fatal(err)
	}
	v, err := NewVerifier(testKey)
	if err != nil {
		t.Fatal(err)
	}
	clock := func() time.Time { return now }
	return s.WithClock(clock), v.WithClock(clock)
}

func TestIssueAndVerify(t *testing.T) {
	s, v := pair(t, t0)
	tok, issued, err := s.Issue(testAddr, "partner", t0.Add(-time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	c, err := v.Verify(tok)
	if err != nil {
		t.Fatal(err)
	}
	if c.Subject != "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266" || c.Address() != testAddr || c.ID != issued.ID ||
		c.Expiry() != t0.Add(DefaultLifetime) || c.ScopeID != "partner" || c.AuthTime != t0.Add(-time.Hour).Unix() {
		t.Fatalf("claims %+v", c)
	}
	tok2, _, _ := s.Issue(testAddr, "", t0)
	c2, _ := v.Verify(tok2)
	if c2.ID == c.ID {
		t.Fatal("two tokens share a jti")
	}
}

func TestExpiry(t *testing.T) {
	s, _ := pair(t, t0)
	tok, _, _ := s.Issue(testAddr, "", t0)
	_, late := pair(t, t0.Add(DefaultLifetime+Leeway+time.Second))
	if _, err := late.Verify(tok); !errors.Is(err, ErrExpired) {
		t.Fatalf("expired token: %v", err)
	}
	_, early := pair(t, t0.Add(-time.Minute))
	if _, err := early.Verify(tok); !errors.Is(err, ErrInvalid) {
		t.Fatalf("token from the future: %v", err)
	}
}

// TestRefreshAcrossSkewedReplicas: two Gamma replicas whose clocks are
// 2 s either side of true time (4 s apart, within Leeway) accept each
// other's tokens. A login on the replica ahead stamps auth_time with its
// clock; a refresh a second later on the replica behind keeps that
// auth_time and stamps iat with its own, which is then before auth_time.
// Every replica and the relayer must still accept the refreshed token.
func TestRefreshAcrossSkewedReplicas(t *testing.T) {
	const skew = 2 * time.Second
	ahead, _ := pair(t, t0.Add(skew))
	tok, _, err := ahead.Issue(testAddr, "", t0.Add(skew))
	if err != nil {
		t.Fatal(err)
	}
	later := t0.Add(time.Second)
	behind, verifyBehind := pair(t, later.Add(-skew))
	login, err := verifyBehind.Verify(tok)
	if err != nil {
		t.Fatalf("the replica behind refuses the login token of the replica ahead: %v", err)
	}
	refreshed, _, err := behind.Issue(login.Address(), login.ScopeID, time.Unix(login.AuthTime, 0))
	if err != nil {
		t.Fatal(err)
	}
	for name, at := range map[string]time.Time{"behind": later.Add(-skew), "ahead": later.Add(skew), "relayer": later} {
		_, v := pair(t, at)
		if _, err := v.Verify(refreshed); err != nil {
			t.Errorf("the replica %s refuses the token refreshed %s after the login: %v", name, time.Second, err)
		}
	}
}

func b64(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }

// TestAlgorithmIsPinned: none, other HMACs and a tampered signature are
// refused; so is a token signed with another key.
func TestAlgorithmIsPinned(t *testing.T) {
	s, v := pair(t, t0)
	tok, _, _ := s.Issue(testAddr, "", t0)
	parts := strings.Split(tok, ".")
	none := b64(`{"alg":"none","typ":"JWT"}`) + "." + parts[1] + "."
	claims := jwt.MapClaims{"iss": Issuer, "aud": Audience, "sub": "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266",
		"iat": t0.Unix(), "exp": t0.Add(time.Hour).Unix(), "jti": strings.Repeat("a", 32), "auth_time": t0.Unix()}
	hs512, _ := jwt.NewWithClaims(jwt.SigningMethodHS512, claims).SignedString(testKey)
	otherKey, _ := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(bytes.Repeat([]byte{8}, 32))
	good, _ := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(testKey)
	if _, err := v.Verify(good); err != nil {
		t.Fatalf("a well-formed token: %v", err)
	}
	bad := map[string]string{
		"alg none":     none,
		"HS512":        hs512,
		"other key":    otherKey,
		"tampered sig": parts[0] + "." + parts[1] + "." + strings.Repeat("A", len(parts[2])),
		"empty":        "",
		"garbage":      "a.b.c",
	}
	for name, mod := range map[string]func(jwt.MapClaims){
		"wrong issuer":   func(c jwt.MapClaims) { c["iss"] = "someone" },
		"wrong audience": func(c jwt.MapClaims) { c["aud"] = "other" },
		"no exp":         func(c jwt.MapClaims) { delete(c, "exp") },
		"checksum sub":   func(c jwt.MapClaims) { c["sub"] = testAddr.Hex() },
		"no jti":         func(c jwt.MapClaims) { delete(c, "jti") },
		"no auth_time":   func(c jwt.MapClaims) { delete(c, "auth_time") },
		"auth after iat": func(c jwt.MapClaims) { c["auth_time"] = t0.Unix() + 10 },
	} {
		c := jwt.MapClaims{}
		for k, v := range claims {
			c[k] = v
		}
		mod(c)
		tok, _ := jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(testKey)
		bad[name] = tok
	}
	for name, tok := range bad {
		if _, err := v.Verify(tok); !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestShortKeysAreRefused(t *testing.T) {
	if _, err := NewSigner(make([]byte, 31), 0); err == nil {
		t.Error("31-byte signing key")
	}
	if _, err := NewVerifier(nil); err == nil {
		t.Error("empty verification key")
	}
}
