package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"pred.dev/gateway-gamma/catalog"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/errcode"
)

var day = time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC)

// seedCatalogue writes events 1..n with two markets each, a game and a
// profile straight to the store, and waits for every replica.
func seedCatalogue(h *harness, n int) {
	h.t.Helper()
	ctx := context.Background()
	s := h.store()
	for i := 1; i <= n; i++ {
		eid, err := s.NextID(ctx, "event")
		if err != nil {
			h.t.Fatal(err)
		}
		slug := fmt.Sprintf("event-%d", i)
		if err := s.ReserveSlug(ctx, "event", slug, eid); err != nil {
			h.t.Fatal(err)
		}
		if _, err := s.CreateEvent(ctx, &catalog.EventRecord{ID: eid, Title: fmt.Sprintf("Event %d", i), Slug: slug,
			EventType: "standard", Category: []string{"weather", "politics"}[i%2], StartDate: day.Add(time.Duration(i) * time.Hour),
			EndDate: day.Add(72 * time.Hour), Active: true, Archived: i == n}); err != nil {
			h.t.Fatal(err)
		}
		for j := range 2 {
			mid, _ := s.NextID(ctx, "market")
			mslug := fmt.Sprintf("event-%d-market-%d", i, j)
			if err := s.ReserveSlug(ctx, "market", mslug, mid); err != nil {
				h.t.Fatal(err)
			}
			cond := fmt.Sprintf("0x%064x", 1000+10*i+j)
			_, err = s.CreateMarket(ctx, &catalog.MarketRecord{ID: mid, EventID: eid, Slug: mslug, Question: fmt.Sprintf("Question %d.%d?", i, j),
				QuestionID: fmt.Sprintf("0x%064x", 2000+10*i+j), ConditionID: cond, Outcomes: []string{"Yes", "No"},
				TokenIDs: [2]string{fmt.Sprint(100*i + 2*j), fmt.Sprint(100*i + 2*j + 1)}, StartDate: day, EndDate: day.Add(72 * time.Hour),
				Active: true, OrderBook: true, MinSize: 5_000_000, MaxSize: 100_000_000_000, TickSize: 10_000, FeeRateBps: 100})
			if err != nil {
				h.t.Fatal(err)
			}
		}
	}
	gid, _ := s.NextID(ctx, "game")
	if _, err := s.CreateGame(ctx, &gammaapi.Game{ID: gid, SportType: "nba", HomeTeam: gammaapi.Team{Name: "Los Angeles Lakers", Abbreviation: "LAL"},
		AwayTeam: gammaapi.Team{Name: "Boston Celtics", Abbreviation: "BOS"}, ScheduledAt: day.Add(20 * time.Hour), GameStatus: catalog.GamePreGame,
		Venue: "Crypto.com Arena", PrimaryEventID: "1", LinkedEventIDs: []string{}}); err != nil {
		h.t.Fatal(err)
	}
	rev, err := s.PutScores(ctx, &gammaapi.GameScores{FixtureID: gid, Consistency: "ok", LastFetchedAt: day, LastUpdatedAt: day, LatestStatus: "scheduled"})
	if err != nil {
		h.t.Fatal(err)
	}
	h.waitViews(rev)
}

// TestTwoReplicasAnswerTheSame: two gateways on their own connections,
// one catalogue; every read answers byte for byte the same on both.
func TestTwoReplicasAnswerTheSame(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.addGateway()
	seedCatalogue(h, 12)
	paths := []string{
		"/events", "/events?limit=3&offset=2", "/events?order=title&ascending=false", "/events?archived=true",
		"/events/keyset?limit=5", "/events/1", "/events/slug/event-12", "/markets?limit=100", "/markets/3",
		"/markets/slug/event-2-market-1", "/markets/keyset?limit=7&order=question", "/games", "/games/1", "/games/1/scores",
		"/games?sport_type=nba&keyword=lakers", "/config/sport-types", "/public-info",
		"/markets?condition_ids=" + fmt.Sprintf("0x%064x", 1011), "/markets?clob_token_ids=102",
	}
	for _, p := range paths {
		r0, b0 := h.do(0, http.MethodGet, p, nil, nil)
		r1, b1 := h.do(1, http.MethodGet, p, nil, nil)
		if r0.StatusCode != 200 || r1.StatusCode != 200 || string(b0) != string(b1) {
			t.Errorf("%s: replica 0 %d %s\nreplica 1 %d %s", p, r0.StatusCode, b0, r1.StatusCode, b1)
		}
	}
	// A write reaches the other replica through the watch.
	_, rev, err := h.store().UpdateEvent(context.Background(), "2", func(e *catalog.EventRecord) error { e.Title = "Renamed"; return nil })
	if err != nil {
		t.Fatal(err)
	}
	h.waitViews(rev)
	var e gammaapi.Event
	h.get(1, "/events/2", &e)
	if e.Title != "Renamed" {
		t.Fatalf("replica 1 still answers %q", e.Title)
	}
}

func TestCatalogueReads(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	seedCatalogue(h, 4)
	var events []gammaapi.Event
	h.get(0, "/events", &events)
	if len(events) != 3 { // event 4 is archived
		t.Fatalf("%d events", len(events))
	}
	e := events[0]
	if e.ID != "1" || len(e.Markets) != 2 || e.Markets[0].ClobTokenIDs[0] != "100" || e.Markets[0].ClobTokenIDs[1] != "101" ||
		e.Markets[0].OutcomePrices[0] != "0.5" || e.Markets[0].Outcomes[0] != "Yes" || e.Markets[0].OrderTickSize != 10_000 ||
		!e.Markets[0].AcceptingOrders {
		t.Fatalf("event 1: %+v", e)
	}
	var archived gammaapi.Event
	h.get(0, "/events/slug/event-4", &archived)
	if !archived.Archived {
		t.Fatal("event 4 is not archived")
	}
	var games []gammaapi.Game
	for q, n := range map[string]int{"": 1, "?status=live": 0, "?date=2026-11-21": 1, "?date=2026-11-22": 0, "?keyword=BOS": 1,
		"?keyword=arena&page=1&page_size=5": 1, "?page=2": 0, "?limit=1&offset=0": 1} {
		h.get(0, "/games"+q, &games)
		if len(games) != n {
			t.Errorf("/games%s: %d games, want %d", q, len(games), n)
		}
	}
	var sc gammaapi.GameScores
	h.get(0, "/games/1/scores", &sc)
	if sc.FixtureID != "1" || sc.Consistency != "ok" {
		t.Fatalf("scores %+v", sc)
	}
}

// TestEventsKeysetOverHTTP walks /events/keyset to its end.
func TestEventsKeysetOverHTTP(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	seedCatalogue(h, 23)
	seen := map[string]bool{}
	cursor := ""
	for pages := 0; ; pages++ {
		if pages > 30 {
			t.Fatal("the cursor does not advance")
		}
		var page struct {
			Events     []gammaapi.Event `json:"events"`
			NextCursor string           `json:"next_cursor"`
		}
		h.get(0, "/events/keyset?limit=4&order=startDate&ascending=false&after_cursor="+url.QueryEscape(cursor), &page)
		for _, e := range page.Events {
			if seen[e.ID] {
				t.Fatalf("event %s twice", e.ID)
			}
			seen[e.ID] = true
		}
		if page.NextCursor == "" {
			break
		}
		cursor = page.NextCursor
	}
	if len(seen) != 22 {
		t.Fatalf("walked %d events, want 22", len(seen))
	}
}

// TestBadQueriesAreRefused: every malformed input is a 4xx with a stable
// code, and unknown names are named.
func TestBadQueriesAreRefused(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	seedCatalogue(h, 3)
	for path, code := range map[string]errcode.Code{
		"/events?limit=101":                   errcode.InvalidLimit,
		"/events?offset=x":                    errcode.InvalidOffset,
		"/events?related_tags=true":           errcode.UnknownParameter,
		"/events?order=start_date":            errcode.InvalidSortKey,
		"/events/keyset?offset=1":             errcode.UnknownParameter,
		"/events/keyset?after_cursor=garbage": errcode.InvalidCursor,
		"/markets?limit=1000":                 errcode.InvalidLimit,
		"/markets?condition_ids=0x1":          errcode.InvalidMarketID,
		"/events/abc":                         errcode.InvalidID,
		"/events/0":                           errcode.InvalidID,
		"/events/999":                         errcode.EventNotFound,
		"/events/slug/No_Such":                errcode.InvalidSlug,
		"/events/slug/no-such":                errcode.EventNotFound,
		"/markets/999":                        errcode.MarketNotFound,
		"/games/999":                          errcode.GameNotFound,
		"/games/999/scores":                   errcode.GameNotFound,
		"/games?sport_type=curling":           errcode.InvalidParameter,
		"/games?page=1&offset=3":              errcode.InvalidParameter,
		"/profiles/user_address/0x12":         errcode.InvalidAddress,
		"/profiles/user_address/0x" + strings.Repeat("ab", 20): errcode.ProfileNotFound,
		// One spelling of a number, a query that parses, each parameter once.
		"/events?limit=+5":                    errcode.InvalidLimit,
		"/events?limit=05":                    errcode.InvalidLimit,
		"/markets?offset=+5":                  errcode.InvalidOffset,
		"/games?page=+5":                      errcode.InvalidOffset,
		"/games?page_size=+5":                 errcode.InvalidLimit,
		"/events?limit=%zz":                   errcode.MalformedURL,
		"/events?limit=5;offset=1":            errcode.MalformedURL,
		"/events?limit=1&limit=2":             errcode.DuplicateParameter,
		"/events/keyset?order=id&order=id":    errcode.DuplicateParameter,
		"/auth/nonce?address=0x1&address=0x1": errcode.DuplicateParameter,
	} {
		resp, data := h.do(0, http.MethodGet, path, nil, nil)
		if resp.StatusCode != code.Status() || errorCode(t, data) != string(code) {
			t.Errorf("%s: %d %s, want %s", path, resp.StatusCode, data, string(code))
		}
	}
	resp, data := h.do(0, http.MethodGet, "/events?related_tags=true", nil, nil)
	if resp.StatusCode != 400 || !strings.Contains(string(data), "related_tags") {
		t.Errorf("the message does not name the parameter: %s", data)
	}
	// The list filters repeat (id=1&id=2 is id=1,2).
	var events []json.RawMessage
	h.get(0, "/events?id=1&id=2&limit=5", &events)
	if len(events) != 2 {
		t.Errorf("id=1&id=2: %d events", len(events))
	}
}

// TestAmbiguousHeaders: a bearer token or operator key given twice is
// refused, where the first one used to be taken.
func TestAmbiguousHeaders(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	tok := h.login(0, newKey(t))
	for name, hdr := range map[string]http.Header{
		"Authorization twice":     {"Authorization": {"Bearer " + tok, "Bearer " + tok}},
		"PRED_OPERATOR_KEY twice": {"PRED_OPERATOR_KEY": {testOperatorKey, testOperatorKey}, "Content-Type": {"application/json"}},
	} {
		resp, data := h.do(0, http.MethodPost, "/profiles", []byte(`{"name":"x"}`), hdr)
		expectCode(t, name, resp, data, errcode.DuplicateHeader)
	}
	resp, data := h.do(0, http.MethodPost, "/profiles", []byte(`{"name":"x"}`), http.Header{"Authorization": {"Bearer " + tok}})
	if resp.StatusCode != 200 {
		t.Fatalf("the control, one bearer token: %d %s", resp.StatusCode, data)
	}
}

// TestMetrics: /metrics serves the HTTP and catalogue metrics.
func TestMetrics(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	seedCatalogue(h, 1)
	h.do(0, http.MethodGet, "/events", nil, nil)
	resp, data := h.do(0, http.MethodGet, "/metrics", nil, nil)
	for _, want := range []string{`gamma_http_requests_total{method="GET",route="/events",status="200"} 1`,
		"gamma_catalog_revision", "gamma_stats_evt_seq", "gamma_http_request_duration_seconds_bucket"} {
		if resp.StatusCode != 200 || !strings.Contains(string(data), want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
}
