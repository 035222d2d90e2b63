package catalog

import (
	"bytes"
	"encoding/json"
	"errors"
	"sync"
)

// renderedMarket is a market's JSON as GET /markets/{id} answers it,
// with what it was rendered from.
type renderedMarket struct {
	rec    *MarketRecord
	stats  MarketStats
	ev     *EventRecord
	tagGen uint64
	body   []byte
}

// marketCache holds each market's last rendered JSON. A read renders
// again only when the market's record (a new one arrives with every
// change in the catalogue), its statistics (the event stream's figures
// and the rolling 24 hours' volume, as of the read) or its tags (its
// event's record, or any tag record) differ from those of the cached
// body, so the answer is always what rendering afresh gives.
type marketCache struct {
	m sync.Map // market id → *renderedMarket
}

// MarketJSON returns the JSON of RenderMarket(m) followed by a newline,
// exactly what encoding it afresh gives, from a per-market cache that
// is checked against the record and the statistics at every read.
func (r *Reader) MarketJSON(m *MarketRecord) ([]byte, error) {
	return r.marketJSON(m, r.Stats.Market(m.ConditionID, r.Now()))
}

// marketJSON is MarketJSON with the statistics read already.
func (r *Reader) marketJSON(m *MarketRecord, s MarketStats) ([]byte, error) {
	// The key is read before the tags, so that a body rendered with tags
	// newer than its key is only rendered again, never served stale.
	ev, gen := r.View.tagKey(m.EventID)
	if v, ok := r.cache.m.Load(m.ID); ok {
		if c := v.(*renderedMarket); c.rec == m && c.stats == s && c.ev == ev && c.tagGen == gen {
			return c.body, nil
		}
	}
	b, err := json.Marshal(r.renderMarket(m, s, r.View.tagsOf(ev)))
	if err != nil {
		return nil, err
	}
	b = append(b, '\n')
	r.cache.m.Store(m.ID, &renderedMarket{rec: m, stats: s, ev: ev, tagGen: gen, body: b})
	return b, nil
}

// EventsJSON answers GET /events: the JSON array of Events(p)'s rows and
// a newline, exactly what encoding them afresh gives, each market's JSON
// taken from the market cache.
func (r *Reader) EventsJSON(p *ListParams) ([]byte, error) {
	page := r.events(p)
	b := make([]byte, 0, 1024*(len(page.rows)+1))
	b = append(b, '[')
	for i, c := range page.rows {
		if i > 0 {
			b = append(b, ',')
		}
		// The event without markets ends in "markets":[]}; its markets'
		// cached bodies go between the brackets.
		head, err := json.Marshal(r.renderEvent(c.e, nil, c.t, nil, r.View.tagsOf(c.e)))
		if err != nil {
			return nil, err
		}
		if !bytes.HasSuffix(head, []byte(`"markets":[]}`)) {
			return nil, errors.New("catalog: an event's JSON does not end with its markets")
		}
		b = append(b, head[:len(head)-2]...)
		for j, m := range c.markets {
			if j > 0 {
				b = append(b, ',')
			}
			mb, err := r.marketJSON(m, c.ss[j])
			if err != nil {
				return nil, err
			}
			b = append(b, mb[:len(mb)-1]...)
		}
		b = append(b, "]}"...)
	}
	return append(b, ']', '\n'), nil
}
