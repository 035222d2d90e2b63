package catalog

import (
	"cmp"
	"slices"
	"strings"

	"pred.dev/proto/client/gammaapi"
)

// SearchParams is a GET /public-search query as typed filters. Terms are the
// lowercase words of q; a row matches when every term is part of one of
// its searched texts.
type SearchParams struct {
	Terms        []string
	LimitPerType int
	Page         int // from 1
}

// matches reports whether every term is part of one of the texts
// (case-insensitively).
func (p *SearchParams) matches(texts ...string) bool {
	for i, t := range texts {
		texts[i] = strings.ToLower(t)
	}
	for _, term := range p.Terms {
		if !slices.ContainsFunc(texts, func(t string) bool { return strings.Contains(t, term) }) {
			return false
		}
	}
	return true
}

// window returns the page's part of n rows, and whether rows follow it.
func (p *SearchParams) window(n int) (lo, hi int, more bool) {
	lo = min(n, (p.Page-1)*p.LimitPerType)
	hi = min(n, lo+p.LimitPerType)
	return lo, hi, hi < n
}

// Search answers GET /public-search: the events (by title, slug,
// category, type and tag), markets (by question, slug and outcome), tags
// (by label and slug) and teams of the games (by name and abbreviation)
// that match, each kind by id (teams by sport and name). Archived events
// and markets are left out, as the lists leave them out by default.
func (r *Reader) Search(p *SearchParams) gammaapi.SearchResults {
	out := gammaapi.SearchResults{Events: []gammaapi.Event{}, Markets: []gammaapi.Market{}, Tags: []gammaapi.Tag{}, Teams: []gammaapi.SearchTeam{}}
	more := false
	page := func(n int) (int, int) {
		lo, hi, m := p.window(n)
		more = more || m
		out.Pagination.TotalResults += n
		return lo, hi
	}

	var events []*EventRecord
	for _, e := range r.View.allEvents() {
		if e.Archived {
			continue
		}
		texts := []string{e.Title, e.Slug, e.Category, e.EventType}
		for _, t := range r.View.tagsOf(e) {
			texts = append(texts, t.Label, t.Slug)
		}
		if p.matches(texts...) {
			events = append(events, e)
		}
	}
	slices.SortFunc(events, func(a, b *EventRecord) int { return cmpID(a.ID, b.ID) })
	lo, hi := page(len(events))
	for _, e := range events[lo:hi] {
		out.Events = append(out.Events, r.RenderEvent(e))
	}

	var markets []*MarketRecord
	for _, m := range r.View.allMarkets() {
		if !m.Archived && p.matches(append([]string{m.Question, m.Slug}, m.Outcomes...)...) {
			markets = append(markets, m)
		}
	}
	slices.SortFunc(markets, func(a, b *MarketRecord) int { return cmpID(a.ID, b.ID) })
	lo, hi = page(len(markets))
	for _, m := range markets[lo:hi] {
		out.Markets = append(out.Markets, r.RenderMarket(m))
	}

	var tags []*gammaapi.Tag
	for _, t := range r.View.Tags() {
		if p.matches(t.Label, t.Slug) {
			tags = append(tags, t)
		}
	}
	lo, hi = page(len(tags))
	for _, t := range tags[lo:hi] {
		out.Tags = append(out.Tags, *t)
	}

	teams := r.searchTeams(p)
	lo, hi = page(len(teams))
	out.Teams = append(out.Teams, teams[lo:hi]...)
	out.Pagination.HasMore = more
	return out
}

// searchTeams returns the matching teams of the games: one per sport and
// name (case-insensitively), with the ids of its games.
func (r *Reader) searchTeams(p *SearchParams) []gammaapi.SearchTeam {
	type teamKey struct{ sport, name string }
	byKey := map[teamKey]*gammaapi.SearchTeam{}
	for _, g := range r.View.Games() { // by id, so each team's games are too
		for _, t := range []gammaapi.Team{g.HomeTeam, g.AwayTeam} {
			if !p.matches(t.Name, t.Abbreviation) {
				continue
			}
			k := teamKey{g.SportType, strings.ToLower(t.Name)}
			st, ok := byKey[k]
			if !ok {
				st = &gammaapi.SearchTeam{Name: t.Name, Abbreviation: t.Abbreviation, SportType: g.SportType, GameIDs: []string{}}
				byKey[k] = st
			}
			if !slices.Contains(st.GameIDs, g.ID) {
				st.GameIDs = append(st.GameIDs, g.ID)
			}
		}
	}
	out := make([]gammaapi.SearchTeam, 0, len(byKey))
	for _, st := range byKey {
		out = append(out, *st)
	}
	slices.SortFunc(out, func(a, b gammaapi.SearchTeam) int {
		return cmp.Or(cmp.Compare(a.SportType, b.SportType), cmp.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)))
	})
	return out
}
