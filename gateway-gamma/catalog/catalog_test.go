package catalog

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/errcode"
	"pred.dev/proto/journal"
	"pred.dev/proto/runtime/eventually"
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
	t.Parallel()
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
	eventually.True(t, "the late view shows the changed title", func() bool { e, _ := b.Event("3"); return e.Title == "changed" })
}

func TestSlugsAreUniqueAndIDsAdvance(t *testing.T) {
	t.Parallel()
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

// listParams is the query the API parses from no parameters but these:
// the default order, ascending, a page of limit rows, keyset paging after
// cursor ("" for the first page) when keyset.
func listParams(t *testing.T, order string, asc bool, limit int, keyset bool, cursor string) *ListParams {
	t.Helper()
	p := &ListParams{Kind: KindEvents, Order: order, Ascending: asc, Limit: limit, Keyset: keyset}
	if cursor != "" {
		c, ok := DecodeCursor(cursor)
		if !ok {
			t.Fatalf("cursor %q", cursor)
		}
		p.After = c
	}
	return p
}

// TestKeysetWalksToTheEnd walks every order, both directions, with pages
// of several sizes: each visible event exactly once, in order, and the
// cursor ends on the last page.
func TestKeysetWalksToTheEnd(t *testing.T) {
	t.Parallel()
	s, ns := openStore(t)
	v := openView(t, ns)
	rev := seedEvents(t, s, 57)
	ctx := context.Background()
	if err := v.WaitFor(ctx, rev); err != nil {
		t.Fatal(err)
	}
	r := NewReader(v, nil)
	for _, order := range []string{"id", "title", "startDate", "volume", "slug"} {
		for _, asc := range []bool{true, false} {
			for _, limit := range []int{1, 7, 50, 100} {
				base := fmt.Sprintf("order=%s&ascending=%t&limit=%d", order, asc, limit)
				all := r.Events(listParams(t, order, asc, 100, false, "")).Rows
				if len(all) != 57-5 {
					t.Fatalf("%s: %d visible events, want 52 (archived excluded)", base, len(all))
				}
				var walked []string
				cursor := ""
				for pages := 0; ; pages++ {
					if pages > 100 {
						t.Fatalf("%s: the cursor does not advance", base)
					}
					p := r.Events(listParams(t, order, asc, limit, true, cursor))
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
	t.Parallel()
	s, ns := openStore(t)
	v := openView(t, ns)
	ctx := context.Background()
	if err := v.WaitFor(ctx, seedEvents(t, s, 9)); err != nil {
		t.Fatal(err)
	}
	r := NewReader(v, nil)
	before := map[string]bool{}
	for _, e := range r.Events(listParams(t, "id", true, 100, false, "")).Rows {
		before[e.ID] = true
	}
	seen := map[string]bool{}
	cursor := ""
	for {
		p := r.Events(listParams(t, "id", true, 2, true, cursor))
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
	t.Parallel()
	s, ns := openStore(t)
	v := openView(t, ns)
	if err := v.WaitFor(context.Background(), seedEvents(t, s, 20)); err != nil {
		t.Fatal(err)
	}
	r := NewReader(v, nil)
	ids := func(f func(p *ListParams)) []string {
		p := listParams(t, "id", true, 20, false, "")
		f(p)
		var out []string
		for _, e := range r.Events(p).Rows {
			out = append(out, e.ID)
		}
		return out
	}
	yes := true
	at := func(s string) *time.Time {
		tm, err := time.Parse(time.RFC3339, s)
		if err != nil {
			t.Fatal(err)
		}
		return &tm
	}
	unit := uint64(1)
	for q, c := range map[string]struct {
		f    func(p *ListParams)
		want []string
	}{
		"slug=ev-2&slug=ev-3":                 {func(p *ListParams) { p.Slugs = []string{"ev-2", "ev-3"} }, []string{"2", "3"}},
		"slug=ev-10":                          {func(p *ListParams) { p.Slugs = []string{"ev-10"} }, nil}, // archived
		"slug=ev-10&archived=true":            {func(p *ListParams) { p.Slugs, p.Archived = []string{"ev-10"}, &yes }, []string{"10"}},
		"archived=true":                       {func(p *ListParams) { p.Archived = &yes }, []string{"10", "20"}},
		"id=1,2,3&category=odd":               {func(p *ListParams) { p.IDs, p.Categories = []string{"1", "2", "3"}, []string{"odd"} }, []string{"1", "3"}},
		"start_date_min=2026-11-21T17:00:00Z": {func(p *ListParams) { p.StartMin = at("2026-11-21T17:00:00Z") }, []string{"5", "6", "12", "13", "19"}},
		"start_date_max=2026-11-21T12:00:00Z": {func(p *ListParams) { p.StartMax = at("2026-11-21T12:00:00Z") }, []string{"7", "14"}},
		"limit=3&offset=2":                    {func(p *ListParams) { p.Limit, p.Offset = 3, 2 }, []string{"3", "4", "5"}},
		"order=id&ascending=false&limit=2":    {func(p *ListParams) { p.Ascending, p.Limit = false, 2 }, []string{"19", "18"}},
		"volume_min=0.000001":                 {func(p *ListParams) { p.VolumeMin = &unit }, nil},
		"end_date_min=2026-11-23&end_date_max=2026-11-23T12:00:00Z": {func(p *ListParams) {
			p.EndMin, p.EndMax = at("2026-11-23T00:00:00Z"), at("2026-11-23T12:00:00Z")
		}, []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "11", "12", "13", "14", "15", "16", "17", "18", "19"}},
	} {
		if got := ids(c.f); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", q, got, c.want)
		}
	}
	if e, ok := v.EventBySlug("ev-10"); !ok || !e.Archived {
		t.Error("an archived event is still readable by slug")
	}
}
