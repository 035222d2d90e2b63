// Package marketrpc is the client side of the settler's markets service
// (pred.dev/settler/markets): a market's preparation on chain, a resolved
// market's payout report and the devnet faucet's funding, each a protobuf
// request over core-NATS request/reply to the settler that holds the
// service's lease. Client implements Gamma's operator.Preparer and
// operator.Resolver and the CLOB's api.FaucetFunder, so a gateway lists,
// resolves and funds on chain with nothing but its NATS connection.
//
// Every failure is an *errcode.Error: SETTLER_UNAVAILABLE when no settler
// answered in time (none holds the lease, or the chain work outlasted the
// deadline), otherwise the code the service answered with. The service
// skips what the chain has already, so every request may be retried.
package marketrpc

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/nats-io/nats.go"
	"google.golang.org/protobuf/proto"

	"pred.dev/proto/chain/ctfid"
	"pred.dev/proto/errcode"
	"pred.dev/proto/journal"
	"pred.dev/proto/pb"
)

// DefaultTimeout bounds a request whose context has no deadline: a
// market's two transactions mined on a chain of a few seconds a block.
const DefaultTimeout = time.Minute

// Client calls the markets service on one NATS connection.
type Client struct {
	nc *nats.Conn
}

// New returns a client on nc.
func New(nc *nats.Conn) *Client { return &Client{nc: nc} }

// PrepareMarket has the settler prepare questionID's condition and
// register its tokens on the standard or negRisk exchange, and returns
// the market's ids as the chain has them.
func (c *Client) PrepareMarket(ctx context.Context, questionID common.Hash, negRisk bool) (ctfid.Market, error) {
	resp := &pb.PrepareMarketResponse{}
	err := c.call(ctx, journal.SettlerPrepareMarketSubject, func(deadline int64) proto.Message {
		return &pb.PrepareMarketRequest{QuestionId: questionID[:], NegRisk: negRisk, DeadlineUnixMs: deadline}
	}, resp, resp.GetError)
	if err != nil {
		return ctfid.Market{}, err
	}
	if len(resp.GetConditionId()) != common.HashLength {
		return ctfid.Market{}, errcode.Errorf(errcode.InternalError, "the settler answered a condition id of %d bytes", len(resp.GetConditionId()))
	}
	return ctfid.Market{ConditionID: common.BytesToHash(resp.GetConditionId()),
		Yes: new(big.Int).SetBytes(resp.GetYesTokenId()), No: new(big.Int).SetBytes(resp.GetNoTokenId())}, nil
}

// ReportPayouts has the settler, the markets' oracle, report questionID's
// payouts ([1,0], [0,1] or [1,1]) unless the condition has them.
func (c *Client) ReportPayouts(ctx context.Context, questionID common.Hash, negRisk bool, payouts []int) error {
	p := make([]uint32, len(payouts))
	for i, v := range payouts {
		if v < 0 {
			return errcode.Errorf(errcode.InvalidPayoutVector, "payout %d is negative", v)
		}
		p[i] = uint32(v)
	}
	resp := &pb.ReportPayoutsResponse{}
	return c.call(ctx, journal.SettlerReportPayoutsSubject, func(deadline int64) proto.Message {
		return &pb.ReportPayoutsRequest{QuestionId: questionID[:], NegRisk: negRisk, Payouts: p, DeadlineUnixMs: deadline}
	}, resp, resp.GetError)
}

// Fund has the devnet's settler put amount base units of USDW at to.
func (c *Client) Fund(ctx context.Context, to common.Address, amount uint64) error {
	_, err := c.FundID(ctx, to, amount)
	return err
}

// FundID funds like Fund and returns the chain event id of the USDW
// transfer into to, the id the chain watcher gives its deposit.
func (c *Client) FundID(ctx context.Context, to common.Address, amount uint64) ([]byte, error) {
	resp := &pb.FundResponse{}
	err := c.call(ctx, journal.SettlerFundSubject, func(deadline int64) proto.Message {
		return &pb.FundRequest{Address: to[:], Amount: amount, DeadlineUnixMs: deadline}
	}, resp, resp.GetError)
	if err != nil {
		return nil, err
	}
	return resp.GetDepositId(), nil
}

// call sends the request build makes for the deadline and decodes the
// answer into resp, whose error (failed) becomes the returned error.
func (c *Client) call(ctx context.Context, subject string, build func(deadlineUnixMs int64) proto.Message, resp proto.Message,
	failed func() *pb.MarketsError) error {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, DefaultTimeout)
		defer cancel()
	}
	deadline, _ := ctx.Deadline()
	data, err := proto.Marshal(build(deadline.UnixMilli()))
	if err != nil {
		return errcode.Errorf(errcode.InternalError, "encoding a request to the settler: %v", err)
	}
	msg, err := c.nc.RequestWithContext(ctx, subject, data)
	if err != nil {
		if errors.Is(err, nats.ErrNoResponders) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, nats.ErrTimeout) ||
			errors.Is(err, nats.ErrConnectionClosed) || errors.Is(err, nats.ErrDisconnected) {
			return errcode.Wrap(errcode.SettlerUnavailable, fmt.Errorf("%s: %w", subject, err))
		}
		return errcode.Errorf(errcode.InternalError, "a request to the settler (%s): %v", subject, err)
	}
	if err := proto.Unmarshal(msg.Data, resp); err != nil {
		return errcode.Errorf(errcode.InternalError, "the settler's answer on %s: %v", subject, err)
	}
	if e := failed(); e != nil {
		code := errcode.Code(e.GetCode())
		if !code.Known() {
			code = errcode.InternalError
		}
		return errcode.Errorf(code, "%s", e.GetMessage())
	}
	return nil
}
