package server_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
)

// The HTTP layer's fuzz targets run against one real gateway and engine.
// A client mistake must never be answered 5xx (which tells clients and
// alerts that the exchange is down), and a signed value the document does
// not allow must never be accepted. `go test` runs the seeds; `go test
// -fuzz FuzzX` explores further.

// listPaths are every paginated list; the account ones need L2 headers.
var listPaths = []struct {
	path string
	l2   bool
}{
	{"/all-orders", false}, {"/all-trades", false}, {"/all-transactions", false},
	{"/orders", true}, {"/trades", true}, {"/transactions", true},
}

// badCursors are the cursors the issue found answered 503.
var badCursors = []string{"ABCD", "Infinity", "0x10", "null", "////", "18446744073709551616", "AAAAAAAAAAAAAAA=", "QUFBQUFBQUFBQUE=", "%%", "MA", "LTE"}

// TestInvalidCursors: a cursor the service did not issue is 400
// INVALID_CURSOR on every paginated list.
func TestInvalidCursors(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	c := h.tradingClient(0)
	for _, lp := range listPaths {
		for _, cur := range badCursors {
			resp, data := h.get(t, c, lp.path, lp.l2, url.Values{"next_cursor": {cur}})
			if resp.StatusCode != 400 || errorCode(t, data) != string(errcode.InvalidCursor) {
				t.Errorf("GET %s?next_cursor=%s: %d %s, want 400 %s", lp.path, cur, resp.StatusCode, data, string(errcode.InvalidCursor))
			}
		}
	}
}

// get sends a GET with query q, signed with L2 headers of c when l2.
func (h *harness) get(t *testing.T, c *client.Client, path string, l2 bool, q url.Values) (*http.Response, []byte) {
	t.Helper()
	var hdr http.Header
	if l2 {
		hdr = l2Headers(t, c, http.MethodGet, path, nil)
	}
	return h.do(0, http.MethodGet, path+"?"+q.Encode(), nil, hdr)
}

// fuzzNet is one gateway and engine shared by the iterations of a fuzz
// target, with a funded trading client. Requests go through a plain HTTP
// client: the fuzz function may not report through the harness's
// testing.F, and only the status is judged here (the document-checked
// tests cover the shapes).
type fuzzNet struct {
	h    *harness
	c    *client.Client
	http *http.Client
}

func newFuzzNet(f *testing.F) *fuzzNet {
	h := newHarness(f)
	c := h.funded(0, 1_000_000)
	return &fuzzNet{h: h, c: c, http: &http.Client{Timeout: 30 * time.Second}}
}

// send issues one request and returns its status and body.
func (n *fuzzNet) send(t testing.TB, method, path string, body []byte, hdr http.Header) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, n.h.url(0)+path, bytes.NewReader(body))
	if err != nil {
		return 400, nil // not a request a client could send
	}
	for k, v := range hdr {
		req.Header[k] = v
	}
	resp, err := n.http.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, data
}

// l2 signs a request with the trading client's key as of now.
func (n *fuzzNet) l2(t *testing.T, method, path string, body []byte) http.Header {
	return l2Headers(t, n.c, method, path, body)
}

// FuzzListQuery: any next_cursor, limit, page and from_id on any list is
// answered 200 or 4xx.
func FuzzListQuery(f *testing.F) {
	for _, cur := range badCursors {
		f.Add(uint8(0), cur, "", "", "")
	}
	f.Add(uint8(1), "MA==", "2", "1", "")
	f.Add(uint8(4), "LTE=", "-1", "0", "9")
	f.Add(uint8(3), "", "1e3", "2147483648", "-5")
	f.Add(uint8(5), "QUFBQUFBQUFBQUE", "999999", "abc", "18446744073709551616")
	n := newFuzzNet(f)
	f.Fuzz(func(t *testing.T, which uint8, cursor, limit, page, fromID string) {
		lp := listPaths[int(which)%len(listPaths)]
		q := url.Values{}
		for k, v := range map[string]string{"next_cursor": cursor, "limit": limit, "page": page, "from_id": fromID} {
			if v != "" {
				q.Set(k, v)
			}
		}
		var hdr http.Header
		if lp.l2 {
			hdr = n.l2(t, http.MethodGet, lp.path, nil)
		}
		if status, data := n.send(t, http.MethodGet, lp.path+"?"+q.Encode(), nil, hdr); status >= 500 {
			t.Fatalf("GET %s?%s: %d %s", lp.path, q.Encode(), status, data)
		}
	})
}

// canonical is the one spelling of a signed integer the document allows.
var canonical = regexp.MustCompile(`^(0|[1-9][0-9]*)$`)

// acceptedOrderIsCanonical fails t if a POST /order body that was
// accepted carries a spelling the document does not allow.
func acceptedOrderIsCanonical(t *testing.T, body []byte) {
	var env struct {
		Order     map[string]json.RawMessage `json:"order"`
		Owner     string                     `json:"owner"`
		OrderType *string                    `json:"orderType"`
	}
	if err := json.Unmarshal(body, &env); err != nil {
		t.Fatalf("accepted a body that is not an order envelope: %s", body)
	}
	for _, f := range []string{"makerAmount", "takerAmount", "expiration", "nonce", "feeRateBps", "tokenId"} {
		var v string
		if json.Unmarshal(env.Order[f], &v) != nil || !canonical.MatchString(v) {
			t.Fatalf("accepted %s %s: %s", f, env.Order[f], body)
		}
	}
	for _, f := range []string{"salt", "signatureType"} {
		raw := strings.Trim(string(env.Order[f]), `"`)
		if !canonical.MatchString(raw) {
			t.Fatalf("accepted %s %s: %s", f, env.Order[f], body)
		}
	}
	if env.OrderType != nil && !slices.Contains([]string{"GTC", "GTD", "FOK", "FAK"}, *env.OrderType) {
		t.Fatalf("accepted orderType %q", *env.OrderType)
	}
	if strings.ToLower(env.Owner) != env.Owner {
		t.Fatalf("accepted owner %q", env.Owner)
	}
	if taker, ok := env.Order["taker"]; ok && !address.Match(taker) {
		t.Fatalf("accepted taker %s: %s", taker, body)
	}
}

// address is the one spelling of a signed address.
var address = regexp.MustCompile(`^"0x[0-9a-fA-F]{40}"$`)

// orderSeeds are valid signed orders and spellings of them.
func orderSeeds(t testing.TB, c *client.Client) [][]byte {
	var out [][]byte
	for i, price := range []string{"0.11", "0.12"} {
		req := mustBuild(t, c, client.OrderArgs{TokenID: testYesStr, Side: "BUY", Price: price, Size: "5", FeeRateBps: 10, Salt: uint64(100 + i)})
		body, err := json.Marshal(req)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, body,
			bytes.Replace(body, []byte(`"makerAmount":"`), []byte(`"makerAmount":"0`), 1),
			bytes.Replace(body, []byte(`"orderType":"GTC"`), []byte(`"orderType":"gtc"`), 1),
			bytes.Replace(body, []byte(`"orderType":"GTC"`), []byte(`"orderType":""`), 1),
			bytes.Replace(body, []byte(`"nonce":"0"`), []byte(`"nonce":"00"`), 1),
			bytes.ToUpper(body),
			bytes.Replace(body, []byte(`"taker":"0x0000000000000000000000000000000000000000"`), []byte(`"taker":null`), 1),
			bytes.Replace(body, []byte(`"taker":"0x0000000000000000000000000000000000000000"`), []byte(`"taker":""`), 1))
	}
	return out
}

// FuzzOrderEnvelope: any POST /order body is answered 200 or 4xx, and an
// accepted one spells every signed value canonically.
func FuzzOrderEnvelope(f *testing.F) {
	n := newFuzzNet(f)
	for _, s := range orderSeeds(f, n.c) {
		f.Add(s)
	}
	f.Add([]byte(`{"order":{"salt":"1e3"},"owner":""}`))
	f.Add([]byte(`[]`))
	f.Add([]byte(`{"order":null}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		status, data := n.send(t, http.MethodPost, "/order", body, n.l2(t, http.MethodPost, "/order", body))
		switch {
		case status >= 500:
			t.Fatalf("POST /order %s: %d %s", body, status, data)
		case status == 200:
			acceptedOrderIsCanonical(t, body)
		}
	})
}

// FuzzOrderBatch: any POST /orders body is answered 200 or 4xx, and each
// accepted element spells its signed values canonically.
func FuzzOrderBatch(f *testing.F) {
	n := newFuzzNet(f)
	seeds := orderSeeds(f, n.c)
	f.Add([]byte("[" + string(seeds[0]) + "," + string(seeds[0]) + "]"))
	f.Add([]byte("[" + string(seeds[1]) + "," + string(seeds[8]) + "," + string(seeds[9]) + "]"))
	f.Add([]byte(`[{}]`))
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		status, data := n.send(t, http.MethodPost, "/orders", body, n.l2(t, http.MethodPost, "/orders", body))
		if status >= 500 {
			t.Fatalf("POST /orders %s: %d %s", body, status, data)
		}
		var elems []json.RawMessage
		var answers []clobapi.OrderResponse
		if status != 200 || json.Unmarshal(body, &elems) != nil || json.Unmarshal(data, &answers) != nil {
			return
		}
		for i, a := range answers {
			if a.Success && i < len(elems) {
				acceptedOrderIsCanonical(t, elems[i])
			}
		}
	})
}

// FuzzL1Headers: an L1 header set, once used, is never accepted again
// however it is re-spelled, and no L1 header is a 5xx.
func FuzzL1Headers(f *testing.F) {
	n := newFuzzNet(f)
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	used, err := n.c.L1Headers(ts, "0")
	if err != nil {
		f.Fatal(err)
	}
	if status, data := n.send(f, http.MethodPost, "/auth/api-key", nil, used); status != 200 {
		f.Fatalf("first use of the L1 headers: %d %s", status, data)
	}
	addr, sig := used.Get(clobapi.HeaderAddress), used.Get(clobapi.HeaderSignature)
	for _, v := range []string{"0", "00", "000", "+0", "0000000000", " 0", "0x0"} {
		f.Add(addr, ts, v, sig, "")
	}
	for _, v := range []string{"0" + ts, "+" + ts, ts + ".0", "1e9"} {
		f.Add(addr, v, "0", sig, "")
	}
	f.Add(strings.ToLower(addr), ts, "0", sig, "")
	f.Add(addr, ts, "0", sig, "scope")
	f.Fuzz(func(t *testing.T, address, timestamp, nonce, signature, scope string) {
		h := http.Header{}
		for k, v := range map[string]string{clobapi.HeaderAddress: address, clobapi.HeaderTimestamp: timestamp,
			clobapi.HeaderNonce: nonce, clobapi.HeaderSignature: signature, clobapi.HeaderScopeID: scope} {
			if v != "" {
				h[k] = []string{v}
			}
		}
		status, data := n.send(t, http.MethodPost, "/auth/api-key", nil, h)
		if status < 400 || status >= 500 {
			t.Fatalf("L1 %v: %d %s; a used or forged L1 header set must be refused with a 4xx", h, status, data)
		}
	})
}

// FuzzL2Headers: no L2 header is a 5xx, and a request is accepted only
// with the canonical timestamp spelling.
func FuzzL2Headers(f *testing.F) {
	n := newFuzzNet(f)
	creds, _ := n.c.Creds()
	valid := l2Headers(f, n.c, http.MethodGet, "/orders", nil)
	f.Add(creds.APIKey, creds.Passphrase, valid.Get(clobapi.HeaderSignature), valid.Get(clobapi.HeaderTimestamp))
	f.Add(strings.ToUpper(creds.APIKey), creds.Passphrase, valid.Get(clobapi.HeaderSignature), valid.Get(clobapi.HeaderTimestamp))
	f.Add(creds.APIKey, creds.Passphrase, valid.Get(clobapi.HeaderSignature), "+"+valid.Get(clobapi.HeaderTimestamp))
	f.Add(creds.APIKey, "", "", "")
	f.Add("not-a-key", "x", "y", "z")
	f.Fuzz(func(t *testing.T, apiKey, passphrase, signature, timestamp string) {
		h := http.Header{}
		for k, v := range map[string]string{clobapi.HeaderAPIKey: apiKey, clobapi.HeaderPassphrase: passphrase,
			clobapi.HeaderSignature: signature, clobapi.HeaderTimestamp: timestamp} {
			if v != "" {
				h[k] = []string{v}
			}
		}
		status, data := n.send(t, http.MethodGet, "/orders", nil, h)
		switch {
		case status >= 500:
			t.Fatalf("L2 %v: %d %s", h, status, data)
		case status == 200 && (!canonical.MatchString(timestamp) || apiKey != creds.APIKey):
			t.Fatalf("L2 accepted timestamp %q, key %q", timestamp, apiKey)
		}
	})
}
