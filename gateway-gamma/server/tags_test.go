package server_test

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"pred.dev/gateway-gamma/internal/api"
	"pred.dev/proto/client/gamma"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/errcode"
)

func eventIDs(es []gammaapi.Event) []string {
	out := []string{}
	for _, e := range es {
		out = append(out, e.ID)
	}
	return out
}

func marketIDs(ms []gammaapi.Market) []string {
	out := []string{}
	for _, m := range ms {
		out = append(out, m.ID)
	}
	return out
}

func tagSlugs(ts []gammaapi.Tag) []string {
	out := []string{}
	for _, t := range ts {
		out = append(out, t.Slug)
	}
	return out
}

// TestTags: an operator creates tags and tags events; events carry their
// tags and markets their event's, the lists filter by them, and a change
// of a tag or of an event's tags shows at once on every market (whose
// JSON is cached).
func TestTags(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	seedCatalogue(h, 4) // events 1..4 (4 archived), markets 1..8 (two per event)
	ctx := context.Background()
	op := gamma.New(h.url(0), gamma.WithHTTPClient(h.httpClient(true)), gamma.WithOperatorKey(testOperatorKey))
	pub := gamma.New(h.url(0), gamma.WithHTTPClient(h.httpClient(true)))

	var tags []gammaapi.Tag
	for _, in := range []gammaapi.TagInput{{Label: "Weather", Slug: "weather"}, {Label: "Lisbon", Slug: "lisbon"}, {Label: "Sports", Slug: "sports"}} {
		tg, err := op.CreateTag(ctx, in)
		if err != nil || tg.Label != in.Label || tg.Slug != in.Slug || tg.CreatedAt.IsZero() {
			t.Fatalf("create %+v: %+v, %v", in, tg, err)
		}
		tags = append(tags, tg)
	}
	if _, err := op.CreateTag(ctx, gammaapi.TagInput{Label: "Again", Slug: "weather"}); !errors.Is(err, errcode.SlugTaken) {
		t.Errorf("a taken slug: %v", err)
	}
	for name, body := range map[string]map[string]any{
		"bad slug":    {"label": "X", "slug": "Not A Slug"},
		"empty label": {"label": " ", "slug": "empty"},
		"long label":  {"label": strings.Repeat("x", 65), "slug": "long"},
		"unknown key": {"label": "X", "slug": "x", "color": "red"},
	} {
		resp, data := h.admin(http.MethodPost, "/admin/tags", body, nil)
		if resp.StatusCode != 400 {
			t.Errorf("%s: %d %s", name, resp.StatusCode, data)
		}
	}

	weather, lisbon := tags[0].ID, tags[1].ID
	if _, err := op.UpdateEvent(ctx, "1", gammaapi.EventPatch{TagIDs: &[]string{weather, lisbon}}); err != nil {
		t.Fatal(err)
	}
	if _, err := op.UpdateEvent(ctx, "2", gammaapi.EventPatch{TagIDs: &[]string{lisbon}}); err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]struct {
		ids  []string
		code errcode.Code
	}{
		"unknown tag": {[]string{"99"}, errcode.TagNotFound},
		"twice":       {[]string{weather, weather}, errcode.InvalidPayload},
		"not an id":   {[]string{"x"}, errcode.InvalidID},
	} {
		resp, data := h.admin(http.MethodPatch, "/admin/events/3", map[string]any{"tagIds": c.ids}, nil)
		expectCode(t, name, resp, data, c.code)
	}

	// The tags themselves.
	if all, err := pub.Tags(ctx, nil); err != nil || !slices.Equal(tagSlugs(all), []string{"weather", "lisbon", "sports"}) {
		t.Errorf("GET /tags: %+v, %v", all, err)
	}
	if page, err := pub.Tags(ctx, url.Values{"limit": {"1"}, "offset": {"1"}}); err != nil || !slices.Equal(tagSlugs(page), []string{"lisbon"}) {
		t.Errorf("GET /tags page: %+v, %v", page, err)
	}
	if tg, err := pub.Tag(ctx, lisbon); err != nil || tg != tags[1] {
		t.Errorf("GET /tags/%s: %+v, %v", lisbon, tg, err)
	}
	if tg, err := pub.TagBySlug(ctx, "weather"); err != nil || tg != tags[0] {
		t.Errorf("GET /tags/slug/weather: %+v, %v", tg, err)
	}
	for path, code := range map[string]errcode.Code{
		"/tags/99": errcode.TagNotFound, "/tags/slug/nope": errcode.TagNotFound, "/tags/x": errcode.InvalidID,
		"/tags?order=label": errcode.UnknownParameter, "/tags?limit=101": errcode.InvalidLimit, "/tags?offset=-1": errcode.InvalidOffset,
		"/tags?limit=1&limit=2": errcode.DuplicateParameter,
	} {
		resp, data := h.do(0, http.MethodGet, path, nil, nil)
		expectCode(t, path, resp, data, code)
	}

	// Events carry their tags, markets their event's.
	ev, err := pub.Event(ctx, "1")
	if err != nil || !slices.Equal(tagSlugs(ev.Tags), []string{"weather", "lisbon"}) || len(ev.Markets) != 2 ||
		!slices.Equal(tagSlugs(ev.Markets[0].Tags), []string{"weather", "lisbon"}) {
		t.Fatalf("event 1: %+v, %v", ev, err)
	}
	if m, err := pub.Market(ctx, "3"); err != nil || !slices.Equal(tagSlugs(m.Tags), []string{"lisbon"}) {
		t.Errorf("market 3 (event 2): %+v, %v", m.Tags, err)
	}
	if m, err := pub.Market(ctx, "5"); err != nil || m.Tags == nil || len(m.Tags) != 0 {
		t.Errorf("market 5 (an untagged event): %+v, %v", m.Tags, err)
	}

	// The filters.
	for q, want := range map[string][]string{
		"tag_id=" + lisbon: {"1", "2"},
		"tag_slug=weather": {"1"},
		"tag_id=" + lisbon + "&exclude_tag_id=" + weather: {"2"},
		"exclude_tag_id=" + weather + "," + lisbon:        {"3"},
		"tag_slug=no-such-tag":                            {},
		"tag_id=99":                                       {},
		"tag_id=" + lisbon + "&tag_slug=weather":          {"1"},
	} {
		var es []gammaapi.Event
		h.get(0, "/events?"+q, &es)
		if got := eventIDs(es); !slices.Equal(got, want) {
			t.Errorf("events?%s: %v, want %v", q, got, want)
		}
	}
	for q, want := range map[string][]string{
		"tag_id=" + lisbon:                          {"1", "2", "3", "4"},
		"tag_slug=weather&order=id&ascending=false": {"2", "1"},
		"exclude_tag_id=" + lisbon:                  {"5", "6", "7", "8"},
	} {
		var ms []gammaapi.Market
		h.get(0, "/markets?"+q, &ms)
		if got := marketIDs(ms); !slices.Equal(got, want) {
			t.Errorf("markets?%s: %v, want %v", q, got, want)
		}
	}
	all, err := pub.AllMarkets(ctx, url.Values{"tag_slug": {"lisbon"}, "limit": {"3"}})
	if err != nil || !slices.Equal(marketIDs(all), []string{"1", "2", "3", "4"}) {
		t.Errorf("the keyset walk of lisbon markets: %v, %v", marketIDs(all), err)
	}
	page, err := pub.EventsPage(ctx, url.Values{"tag_id": {lisbon}, "limit": {"1"}}, "")
	if err != nil || len(page.Events) != 1 || page.NextCursor == "" {
		t.Fatalf("keyset page: %+v, %v", page, err)
	}
	for path, code := range map[string]errcode.Code{
		"/events/keyset?tag_id=" + weather + "&limit=1&after_cursor=" + page.NextCursor: errcode.InvalidCursor,
		"/events?tag_id=x":           errcode.InvalidID,
		"/events?tag_slug=Bad_Slug":  errcode.InvalidSlug,
		"/markets?tag_id=1&tag_id=2": errcode.DuplicateParameter,
		"/markets?exclude_tag_id=0":  errcode.InvalidID,
		"/markets?related_tags=true": errcode.UnknownParameter,
	} {
		resp, data := h.do(0, http.MethodGet, path, nil, nil)
		expectCode(t, path, resp, data, code)
	}

	// A renamed tag and a changed event show on the (cached) markets.
	if _, err := op.UpdateTag(ctx, weather, gammaapi.TagPatch{Label: ptr("Rain")}); err != nil {
		t.Fatal(err)
	}
	if m, err := pub.Market(ctx, "1"); err != nil || len(m.Tags) != 2 || m.Tags[0].Label != "Rain" || m.Tags[0].Slug != "weather" {
		t.Errorf("market 1 after the rename: %+v, %v", m.Tags, err)
	}
	var es []gammaapi.Event
	h.get(0, "/events?tag_slug=weather", &es)
	if len(es) != 1 || es[0].Tags[0].Label != "Rain" || es[0].Markets[1].Tags[0].Label != "Rain" {
		t.Errorf("event 1 after the rename: %+v", es)
	}
	if _, err := op.UpdateEvent(ctx, "1", gammaapi.EventPatch{TagIDs: &[]string{}}); err != nil {
		t.Fatal(err)
	}
	if m, err := pub.Market(ctx, "1"); err != nil || len(m.Tags) != 0 {
		t.Errorf("market 1 after its event lost its tags: %+v, %v", m.Tags, err)
	}
	if _, err := op.UpdateTag(ctx, "99", gammaapi.TagPatch{Label: ptr("x")}); !errors.Is(err, errcode.TagNotFound) {
		t.Errorf("renaming an unknown tag: %v", err)
	}
}

// TestSearch: /public-search finds events, markets, tags and teams by
// every word of q, pages each kind alike and refuses malformed queries.
func TestSearch(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	seedCatalogue(h, 4)
	ctx := context.Background()
	op := gamma.New(h.url(0), gamma.WithHTTPClient(h.httpClient(true)), gamma.WithOperatorKey(testOperatorKey))
	pub := gamma.New(h.url(0), gamma.WithHTTPClient(h.httpClient(true)))
	lisbon, err := op.CreateTag(ctx, gammaapi.TagInput{Label: "Lisbon", Slug: "lisbon"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := op.UpdateEvent(ctx, "2", gammaapi.EventPatch{TagIDs: &[]string{lisbon.ID}}); err != nil {
		t.Fatal(err)
	}
	// A second game of the Lakers, away.
	if _, err := op.CreateGame(ctx, gammaapi.GameInput{SportType: "nba", HomeTeam: gammaapi.Team{Name: "Golden State Warriors", Abbreviation: "GSW"},
		AwayTeam: gammaapi.Team{Name: "Los Angeles Lakers", Abbreviation: "LAL"}, ScheduledAt: day.Add(48 * 3600e9)}); err != nil {
		t.Fatal(err)
	}

	r, err := pub.Search(ctx, "lisbon", gamma.SearchParams{})
	if err != nil || !slices.Equal(eventIDs(r.Events), []string{"2"}) || len(r.Markets) != 0 || !slices.Equal(tagSlugs(r.Tags), []string{"lisbon"}) ||
		len(r.Teams) != 0 || r.Pagination.TotalResults != 2 || r.Pagination.HasMore {
		t.Errorf("lisbon: %+v, %v", r, err)
	}
	if len(r.Events) == 1 && (len(r.Events[0].Markets) != 2 || !slices.Equal(tagSlugs(r.Events[0].Tags), []string{"lisbon"})) {
		t.Errorf("a found event is rendered whole: %+v", r.Events[0])
	}
	r, err = pub.Search(ctx, "lal", gamma.SearchParams{})
	want := []gammaapi.SearchTeam{{Name: "Los Angeles Lakers", Abbreviation: "LAL", SportType: "nba", GameIDs: []string{"1", "2"}}}
	if err != nil || len(r.Teams) != 1 || r.Teams[0].Name != want[0].Name || !slices.Equal(r.Teams[0].GameIDs, want[0].GameIDs) || r.Teams[0].SportType != "nba" {
		t.Errorf("lal: %+v, %v", r.Teams, err)
	}
	if r, err := pub.Search(ctx, "  BOSTON   celtics ", gamma.SearchParams{}); err != nil || len(r.Teams) != 1 || r.Teams[0].Abbreviation != "BOS" {
		t.Errorf("boston celtics: %+v, %v", r.Teams, err)
	}
	if r, err := pub.Search(ctx, "celtics lakers", gamma.SearchParams{}); err != nil || len(r.Teams) != 0 || r.Pagination.TotalResults != 0 {
		t.Errorf("no one team is both: %+v, %v", r, err)
	}
	if r, err := pub.Search(ctx, "question 3.1", gamma.SearchParams{}); err != nil || !slices.Equal(marketIDs(r.Markets), []string{"6"}) {
		t.Errorf("a market by its question: %v, %v", marketIDs(r.Markets), err)
	}

	// "event" is in events 1..3 (4 is archived) and every market's slug.
	p1, err := pub.Search(ctx, "event", gamma.SearchParams{LimitPerType: 2})
	if err != nil || !slices.Equal(eventIDs(p1.Events), []string{"1", "2"}) || !slices.Equal(marketIDs(p1.Markets), []string{"1", "2"}) ||
		!p1.Pagination.HasMore || p1.Pagination.TotalResults != 11 {
		t.Errorf("page 1: events %v markets %v %+v, %v", eventIDs(p1.Events), marketIDs(p1.Markets), p1.Pagination, err)
	}
	p2, err := pub.Search(ctx, "event", gamma.SearchParams{LimitPerType: 2, Page: 2})
	if err != nil || !slices.Equal(eventIDs(p2.Events), []string{"3"}) || !slices.Equal(marketIDs(p2.Markets), []string{"3", "4"}) || !p2.Pagination.HasMore {
		t.Errorf("page 2: events %v markets %v %+v, %v", eventIDs(p2.Events), marketIDs(p2.Markets), p2.Pagination, err)
	}
	p4, err := pub.Search(ctx, "event", gamma.SearchParams{LimitPerType: 2, Page: 4})
	if err != nil || len(p4.Events) != 0 || !slices.Equal(marketIDs(p4.Markets), []string{"7", "8"}) || p4.Pagination.HasMore {
		t.Errorf("page 4: events %v markets %v %+v, %v", eventIDs(p4.Events), marketIDs(p4.Markets), p4.Pagination, err)
	}

	long := strings.Repeat("x", api.SearchQueryBytesMax+1)
	words := strings.Repeat("a ", api.SearchTermsMax+1)
	for path, code := range map[string]errcode.Code{
		"/public-search":                                 errcode.InvalidParameter,
		"/public-search?q=":                              errcode.InvalidParameter,
		"/public-search?q=%20%20":                        errcode.InvalidParameter,
		"/public-search?q=" + long:                       errcode.InvalidParameter,
		"/public-search?q=" + url.QueryEscape(words):     errcode.InvalidParameter,
		"/public-search?q=a%00b":                         errcode.InvalidParameter,
		"/public-search?q=a&q=b":                         errcode.DuplicateParameter,
		"/public-search?q=a&limit_per_type=51":           errcode.InvalidLimit,
		"/public-search?q=a&limit_per_type=0":            errcode.InvalidLimit,
		"/public-search?q=a&page=0":                      errcode.InvalidOffset,
		"/public-search?q=a&page=2002&limit_per_type=50": errcode.InvalidOffset,
		"/public-search?q=a&events_status=active":        errcode.UnknownParameter,
	} {
		resp, data := h.do(0, http.MethodGet, path, nil, nil)
		expectCode(t, path, resp, data, code)
	}
}
