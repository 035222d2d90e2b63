package server_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"pred.dev/proto/errcode"
)

// endpointError is one request and the code it must be refused with.
type endpointError struct {
	method, path, body string
	code               errcode.Code
}

// TestEndpointErrors: each catalogue and operator endpoint refuses a
// malformed id, an unknown one and a malformed body with the codes its
// document lists. The harness's validator checks each answer against the
// document, which so must list that code for that operation (with
// -rewrite-examples the answers become the document's examples).
func TestEndpointErrors(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	const bad, unknown = "abc", "999999"
	cases := []endpointError{
		{"GET", "/markets/" + bad, "", errcode.InvalidID},
		{"GET", "/markets/slug/No_Such", "", errcode.InvalidSlug},
		{"GET", "/markets/slug/no-such-market", "", errcode.MarketNotFound},
		{"GET", "/markets/keyset?after_cursor=zz", "", errcode.InvalidCursor},
		{"GET", "/games/" + bad, "", errcode.InvalidID},
		{"GET", "/games/" + bad + "/scores", "", errcode.InvalidID},
		{"GET", "/events?end_date_min=soon", "", errcode.InvalidDate},
		{"GET", "/events/keyset?start_date_max=soon", "", errcode.InvalidDate},
		{"GET", "/markets?end_date_max=soon", "", errcode.InvalidDate},
		{"GET", "/markets/keyset?start_date_min=soon", "", errcode.InvalidDate},
	}
	for _, p := range []string{"PATCH /admin/events/", "PATCH /admin/markets/", "PATCH /admin/games/", "PUT /admin/games/%/scores",
		"POST /admin/markets/%/close", "POST /admin/markets/%/propose", "POST /admin/markets/%/challenge",
		"POST /admin/markets/%/arbitrate", "POST /admin/markets/%/cancel"} {
		method, path, _ := strings.Cut(p, " ")
		body := "{}"
		switch {
		case path == "/admin/markets/%/propose" || path == "/admin/markets/%/arbitrate":
			body = `{"payoutVector":[1,0]}`
		case path == "/admin/markets/%/challenge":
			body = `{"reason":"the source says otherwise"}`
		case path == "/admin/games/%/scores":
			body = `{"consistency":"ok","lastFetchedAt":"2026-11-21T18:00:00Z","lastUpdatedAt":"2026-11-21T18:00:00Z","latestStatus":"live"}`
		}
		notFound := errcode.MarketNotFound
		switch {
		case path == "/admin/events/":
			notFound = errcode.EventNotFound
		case path == "/admin/games/" || path == "/admin/games/%/scores":
			notFound = errcode.GameNotFound
		}
		cases = append(cases,
			endpointError{method, idPath(path, bad), body, errcode.InvalidID},
			endpointError{method, idPath(path, unknown), body, notFound},
			endpointError{method, idPath(path, unknown), "{", errcode.InvalidPayload})
	}
	cases = append(cases,
		endpointError{"POST", "/admin/events", "{", errcode.InvalidPayload},
		endpointError{"POST", "/admin/markets", "{", errcode.InvalidPayload},
		endpointError{"POST", "/admin/games", "{", errcode.InvalidPayload},
	)
	game, _ := json.Marshal(gameBody(unknown, nil, day))
	unscheduled := gameBody(unknown, nil, day)
	delete(unscheduled, "scheduledAt")
	noDate, _ := json.Marshal(unscheduled)
	cases = append(cases, endpointError{"POST", "/admin/games", string(game), errcode.EventNotFound},
		endpointError{"POST", "/admin/games", string(noDate), errcode.InvalidDate})
	var a struct{ ID string }
	h.mustAdmin(http.MethodPost, "/admin/events", eventBody("endpoint-errors", false), &a)
	// Without an engine a market cannot be created.
	market, _ := json.Marshal(map[string]any{"eventId": a.ID, "slug": "endpoint-errors-market", "question": "Q?"})
	cases = append(cases, endpointError{"POST", "/admin/markets", string(market), errcode.EngineUnavailable})
	checkEndpointErrors(t, h, cases)

	// With one, it is, and closing it twice is no error.
	h.startEngine()
	m := h.createMarket(a.ID, "endpoint-errors-market", nil)
	h.mustAdmin(http.MethodPost, "/admin/markets/"+m.ID+"/close", map[string]any{}, nil)
	h.mustAdmin(http.MethodPost, "/admin/markets/"+m.ID+"/close", map[string]any{}, nil)
	for _, probe := range []string{"/livez", "/readyz"} {
		if resp, data := h.do(0, http.MethodGet, probe, nil, nil); resp.StatusCode != http.StatusOK {
			t.Errorf("GET %s: %d %s", probe, resp.StatusCode, data)
		}
	}
}

// checkEndpointErrors sends each request as the operator and checks its
// code.
func checkEndpointErrors(t *testing.T, h *harness, cases []endpointError) {
	t.Helper()
	for _, c := range cases {
		hdr := operatorHeader()
		hdr.Set("Content-Type", "application/json")
		var body []byte
		if c.body != "" {
			body = []byte(c.body)
		}
		resp, data := h.do(0, c.method, c.path, body, hdr)
		if resp.StatusCode != c.code.Status() || errorCode(t, data) != string(c.code) {
			t.Errorf("%s %s %s: %d %s, want %d %s", c.method, c.path, c.body, resp.StatusCode, data, c.code.Status(), c.code)
		}
	}
}

// idPath puts id in path: at % or at its end.
func idPath(path, id string) string {
	if before, after, ok := strings.Cut(path, "%"); ok {
		return before + id + after
	}
	return path + id
}
