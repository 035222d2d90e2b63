package l2auth

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// zeroSecret is 32 zero bytes, the secret of the reference test vectors
// (polymarket-clob.md §11).
const zeroSecret = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="

func TestReferenceVectors(t *testing.T) {
	cases := []struct {
		name, ts, method, path, body, want string
	}{
		{"TS/PY spaced body", "1000000", "test-sign", "/orders", `{"hash": "0x123"}`, "ZwAdJKvoYRlEKDkNMwd5BuwNNtg93kNaR_oU2HrfVvc="},
		{"RS compact body", "1000000", "test-sign", "/orders", `{"hash":"0x123"}`, "4gJVbox-R6XlDK4nlaicig0_ANVL1qdcahiL8CXfXLM="},
		{"RS 1GET/", "1", "GET", "/", "", "eHaylCwqRSOa2LFD77Nt_SaTpbsxzN8eTEI3LryhEj4="},
	}
	for _, c := range cases {
		var body []byte
		if c.body != "" {
			body = []byte(c.body)
		}
		got, err := Sign(zeroSecret, c.ts, c.method, c.path, body)
		if err != nil || got != c.want {
			t.Errorf("%s: Sign = %q, %v; want %q", c.name, got, err, c.want)
		}
		if !Verify(zeroSecret, c.ts, c.method, c.path, body, c.want) {
			t.Errorf("%s: Verify rejected the reference signature", c.name)
		}
	}
}

// rawHMAC is the construction written out independently of the package.
func rawHMAC(key []byte, msg string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(msg))
	return base64.URLEncoding.EncodeToString(m.Sum(nil))
}

func TestMessageConstruction(t *testing.T) {
	key := make([]byte, 32)
	// RS request_args_should_succeed: the message is the plain
	// concatenation with no separators.
	got, err := Sign(zeroSecret, "1", "POST", "/path", []byte(`{"foo":"bar"}`))
	if want := rawHMAC(key, `1POST/path{"foo":"bar"}`); err != nil || got != want {
		t.Errorf("POST /path: Sign = %q, %v; want %q", got, err, want)
	}
	// No body and an empty body are the same message.
	a, _ := Sign(zeroSecret, "1", "GET", "/", nil)
	b, _ := Sign(zeroSecret, "1", "GET", "/", []byte{})
	if a != b || a != rawHMAC(key, "1GET/") {
		t.Errorf("nil and empty bodies differ: %q %q", a, b)
	}
	// The method is signed as given; it is not upper-cased.
	lower, _ := Sign(zeroSecret, "1", "get", "/", nil)
	if lower == a {
		t.Error("method case is not part of the signature")
	}
}

func TestQueryStringIsNotSigned(t *testing.T) {
	plain, _ := Sign(zeroSecret, "1700000000", "GET", "/data/orders", nil)
	withQuery, _ := Sign(zeroSecret, "1700000000", "GET", "/data/orders?market=0xabc&next_cursor=MA==", nil)
	if plain != withQuery {
		t.Errorf("query string changed the signature: %q vs %q", plain, withQuery)
	}
	if !Verify(zeroSecret, "1700000000", "GET", "/data/orders?x=1", nil, plain) {
		t.Error("Verify with a query string on the path failed")
	}
}

func TestSecretEquivalence(t *testing.T) {
	urlForm := "--_" + strings.Repeat("A", 40)          // base64url, no padding
	stdForm := "++/" + strings.Repeat("A", 40) + "="    // standard, padded
	noisy := " ++/ " + strings.Repeat("A", 40) + "==\n" // extra padding and whitespace
	garbage := "--_" + strings.Repeat("A", 20) + "!*~\"" + strings.Repeat("A", 20) + "."
	want, err := Sign(stdForm, "1000000", "test-sign", "/orders", []byte(`{"hash": "0x123"}`))
	if err != nil {
		t.Fatal(err)
	}
	key := append([]byte{0xfb, 0xef, 0xc0}, make([]byte, 29)...)
	if want != rawHMAC(key, `1000000test-sign/orders{"hash": "0x123"}`) {
		t.Fatalf("++/AAAA= does not decode to fb ef c0 00...")
	}
	for _, s := range []string{urlForm, noisy, garbage} {
		got, err := Sign(s, "1000000", "test-sign", "/orders", []byte(`{"hash": "0x123"}`))
		if err != nil || got != want {
			t.Errorf("secret %q: Sign = %q, %v; want %q", s, got, err, want)
		}
	}
	zero, _ := Sign(zeroSecret, "1000000", "test-sign", "/orders", []byte(`{"hash": "0x123"}`))
	if zero == want {
		t.Error("different secrets gave the same signature")
	}
}

// TestSecretEncodings checks random keys in every base64 variant against
// the independent construction.
func TestSecretEncodings(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	encodings := []*base64.Encoding{base64.URLEncoding, base64.RawURLEncoding, base64.StdEncoding, base64.RawStdEncoding}
	for range 500 {
		key := make([]byte, 1+r.IntN(64))
		for i := range key {
			key[i] = byte(r.Uint32())
		}
		body := make([]byte, r.IntN(300))
		for i := range body {
			body[i] = byte(r.Uint32())
		}
		want := rawHMAC(key, "1712345678DELETE/order"+string(body))
		for _, enc := range encodings {
			secret := enc.EncodeToString(key)
			got, err := Sign(secret, "1712345678", "DELETE", "/order", body)
			if err != nil || got != want {
				t.Fatalf("key %x as %q: Sign = %q, %v; want %q", key, secret, got, err, want)
			}
		}
	}
}

func TestBadSecrets(t *testing.T) {
	for _, s := range []string{"", "=", "====", "A", "!!!!", "AAAAA", " \n"} {
		if _, err := ParseSecret(s); !errors.Is(err, ErrBadSecret) {
			t.Errorf("ParseSecret(%q) error = %v, want ErrBadSecret", s, err)
		}
		if _, err := Sign(s, "1", "GET", "/", nil); !errors.Is(err, ErrBadSecret) {
			t.Errorf("Sign with secret %q: error = %v, want ErrBadSecret", s, err)
		}
		if Verify(s, "1", "GET", "/", nil, "eHaylCwqRSOa2LFD77Nt_SaTpbsxzN8eTEI3LryhEj4=") {
			t.Errorf("Verify accepted secret %q", s)
		}
	}
	if !strings.Contains(string(ErrBadSecret), "exactly as returned") {
		t.Error("ErrBadSecret does not say what to do")
	}
}

func TestVerifyRejects(t *testing.T) {
	const ts, method, path = "1000000", "POST", "/order"
	body := []byte(`{"order":{"salt":1},"owner":"k","orderType":"GTC"}`)
	key, err := ParseSecret(zeroSecret)
	if err != nil {
		t.Fatal(err)
	}
	sig := key.Sign(ts, method, path, body)
	if !key.Verify(ts, method, path, body, sig) {
		t.Fatal("Verify rejected a fresh signature")
	}
	flipped := []byte(sig)
	flipped[5] ^= 1
	cases := map[string]bool{
		"timestamp":       key.Verify("1000001", method, path, body, sig),
		"method":          key.Verify(ts, "GET", path, body, sig),
		"path":            key.Verify(ts, method, "/orders", body, sig),
		"body":            key.Verify(ts, method, path, append([]byte(" "), body...), sig),
		"no body":         key.Verify(ts, method, path, nil, sig),
		"signature bit":   key.Verify(ts, method, path, body, string(flipped)),
		"unpadded":        key.Verify(ts, method, path, body, strings.TrimRight(sig, "=")),
		"empty signature": key.Verify(ts, method, path, body, ""),
		"zero Key":        Key{}.Verify(ts, method, path, body, Key{}.Sign(ts, method, path, body)),
	}
	for name, ok := range cases {
		if ok {
			t.Errorf("Verify accepted a wrong %s", name)
		}
	}
}

// The reference signatures are base64url; the standard alphabet spelling
// of the same MAC is not accepted, so one request has one signature.
func TestVerifyRequiresURLAlphabet(t *testing.T) {
	want := "4gJVbox-R6XlDK4nlaicig0_ANVL1qdcahiL8CXfXLM="
	std := strings.NewReplacer("-", "+", "_", "/").Replace(want)
	if std == want {
		t.Fatal("test vector has no URL-specific characters")
	}
	if Verify(zeroSecret, "1000000", "test-sign", "/orders", []byte(`{"hash":"0x123"}`), std) {
		t.Error("Verify accepted the standard-alphabet spelling")
	}
}

func BenchmarkKeySign(b *testing.B) {
	key, _ := ParseSecret(zeroSecret)
	body := []byte(strings.Repeat("x", 256))
	b.ReportAllocs()
	for b.Loop() {
		key.Sign("1700000000", "POST", "/order", body)
	}
}

func BenchmarkVerify(b *testing.B) {
	body := []byte(strings.Repeat("x", 256))
	sig, _ := Sign(zeroSecret, "1700000000", "POST", "/order", body)
	b.ReportAllocs()
	for b.Loop() {
		if !Verify(zeroSecret, "1700000000", "POST", "/order", body, sig) {
			b.Fatal("rejected")
		}
	}
}
