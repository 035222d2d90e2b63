package catalog

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"

	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/runtime/leaderread"
)

// View is one replica's in-memory copy of the catalogue, kept current by
// a watch of the whole bucket. Every read of the API is served from it.
// It is safe for concurrent use.
type View struct {
	log *zap.Logger

	mu           sync.RWMutex
	events       map[string]*EventRecord
	eventBySlug  map[string]string
	markets      map[string]*MarketRecord
	marketBySlug map[string]string
	marketByCond map[string]string
	eventMarkets map[string][]string // event id -> market ids, ascending
	games        map[string]*gammaapi.Game
	gameRevs     map[string]uint64 // game id -> revision of its record
	scores       map[string]*gammaapi.GameScores
	profiles     map[string]*gammaapi.Profile
	tags         map[string]*gammaapi.Tag
	tagBySlug    map[string]string
	// tagGen counts the changes of tag records, so that a rendered
	// market, which shows its event's tags, knows when to render again.
	tagGen uint64
	// watch feeds the view and counts the revisions applied (Start).
	watch *leaderread.Watch
}

// NewView returns an empty view; Start fills it.
func NewView(log *zap.Logger) *View {
	if log == nil {
		log = zap.NewNop()
	}
	return &View{
		log:    log,
		events: map[string]*EventRecord{}, eventBySlug: map[string]string{},
		markets: map[string]*MarketRecord{}, marketBySlug: map[string]string{}, marketByCond: map[string]string{},
		eventMarkets: map[string][]string{},
		games:        map[string]*gammaapi.Game{}, gameRevs: map[string]uint64{}, scores: map[string]*gammaapi.GameScores{}, profiles: map[string]*gammaapi.Profile{},
		tags: map[string]*gammaapi.Tag{}, tagBySlug: map[string]string{},
	}
}

// Start watches the bucket: every current value, then every change. It
// returns once the current values are applied (or ctx ends).
func (v *View) Start(ctx context.Context, kv jetstream.KeyValue) error {
	w, err := leaderread.StartWatch(ctx, kv, func(e jetstream.KeyValueEntry) {
		if err := v.apply(e); err != nil {
			// A record this code cannot read is skipped, not fatal: an
			// older or newer writer must not take every replica down.
			v.log.Error("unreadable catalogue record", zap.String("key", e.Key()), zap.Error(err))
		}
	})
	if err != nil {
		return fmt.Errorf("catalog: %w", err)
	}
	v.watch = w
	return nil
}

// Stop ends the watch.
func (v *View) Stop() {
	if v.watch != nil {
		v.watch.Stop()
	}
}

// Ready reports whether the initial values are applied.
func (v *View) Ready() bool { return v.watch != nil && v.watch.Ready() }

// apply folds one KV entry into the view.
func (v *View) apply(e jetstream.KeyValueEntry) error {
	prefix, name, ok := strings.Cut(e.Key(), ".")
	if !ok {
		return errors.New("key without a prefix")
	}
	del := e.Operation() != jetstream.KeyValuePut
	v.mu.Lock()
	defer v.mu.Unlock()
	switch prefix {
	case prefixEvent:
		return applyRecord(v, del, name, e.Value(), v.putEvent, v.delEvent)
	case prefixMarket:
		return applyRecord(v, del, name, e.Value(), v.putMarket, v.delMarket)
	case prefixGame:
		return applyRecord(v, del, name, e.Value(), func(g *gammaapi.Game) { v.putGame(g, e.Revision()) }, v.delGame)
	case prefixScores:
		return applyRecord(v, del, name, e.Value(), func(s *gammaapi.GameScores) { v.scores[s.FixtureID] = s }, func(id string) { delete(v.scores, id) })
	case prefixProfile:
		return applyRecord(v, del, name, e.Value(), func(p *gammaapi.Profile) { v.profiles[p.Address] = p }, func(a string) { delete(v.profiles, a) })
	case prefixTag:
		return applyRecord(v, del, name, e.Value(), v.putTag, v.delTag)
	}
	return nil // slugs and counters: writers' bookkeeping
}

func applyRecord[T any](_ *View, del bool, name string, data []byte, put func(*T), remove func(string)) error {
	if del {
		remove(name)
		return nil
	}
	r := new(T)
	if err := json.Unmarshal(data, r); err != nil {
		return err
	}
	put(r)
	return nil
}

func (v *View) putEvent(r *EventRecord) {
	if old, ok := v.events[r.ID]; ok && old.Slug != r.Slug {
		delete(v.eventBySlug, old.Slug)
	}
	v.events[r.ID] = r
	v.eventBySlug[r.Slug] = r.ID
}

func (v *View) delEvent(id string) {
	if old, ok := v.events[id]; ok {
		delete(v.eventBySlug, old.Slug)
		delete(v.events, id)
	}
}

func (v *View) putTag(t *gammaapi.Tag) {
	if old, ok := v.tags[t.ID]; ok && old.Slug != t.Slug {
		delete(v.tagBySlug, old.Slug)
	}
	v.tags[t.ID] = t
	v.tagBySlug[t.Slug] = t.ID
	v.tagGen++
}

func (v *View) delTag(id string) {
	if old, ok := v.tags[id]; ok {
		delete(v.tagBySlug, old.Slug)
		delete(v.tags, id)
		v.tagGen++
	}
}

func (v *View) putMarket(r *MarketRecord) {
	if old, ok := v.markets[r.ID]; ok {
		v.unlinkMarket(old)
	}
	v.markets[r.ID] = r
	v.marketBySlug[r.Slug] = r.ID
	v.marketByCond[r.ConditionID] = r.ID
	ids := v.eventMarkets[r.EventID]
	i, found := slices.BinarySearchFunc(ids, r.ID, cmpID)
	if !found {
		v.eventMarkets[r.EventID] = slices.Insert(ids, i, r.ID)
	}
}

func (v *View) delMarket(id string) {
	if old, ok := v.markets[id]; ok {
		v.unlinkMarket(old)
		delete(v.markets, id)
	}
}

func (v *View) unlinkMarket(old *MarketRecord) {
	delete(v.marketBySlug, old.Slug)
	delete(v.marketByCond, old.ConditionID)
	ids := v.eventMarkets[old.EventID]
	if i, found := slices.BinarySearchFunc(ids, old.ID, cmpID); found {
		v.eventMarkets[old.EventID] = slices.Delete(ids, i, i+1)
	}
}

func cmpID(a, b string) int {
	switch {
	case a == b:
		return 0
	case idLess(a, b):
		return -1
	}
	return 1
}

// Revision returns the highest KV revision the view has applied.
func (v *View) Revision() uint64 {
	if v.watch == nil {
		return 0
	}
	return v.watch.Revision()
}

// WaitFor returns once the view has applied revision rev, so that a
// writer reads its own write from this replica.
func (v *View) WaitFor(ctx context.Context, rev uint64) error {
	if err := v.watch.WaitFor(ctx, rev); err != nil {
		return errcode.Wrap(errcode.StoreUnavailable, err)
	}
	return nil
}

// Event returns an event record by id.
func (v *View) Event(id string) (*EventRecord, bool) {
	v.mu.RLock()
	defer v.mu.RUnlock()
	r, ok := v.events[id]
	return r, ok
}

// EventBySlug returns an event record by slug.
func (v *View) EventBySlug(slug string) (*EventRecord, bool) {
	v.mu.RLock()
	defer v.mu.RUnlock()
	r, ok := v.events[v.eventBySlug[slug]]
	return r, ok
}

// Market returns a market record by id.
func (v *View) Market(id string) (*MarketRecord, bool) {
	v.mu.RLock()
	defer v.mu.RUnlock()
	r, ok := v.markets[id]
	return r, ok
}

// MarketBySlug returns a market record by slug.
func (v *View) MarketBySlug(slug string) (*MarketRecord, bool) {
	v.mu.RLock()
	defer v.mu.RUnlock()
	r, ok := v.markets[v.marketBySlug[slug]]
	return r, ok
}

// MarketByCondition returns a market record by condition id (0x hex,
// lowercase).
func (v *View) MarketByCondition(cond string) (*MarketRecord, bool) {
	v.mu.RLock()
	defer v.mu.RUnlock()
	r, ok := v.markets[v.marketByCond[cond]]
	return r, ok
}

// EventMarkets returns the market records of an event, by ascending id.
func (v *View) EventMarkets(eventID string) []*MarketRecord {
	v.mu.RLock()
	defer v.mu.RUnlock()
	return v.eventMarketsLocked(eventID)
}

func (v *View) eventMarketsLocked(eventID string) []*MarketRecord {
	ids := v.eventMarkets[eventID]
	out := make([]*MarketRecord, 0, len(ids))
	for _, id := range ids {
		out = append(out, v.markets[id])
	}
	return out
}

// Tag returns a tag by id.
func (v *View) Tag(id string) (*gammaapi.Tag, bool) {
	v.mu.RLock()
	defer v.mu.RUnlock()
	t, ok := v.tags[id]
	return t, ok
}

// TagBySlug returns a tag by slug.
func (v *View) TagBySlug(slug string) (*gammaapi.Tag, bool) {
	v.mu.RLock()
	defer v.mu.RUnlock()
	t, ok := v.tags[v.tagBySlug[slug]]
	return t, ok
}

// Tags returns every tag, by id.
func (v *View) Tags() []*gammaapi.Tag {
	v.mu.RLock()
	out := make([]*gammaapi.Tag, 0, len(v.tags))
	for _, t := range v.tags {
		out = append(out, t)
	}
	v.mu.RUnlock()
	slices.SortFunc(out, func(a, b *gammaapi.Tag) int { return cmpID(a.ID, b.ID) })
	return out
}

// tagKey returns what a market's tags are rendered from: its event's
// record (which lists the tag ids) and the generation of the tag records.
func (v *View) tagKey(eventID string) (*EventRecord, uint64) {
	if v == nil { // a Reader without a view renders no tags
		return nil, 0
	}
	v.mu.RLock()
	defer v.mu.RUnlock()
	return v.events[eventID], v.tagGen
}

// tagsOf returns the tags of an event record, in its order; an id without
// a tag record (none is ever deleted) is skipped.
func (v *View) tagsOf(e *EventRecord) []gammaapi.Tag {
	out := []gammaapi.Tag{}
	if e == nil {
		return out
	}
	v.mu.RLock()
	defer v.mu.RUnlock()
	for _, id := range e.TagIDs {
		if t, ok := v.tags[id]; ok {
			out = append(out, *t)
		}
	}
	return out
}

// Game returns a game by id.
func (v *View) Game(id string) (*gammaapi.Game, bool) {
	v.mu.RLock()
	defer v.mu.RUnlock()
	g, ok := v.games[id]
	return g, ok
}

// Scores returns the score feed's state of a game.
func (v *View) Scores(id string) (*gammaapi.GameScores, bool) {
	v.mu.RLock()
	defer v.mu.RUnlock()
	s, ok := v.scores[id]
	return s, ok
}

// Profile returns the profile of a lowercase address.
func (v *View) Profile(addr string) (*gammaapi.Profile, bool) {
	v.mu.RLock()
	defer v.mu.RUnlock()
	p, ok := v.profiles[addr]
	return p, ok
}

// snapshot helpers for the list queries: records are immutable once in
// the view (a change replaces the pointer), so a list built under the
// read lock stays valid after it.

func (v *View) allEvents() []*EventRecord {
	v.mu.RLock()
	defer v.mu.RUnlock()
	out := make([]*EventRecord, 0, len(v.events))
	for _, r := range v.events {
		out = append(out, r)
	}
	return out
}

func (v *View) allMarkets() []*MarketRecord {
	v.mu.RLock()
	defer v.mu.RUnlock()
	out := make([]*MarketRecord, 0, len(v.markets))
	for _, r := range v.markets {
		out = append(out, r)
	}
	return out
}

func (v *View) allGames() []*gammaapi.Game {
	v.mu.RLock()
	defer v.mu.RUnlock()
	out := make([]*gammaapi.Game, 0, len(v.games))
	for _, g := range v.games {
		out = append(out, g)
	}
	return out
}

// GamesOfEvent returns the games whose primary event is eventID, by id.
func (v *View) GamesOfEvent(eventID string) []*gammaapi.Game {
	v.mu.RLock()
	defer v.mu.RUnlock()
	var out []*gammaapi.Game
	for _, g := range v.games {
		if g.PrimaryEventID == eventID {
			out = append(out, g)
		}
	}
	slices.SortFunc(out, func(a, b *gammaapi.Game) int { return cmpID(a.ID, b.ID) })
	return out
}

// Games returns every game, by id.
func (v *View) Games() []*gammaapi.Game {
	out := v.allGames()
	slices.SortFunc(out, func(a, b *gammaapi.Game) int { return cmpID(a.ID, b.ID) })
	return out
}

// Markets returns every market, by id.
func (v *View) Markets() []*MarketRecord {
	out := v.allMarkets()
	slices.SortFunc(out, func(a, b *MarketRecord) int { return cmpID(a.ID, b.ID) })
	return out
}
