package markets

import (
	"context"
	"errors"
	"fmt"

	"github.com/ethereum/go-ethereum/common"
	"google.golang.org/protobuf/proto"

	"pred.dev/proto/errcode"
	"pred.dev/proto/pb"
)

// The three requests, decoded, checked, done and answered. A refusal or
// failure is the response's MarketsError (errors.go), never a NATS error.

func (m *Markets) servePrepare(ctx context.Context, data []byte) []byte {
	req, resp := &pb.PrepareMarketRequest{}, &pb.PrepareMarketResponse{}
	if err := decode(data, req); err != nil {
		resp.Error = toError(err)
		return encode(resp)
	}
	if len(req.GetQuestionId()) != common.HashLength {
		resp.Error = toError(invalid("question_id must be 32 bytes, got %d", len(req.GetQuestionId())))
		return encode(resp)
	}
	ctx, cancel := withDeadline(ctx, req.GetDeadlineUnixMs())
	defer cancel()
	mk, err := m.PrepareMarket(ctx, common.BytesToHash(req.GetQuestionId()), req.GetNegRisk())
	if err != nil {
		resp.Error = toError(fmt.Errorf("preparing the market on chain: %w", err))
		return encode(resp)
	}
	var yes, no [32]byte
	mk.Yes.FillBytes(yes[:])
	mk.No.FillBytes(no[:])
	resp.ConditionId, resp.YesTokenId, resp.NoTokenId, resp.Oracle = mk.ConditionID[:], yes[:], no[:], m.oracle[:]
	return encode(resp)
}

func (m *Markets) serveReport(ctx context.Context, data []byte) []byte {
	req, resp := &pb.ReportPayoutsRequest{}, &pb.ReportPayoutsResponse{}
	if err := decode(data, req); err != nil {
		resp.Error = toError(err)
		return encode(resp)
	}
	p := req.GetPayouts()
	if len(req.GetQuestionId()) != common.HashLength || len(p) != 2 || p[0]+p[1] == 0 || p[0] > 1 || p[1] > 1 {
		resp.Error = toError(invalid("a report needs a 32-byte question_id and payouts [1,0], [0,1] or [1,1]"))
		return encode(resp)
	}
	ctx, cancel := withDeadline(ctx, req.GetDeadlineUnixMs())
	defer cancel()
	if err := m.ReportPayouts(ctx, common.BytesToHash(req.GetQuestionId()), req.GetNegRisk(), []int{int(p[0]), int(p[1])}); err != nil {
		resp.Error = toError(fmt.Errorf("reporting the payouts on chain: %w", err))
	}
	return encode(resp)
}

func (m *Markets) serveFund(ctx context.Context, data []byte) []byte {
	req, resp := &pb.FundRequest{}, &pb.FundResponse{}
	if err := decode(data, req); err != nil {
		resp.Error = toError(err)
		return encode(resp)
	}
	if len(req.GetAddress()) != common.AddressLength || req.GetAmount() == 0 {
		resp.Error = toError(invalid("a funding needs a 20-byte address and a positive amount"))
		return encode(resp)
	}
	ctx, cancel := withDeadline(ctx, req.GetDeadlineUnixMs())
	defer cancel()
	id, err := m.FundID(ctx, common.BytesToAddress(req.GetAddress()), req.GetAmount())
	if err != nil {
		resp.Error = toError(err)
		return encode(resp)
	}
	resp.DepositId = id
	return encode(resp)
}

// errInvalid marks a malformed request.
var errInvalid = errors.New("invalid request")

func invalid(format string, args ...any) error {
	return fmt.Errorf("%w: %s", errInvalid, fmt.Sprintf(format, args...))
}

func decode(data []byte, msg proto.Message) error {
	if err := proto.Unmarshal(data, msg); err != nil {
		return invalid("%v", err)
	}
	return nil
}

func encode(msg proto.Message) []byte {
	b, err := proto.Marshal(msg)
	if err != nil {
		// Only a message with invalid UTF-8 in a string fails to encode:
		// answer with the error alone, which the caller can read.
		b, _ = proto.Marshal(&pb.ReportPayoutsResponse{Error: &pb.MarketsError{Code: string(errcode.InternalError), Message: err.Error()}})
	}
	return b
}
