package server_test

import (
	"encoding/json"
	"math/big"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/proto/client/relayerapi"
	"pred.dev/proto/errcode"
	rtapitest "pred.dev/proto/runtime/apitest"
)

// TestMalformedHeadsOverTCP: requests an HTTP library would not send,
// written on a raw connection to the relayer as it serves in production.
// Each is answered with the JSON error and its code and the connection
// closed; a request hidden behind a smuggling-shaped one (both
// Content-Length and Transfer-Encoding) is never answered.
func TestMalformedHeadsOverTCP(t *testing.T) {
	h := newHarness(t, apiOnly())
	u, err := url.Parse(h.url())
	if err != nil {
		t.Fatal(err)
	}
	addr, host := u.Host, "Host: "+u.Host+"\r\n"
	hidden := "GET /livez HTTP/1.1\r\n" + host + "\r\n"
	smuggled := "0\r\n\r\n" + hidden
	cases := []struct {
		name, raw string
		code      errcode.Code
	}{
		{"both lengths", "POST /submit HTTP/1.1\r\n" + host + "Content-Length: " + strconv.Itoa(len(smuggled)) +
			"\r\nTransfer-Encoding: chunked\r\n\r\n" + smuggled, errcode.InvalidBodyFraming},
		{"invalid escape in the path", "GET /deployed%zz HTTP/1.1\r\n" + host + "\r\n" + hidden, errcode.MalformedURL},
		{"NUL in a header", "GET /deployed HTTP/1.1\r\n" + host + relayerapi.HeaderAPIKey + ": a\x00\r\n\r\n" + hidden, errcode.InvalidHeader},
		{"non-ASCII header name", "GET /deployed HTTP/1.1\r\n" + host + "R\xc3\x89LAYER: 1\r\n\r\n" + hidden, errcode.InvalidHeader},
		{"1 MB header", "GET /deployed HTTP/1.1\r\n" + host + "X-A: " + strings.Repeat("a", 1<<20) + "\r\n\r\n" + hidden, errcode.HeaderTooLarge},
	}
	for _, tc := range cases {
		rtapitest.RequireRefusal(t, tc.name, rtapitest.Exchange(t, addr, tc.raw, false), tc.code)
	}
	if got := rtapitest.Exchange(t, addr, strings.Replace(hidden, "\r\n\r\n", "\r\nConnection: close\r\n\r\n", 1), false); len(got) != 1 || got[0].Status != 200 {
		t.Fatalf("the control, GET /livez alone: %+v", got)
	}
}

// TestLooseRequests: what the relayer used to read one way of several is
// refused with its code, and nothing is queued: a repeated query
// parameter or credential header; a submission whose from is given twice
// (the last one used to win), followed by a second object, spelling a
// zero payment "" or null, the zero address "0x", or signed with the
// high-s twin of a valid signature.
func TestLooseRequests(t *testing.T) {
	h := newHarness(t, apiOnly())
	u, v := h.user(), h.user()
	auth := http.Header{"Authorization": {"Bearer " + u.token}}
	for _, tc := range []struct {
		name, path string
		hdr        http.Header
		code       errcode.Code
	}{
		{"address twice", "/deployed?address=" + u.addr.Hex() + "&address=" + v.addr.Hex(), auth, errcode.DuplicateParameter},
		{"invalid escape in the query", "/deployed?address=%zz", auth, errcode.MalformedURL},
		{"Authorization twice", "/relayer/api/keys", http.Header{"Authorization": {"Bearer " + u.token, "Bearer " + v.token}}, errcode.DuplicateHeader},
		{"RELAYER_API_KEY twice", "/relayer/api/keys", http.Header{relayerapi.HeaderAPIKey: {"a", "b"}, relayerapi.HeaderAPIKeyAddress: {u.addr.Hex()}}, errcode.DuplicateHeader},
	} {
		resp, data := h.do(http.MethodGet, tc.path, nil, tc.hdr)
		if resp.StatusCode != tc.code.Status() || errorCode(t, data) != string(tc.code) {
			t.Errorf("%s: %d %s, want %s", tc.name, resp.StatusCode, data, string(tc.code))
		}
	}

	create, err := u.c.DeployRequest()
	if err != nil {
		t.Fatal(err)
	}
	body, err := json.Marshal(create)
	if err != nil {
		t.Fatal(err)
	}
	respell := func(old, new string) []byte { return []byte(strings.Replace(string(body), old, new, 1)) }
	highS := create
	highS.Signature = highSTwin(t, create.Signature)
	twin, _ := json.Marshal(highS)
	_, seq0 := h.spent(t)
	post := http.Header{"Authorization": {"Bearer " + u.token}, "Content-Type": {"application/json"}}
	for _, tc := range []struct {
		name string
		body []byte
		code errcode.Code
	}{
		{"from twice, the caller's last", respell(`"from":`, `"from":"`+v.addr.Hex()+`","from":`), errcode.InvalidPayload},
		{"a second object", append(append([]byte(nil), body...), body...), errcode.InvalidPayload},
		{"payment empty", respell(`"payment":"0"`, `"payment":""`), errcode.InvalidSignatureParams},
		{"payment null", respell(`"payment":"0"`, `"payment":null`), errcode.InvalidPayload},
		{"zero address spelt 0x", respell(`"paymentToken":"0x0000000000000000000000000000000000000000"`, `"paymentToken":"0x"`), errcode.InvalidSignatureParams},
		{"high s", twin, errcode.InvalidSafeSignature},
	} {
		resp, data := h.do(http.MethodPost, "/submit", tc.body, post)
		if resp.StatusCode != tc.code.Status() || errorCode(t, data) != string(tc.code) {
			t.Errorf("%s: %d %s, want %s", tc.name, resp.StatusCode, data, string(tc.code))
		}
	}
	if _, seq := h.spent(t); seq != seq0 {
		t.Fatalf("refused submissions queued %d", seq-seq0)
	}
	// The control: the submission as the client spells it is queued.
	if resp, data := h.do(http.MethodPost, "/submit", body, post); resp.StatusCode != 200 {
		t.Fatalf("the client's SAFE-CREATE: %d %s", resp.StatusCode, data)
	}
}

// highSTwin returns the malleable twin of a 27/28 signature: s' = N − s,
// the other parity, the same signer.
func highSTwin(t *testing.T, sig string) string {
	t.Helper()
	b := hexutil.MustDecode(sig)
	s := new(big.Int).Sub(crypto.S256().Params().N, new(big.Int).SetBytes(b[32:64]))
	s.FillBytes(b[32:64])
	b[64] ^= 27 ^ 28
	return hexutil.Encode(b)
}
