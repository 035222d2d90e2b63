// Package l2auth computes and checks the L2 request signature: an
// HMAC-SHA256 over the request, keyed with the API key's secret, exactly
// as the reference CLOB clients compute it (polymarket-clob.md §3), so
// that their client libraries work unchanged.
//
// The signed message is the plain concatenation
//
//	timestamp + method + path + body
//
// where timestamp is the Unix-seconds string sent in the timestamp header,
// method is the HTTP method as sent ("GET", "POST", "DELETE"), path is the
// URL path without the query string, and body is the exact request body
// bytes (nothing when there is no body). The key is the secret decoded as
// base64url, and the signature is the MAC encoded as base64url with '='
// padding.
//
// Secrets are decoded leniently, like the TypeScript client: '-' and '_'
// and the standard '+' and '/' are both accepted, padding may be missing
// or extra, and characters outside the base64 alphabet are ignored. A
// secret issued by the server is canonical base64url, so leniency only
// matters for clients that copy or transform it.
package l2auth

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"strings"
)

// Error is a sentinel error of this package; compare with errors.Is.
type Error string

func (e Error) Error() string { return string(e) }

// ErrBadSecret is returned when a secret does not decode to any key bytes.
const ErrBadSecret Error = "l2auth: API secret is not base64url: use the secret exactly as returned by the API key endpoint"

// Key is a decoded API secret. Decoding once and reusing the Key avoids
// re-parsing the secret on every request. The zero Key verifies nothing.
type Key struct {
	raw []byte
}

// ParseSecret decodes a secret as described in the package comment.
func ParseSecret(secret string) (Key, error) {
	raw, err := decodeSecret(secret)
	if err != nil {
		return Key{}, err
	}
	return Key{raw: raw}, nil
}

// decodeSecret maps the URL alphabet onto the standard one, keeps only
// base64 characters (dropping padding, whitespace and garbage, as the
// TypeScript client does before atob) and decodes without padding.
func decodeSecret(secret string) ([]byte, error) {
	clean := make([]byte, 0, len(secret))
	for i := 0; i < len(secret); i++ {
		switch c := secret[i]; {
		case c == '-':
			clean = append(clean, '+')
		case c == '_':
			clean = append(clean, '/')
		case c == '+' || c == '/' || isAlnum(c):
			clean = append(clean, c)
		}
	}
	raw, err := base64.RawStdEncoding.DecodeString(string(clean))
	if err != nil || len(raw) == 0 {
		return nil, ErrBadSecret
	}
	return raw, nil
}

func isAlnum(c byte) bool {
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
}

// Sign returns the base64url (padded) HMAC-SHA256 of the request. A query
// string left on path is dropped, because the reference clients sign the
// path alone.
func (k Key) Sign(timestamp, method, path string, body []byte) string {
	return base64.URLEncoding.EncodeToString(k.mac(timestamp, method, path, body))
}

// Verify reports whether signature is the request's signature, comparing
// in constant time. The signature must be in the form Sign produces.
func (k Key) Verify(timestamp, method, path string, body []byte, signature string) bool {
	if len(k.raw) == 0 {
		return false // the zero Key is not a secret anyone was issued
	}
	var want [base64Len]byte
	base64.URLEncoding.Encode(want[:], k.mac(timestamp, method, path, body))
	return hmac.Equal(want[:], []byte(signature))
}

// base64Len is the padded base64 length of a SHA-256 MAC.
const base64Len = (sha256.Size + 2) / 3 * 4

func (k Key) mac(timestamp, method, path string, body []byte) []byte {
	if i := strings.IndexByte(path, '?'); i >= 0 {
		path = path[:i]
	}
	head := make([]byte, 0, len(timestamp)+len(method)+len(path))
	head = append(append(append(head, timestamp...), method...), path...)
	m := hmac.New(sha256.New, k.raw)
	m.Write(head)
	m.Write(body)
	return m.Sum(nil)
}

// Sign decodes secret and signs the request; see Key.Sign.
func Sign(secret, timestamp, method, path string, body []byte) (string, error) {
	k, err := ParseSecret(secret)
	if err != nil {
		return "", err
	}
	return k.Sign(timestamp, method, path, body), nil
}

// Verify decodes secret and checks the request's signature; see
// Key.Verify. An undecodable secret verifies nothing.
func Verify(secret, timestamp, method, path string, body []byte, signature string) bool {
	k, err := ParseSecret(secret)
	if err != nil {
		return false
	}
	return k.Verify(timestamp, method, path, body, signature)
}
