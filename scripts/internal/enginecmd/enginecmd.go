// Package enginecmd builds and submits the engine commands with which the
// developer programs (the settlement benchmark, the settler's crash test,
// the settlement tests) seed an exchange on a chaintest chain: the market,
// each trader's wallet and funds, signed orders. They need the engine to
// accept every one, so a refusal is an error here. AllTrades reads back
// the trades they made, to wait for their settlement.
package enginecmd

import (
	"context"
	"crypto/rand"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/holiman/uint256"
	"github.com/nats-io/nats.go"

	"pred.dev/proto/chain/chaintest"
	"pred.dev/proto/chain/ctfid"
	"pred.dev/proto/eip712"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/publish"
	"pred.dev/proto/runtime/query"
	"pred.dev/proto/signedorder"
)

// Submit submits c, with a random id if it has none, waits for the
// engine's result, and fails if the engine refused the command or, for an
// order, the order.
func Submit(ctx context.Context, pub *publish.Publisher, c *pb.Command) (*publish.Result, error) {
	if len(c.Id) == 0 {
		c.Id = make([]byte, 16)
		_, _ = rand.Read(c.Id)
	}
	res, err := pub.Submit(ctx, c)
	if err != nil {
		return nil, err
	}
	for _, e := range res.Events {
		if r := e.GetCommandRejected(); r != nil {
			return nil, fmt.Errorf("command %T refused: %s", c.Body, r.GetReason())
		}
		if r := e.GetOrderRejected(); r != nil {
			return nil, fmt.Errorf("order refused: %s", r.GetReason())
		}
	}
	return res, nil
}

// CreateMarket creates m in the engine: tick 0.01, 1 to 1,000,000 shares,
// no platform fee.
func CreateMarket(m ctfid.Market, negRisk bool) *pb.Command {
	return &pb.Command{Body: &pb.Command_CreateMarket{CreateMarket: &pb.CreateMarket{Market: m.ConditionID[:],
		YesTokenId: word(m.Yes), NoTokenId: word(m.No),
		Params: &pb.MarketParams{TickSize: 10_000, MinSize: chaintest.Unit, MaxSize: 1_000_000 * chaintest.Unit, FeeRateBps: 0, NegRisk: negRisk}}}}
}

// FundTrader records t's wallet as deployed in the engine, its approvals
// of both exchanges, and credits it amount units of USDW: what the chain
// watcher would append for a trader whose wallet chaintest deployed,
// approved and funded.
func FundTrader(t *chaintest.Trader, amount uint64) []*pb.Command {
	cmds := []*pb.Command{
		{Body: &pb.Command_WalletDeployed{WalletDeployed: &pb.WalletDeployed{Owner: t.Owner.Bytes(), Wallet: t.Maker.Bytes()}}},
		{Body: &pb.Command_Faucet{Faucet: &pb.Faucet{Account: t.Maker.Bytes(), Amount: amount}}},
	}
	return append(cmds, Approved(t.Maker)...)
}

// Approved are the approvals chaintest's NewTrader gives a wallet, as the
// chain watcher appends them: USDW unlimited and the shares, on both
// exchanges.
func Approved(wallet common.Address) []*pb.Command {
	var cmds []*pb.Command
	for _, x := range []pb.Exchange{pb.Exchange_EXCHANGE_STANDARD, pb.Exchange_EXCHANGE_NEG_RISK} {
		cmds = append(cmds,
			&pb.Command{Body: &pb.Command_CollateralApproval{CollateralApproval: &pb.CollateralApproval{Account: wallet.Bytes(), Exchange: x, Unlimited: true}}},
			&pb.Command{Body: &pb.Command_SharesApproval{SharesApproval: &pb.SharesApproval{Account: wallet.Bytes(), Exchange: x, Approved: true}}})
	}
	return cmds
}

// SignedOrder is o, signed, as the engine takes it. The binding's order
// (big integers) is read as the EIP-712 struct and converted as the
// gateway converts it; an order whose values the log cannot hold is a bug
// of the program that built it, so it panics.
func SignedOrder(o *chaintest.Order) *pb.SignedOrder {
	e := &eip712.Order{Maker: o.Maker, Signer: o.Signer, Taker: o.Taker, Side: eip712.Side(o.Side),
		SignatureType: eip712.SignatureType(o.SignatureType), ScopeID: o.ScopeId}
	for _, f := range []struct {
		dst *uint256.Int
		v   *big.Int
	}{{&e.Salt, o.Salt}, {&e.TokenID, o.TokenId}, {&e.MakerAmount, o.MakerAmount}, {&e.TakerAmount, o.TakerAmount},
		{&e.Expiration, o.Expiration}, {&e.Nonce, o.Nonce}, {&e.FeeRateBps, o.FeeRateBps}} {
		f.dst.Set(uint256.MustFromBig(f.v))
	}
	so, err := signedorder.ToPB(e, o.Signature)
	if err != nil {
		panic(fmt.Sprintf("enginecmd: %s: %v", chaintest.String(o), err))
	}
	return so
}

// word is v as a 32-byte big-endian word, the engine's token id.
func word(v *big.Int) []byte { return common.LeftPadBytes(v.Bytes(), 32) }

// AllTrades reads every trade from the engine, page by page.
func AllTrades(ctx context.Context, nc *nats.Conn) ([]*pb.TradeRecord, error) {
	var out []*pb.TradeRecord
	cursor := ""
	for {
		resp, err := query.Do(ctx, nc, &pb.QueryRequest{Query: &pb.QueryRequest_Trades{Trades: &pb.TradesQuery{Cursor: cursor, Limit: 500}}})
		if err != nil {
			return nil, err
		}
		if e := resp.GetError(); e != nil {
			return nil, fmt.Errorf("trades: %s", e.GetMessage())
		}
		out = append(out, resp.GetTrades().GetTrades()...)
		if cursor = resp.GetTrades().GetNextCursor(); cursor == "" {
			return out, nil
		}
	}
}
