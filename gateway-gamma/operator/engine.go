package operator

import (
	"context"
	"crypto/rand"

	"github.com/ethereum/go-ethereum/common"

	"pred.dev/gateway-gamma/catalog"
	"pred.dev/proto/errcode"
	"pred.dev/proto/pb"
)

// submit appends a command and maps the engine's answer; ok is a
// rejection that counts as success.
func (o *Operator) submit(ctx context.Context, cmd *pb.Command, ok pb.RejectReason) error {
	if len(cmd.Id) == 0 {
		cmd.Id = randomID()
	}
	res, err := o.engine.Submit(ctx, cmd)
	if err != nil {
		return errcode.Wrap(errcode.EngineUnavailable, err)
	}
	for _, e := range res.Events {
		r := e.GetCommandRejected()
		if r == nil {
			continue
		}
		if r.GetReason() == ok {
			return nil
		}
		if r.GetReason() == pb.RejectReason_REJECT_REASON_DUPLICATE_COMMAND {
			return nil // the same command id was applied before: a retry
		}
		return errcode.Errorf(errcode.FromReject(r.GetReason()), "the engine refused %T: %s", cmd.GetBody(), r.GetReason())
	}
	return nil
}

// marketCommand appends a lifecycle command for a market. The engine
// refuses a halt, clear or close of a market already past that state
// (INVALID_MARKET_STATE); that is what a repeated step finds, so it counts
// as done.
func (o *Operator) marketCommand(ctx context.Context, _ *catalog.MarketRecord, cmd *pb.Command) error {
	return o.submit(ctx, cmd, pb.RejectReason_REJECT_REASON_INVALID_MARKET_STATE)
}

func cond(m *catalog.MarketRecord) []byte {
	h := common.HexToHash(m.ConditionID)
	return h[:]
}

func randomID() []byte {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return b
}
