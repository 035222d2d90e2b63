package settle

import (
	"context"
	"fmt"
	"slices"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/proto/pb"
	"pred.dev/proto/rules"
)

// report appends, for the trades of rec, each status of path in order: one
// SetTradeStatus per status naming all of them (trade_id the first,
// trade_ids the rest), at most rules.TradeStatusTradesMax trades a command
// (Config.FillsMax keeps a call's trades within one). The engine takes each
// trade on its own, so a trade it refuses (one already final, say) does
// not hold back the others.
func (s *Settler) report(ctx context.Context, rec *Record, path []pb.TradeStatus, txHash string) error {
	var hash []byte
	if txHash != "" {
		hash = common.HexToHash(txHash).Bytes()
	}
	fills := rec.fills()
	ids := make([]uint64, len(fills))
	for i, f := range fills {
		ids[i] = f.TradeID
	}
	for _, st := range path {
		for chunk := range slices.Chunk(ids, rules.TradeStatusTradesMax) {
			nums := append([]uint64{uint64(st), uint64(rec.Attempt)}, chunk...)
			if _, err := s.pub.Append(ctx, &pb.Command{Id: commandID("status", rec.label(), nums...),
				Body: &pb.Command_SetTradeStatus{SetTradeStatus: &pb.SetTradeStatus{TradeId: chunk[0],
					TradeIds: chunk[1:], Status: st, TxHash: hash}}}); err != nil {
				return fmt.Errorf("settle: reporting %s: %w", st, err)
			}
		}
		s.m.status(st, len(fills))
		if err := s.crash(CrashReported); err != nil {
			return err
		}
	}
	return nil
}

// commandID is a command's id, derived from what it reports (the engine
// needs ids for correlation; the same report made again is a no-op).
func commandID(kind, id string, nums ...uint64) []byte {
	b := []byte(kind + "/" + id)
	for _, n := range nums {
		b = fmt.Appendf(b, "/%d", n)
	}
	return crypto.Keccak256(b)[:16]
}
