package apitest_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"pred.dev/gateway-clob/apitest"
	rtapitest "pred.dev/proto/runtime/apitest"
)

// reply is a canned answer of the stub gateway.
type reply struct {
	status      int
	contentType string
	body        string
}

// stub answers every request with reply and records the request's body.
func stub(t *testing.T, rep reply, gotBody *string) *httptest.Server {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		*gotBody = string(b)
		w.Header().Set("Content-Type", rep.contentType)
		w.WriteHeader(rep.status)
		_, _ = io.WriteString(w, rep.body)
	}))
	t.Cleanup(ts.Close)
	return ts
}

const (
	jsonCT    = "application/json"
	notFound  = `{"error":"not found","code":"NOT_FOUND"}`
	badMethod = `{"error":"method not allowed","code":"METHOD_NOT_ALLOWED"}`
	faucetOK  = `{"address":"0x00000000000000000000000000000000000000aa","amount":"1","balance":"1"}`
)

func TestValidator(t *testing.T) {
	for _, tc := range []struct {
		name, method, path, body string
		checkRequests            bool
		rep                      reply
		want                     string // a substring of the one report; "" for none
	}{
		{"valid", "GET", "/time", "", false, reply{200, jsonCT, "1700000000"}, ""},
		{"invalid response", "GET", "/time", "", false, reply{200, jsonCT, `"noon"`}, "GET /time 200 OK: response does not match the document"},
		{"undocumented status", "GET", "/time", "", false, reply{418, jsonCT, notFound}, "response does not match the document"},
		{"text", "GET", "/ok", "", false, reply{200, "text/plain; charset=UTF-8", "OK"}, ""},
		{"yaml", "GET", "/openapi.yaml", "", false, reply{200, "application/yaml", string(apitest.Spec().Document())}, ""},
		{"unknown path, 404", "GET", "/no/such", "", false, reply{404, jsonCT, notFound}, ""},
		{"unknown path, other 404", "GET", "/no/such", "", false, reply{404, jsonCT, `{"error":"x","code":"INVALID_JSON"}`}, "GET /no/such 404 Not Found: no documented route"},
		{"unknown path, 200", "GET", "/no/such", "", false, reply{200, jsonCT, `{}`}, "no documented route"},
		{"unknown path, 405", "GET", "/no/such", "", false, reply{405, jsonCT, badMethod}, "no documented route"},
		{"unknown method, 405", "PUT", "/order", "", false, reply{405, jsonCT, badMethod}, ""},
		{"unknown method, 404", "PUT", "/order", "", false, reply{404, jsonCT, notFound}, ""},
		{"unknown method, other 405", "PUT", "/order", "", false, reply{405, jsonCT, notFound}, "no documented route"},
		{"valid request", "POST", "/faucet", `{"address":"0x00000000000000000000000000000000000000aa","amount":"1"}`, true, reply{200, jsonCT, faucetOK}, ""},
		{"invalid request, checked", "POST", "/faucet", `{"amount":"one"}`, true, reply{200, jsonCT, faucetOK}, "POST /faucet 200 OK: request does not match the document"},
		{"invalid request, unchecked", "POST", "/faucet", `{"amount":"one"}`, false, reply{200, jsonCT, faucetOK}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got string
			ts := stub(t, tc.rep, &got)
			rec := rtapitest.NewRecorder(t)
			v := apitest.Spec().New(rec)
			c := &http.Client{Transport: v.Transport(nil, tc.checkRequests)}
			req, err := http.NewRequest(tc.method, ts.URL+tc.path, strings.NewReader(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", jsonCT)
			resp, err := c.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			body, err := io.ReadAll(resp.Body)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.body || string(body) != tc.rep.body || resp.StatusCode != tc.rep.status {
				t.Errorf("the transport changed the exchange: sent %q, received %d %q", got, resp.StatusCode, body)
			}
			errs := rec.Finish()
			switch {
			case tc.want == "" && len(errs) != 0:
				t.Errorf("reported %q, want nothing", errs)
			case tc.want != "" && (len(errs) != 1 || !strings.Contains(errs[0], tc.want)):
				t.Errorf("reported %q, want one report containing %q", errs, tc.want)
			}
		})
	}
}

func TestRequireChecks(t *testing.T) {
	rec := rtapitest.NewRecorder(t)
	apitest.Spec().New(rec, rtapitest.RequireChecks())
	if errs := rec.Finish(); len(errs) != 1 || !strings.Contains(errs[0], "no response was validated") {
		t.Errorf("without traffic: %q", errs)
	}

	rec = rtapitest.NewRecorder(t)
	apitest.Spec().New(rec)
	if errs := rec.Finish(); len(errs) != 0 {
		t.Errorf("without traffic nor RequireChecks: %q", errs)
	}

	// An undocumented path's 404 is acceptable but checks nothing.
	var got string
	ts := stub(t, reply{404, jsonCT, notFound}, &got)
	rec = rtapitest.NewRecorder(t)
	v := apitest.Spec().New(rec, rtapitest.RequireChecks())
	resp, err := (&http.Client{Transport: v.Transport(nil, false)}).Get(ts.URL + "/no/such")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if errs := rec.Finish(); len(errs) != 1 || !strings.Contains(errs[0], "no response was validated") {
		t.Errorf("after an undocumented 404 only: %q", errs)
	}
}
