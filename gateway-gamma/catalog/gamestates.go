package catalog

import (
	"reflect"
	"slices"

	"pred.dev/proto/client/gammaapi"
)

// The sports channel streams games from the view: each game's record
// with the KV revision that last wrote it, so that a client resuming
// after a revision gets the games changed since.

// GameState is a game as the sports channel sends it: its record, its
// score feed's state (nil without one), its primary event's slug, and
// the revision of the game's record.
type GameState struct {
	Game     *gammaapi.Game
	Scores   *gammaapi.GameScores
	Slug     string
	Revision uint64
}

// putGame keeps a game's record. A write that leaves the record as it
// was (a writer's retry, a step that rewrites it) keeps its revision: the
// channel sends changes, and this is none.
func (v *View) putGame(g *gammaapi.Game, rev uint64) {
	if old, ok := v.games[g.ID]; !ok || !reflect.DeepEqual(old, g) {
		v.gameRevs[g.ID] = rev
	}
	v.games[g.ID] = g
}

func (v *View) delGame(id string) {
	delete(v.games, id)
	delete(v.gameRevs, id)
}

// GamesChangedAfter returns the state of every game whose record was
// written after revision rev, by id, and the revision the view is at
// (every game changed after it shows in a later call). A game written
// twice since shows once, in its last state: the bucket keeps states,
// not events.
func (v *View) GamesChangedAfter(rev uint64) ([]GameState, uint64) {
	v.mu.RLock()
	defer v.mu.RUnlock()
	at := v.Revision()
	var out []GameState
	for id, r := range v.gameRevs {
		at = max(at, r) // applied, its revision not yet counted by the watch
		if r <= rev {
			continue
		}
		st := GameState{Game: v.games[id], Scores: v.scores[id], Revision: r}
		if e, ok := v.events[st.Game.PrimaryEventID]; ok {
			st.Slug = e.Slug
		}
		out = append(out, st)
	}
	slices.SortFunc(out, func(a, b GameState) int { return cmpID(a.Game.ID, b.Game.ID) })
	return out, at
}

// Changed returns a channel closed at the view's next applied change.
func (v *View) Changed() <-chan struct{} { return v.watch.Changed() }
