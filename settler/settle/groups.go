package settle

import (
	"bytes"

	"pred.dev/proto/pb"
)

// group is the trades of one taker order in one command, at most
// MakersMax of them.
type group struct {
	trades []*pb.Trade
	seq    uint64
}

// groups splits an event batch into settlements.
func groups(b *pb.EventBatch, makersMax int) []group {
	var out []group
	evs := b.GetEvents()
	for _, r := range b.GetResults() {
		var g group
		end := int(r.GetFirstEvent()) + int(r.GetEventCount())
		for i := int(r.GetFirstEvent()); i < end && i < len(evs); i++ {
			t := evs[i].GetTrade()
			if t == nil {
				continue
			}
			if len(g.trades) > 0 && (!bytes.Equal(g.trades[0].GetTakerOrderId(), t.GetTakerOrderId()) || len(g.trades) == makersMax) {
				out = append(out, g)
				g = group{}
			}
			g.trades, g.seq = append(g.trades, t), r.GetCommandSeq()
		}
		if len(g.trades) > 0 {
			out = append(out, g)
		}
	}
	return out
}
