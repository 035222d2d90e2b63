package wire

import (
	"bytes"

	"pred.dev/engine/machine"
	"pred.dev/proto/pb"
)

// ToPB encodes a core command as a publisher sends it, the inverse of
// Decoder for commands that obey the schema. Tools use it to drive an
// engine with generated workloads. A place without signed fields gets the
// maker as signer and an empty signature: the engine does not verify
// signatures, the gateways do.
func ToPB(c *machine.Command, signed *Signed) *pb.Command {
	out := &pb.Command{Id: bytes.Clone(c.ID[:])}
	account := bytes.Clone(c.Account[:])
	switch c.Kind {
	case machine.KindPlace:
		out.Body = &pb.Command_PlaceOrder{PlaceOrder: place(c, signed)}
	case machine.KindReplace:
		out.Body = &pb.Command_ReplaceOrder{ReplaceOrder: &pb.ReplaceOrder{OrderId: bytes.Clone(c.OrderIDs[0][:]),
			Place: place(c, signed)}}
	case machine.KindDecrease:
		d := &pb.DecreaseOrder{Account: account, OrderId: bytes.Clone(c.OrderIDs[0][:])}
		if c.ReduceTo {
			d.Amount = &pb.DecreaseOrder_ReduceTo{ReduceTo: c.Amount}
		} else {
			d.Amount = &pb.DecreaseOrder_ReduceBy{ReduceBy: c.Amount}
		}
		out.Body = &pb.Command_DecreaseOrder{DecreaseOrder: d}
	case machine.KindSetGroup:
		out.Body = &pb.Command_SetOrderGroup{SetOrderGroup: &pb.SetOrderGroup{Account: account, Group: c.Args.Group,
			Limit: c.Amount, WindowSec: c.Args.WindowSec}}
	case machine.KindResetGroup:
		out.Body = &pb.Command_ResetOrderGroup{ResetOrderGroup: &pb.ResetOrderGroup{Account: account, Group: c.Args.Group}}
	case machine.KindDeleteGroup:
		out.Body = &pb.Command_DeleteOrderGroup{DeleteOrderGroup: &pb.DeleteOrderGroup{Account: account, Group: c.Args.Group}}
	case machine.KindCancel:
		out.Body = &pb.Command_CancelOrder{CancelOrder: &pb.CancelOrder{Account: account, OrderId: bytes.Clone(c.OrderIDs[0][:])}}
	case machine.KindCancelList:
		ids := make([][]byte, len(c.OrderIDs))
		for i := range c.OrderIDs {
			ids[i] = bytes.Clone(c.OrderIDs[i][:])
		}
		out.Body = &pb.Command_CancelOrders{CancelOrders: &pb.CancelOrders{Account: account, OrderIds: ids}}
	case machine.KindCancelMarket:
		out.Body = &pb.Command_CancelMarketOrders{CancelMarketOrders: &pb.CancelMarketOrders{Account: account,
			Market: nonzero(c.Args.Market), TokenId: nonzero(c.Args.Token)}}
	case machine.KindCancelAll:
		out.Body = &pb.Command_CancelAll{CancelAll: &pb.CancelAll{Account: account}}
	case machine.KindHeartbeat:
		out.Body = &pb.Command_Heartbeat{Heartbeat: &pb.Heartbeat{Owner: bytes.Clone(c.Owner[:])}}
	case machine.KindTick:
		out.Body = &pb.Command_Tick{Tick: &pb.Tick{}}
	case machine.KindDeposit:
		out.Body = &pb.Command_Deposit{Deposit: &pb.Deposit{Account: account, Amount: c.Amount, TokenId: moneyToken(c)}}
	case machine.KindWithdraw:
		out.Body = &pb.Command_Withdraw{Withdraw: &pb.Withdraw{Account: account, Amount: c.Amount, TokenId: moneyToken(c)}}
	case machine.KindWithdrawalObserved:
		out.Body = &pb.Command_WithdrawalObserved{WithdrawalObserved: &pb.WithdrawalObserved{Account: account,
			Amount: c.Amount, TokenId: moneyToken(c)}}
	case machine.KindWithdrawalReleased:
		out.Body = &pb.Command_WithdrawalReleased{WithdrawalReleased: &pb.WithdrawalReleased{Account: account,
			Amount: c.Amount, TokenId: moneyToken(c)}}
	case machine.KindWalletDeployed:
		// The core does not keep the owner; tools that need it on the
		// wire build the command themselves.
		out.Body = &pb.Command_WalletDeployed{WalletDeployed: &pb.WalletDeployed{Wallet: account}}
	case machine.KindFaucet:
		out.Body = &pb.Command_Faucet{Faucet: &pb.Faucet{Account: account, Amount: c.Amount}}
	case machine.KindCollateralApproval:
		out.Body = &pb.Command_CollateralApproval{CollateralApproval: &pb.CollateralApproval{Account: account,
			Exchange: pb.Exchange(c.Args.Exchange), Amount: c.Amount, Unlimited: c.Args.Approved}}
	case machine.KindSharesApproval:
		out.Body = &pb.Command_SharesApproval{SharesApproval: &pb.SharesApproval{Account: account,
			Exchange: pb.Exchange(c.Args.Exchange), Approved: c.Args.Approved}}
	default:
		setMarketBody(out, c)
	}
	return out
}

// moneyToken is the token_id of a money command: empty for collateral.
func moneyToken(c *machine.Command) []byte {
	if c.Args == nil {
		return nil
	}
	return nonzero(c.Args.Token)
}

func place(c *machine.Command, s *Signed) *pb.PlaceOrder {
	o := c.Order
	so := &pb.SignedOrder{Maker: bytes.Clone(o.Maker[:]), TokenId: bytes.Clone(o.TokenID[:]), MakerAmount: o.MakerAmount,
		TakerAmount: o.TakerAmount, Expiration: o.Expiration, FeeRateBps: o.FeeRateBps, Side: pb.Side(o.Side),
		Signer: bytes.Clone(o.Maker[:]), Signature: make([]byte, 65)}
	so.SignatureType = uint32(o.SignatureType)
	if s != nil {
		so.Salt, so.Nonce, so.SignatureType, so.ScopeId = s.Salt, s.Nonce, s.SignatureType, string(s.ScopeID)
		so.Signer, so.Taker, so.Signature = bytes.Clone(s.Signer[:]), nonzeroAddr(s.Taker), bytes.Clone(s.Signature[:])
	}
	p := &pb.PlaceOrder{Order: so, OrderType: pb.OrderType(o.Type), PostOnly: o.PostOnly,
		SelfTrade: pb.SelfTradePrevention(o.SelfTrade), CancelOnHalt: o.CancelOnHalt, Group: o.Group}
	if c.Owner != (machine.KeyID{}) {
		p.Owner = bytes.Clone(c.Owner[:])
	}
	return p
}

// setMarketBody sets the body of the market and settlement commands. The
// generated oneof interface is unexported, so the body is assigned here.
func setMarketBody(out *pb.Command, c *machine.Command) {
	a := c.Args
	market := bytes.Clone(a.Market[:])
	switch c.Kind {
	case machine.KindCreateMarket:
		out.Body = &pb.Command_CreateMarket{CreateMarket: &pb.CreateMarket{Market: market, YesTokenId: bytes.Clone(a.Tokens[0][:]),
			NoTokenId: bytes.Clone(a.Tokens[1][:]), Params: Params(a.Params)}}
	case machine.KindConfigureMarket:
		out.Body = &pb.Command_ConfigureMarket{ConfigureMarket: &pb.ConfigureMarket{Market: market, Params: Params(a.Params)}}
	case machine.KindHaltMarket:
		out.Body = &pb.Command_HaltMarket{HaltMarket: &pb.HaltMarket{Market: market}}
	case machine.KindResumeMarket:
		out.Body = &pb.Command_ResumeMarket{ResumeMarket: &pb.ResumeMarket{Market: market}}
	case machine.KindClearMarket:
		out.Body = &pb.Command_ClearMarketOrders{ClearMarketOrders: &pb.ClearMarketOrders{Market: market}}
	case machine.KindCloseMarket:
		out.Body = &pb.Command_CloseMarket{CloseMarket: &pb.CloseMarket{Market: market}}
	case machine.KindResolveMarket:
		out.Body = &pb.Command_ResolveMarket{ResolveMarket: &pb.ResolveMarket{Market: market, Payout: append([]uint32(nil), a.Payout...)}}
	case machine.KindSetTradeStatus:
		out.Body = &pb.Command_SetTradeStatus{SetTradeStatus: &pb.SetTradeStatus{TradeId: a.TradeID,
			TradeIds: append([]uint64(nil), a.TradeIDs...), Status: pb.TradeStatus(a.TradeStatus), TxHash: nonzero(a.TxHash)}}
	}
}

func nonzero(h machine.Hash) []byte {
	if h == (machine.Hash{}) {
		return nil
	}
	return bytes.Clone(h[:])
}

func nonzeroAddr(a machine.Address) []byte {
	if a == (machine.Address{}) {
		return nil
	}
	return bytes.Clone(a[:])
}
