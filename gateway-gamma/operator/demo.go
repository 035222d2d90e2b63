package operator

import (
	"context"
	"time"

	"pred.dev/gateway-gamma/catalog"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/fixed"
)

// Demo is what SeedDemo listed: every demo market with its event.
type Demo struct {
	Tags    []*gammaapi.Tag
	Events  []*catalog.EventRecord
	Markets []*catalog.MarketRecord
	Games   []*gammaapi.Game
}

type demoEvent struct {
	in      gammaapi.EventInput
	tags    []string // slugs of demoTags
	markets []gammaapi.MarketInput
}

// demoTags are the demo catalogue's tags, by slug.
var demoTags = []gammaapi.TagInput{
	{Label: "Weather", Slug: "weather"}, {Label: "Lisbon", Slug: "lisbon"}, {Label: "Politics", Slug: "politics"},
	{Label: "Elections", Slug: "elections"}, {Label: "Sports", Slug: "sports"}, {Label: "NBA", Slug: "nba"},
}

// seedTags lists the demo tags that are missing and returns every demo
// tag's id by slug.
func seedTags(ctx context.Context, o *Operator, d *Demo) (map[string]string, error) {
	ids := map[string]string{}
	for _, in := range demoTags {
		t, ok := o.view.TagBySlug(in.Slug)
		if !ok {
			var err error
			if t, err = o.CreateTag(ctx, in); err != nil {
				return nil, err
			}
		}
		d.Tags = append(d.Tags, t)
		ids[in.Slug] = t.ID
	}
	return ids, nil
}

// SeedDemo lists the devnet's demo catalogue: a standard event with one
// market, a negRisk event with four mutually exclusive markets, and a
// sports game with its event and two markets (whose outcomes the platform
// proposes from the final score: the Lakers, at home, win; the total is
// over 220.5), each event tagged (weather, lisbon, politics, elections,
// sports, nba). It is idempotent: what exists (by slug) is kept and
// returned, so a devnet restarted on the same data lists the same
// markets; a demo event listed before tags existed gets its tags. Dates
// are relative to now.
func SeedDemo(ctx context.Context, o *Operator) (*Demo, error) {
	now := o.now().UTC().Truncate(time.Hour)
	week := now.Add(7 * 24 * time.Hour)
	tip := now.Add(24 * time.Hour).Add(20 * time.Hour)
	events := []demoEvent{
		{gammaapi.EventInput{Title: "Lisbon weather tomorrow", Slug: "lisbon-weather-tomorrow", EventType: "standard", Category: "weather",
			StartDate: now, EndDate: now.Add(48 * time.Hour)}, []string{"weather", "lisbon"},
			[]gammaapi.MarketInput{{Slug: "will-it-rain-in-lisbon-tomorrow", Question: "Will it rain in Lisbon tomorrow?", FeeRateBps: 100}}},
		{gammaapi.EventInput{Title: "Lisbon mayoral election 2026", Slug: "lisbon-mayor-2026", EventType: "election", Category: "politics",
			StartDate: now, EndDate: week, NegRisk: true}, []string{"politics", "elections", "lisbon"},
			[]gammaapi.MarketInput{
				{Slug: "lisbon-mayor-2026-ana", Question: "Will Ana Sousa win the Lisbon mayoral election?", FeeRateBps: 100},
				{Slug: "lisbon-mayor-2026-bruno", Question: "Will Bruno Costa win the Lisbon mayoral election?", FeeRateBps: 100},
				{Slug: "lisbon-mayor-2026-carla", Question: "Will Carla Mendes win the Lisbon mayoral election?", FeeRateBps: 100},
				{Slug: "lisbon-mayor-2026-other", Question: "Will someone else win the Lisbon mayoral election?", FeeRateBps: 100},
			}},
		{gammaapi.EventInput{Title: "Lakers vs. Celtics", Slug: "nba-lal-bos-demo", EventType: "sports", Category: "nba",
			StartDate: tip, EndDate: tip.Add(3 * time.Hour)}, []string{"sports", "nba"},
			[]gammaapi.MarketInput{
				{Slug: "nba-lal-bos-demo-winner", Question: "Will the Lakers beat the Celtics?", Outcomes: []string{"Lakers", "Celtics"}, FeeRateBps: 100,
					SportsRule: &gammaapi.SportsRule{Type: gammaapi.RuleWinner, Team: gammaapi.TeamHome}},
				{Slug: "nba-lal-bos-demo-total-220-5", Question: "Will the Lakers vs. Celtics total be over 220.5 points?", Outcomes: []string{"Over", "Under"},
					TickSize: gammaapi.Num(fixed.One / 1000), FeeRateBps: 100,
					SportsRule: &gammaapi.SportsRule{Type: gammaapi.RuleTotal, Line: gammaapi.Num(220_500_000)}},
			}},
	}
	d := &Demo{}
	tagIDs, err := seedTags(ctx, o, d)
	if err != nil {
		return nil, err
	}
	for _, de := range events {
		ids := make([]string, len(de.tags))
		for i, slug := range de.tags {
			ids[i] = tagIDs[slug]
		}
		ev, ok := o.view.EventBySlug(de.in.Slug)
		switch {
		case !ok:
			de.in.TagIDs = ids
			if ev, err = o.CreateEvent(ctx, de.in); err != nil {
				return nil, err
			}
		case len(ev.TagIDs) == 0:
			if ev, err = o.UpdateEvent(ctx, ev.ID, gammaapi.EventPatch{TagIDs: &ids}); err != nil {
				return nil, err
			}
		}
		d.Events = append(d.Events, ev)
		for _, mi := range de.markets {
			m, ok := o.view.MarketBySlug(mi.Slug)
			if !ok {
				mi.EventID = ev.ID
				if m, err = o.CreateMarket(ctx, mi); err != nil {
					return nil, err
				}
			}
			d.Markets = append(d.Markets, m)
		}
	}
	sports := d.Events[2]
	d.Games = o.view.GamesOfEvent(sports.ID)
	if len(d.Games) == 0 {
		g, err := o.CreateGame(ctx, gammaapi.GameInput{SportType: "nba", HomeTeam: gammaapi.Team{Name: "Los Angeles Lakers", Abbreviation: "LAL"},
			AwayTeam: gammaapi.Team{Name: "Boston Celtics", Abbreviation: "BOS"}, ScheduledAt: sports.StartDate,
			Venue: "Crypto.com Arena", PrimaryEventID: sports.ID})
		if err != nil {
			return nil, err
		}
		d.Games = append(d.Games, g)
		if _, err := o.PutScores(ctx, g.ID, gammaapi.ScoresInput{Consistency: "ok", LastFetchedAt: o.now(), LastUpdatedAt: o.now(),
			LatestStatus: "scheduled"}); err != nil {
			return nil, err
		}
	}
	return d, nil
}
