// Package feed brings game scores in: a pluggable Source of score
// reports and the Runner that polls it and applies what it reports
// through the operator, the same path as the operator's own score pushes
// (POST /admin/games/{id}/scores).
//
// The embedded default Source is a Script: a file of game events (the
// start, each score change, the end) at offsets from each game's
// scheduledAt, played on the gateway's clock (the devnet's). The demo
// script (demo.json) starts the devnet's demo game ten minutes early, as
// real games sometimes do, and finishes it 112-108.
//
// Every poll writes the game's GameScoresResponse: lastFetchedAt is the
// poll, lastUpdatedAt when the source's data last changed, consistency
// ok, stale (the fetch failed) or inconsistent (the source contradicted
// the platform, a finished game live again, and was ignored).
package feed

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"go.uber.org/zap"

	"pred.dev/gateway-gamma/catalog"
	"pred.dev/gateway-gamma/operator"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/errcode"
)

// Source is a score feed.
type Source interface {
	// Fetch returns the source's report of game g (whose primary event
	// has slug eventSlug) as of now; ok is false when the source does not
	// cover the game.
	Fetch(ctx context.Context, g *gammaapi.Game, eventSlug string, now time.Time) (r operator.Report, ok bool, err error)
}

// DefaultInterval is how often the Runner polls: the spec asks
// automated traders to poll a game at least every 60 seconds, so the
// platform looks six times as often.
const DefaultInterval = 10 * time.Second

// Limits of a script.
const (
	scriptGamesMax  = 1000
	scriptEventsMax = 1000
)

//go:embed demo.json
var demoScript []byte

// Script is a scripted Source: for each game, its events at offsets from
// scheduledAt (negative: before it). An event's empty status keeps the
// previous one; the game is pre-game 0-0 before its first event.
type Script struct {
	Games []ScriptGame `json:"games"`
}

// ScriptGame names a game by id or by its primary event's slug (stable
// across devnets).
type ScriptGame struct {
	Game   string        `json:"game"`
	Events []ScriptEvent `json:"events"`
}

// ScriptEvent is one change of a game.
type ScriptEvent struct {
	At     Duration `json:"at"`
	Status string   `json:"status,omitempty"`
	Home   int      `json:"home"`
	Away   int      `json:"away"`
	// Source is the source's word for the status (InProgress, Final).
	Source string `json:"source,omitempty"`
}

// Duration reads a Go duration string ("-10m", "2h30m").
type Duration time.Duration

// UnmarshalJSON reads a duration string.
func (d *Duration) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	v, err := time.ParseDuration(s)
	*d = Duration(v)
	return err
}

// DemoScript is the embedded script of the devnet's demo game.
func DemoScript() *Script {
	s, err := ParseScript(demoScript)
	if err != nil {
		panic(err) // embedded and tested
	}
	return s
}

// ParseScript reads and checks a script: known fields only, events in
// time order, statuses moving forward, scores not negative.
func ParseScript(b []byte) (*Script, error) {
	var s Script
	if err := decodeStrict(b, &s); err != nil {
		return nil, fmt.Errorf("feed: script: %w", err)
	}
	if len(s.Games) > scriptGamesMax {
		return nil, fmt.Errorf("feed: script: at most %d games", scriptGamesMax)
	}
	for _, g := range s.Games {
		if g.Game == "" || len(g.Events) == 0 || len(g.Events) > scriptEventsMax {
			return nil, fmt.Errorf("feed: script: game %q needs a name and 1 to %d events", g.Game, scriptEventsMax)
		}
		status := catalog.GamePreGame
		for i, e := range g.Events {
			if i > 0 && e.At < g.Events[i-1].At {
				return nil, fmt.Errorf("feed: script: game %q: event %d is before the one above it", g.Game, i)
			}
			if e.Status != "" {
				if slices.Index(catalog.GameStatuses, e.Status) < slices.Index(catalog.GameStatuses, status) {
					return nil, fmt.Errorf("feed: script: game %q: event %d: status %q goes backwards", g.Game, i, e.Status)
				}
				status = e.Status
			}
			if e.Home < 0 || e.Away < 0 {
				return nil, fmt.Errorf("feed: script: game %q: event %d: negative score", g.Game, i)
			}
		}
	}
	return &s, nil
}

func decodeStrict(b []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return err
	}
	if d.More() {
		return errors.New("trailing data")
	}
	return nil
}

// Fetch plays the game's events up to now.
func (s *Script) Fetch(_ context.Context, g *gammaapi.Game, eventSlug string, now time.Time) (operator.Report, bool, error) {
	for _, sg := range s.Games {
		if sg.Game != g.ID && sg.Game != eventSlug {
			continue
		}
		r := operator.Report{Status: catalog.GamePreGame, SourceStatus: "Scheduled"}
		for _, e := range sg.Events {
			at := g.ScheduledAt.Add(time.Duration(e.At))
			if at.After(now) {
				break
			}
			if e.Status != "" {
				r.Status = e.Status
				r.SourceStatus = e.Status
			}
			if e.Source != "" {
				r.SourceStatus = e.Source
			}
			if r.Status != catalog.GamePreGame {
				r.Home, r.Away = e.Home, e.Away
				if e.Status == catalog.GameFinished && e.Home == 0 && e.Away == 0 {
					r.Home, r.Away = last(sg.Events, e)
				}
			}
			r.UpdatedAt = at
		}
		// Before its first event the script has only the schedule, which
		// it does not date: UpdatedAt stays zero.
		return r, true, nil
	}
	return operator.Report{}, false, nil
}

// last returns the score of the last event before e that has one: an
// end event without scores ends at the last score.
func last(events []ScriptEvent, e ScriptEvent) (int, int) {
	h, a := 0, 0
	for _, x := range events {
		if x.At > e.At {
			break
		}
		if x.Home != 0 || x.Away != 0 {
			h, a = x.Home, x.Away
		}
	}
	return h, a
}

// Runner polls a Source for every game that is not finished and applies
// its reports.
type Runner struct {
	op       *operator.Operator
	view     *catalog.View
	src      Source
	now      func() time.Time
	log      *zap.Logger
	interval time.Duration
}

// NewRunner returns a runner; interval 0 is DefaultInterval.
func NewRunner(op *operator.Operator, view *catalog.View, src Source, now func() time.Time, interval time.Duration, log *zap.Logger) *Runner {
	if interval <= 0 {
		interval = DefaultInterval
	}
	if now == nil {
		now = time.Now
	}
	if log == nil {
		log = zap.NewNop()
	}
	return &Runner{op: op, view: view, src: src, now: now, interval: interval, log: log}
}

// Run polls until ctx ends.
func (r *Runner) Run(ctx context.Context) {
	t := time.NewTicker(r.interval)
	defer t.Stop()
	for {
		if err := r.Poll(ctx); err != nil && ctx.Err() == nil {
			r.log.Warn("score feed poll", zap.Error(err))
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Poll fetches and applies one report of every unfinished game the
// source covers. A game whose report fails does not stop the others.
func (r *Runner) Poll(ctx context.Context) error {
	var errs []error
	for _, g := range r.view.Games() {
		if g.GameStatus == catalog.GameFinished {
			continue
		}
		slug := ""
		if e, ok := r.view.Event(g.PrimaryEventID); ok {
			slug = e.Slug
		}
		rep, ok, err := r.src.Fetch(ctx, g, slug, r.now())
		if err != nil {
			errs = append(errs, fmt.Errorf("game %s: %w", g.ID, err))
			if err := r.op.FeedFailed(ctx, g.ID, gammaapi.ConsistencyStale, ""); err != nil {
				errs = append(errs, err)
			}
			continue
		}
		if !ok {
			continue
		}
		if rep.Status == g.GameStatus && rep.Home == g.HomeScore && rep.Away == g.AwayScore {
			err = r.op.RecordFetch(ctx, g.ID, rep)
		} else {
			_, err = r.op.ApplyReport(ctx, g.ID, rep)
		}
		var ec *errcode.Error
		if errors.As(err, &ec) && (ec.Code == errcode.GameStatusRegression || ec.Code == errcode.InvalidScoreReport) {
			// Logged once per episode: a source behind the operator's own
			// reports stays behind for every poll until it catches up.
			if sc, ok := r.view.Scores(g.ID); !ok || sc.Consistency != gammaapi.ConsistencyInconsistent {
				r.log.Warn("score feed report refused", zap.String("game", g.ID), zap.String("status", rep.Status), zap.Error(err))
			}
			err = r.op.FeedFailed(ctx, g.ID, gammaapi.ConsistencyInconsistent, rep.SourceStatus)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("game %s: %w", g.ID, err))
		}
	}
	return errors.Join(errs...)
}
