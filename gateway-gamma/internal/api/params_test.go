package api

import (
	"encoding/json"
	"errors"
	"net/url"
	"strings"
	"testing"

	"pred.dev/gateway-gamma/catalog"
	"pred.dev/proto/errcode"
)

// listParams parses a query that must be accepted.
func listParams(t *testing.T, kind catalog.Kind, query string, keyset bool) *catalog.ListParams {
	t.Helper()
	q, err := url.ParseQuery(query)
	if err != nil {
		t.Fatal(err)
	}
	p, err := parseList(kind, q, keyset)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return p
}

func TestParseListRefusesBadInput(t *testing.T) {
	t.Parallel()
	for q, code := range map[string]errcode.Code{
		"limit=101":              errcode.InvalidLimit,
		"limit=0":                errcode.InvalidLimit,
		"limit=ten":              errcode.InvalidLimit,
		"limit=1&limit=2":        errcode.InvalidLimit,
		"offset=-1":              errcode.InvalidOffset,
		"offset=100001":          errcode.InvalidOffset,
		"order=start_date":       errcode.InvalidSortKey,
		"order=volume,id":        errcode.InvalidSortKey,
		"sort=id":                errcode.UnknownParameter,
		"related_tags=true":      errcode.UnknownParameter,
		"tag_id=x":               errcode.InvalidID,
		"tag_id=1&tag_id=2":      errcode.InvalidParameter,
		"tag_slug=Not_A_Slug":    errcode.InvalidSlug,
		"exclude_tag_id=1,0":     errcode.InvalidID,
		"active=yes":             errcode.InvalidParameter,
		"start_date_min=today":   errcode.InvalidDate,
		"id=abc":                 errcode.InvalidID,
		"id=01":                  errcode.InvalidID,
		"slug=Not_A_Slug":        errcode.InvalidSlug,
		"volume_min=-1":          errcode.InvalidParameter,
		"volume_min=1.0000001":   errcode.InvalidParameter,
		"condition_ids=0x12":     errcode.UnknownParameter, // an event list has no condition ids
		"after_cursor=xyz":       errcode.UnknownParameter, // only on the keyset endpoint
		"ascending=true&order=x": errcode.InvalidSortKey,
	} {
		vals, _ := url.ParseQuery(q)
		_, err := parseList(catalog.KindEvents, vals, false)
		if !errors.Is(err, code) {
			t.Errorf("%s: %v, want %s", q, err, string(code))
			continue
		}
		if name := strings.SplitN(q, "=", 2)[0]; code == errcode.UnknownParameter && !strings.Contains(err.Error(), name) {
			t.Errorf("%s: the message %q does not name %s", q, err, name)
		}
	}
	for q, code := range map[string]errcode.Code{
		"offset=3":                       errcode.UnknownParameter,
		"after_cursor=!!":                errcode.InvalidCursor,
		"condition_ids=0x12":             errcode.InvalidMarketID,
		"clob_token_ids=12a":             errcode.InvalidTokenID,
		"after_cursor=" + fakeCursor(""): errcode.InvalidCursor,
	} {
		vals, _ := url.ParseQuery(q)
		if _, err := parseList(catalog.KindMarkets, vals, true); !errors.Is(err, code) {
			t.Errorf("markets keyset %s: %v, want %s", q, err, string(code))
		}
	}
}

// fakeCursor is a well-formed cursor of some other query.
func fakeCursor(string) string {
	return (&catalog.Cursor{ID: "5", Query: "0123456789abcdef"}).Encode()
}

// TestCursorOfAnotherQueryIsRefused: a cursor carries its query's hash.
func TestCursorOfAnotherQueryIsRefused(t *testing.T) {
	t.Parallel()
	p := listParams(t, catalog.KindEvents, "order=volume&category=odd", true)
	c := (&catalog.Cursor{ID: "3", Query: p.QueryHash()}).Encode()
	listParams(t, catalog.KindEvents, "order=volume&category=odd&limit=5&after_cursor="+c, true)
	vals, _ := url.ParseQuery("order=volume&category=even&after_cursor=" + c)
	if _, err := parseList(catalog.KindEvents, vals, true); !errors.Is(err, errcode.InvalidCursor) {
		t.Fatalf("another query's cursor: %v", err)
	}
}

// TestTagFiltersBindCursors: the tag filters are part of a cursor's
// query, and a query without them hashes without them, as it did before
// tags, so a cursor issued by an older replica stays valid.
func TestTagFiltersBindCursors(t *testing.T) {
	t.Parallel()
	p := listParams(t, catalog.KindMarkets, "tag_id=3", true)
	c := (&catalog.Cursor{ID: "3", Query: p.QueryHash()}).Encode()
	for _, other := range []string{"tag_id=4", "tag_slug=nba", "exclude_tag_id=3", ""} {
		vals, _ := url.ParseQuery(other + "&after_cursor=" + c)
		if _, err := parseList(catalog.KindMarkets, vals, true); !errors.Is(err, errcode.InvalidCursor) {
			t.Errorf("the cursor of tag_id=3 with %q: %v", other, err)
		}
	}
	b, err := json.Marshal(listParams(t, catalog.KindMarkets, "order=volume&active=true", true))
	if err != nil || strings.Contains(string(b), "Tag") {
		t.Errorf("a query without tag filters hashes %s, %v", b, err)
	}
}

func TestParseGames(t *testing.T) {
	t.Parallel()
	sports := []string{"nba", "soccer"}
	ok := map[string][2]int{
		"":                    {PageSizeDefault, 0},
		"page=3&page_size=10": {10, 20},
		"page=2":              {PageSizeDefault, PageSizeDefault},
		"limit=5&offset=7":    {5, 7},
		"sport_type=nba&status=live&date=2026-11-21&keyword=Lakers": {PageSizeDefault, 0},
	}
	for q, want := range ok {
		vals, _ := url.ParseQuery(q)
		p, err := parseGames(vals, sports)
		if err != nil || p.Limit != want[0] || p.Offset != want[1] {
			t.Errorf("%s: %+v %v", q, p, err)
		}
	}
	for q, code := range map[string]errcode.Code{
		"page=0":                  errcode.InvalidOffset,
		"page_size=101":           errcode.InvalidLimit,
		"page=1&limit=5":          errcode.InvalidParameter,
		"sport_type=curling":      errcode.InvalidParameter,
		"status=halftime":         errcode.InvalidParameter,
		"date=2026-13-01":         errcode.InvalidDate,
		"team=lakers":             errcode.UnknownParameter,
		"limit=101":               errcode.InvalidLimit,
		"status=live&status=live": errcode.InvalidParameter,
	} {
		vals, _ := url.ParseQuery(q)
		if _, err := parseGames(vals, sports); !errors.Is(err, code) {
			t.Errorf("%s: %v, want %s", q, err, string(code))
		}
	}
}

// checkParseError fails unless err is nil or a coded 4xx error.
func checkParseError(t *testing.T, err error) {
	t.Helper()
	if err == nil {
		return
	}
	var ce *errcode.Error
	if !errors.As(err, &ce) || ce.Status() < 400 || ce.Status() > 499 {
		t.Fatalf("parse error %v is not a coded 4xx", err)
	}
}

func FuzzParseList(f *testing.F) {
	for _, s := range []string{"limit=5&offset=3", "order=volume&ascending=false", "slug=a-b,c&id=1,2",
		"start_date_min=2026-11-21", "after_cursor=" + fakeCursor(""), "volume_num_min=1.5", "clob_token_ids=123"} {
		f.Add(s, false, true)
	}
	f.Fuzz(func(t *testing.T, raw string, keyset, markets bool) {
		q, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		kind := catalog.KindEvents
		if markets {
			kind = catalog.KindMarkets
		}
		p, err := parseList(kind, q, keyset)
		checkParseError(t, err)
		if err == nil && (p.Limit < 1 || p.Limit > LimitMax || p.Offset < 0 || p.Offset > OffsetMax) {
			t.Fatalf("accepted limit %d offset %d", p.Limit, p.Offset)
		}
	})
}

func FuzzParseGames(f *testing.F) {
	for _, s := range []string{"page=2&page_size=5", "sport_type=nba&date=2026-11-21", "keyword=lake&limit=3&offset=1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		q, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		p, err := parseGames(q, []string{"nba"})
		checkParseError(t, err)
		if err == nil && (p.Limit < 1 || p.Limit > LimitMax || p.Offset < 0 || p.Offset > OffsetMax) {
			t.Fatalf("accepted limit %d offset %d", p.Limit, p.Offset)
		}
	})
}
