package predcli

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/spf13/pflag"

	"pred.dev/proto/client/gamma"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/fixed"
)

// A game's story runs once: after the final score its status cannot go
// back. `pred admin demo-game` schedules a fresh copy of the devnet's
// demo game through the Gamma API's operator endpoints (the event, its
// two markets, each prepared on chain and registered in the engine by
// Gamma as any market is, and the game), so that the README's sports
// walkthrough can run again on the same devnet. Copies are numbered: the
// event nba-lal-bos-demo-2, its markets nba-lal-bos-demo-2-winner and
// nba-lal-bos-demo-2-total-220-5, and so on.

const (
	// demoGameBase is the slug of the devnet's own demo event; copies add
	// -2, -3, ...
	demoGameBase = "nba-lal-bos-demo"
	// demoGameCopiesMax bounds the numbers tried for a free slug.
	demoGameCopiesMax = 10_000
	// demoGameLead is how far ahead a copy is scheduled: far enough that
	// the 15-minute safety net of an order placed with --game still lies
	// ahead, and that nothing but the operator starts it.
	demoGameLead = 48 * time.Hour
	// demoGameReadyWait bounds the wait for the CLOB to know the new
	// markets' tokens (the engine registers them through the log).
	demoGameReadyWait = time.Minute
)

func demoGameFlags(fs *pflag.FlagSet, o *cmdOpts) {
	fs.StringVar(&o.slug, "slug", "", "the event's slug (default: the next free "+demoGameBase+"-<n>)")
}

// DemoGame is the JSON of `pred admin demo-game`.
type DemoGame struct {
	Game    gammaapi.Game     `json:"game"`
	Event   gammaapi.Event    `json:"event"`
	Markets []gammaapi.Market `json:"markets"`
}

func adminDemoGame(ctx context.Context, inv *invocation) error {
	g, err := inv.operator()
	if err != nil {
		return err
	}
	tip := time.Now().UTC().Add(demoGameLead).Truncate(time.Minute)
	ev, err := inv.demoEvent(ctx, g, tip)
	if err != nil {
		return err
	}
	out := DemoGame{Event: ev}
	for _, in := range []gammaapi.MarketInput{
		{Slug: ev.Slug + "-winner", Question: "Will the Lakers beat the Celtics?", Outcomes: []string{"Lakers", "Celtics"}, FeeRateBps: 100,
			SportsRule: &gammaapi.SportsRule{Type: gammaapi.RuleWinner, Team: gammaapi.TeamHome}},
		{Slug: ev.Slug + "-total-220-5", Question: "Will the Lakers vs. Celtics total be over 220.5 points?", Outcomes: []string{"Over", "Under"},
			TickSize: gammaapi.Num(fixed.One / 1000), FeeRateBps: 100,
			SportsRule: &gammaapi.SportsRule{Type: gammaapi.RuleTotal, Line: gammaapi.Num(220_500_000)}},
	} {
		in.EventID = ev.ID
		m, err := g.CreateMarket(ctx, in)
		if err != nil {
			return fmt.Errorf("the market %s: %w", in.Slug, err)
		}
		out.Markets = append(out.Markets, m)
	}
	if out.Game, err = g.CreateGame(ctx, gammaapi.GameInput{SportType: "nba",
		HomeTeam: gammaapi.Team{Name: "Los Angeles Lakers", Abbreviation: "LAL"}, AwayTeam: gammaapi.Team{Name: "Boston Celtics", Abbreviation: "BOS"},
		ScheduledAt: tip, Venue: "Crypto.com Arena", PrimaryEventID: ev.ID}); err != nil {
		return err
	}
	now := time.Now().UTC()
	if _, err := g.PutScores(ctx, out.Game.ID, gammaapi.ScoresInput{Consistency: "ok", LastFetchedAt: now, LastUpdatedAt: now,
		LatestStatus: "scheduled"}); err != nil {
		return err
	}
	if err := inv.waitTokens(ctx, out.Markets); err != nil {
		return err
	}
	switch {
	case inv.g.json:
		return inv.emitJSON(out)
	case inv.g.quiet:
		_, err := fmt.Fprintln(inv.env.Stdout, ev.Slug)
		return err
	}
	kv := []string{"game", out.Game.ID, "event", ev.Slug, "scheduled", tip.Format(time.RFC3339)}
	for _, m := range out.Markets {
		kv = append(kv, "market", m.Slug)
	}
	return inv.fields(kv...)
}

// demoEvent creates the copy's event under the --slug given or the next
// free numbered slug (another operator may take one meanwhile: then the
// next).
func (inv *invocation) demoEvent(ctx context.Context, g *gamma.Client, tip time.Time) (gammaapi.Event, error) {
	in := gammaapi.EventInput{Title: "Lakers vs. Celtics", EventType: "sports", Category: "nba", StartDate: tip, EndDate: tip.Add(3 * time.Hour)}
	if inv.opts.slug != "" {
		in.Slug = inv.opts.slug
		return g.CreateEvent(ctx, in)
	}
	for n := 2; n < demoGameCopiesMax; n++ {
		in.Slug = demoGameBase + "-" + strconv.Itoa(n)
		if _, err := g.EventBySlug(ctx, in.Slug); err == nil {
			continue
		} else if !errors.Is(err, errcode.EventNotFound) {
			return gammaapi.Event{}, err
		}
		in.Title = fmt.Sprintf("Lakers vs. Celtics (demo %d)", n)
		ev, err := g.CreateEvent(ctx, in)
		if errors.Is(err, errcode.SlugTaken) {
			continue
		}
		return ev, err
	}
	return gammaapi.Event{}, fmt.Errorf("every slug %s-2 to -%d is taken: name one with --slug", demoGameBase, demoGameCopiesMax-1)
}

// waitTokens waits until the CLOB serves a book for every token of the
// markets: Gamma answers once the engine accepted the market, and the
// CLOB's reads follow the engine's store.
func (inv *invocation) waitTokens(ctx context.Context, ms []gammaapi.Market) error {
	c, err := inv.client(ctx, public)
	if err != nil {
		return err
	}
	wctx, cancel := context.WithTimeout(ctx, demoGameReadyWait)
	defer cancel()
	for _, m := range ms {
		for _, token := range m.ClobTokenIDs {
			for {
				_, err := c.GetBook(wctx, token)
				if err == nil {
					break
				}
				if !errors.Is(err, errcode.TokenNotFound) && !errors.Is(err, errcode.MarketNotFound) && !retryRead(err) {
					return err
				}
				select {
				case <-wctx.Done():
					return fmt.Errorf("the CLOB at %s does not know market %s's token after %s: %w", inv.g.url, m.Slug, demoGameReadyWait, err)
				case <-time.After(waitPoll):
				}
			}
		}
	}
	return nil
}
