package catalog

import (
	"encoding/json"
	"sync"
)

// renderedMarket is a market's JSON as GET /markets/{id} answers it,
// with what it was rendered from.
type renderedMarket struct {
	rec   *MarketRecord
	stats MarketStats
	body  []byte
}

// marketCache holds each market's last rendered JSON. A read renders
// again only when the market's record (a new one arrives with every
// change in the catalogue) or its statistics (the event stream's figures
// and the rolling 24 hours' volume, as of the read) differ from those of
// the cached body, so the answer is always what rendering afresh gives.
type marketCache struct {
	m sync.Map // market id → *renderedMarket
}

// MarketJSON returns the JSON of RenderMarket(m) followed by a newline,
// exactly what encoding it afresh gives, from a per-market cache that
// is checked against the record and the statistics at every read.
func (r *Reader) MarketJSON(m *MarketRecord) ([]byte, error) {
	s := r.Stats.Market(m.ConditionID, r.Now())
	if v, ok := r.cache.m.Load(m.ID); ok {
		if c := v.(*renderedMarket); c.rec == m && c.stats == s {
			return c.body, nil
		}
	}
	b, err := json.Marshal(r.renderMarket(m, s))
	if err != nil {
		return nil, err
	}
	b = append(b, '\n')
	r.cache.m.Store(m.ID, &renderedMarket{rec: m, stats: s, body: b})
	return b, nil
}
