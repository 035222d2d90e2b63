package operator

import (
	"context"
	"slices"
	"strings"

	"pred.dev/gateway-gamma/catalog"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/errcode"
)

func (o *Operator) checkGame(g *gammaapi.Game) error {
	if !slices.Contains(o.sports, g.SportType) {
		return invalid("sportType %q: use one of %s (GET /config/sport-types)", g.SportType, strings.Join(o.sports, ", "))
	}
	for _, t := range []gammaapi.Team{g.HomeTeam, g.AwayTeam} {
		if err := checkText("team name", t.Name, labelBytesMax, true); err != nil {
			return err
		}
		if err := checkText("team abbreviation", t.Abbreviation, 8, false); err != nil {
			return err
		}
	}
	if g.ScheduledAt.IsZero() {
		return errcode.Errorf(errcode.InvalidDate, "scheduledAt is required")
	}
	if err := checkText("venue", g.Venue, titleBytesMax, false); err != nil {
		return err
	}
	if !slices.Contains(catalog.GameStatuses, g.GameStatus) {
		return invalid("gameStatus must be one of %s", strings.Join(catalog.GameStatuses, ", "))
	}
	if g.HomeScore < 0 || g.AwayScore < 0 {
		return invalid("scores are not negative")
	}
	if len(g.LinkedEventIDs) > linkedMax {
		return invalid("at most %d linkedEventIds", linkedMax)
	}
	for _, id := range append([]string{g.PrimaryEventID}, g.LinkedEventIDs...) {
		if id == "" {
			continue
		}
		if _, ok := o.view.Event(id); !ok {
			return errcode.Errorf(errcode.EventNotFound, "event %q of the game does not exist", id)
		}
	}
	return nil
}

// CreateGame writes a new game, pre-game.
func (o *Operator) CreateGame(ctx context.Context, in gammaapi.GameInput) (*gammaapi.Game, error) {
	g := &gammaapi.Game{SportType: in.SportType, HomeTeam: in.HomeTeam, AwayTeam: in.AwayTeam, ScheduledAt: in.ScheduledAt.UTC(),
		GameStatus: catalog.GamePreGame, Venue: in.Venue, PrimaryEventID: in.PrimaryEventID, LinkedEventIDs: in.LinkedEventIDs}
	if g.LinkedEventIDs == nil {
		g.LinkedEventIDs = []string{}
	}
	if err := o.checkGame(g); err != nil {
		return nil, err
	}
	id, err := o.store.NextID(ctx, "game")
	if err != nil {
		return nil, err
	}
	g.ID = id
	rev, err := o.store.CreateGame(ctx, g)
	if err != nil {
		return nil, err
	}
	return g, o.wait(ctx, rev)
}

// UpdateGame applies a patch. A game never goes back to an earlier
// status (pre-game, live, finished).
func (o *Operator) UpdateGame(ctx context.Context, id string, p gammaapi.GamePatch) (*gammaapi.Game, error) {
	cur, ok := o.view.Game(id)
	if !ok {
		return nil, errcode.New(errcode.GameNotFound)
	}
	if err := o.patchStatus(ctx, cur, &p); err != nil {
		return nil, err
	}
	g, rev, err := o.store.UpdateGame(ctx, id, func(g *gammaapi.Game) error {
		before := slices.Index(catalog.GameStatuses, g.GameStatus)
		setp(&g.ScheduledAt, p.ScheduledAt)
		setp(&g.GameStatus, p.GameStatus)
		setp(&g.HomeScore, p.HomeScore)
		setp(&g.AwayScore, p.AwayScore)
		setp(&g.Venue, p.Venue)
		setp(&g.PrimaryEventID, p.PrimaryEventID)
		if p.LinkedEventIDs != nil {
			g.LinkedEventIDs = p.LinkedEventIDs
		}
		g.ScheduledAt = g.ScheduledAt.UTC()
		if err := o.checkGame(g); err != nil {
			return err
		}
		if slices.Index(catalog.GameStatuses, g.GameStatus) < before {
			return errcode.Errorf(errcode.GameStatusRegression, "gameStatus moves forward only: pre-game, live, finished")
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return g, o.wait(ctx, rev)
}

// patchStatus applies a patch's change of status as a score report, which
// runs the transitions, and takes the status and scores out of the patch.
func (o *Operator) patchStatus(ctx context.Context, cur *gammaapi.Game, p *gammaapi.GamePatch) error {
	if p.GameStatus == nil || *p.GameStatus == cur.GameStatus {
		return nil
	}
	if statusRank(*p.GameStatus) < 0 {
		return invalid("gameStatus must be one of %s", strings.Join(catalog.GameStatuses, ", "))
	}
	r := Report{Status: *p.GameStatus, Home: cur.HomeScore, Away: cur.AwayScore}
	setp(&r.Home, p.HomeScore)
	setp(&r.Away, p.AwayScore)
	if _, err := o.ApplyReport(ctx, cur.ID, r); err != nil {
		return err
	}
	p.GameStatus, p.HomeScore, p.AwayScore = nil, nil, nil
	return nil
}
