package catalog

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/errcode"
	"pred.dev/proto/journal"
	"pred.dev/proto/runtime/natsembed"
	"pred.dev/proto/runtime/natstest"
)

func openStore(t *testing.T) (*Store, *natsembed.Server) {
	t.Helper()
	ns := natstest.Start(t)
	nc := natstest.Connect(t, ns)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Open(context.Background(), js, 1)
	if err != nil {
		t.Fatal(err)
	}
	return s, ns
}

// openView starts a view on its own connection, as another replica would.
func openView(t *testing.T, ns *natsembed.Server) *View {
	t.Helper()
	nc := natstest.Connect(t, ns)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	kv, err := js.KeyValue(context.Background(), journal.GammaCatalogBucket)
	if err != nil {
		t.Fatal(err)
	}
	v := NewView(nil)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := v.Start(ctx, kv); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(v.Stop)
	return v
}

var t0 = time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)

// seedEvents writes n events with slugs ev-1..ev-n, the odd ones in
// category "odd", and returns the last revision.
func seedEvents(t *testing.T, s *Store, n int) uint64 {
	t.Helper()
	ctx := context.Background()
	var rev uint64
	for i := 1; i <= n; i++ {
		id, err := s.NextID(ctx, "event")
		if err != nil {
			t.Fatal(err)
		}
		slug := fmt.Sprintf("ev-%d", i)
		if err := s.ReserveSlug(ctx, "event", slug, id); err != nil {
			t.Fatal(err)
		}
		cat := "even"
		if i%2 == 1 {
			cat = "odd"
		}
		r := &EventRecord{ID: id, Title: fmt.Sprintf("Event %03d", n-i), Slug: slug, Category: cat, EventType: "standard",
			StartDate: t0.Add(time.Duration(i%7) * time.Hour), EndDate: t0.Add(48 * time.Hour), Active: true, Archived: i%10 == 0}
		if rev, err = s.CreateEvent(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	return rev
}

// TestViewsOfTwoReplicasConverge: a write through one connection reaches
// a view on another, and a view started later loads everything.
func TestViewsOfTwoReplicasConverge(t *testing.T) {
	s, ns := openStore(t)
	a := openView(t, ns)
	rev := seedEvents(t, s, 5)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := a.WaitFor(ctx, rev); err != nil {
		t.Fatal(err)
	}
	b := openView(t, ns)
	if b.Revision() < rev {
		t.Fatalf("late view at revision %d, want >= %d", b.Revision(), rev)
	}
	for _, v := range []*View{a, b} {
		e, ok := v.EventBySlug("ev-3")
		if !ok || e.ID != "3" {
			t.Fatalf("ev-3: %+v %v", e, ok)
		}
	}
	if _, _, err := s.UpdateEvent(ctx, "3", func(e *EventRecord) error { e.Title = "changed"; return nil }); err != nil {
		t.Fatal(err)
	}
	waitTrue(t, func() bool { e, _ := b.Event("3"); return e.Title == "changed" })
}

func waitTrue(t *testing.T, f func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !f() {
		if time.Now().After(deadline) {
			t.Fatal("condition not reached")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestSlugsAreUniqueAndIDsAdvance(t *testing.T) {
	s, _ := openStore(t)
	ctx := context.Background()
	if err := s.ReserveSlug(ctx, "event", "a", "1"); err != nil {
		t.Fatal(err)
	}
	if err := s.ReserveSlug(ctx, "event", "a", "1"); err != nil {
		t.Fatalf("a retry by the same id: %v", err)
	}
	if err := s.ReserveSlug(ctx, "event", "a", "2"); !errors.Is(err, errcode.SlugTaken) {
		t.Fatalf("taken slug: %v", err)
	}
	if err := s.ReserveSlug(ctx, "market", "a", "2"); err != nil {
		t.Fatalf("markets have their own slugs: %v", err)
	}
	seen := map[string]bool{}
	for range 20 {
		id, err := s.NextID(ctx, "game")
		if err != nil || seen[id] {
			t.Fatalf("id %s, %v", id, err)
		}
		seen[id] = true
	}
}

func listParams(t *testing.T, kind Kind, query string, keyset bool) *ListParams {
	t.Helper()
	q, err := url.ParseQuery(query)
	if err != nil {
		t.Fatal(err)
	}
	p, err := ParseList(kind, q, keyset)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return p
}

// TestKeysetWalksToTheEnd walks every order, both directions, with pages
// of several sizes: each visible event exactly once, in order, and the
// cursor ends on the last page.
func TestKeysetWalksToTheEnd(t *testing.T) {
	s, ns := openStore(t)
	v := openView(t, ns)
	rev := seedEvents(t, s, 57)
	ctx := context.Background()
	if err := v.WaitFor(ctx, rev); err != nil {
		t.Fatal(err)
	}
	r := NewReader(v, nil)
	for _, order := range []string{"id", "title", "startDate", "volume", "slug"} {
		for _, asc := range []string{"true", "false"} {
			for _, limit := range []int{1, 7, 50, 100} {
				sorted := fmt.Sprintf("order=%s&ascending=%s", order, asc)
				base := fmt.Sprintf("%s&limit=%d", sorted, limit)
				all := r.Events(listParams(t, KindEvents, sorted+"&limit=100", false)).Rows
				if len(all) != 57-5 {
					t.Fatalf("%s: %d visible events, want 52 (archived excluded)", base, len(all))
				}
				var walked []string
				cursor := ""
				for pages := 0; ; pages++ {
					if pages > 100 {
						t.Fatalf("%s: the cursor does not advance", base)
					}
					p := r.Events(listParams(t, KindEvents, base+"&after_cursor="+url.QueryEscape(cursor), true))
					for _, e := range p.Rows {
						walked = append(walked, e.ID)
					}
					if p.NextCursor == "" {
						break
					}
					cursor = p.NextCursor
				}
				var want []string
				for _, e := range all {
					want = append(want, e.ID)
				}
				if limit == 100 && !slices.Equal(walked, want) || len(walked) != len(want) {
					t.Fatalf("%s: walked %v, want %v", base, walked, want)
				}
				if !slices.Equal(walked, want) {
					t.Fatalf("%s: keyset order %v differs from offset order %v", base, walked, want)
				}
			}
		}
	}
}

// TestKeysetSurvivesInserts: rows written between pages neither repeat
// nor hide rows that were there from the start.
func TestKeysetSurvivesInserts(t *testing.T) {
	s, ns := openStore(t)
	v := openView(t, ns)
	ctx := context.Background()
	if err := v.WaitFor(ctx, seedEvents(t, s, 9)); err != nil {
		t.Fatal(err)
	}
	r := NewReader(v, nil)
	before := map[string]bool{}
	for _, e := range r.Events(listParams(t, KindEvents, "limit=100", false)).Rows {
		before[e.ID] = true
	}
	seen := map[string]bool{}
	cursor := ""
	for {
		p := r.Events(listParams(t, KindEvents, "limit=2&after_cursor="+url.QueryEscape(cursor), true))
		for _, e := range p.Rows {
			if seen[e.ID] {
				t.Fatalf("event %s twice", e.ID)
			}
			seen[e.ID] = true
		}
		if p.NextCursor == "" {
			break
		}
		cursor = p.NextCursor
		id, _ := s.NextID(ctx, "event")
		rev, err := s.CreateEvent(ctx, &EventRecord{ID: id, Slug: "late-" + id, Title: "late", StartDate: t0, EndDate: t0, Active: true})
		if err != nil {
			t.Fatal(err)
		}
		if err := v.WaitFor(ctx, rev); err != nil {
			t.Fatal(err)
		}
	}
	for id := range before {
		if !seen[id] {
			t.Fatalf("event %s was skipped", id)
		}
	}
}

func TestFiltersAndArchived(t *testing.T) {
	s, ns := openStore(t)
	v := openView(t, ns)
	if err := v.WaitFor(context.Background(), seedEvents(t, s, 20)); err != nil {
		t.Fatal(err)
	}
	r := NewReader(v, nil)
	ids := func(q string) []string {
		var out []string
		for _, e := range r.Events(listParams(t, KindEvents, q, false)).Rows {
			out = append(out, e.ID)
		}
		return out
	}
	for q, want := range map[string][]string{
		"slug=ev-2&slug=ev-3":                 {"2", "3"},
		"slug=ev-10":                          nil, // archived
		"slug=ev-10&archived=true":            {"10"},
		"archived=true":                       {"10", "20"},
		"id=1,2,3&category=odd":               {"1", "3"},
		"start_date_min=2026-11-21T17:00:00Z": {"5", "6", "12", "13", "19"},
		"start_date_max=2026-11-21T12:00:00Z": {"7", "14"},
		"limit=3&offset=2":                    {"3", "4", "5"},
		"order=id&ascending=false&limit=2":    {"19", "18"},
		"volume_min=0.000001":                 nil,
		"end_date_min=2026-11-23&end_date_max=2026-11-23T12:00:00Z": {"1", "2", "3", "4", "5", "6", "7", "8", "9", "11", "12", "13", "14", "15", "16", "17", "18", "19"},
	} {
		if got := ids(q); !slices.Equal(got, want) {
			t.Errorf("%s: %v, want %v", q, got, want)
		}
	}
	if e, ok := v.EventBySlug("ev-10"); !ok || !e.Archived {
		t.Error("an archived event is still readable by slug")
	}
}

func TestParseListRefusesBadInput(t *testing.T) {
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
		_, err := ParseList(KindEvents, vals, false)
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
		if _, err := ParseList(KindMarkets, vals, true); !errors.Is(err, code) {
			t.Errorf("markets keyset %s: %v, want %s", q, err, string(code))
		}
	}
}

// fakeCursor is a well-formed cursor of some other query.
func fakeCursor(string) string {
	return (&Cursor{ID: "5", Query: "0123456789abcdef"}).Encode()
}

// TestCursorOfAnotherQueryIsRefused: a cursor carries its query's hash.
func TestCursorOfAnotherQueryIsRefused(t *testing.T) {
	p := listParams(t, KindEvents, "order=volume&category=odd", true)
	c := (&Cursor{ID: "3", Query: p.queryHash()}).Encode()
	listParams(t, KindEvents, "order=volume&category=odd&limit=5&after_cursor="+c, true)
	vals, _ := url.ParseQuery("order=volume&category=even&after_cursor=" + c)
	if _, err := ParseList(KindEvents, vals, true); !errors.Is(err, errcode.InvalidCursor) {
		t.Fatalf("another query's cursor: %v", err)
	}
}

// TestTagFiltersBindCursors: the tag filters are part of a cursor's
// query, and a query without them hashes without them, as it did before
// tags, so a cursor issued by an older replica stays valid.
func TestTagFiltersBindCursors(t *testing.T) {
	p := listParams(t, KindMarkets, "tag_id=3", true)
	c := (&Cursor{ID: "3", Query: p.queryHash()}).Encode()
	for _, other := range []string{"tag_id=4", "tag_slug=nba", "exclude_tag_id=3", ""} {
		vals, _ := url.ParseQuery(other + "&after_cursor=" + c)
		if _, err := ParseList(KindMarkets, vals, true); !errors.Is(err, errcode.InvalidCursor) {
			t.Errorf("the cursor of tag_id=3 with %q: %v", other, err)
		}
	}
	b, err := json.Marshal(listParams(t, KindMarkets, "order=volume&active=true", true))
	if err != nil || strings.Contains(string(b), "Tag") {
		t.Errorf("a query without tag filters hashes %s, %v", b, err)
	}
}

func TestParseGames(t *testing.T) {
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
		p, err := ParseGames(vals, sports)
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
		if _, err := ParseGames(vals, sports); !errors.Is(err, code) {
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
		kind := KindEvents
		if markets {
			kind = KindMarkets
		}
		p, err := ParseList(kind, q, keyset)
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
		p, err := ParseGames(q, []string{"nba"})
		checkParseError(t, err)
		if err == nil && (p.Limit < 1 || p.Limit > LimitMax || p.Offset < 0 || p.Offset > OffsetMax) {
			t.Fatalf("accepted limit %d offset %d", p.Limit, p.Offset)
		}
	})
}
