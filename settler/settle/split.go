package settle

import (
	"fmt"
	"time"

	"github.com/ethereum/go-ethereum/common/hexutil"
)

// split turns a batch that failed into one record per match, each to be
// tried again on its own after wait: the first keeps the batch's record
// (and goes on from its attempt numbers), the others are new.
func (s *Settler) split(rec *Record, wait time.Time) ([]*Record, error) {
	data, err := hexutil.Decode(rec.Data)
	if err != nil {
		return nil, err
	}
	ms, err := unpackBatch(data)
	if err != nil {
		return nil, err
	}
	if len(ms) != len(rec.Matches) {
		return nil, fmt.Errorf("settle: %s calls %d matches, its record has %d", rec.ID, len(ms), len(rec.Matches))
	}
	out := make([]*Record, len(ms))
	for i, m := range ms {
		d, err := matchCall(m.TakerOrder, m.MakerOrders, m.MakerFillAmounts, rec.MatchedAt.Unix())
		if err != nil {
			return nil, err
		}
		r := *rec
		r.ID, r.Matches, r.Data, r.RetryAt = settlementID(rec.Matches[i].Fills[0].TradeID), rec.Matches[i:i+1], hexutil.Encode(d), wait
		r.Attempt, r.Base, r.Reorgs = 1, 1, 0
		if i == 0 {
			r.Attempt, r.Base = rec.Attempt+1, rec.Attempt+1
		}
		out[i] = &r
	}
	return out, nil
}
