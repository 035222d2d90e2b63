package catalog

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/fixed"
	"pred.dev/proto/pb"
)

// MarketStats are a market's live statistics, folded from the engine's
// event stream (package stats). Amounts are base units of 1e-6; prices
// are micro-USDW per YES share, 0 when unknown.
type MarketStats struct {
	Volume       uint64
	Volume24hr   uint64
	Liquidity    uint64
	OpenInterest uint64
	BestBid      uint64
	BestAsk      uint64
	// Price is the YES price shown in outcomePrices (NO is 1 − Price).
	Price uint64
	// Status is the engine's status of the market, UNSPECIFIED until the
	// event stream has announced it.
	Status pb.MarketStatus
}

// Stats answers the statistics of a market by condition id (lowercase
// 0x hex) as of now.
type Stats interface {
	Market(conditionID string, now time.Time) MarketStats
}

type noStats struct{}

func (noStats) Market(string, time.Time) MarketStats { return MarketStats{} }

// Reader answers the API's reads from a View joined with Stats.
type Reader struct {
	View  *View
	Stats Stats
	Now   func() time.Time

	cache marketCache
}

// NewReader returns a reader; nil stats answer zeros.
func NewReader(v *View, s Stats) *Reader {
	if s == nil {
		s = noStats{}
	}
	return &Reader{View: v, Stats: s, Now: time.Now}
}

func priceString(p uint64) string {
	if p == 0 {
		return ""
	}
	return fixed.FormatPrice(p)
}

// RenderMarket joins a market record with its statistics and its
// event's tags.
func (r *Reader) RenderMarket(m *MarketRecord) gammaapi.Market {
	ev, _ := r.View.tagKey(m.EventID)
	return r.renderMarket(m, r.Stats.Market(m.ConditionID, r.Now()), r.View.tagsOf(ev))
}

func (r *Reader) renderMarket(m *MarketRecord, s MarketStats, tags []gammaapi.Tag) gammaapi.Market {
	out := gammaapi.Market{
		ID: m.ID, Slug: m.Slug, Question: m.Question, QuestionID: m.QuestionID, ConditionID: m.ConditionID,
		Outcomes: m.Outcomes, ClobTokenIDs: []string{m.TokenIDs[0], m.TokenIDs[1]},
		BestBid: priceString(s.BestBid), BestAsk: priceString(s.BestAsk),
		Volume: gammaapi.Num(s.Volume), Volume24hr: gammaapi.Num(s.Volume24hr), Liquidity: gammaapi.Num(s.Liquidity), OpenInterest: gammaapi.Num(s.OpenInterest),
		StartDate: m.StartDate, EndDate: m.EndDate,
		Active: m.Active, Closed: m.Closed, Archived: m.Archived,
		EnableOrderBook: m.OrderBook, NegRiskAugmented: m.NegRisk,
		OrderMinSize: gammaapi.Num(m.MinSize), OrderMaxSize: gammaapi.Num(m.MaxSize), OrderTickSize: gammaapi.Num(m.TickSize),
		AcceptOrdersDuringPlay: m.AcceptDuringPlay,
		Adjudication:           m.Adjudicate,
		Tags:                   tags,
	}
	switch s.Status {
	case pb.MarketStatus_MARKET_STATUS_CLOSED, pb.MarketStatus_MARKET_STATUS_RESOLVED:
		out.Closed = true
	}
	engineOpen := s.Status == pb.MarketStatus_MARKET_STATUS_ACTIVE || s.Status == pb.MarketStatus_MARKET_STATUS_UNSPECIFIED
	out.AcceptingOrders = m.Active && !out.Closed && !m.Archived && m.OrderBook && engineOpen
	yes := s.Price
	if yes == 0 {
		yes = fixed.One / 2 // no book and no trade yet: even odds
	}
	out.OutcomePrices = []string{fixed.FormatPrice(yes), fixed.FormatPrice(fixed.One - yes)}
	return out
}

// eventTotals sums the statistics of an event's markets.
type eventTotals struct {
	volume, volume24hr, liquidity, openInterest uint64
}

func (r *Reader) totals(markets []*MarketRecord, now time.Time) (eventTotals, []MarketStats) {
	var t eventTotals
	ss := make([]MarketStats, len(markets))
	for i, m := range markets {
		s := r.Stats.Market(m.ConditionID, now)
		ss[i] = s
		t.volume += s.Volume
		t.volume24hr += s.Volume24hr
		t.liquidity += s.Liquidity
		t.openInterest += s.OpenInterest
	}
	return t, ss
}

// RenderEvent joins an event record with its tags, its markets and their
// totals.
func (r *Reader) RenderEvent(e *EventRecord) gammaapi.Event {
	markets := r.View.EventMarkets(e.ID)
	t, ss := r.totals(markets, r.Now())
	return r.renderEvent(e, markets, t, ss, r.View.tagsOf(e))
}

// renderEvent renders an event; its markets carry its tags.
func (r *Reader) renderEvent(e *EventRecord, markets []*MarketRecord, t eventTotals, ss []MarketStats, tags []gammaapi.Tag) gammaapi.Event {
	out := gammaapi.Event{
		ID: e.ID, Title: e.Title, Slug: e.Slug, EventType: e.EventType, Category: e.Category,
		StartDate: e.StartDate, EndDate: e.EndDate, Active: e.Active, Closed: e.Closed, Archived: e.Archived,
		NegRisk: e.NegRisk, Volume: gammaapi.Num(t.volume), Volume24hr: gammaapi.Num(t.volume24hr), Liquidity: gammaapi.Num(t.liquidity),
		OpenInterest: gammaapi.Num(t.openInterest), Tags: tags, Markets: make([]gammaapi.Market, len(markets)),
	}
	for i, m := range markets {
		out.Markets[i] = r.renderMarket(m, ss[i], tags)
	}
	return out
}

// row is one candidate of a list with its sort value.
type row struct {
	id  string
	num int64
	str string
	i   int // index into the candidates
}

func compareRows(a, b row, ascending bool) int {
	c := cmp.Compare(a.num, b.num)
	if c == 0 {
		c = strings.Compare(a.str, b.str)
	}
	if c == 0 {
		c = cmpID(a.id, b.id)
	}
	if !ascending {
		c = -c
	}
	return c
}

// Page is one page of a list: its rows and, for keyset queries, the
// cursor of the next page ("" on the last page).
type Page[T any] struct {
	Rows       []T
	NextCursor string
}

// common filters of events and markets.
func (p *ListParams) keepCommon(id, slug string, active, closed, archived bool, start, end time.Time) bool {
	if len(p.IDs) > 0 && !slices.Contains(p.IDs, id) {
		return false
	}
	if len(p.Slugs) > 0 && !slices.Contains(p.Slugs, slug) {
		return false
	}
	if p.Archived == nil && archived || p.Archived != nil && *p.Archived != archived {
		return false
	}
	if p.Active != nil && *p.Active != active || p.Closed != nil && *p.Closed != closed {
		return false
	}
	if p.StartMin != nil && start.Before(*p.StartMin) || p.StartMax != nil && start.After(*p.StartMax) {
		return false
	}
	if p.EndMin != nil && end.Before(*p.EndMin) || p.EndMax != nil && end.After(*p.EndMax) {
		return false
	}
	return true
}

// tagFilter returns whether an event passes the query's tag filters, nil
// when the query has none; a tag_slug no tag has matches nothing, as an
// unknown tag_id does.
func (r *Reader) tagFilter(p *ListParams) func(e *EventRecord) bool {
	if p.TagID == "" && p.TagSlug == "" && len(p.ExcludeTagIDs) == 0 {
		return nil
	}
	slugID := ""
	if p.TagSlug != "" {
		t, ok := r.View.TagBySlug(p.TagSlug)
		if !ok {
			return func(*EventRecord) bool { return false }
		}
		slugID = t.ID
	}
	return func(e *EventRecord) bool {
		if e == nil {
			return false
		}
		if p.TagID != "" && !slices.Contains(e.TagIDs, p.TagID) || slugID != "" && !slices.Contains(e.TagIDs, slugID) {
			return false
		}
		return !slices.ContainsFunc(e.TagIDs, func(id string) bool { return slices.Contains(p.ExcludeTagIDs, id) })
	}
}

func (p *ListParams) keepAmounts(volume, liquidity uint64) bool {
	if p.VolumeMin != nil && volume < *p.VolumeMin || p.VolumeMax != nil && volume > *p.VolumeMax {
		return false
	}
	if p.LiquidityMin != nil && liquidity < *p.LiquidityMin || p.LiquidityMax != nil && liquidity > *p.LiquidityMax {
		return false
	}
	return true
}

// sortValue returns the sort value of a row for the query's order.
func sortValue(order, title, slug string, start, end time.Time, s MarketStats, volume, volume24hr, liquidity, oi uint64) (int64, string) {
	switch order {
	case "title", "question":
		return 0, title
	case "slug":
		return 0, slug
	case "startDate":
		return start.UnixNano(), ""
	case "endDate":
		return end.UnixNano(), ""
	case "volume":
		return int64(volume), ""
	case "volume24hr":
		return int64(volume24hr), ""
	case "liquidity":
		return int64(liquidity), ""
	case "openInterest":
		return int64(oi), ""
	case "bestBid":
		return int64(s.BestBid), ""
	case "bestAsk":
		return int64(s.BestAsk), ""
	}
	return 0, "" // id: the tie-break is the order
}

// paginate sorts rows and cuts the page the query asks for.
func paginate(p *ListParams, rows []row) ([]row, string) {
	slices.SortFunc(rows, func(a, b row) int { return compareRows(a, b, p.Ascending) })
	if !p.Keyset {
		if p.Offset >= len(rows) {
			return nil, ""
		}
		return rows[p.Offset:min(len(rows), p.Offset+p.Limit)], ""
	}
	start := 0
	if c := p.After; c != nil {
		pos := row{id: c.ID, num: c.Num, str: c.Str}
		start, _ = slices.BinarySearchFunc(rows, pos, func(a, b row) int { return compareRows(a, b, p.Ascending) })
		if start < len(rows) && compareRows(rows[start], pos, p.Ascending) == 0 {
			start++ // the cursor's own row was on the previous page
		}
	}
	end := min(len(rows), start+p.Limit)
	page := rows[start:end]
	next := ""
	if end < len(rows) && len(page) > 0 {
		last := page[len(page)-1]
		next = (&Cursor{Num: last.num, Str: last.str, ID: last.id, Query: p.QueryHash()}).Encode()
	}
	return page, next
}

// eventCand is an event a list keeps, with its markets and their
// statistics.
type eventCand struct {
	e       *EventRecord
	markets []*MarketRecord
	t       eventTotals
	ss      []MarketStats
}

// eventPage is one page of an event list before rendering.
type eventPage struct {
	rows []eventCand
	next string
}

// events filters, sorts and pages the events of a list.
func (r *Reader) events(p *ListParams) eventPage {
	now := r.Now()
	tagged := r.tagFilter(p)
	var cands []eventCand
	var rows []row
	for _, e := range r.View.allEvents() {
		if !p.keepCommon(e.ID, e.Slug, e.Active, e.Closed, e.Archived, e.StartDate, e.EndDate) || tagged != nil && !tagged(e) {
			continue
		}
		if len(p.Categories) > 0 && !slices.Contains(p.Categories, e.Category) ||
			len(p.EventTypes) > 0 && !slices.Contains(p.EventTypes, e.EventType) {
			continue
		}
		markets := r.View.EventMarkets(e.ID)
		t, ss := r.totals(markets, now)
		if !p.keepAmounts(t.volume, t.liquidity) {
			continue
		}
		n, s := sortValue(p.Order, e.Title, e.Slug, e.StartDate, e.EndDate, MarketStats{}, t.volume, t.volume24hr, t.liquidity, t.openInterest)
		rows = append(rows, row{id: e.ID, num: n, str: s, i: len(cands)})
		cands = append(cands, eventCand{e, markets, t, ss})
	}
	page, next := paginate(p, rows)
	out := eventPage{rows: make([]eventCand, len(page)), next: next}
	for i, rw := range page {
		out.rows[i] = cands[rw.i]
	}
	return out
}

// Events answers GET /events and GET /events/keyset.
func (r *Reader) Events(p *ListParams) Page[gammaapi.Event] {
	page := r.events(p)
	out := Page[gammaapi.Event]{Rows: make([]gammaapi.Event, len(page.rows)), NextCursor: page.next}
	for i, c := range page.rows {
		out.Rows[i] = r.renderEvent(c.e, c.markets, c.t, c.ss, r.View.tagsOf(c.e))
	}
	return out
}

// Markets answers GET /markets and GET /markets/keyset.
func (r *Reader) Markets(p *ListParams) Page[gammaapi.Market] {
	now := r.Now()
	tagged := r.tagFilter(p)
	var cands []*MarketRecord
	var stats []MarketStats
	var rows []row
	for _, m := range r.View.allMarkets() {
		if !p.keepCommon(m.ID, m.Slug, m.Active, m.Closed, m.Archived, m.StartDate, m.EndDate) {
			continue
		}
		if tagged != nil {
			if ev, _ := r.View.tagKey(m.EventID); !tagged(ev) {
				continue
			}
		}
		if len(p.ConditionIDs) > 0 && !slices.ContainsFunc(p.ConditionIDs, func(c string) bool { return strings.EqualFold(c, m.ConditionID) }) {
			continue
		}
		if len(p.TokenIDs) > 0 && !slices.Contains(p.TokenIDs, m.TokenIDs[0]) && !slices.Contains(p.TokenIDs, m.TokenIDs[1]) {
			continue
		}
		s := r.Stats.Market(m.ConditionID, now)
		if !p.keepAmounts(s.Volume, s.Liquidity) {
			continue
		}
		n, str := sortValue(p.Order, m.Question, m.Slug, m.StartDate, m.EndDate, s, s.Volume, s.Volume24hr, s.Liquidity, s.OpenInterest)
		rows = append(rows, row{id: m.ID, num: n, str: str, i: len(cands)})
		cands = append(cands, m)
		stats = append(stats, s)
	}
	page, next := paginate(p, rows)
	out := Page[gammaapi.Market]{Rows: make([]gammaapi.Market, len(page)), NextCursor: next}
	for i, rw := range page {
		ev, _ := r.View.tagKey(cands[rw.i].EventID)
		out.Rows[i] = r.renderMarket(cands[rw.i], stats[rw.i], r.View.tagsOf(ev))
	}
	return out
}

// Games answers GET /games: games by scheduled time, then id.
func (r *Reader) Games(p *GameParams) []gammaapi.Game {
	var keep []*gammaapi.Game
	for _, g := range r.View.allGames() {
		if p.SportType != "" && g.SportType != p.SportType || p.Status != "" && g.GameStatus != p.Status {
			continue
		}
		if p.Date != nil && !(!g.ScheduledAt.Before(*p.Date) && g.ScheduledAt.Before(p.Date.Add(24*time.Hour))) {
			continue
		}
		if p.Keyword != "" && !gameMatches(g, p.Keyword) {
			continue
		}
		keep = append(keep, g)
	}
	slices.SortFunc(keep, func(a, b *gammaapi.Game) int {
		if c := a.ScheduledAt.Compare(b.ScheduledAt); c != 0 {
			return c
		}
		return cmpID(a.ID, b.ID)
	})
	out := []gammaapi.Game{}
	for i := p.Offset; i < len(keep) && i < p.Offset+p.Limit; i++ {
		out = append(out, *keep[i])
	}
	return out
}

// gameMatches is the keyword search: a case-insensitive substring of the
// team names and abbreviations, the venue, the sport or the id.
func gameMatches(g *gammaapi.Game, kw string) bool {
	for _, f := range []string{g.HomeTeam.Name, g.AwayTeam.Name, g.HomeTeam.Abbreviation, g.AwayTeam.Abbreviation, g.Venue, g.SportType, g.ID} {
		if strings.Contains(strings.ToLower(f), kw) {
			return true
		}
	}
	return false
}
