package wire

import (
	"google.golang.org/protobuf/encoding/protowire"

	"pred.dev/engine/machine"
)

// The oneof field numbers of pb.Command, the core command each one becomes
// and its decoder. A decoder reports false when the message parses but
// breaks a rule of the schema.
var (
	bodies       [55]machine.Kind
	bodyDecoders [55]func(c *Cmd, b []byte) (bool, error)
)

func init() {
	set := func(num protowire.Number, k machine.Kind, fn func(*Cmd, []byte) (bool, error)) {
		bodies[num], bodyDecoders[num] = k, fn
	}
	set(10, machine.KindPlace, decodePlace)
	set(11, machine.KindCancel, decodeCancel)
	set(12, machine.KindCancelList, decodeCancel)
	set(13, machine.KindCancelMarket, decodeCancelMarket)
	set(14, machine.KindCancelAll, decodeAccount)
	set(15, machine.KindHeartbeat, decodeHeartbeat)
	set(16, machine.KindTick, func(*Cmd, []byte) (bool, error) { return true, nil })
	set(20, machine.KindCreateMarket, decodeCreateMarket)
	set(21, machine.KindConfigureMarket, decodeConfigureMarket)
	for num, k := range map[protowire.Number]machine.Kind{22: machine.KindHaltMarket,
		23: machine.KindResumeMarket, 24: machine.KindClearMarket, 25: machine.KindCloseMarket} {
		set(num, k, decodeMarketOnly)
	}
	set(26, machine.KindResolveMarket, decodeResolve)
	set(30, machine.KindDeposit, decodeFunds)
	set(31, machine.KindWithdraw, decodeFunds)
	set(32, machine.KindFaucet, decodeFunds)
	set(33, machine.KindSetTradeStatus, decodeTradeStatus)
	set(40, machine.KindWalletDeployed, decodeWalletDeployed)
	set(41, machine.KindWithdrawalObserved, decodeFunds)
	set(42, machine.KindWithdrawalReleased, decodeFunds)
	set(43, machine.KindCollateralApproval, decodeApproval)
	set(44, machine.KindSharesApproval, decodeApproval)
	set(50, machine.KindDecrease, decodeDecrease)
	set(51, machine.KindReplace, decodeReplace)
	set(52, machine.KindSetGroup, decodeGroup)
	set(53, machine.KindResetGroup, decodeGroup)
	set(54, machine.KindDeleteGroup, decodeGroup)
}

// fixed copies a bytes field into a fixed-size array: an absent or empty
// field leaves it zero, any other length breaks the schema.
func fixed(dst, v []byte) bool {
	switch len(v) {
	case 0:
		return true
	case len(dst):
		copy(dst, v)
		return true
	}
	return false
}

// enum8 narrows an enum value; values outside a byte become 0, which the
// core refuses, rather than wrapping around to a valid one.
func enum8(x uint64) uint8 {
	if x > 255 {
		return 0
	}
	return uint8(x)
}

// walk runs fields with a per-field function that can only fail the schema,
// collecting that into one result.
func walk(b []byte, fn func(num protowire.Number, typ protowire.Type, v []byte, x uint64) bool) (bool, error) {
	ok := true
	err := fields(b, func(num protowire.Number, typ protowire.Type, v []byte, x uint64) error {
		ok = fn(num, typ, v, x) && ok
		return nil
	})
	return ok, err
}

const (
	bytesT  = protowire.BytesType
	varintT = protowire.VarintType
)

func decodePlace(c *Cmd, b []byte) (bool, error) {
	var inner error
	ok, err := walk(b, func(num protowire.Number, typ protowire.Type, v []byte, x uint64) bool {
		switch {
		case num == 1 && typ == bytesT:
			ok, err := decodeSigned(c, v)
			inner = err
			return ok
		case num == 2 && typ == varintT:
			c.Command.Order.Type = machine.OrderType(enum8(x))
		case num == 3 && typ == varintT:
			c.Command.Order.PostOnly = x != 0
		case num == 4 && typ == bytesT:
			return fixed(c.Command.Owner[:], v)
		case num == 5 && typ == varintT:
			c.Command.Order.SelfTrade = machine.SelfTrade(enum8(x))
			// A value beyond a byte must not wrap to a valid mode: 255 is
			// none, which the core refuses.
			if x > 255 {
				c.Command.Order.SelfTrade = 255
			}
		case num == 6 && typ == varintT:
			c.Command.Order.CancelOnHalt = x != 0
		case num == 7 && typ == varintT:
			c.Command.Order.Group = uint32(x)
		}
		return true
	})
	if err == nil {
		err = inner
	}
	return ok, err
}

// decodeDecrease reads DecreaseOrder: account, order_id, and reduce_by or
// reduce_to (the last one present wins, as the generated decoder's oneof).
func decodeDecrease(c *Cmd, b []byte) (bool, error) {
	return walk(b, func(num protowire.Number, typ protowire.Type, v []byte, x uint64) bool {
		switch {
		case num == 1 && typ == bytesT:
			return fixed(c.Command.Account[:], v)
		case num == 2 && typ == bytesT:
			var id machine.Hash
			c.Command.OrderIDs = append(c.Command.OrderIDs[:0], id)
			return fixed(c.Command.OrderIDs[0][:], v)
		case num == 3 && typ == varintT:
			c.Command.Amount, c.Command.ReduceTo = x, false
		case num == 4 && typ == varintT:
			c.Command.Amount, c.Command.ReduceTo = x, true
		}
		return true
	})
}

// decodeGroup reads SetOrderGroup (account, group, limit, window_sec),
// ResetOrderGroup and DeleteOrderGroup (account, group): the limit goes to
// Amount.
func decodeGroup(c *Cmd, b []byte) (bool, error) {
	c.Command.Args = &c.args
	return walk(b, func(num protowire.Number, typ protowire.Type, v []byte, x uint64) bool {
		switch {
		case num == 1 && typ == bytesT:
			return fixed(c.Command.Account[:], v)
		case num == 2 && typ == varintT:
			c.args.Group = uint32(x)
		case num == 3 && typ == varintT && c.Command.Kind == machine.KindSetGroup:
			c.Command.Amount = x
		case num == 4 && typ == varintT && c.Command.Kind == machine.KindSetGroup:
			c.args.WindowSec = uint32(x)
		}
		return true
	})
}

// decodeReplace reads ReplaceOrder: the old order's id into OrderIDs and
// the new order as a PlaceOrder.
func decodeReplace(c *Cmd, b []byte) (bool, error) {
	var inner error
	ok, err := walk(b, func(num protowire.Number, typ protowire.Type, v []byte, _ uint64) bool {
		switch {
		case num == 1 && typ == bytesT:
			var id machine.Hash
			c.Command.OrderIDs = append(c.Command.OrderIDs[:0], id)
			return fixed(c.Command.OrderIDs[0][:], v)
		case num == 2 && typ == bytesT:
			ok, err := decodePlace(c, v)
			inner = err
			return ok
		}
		return true
	})
	if err == nil {
		err = inner
	}
	return ok, err
}

func decodeSigned(c *Cmd, b []byte) (bool, error) {
	o, s := &c.Command.Order, &c.Signed
	return walk(b, func(num protowire.Number, typ protowire.Type, v []byte, x uint64) bool {
		if typ == bytesT {
			switch num {
			case 2:
				return fixed(o.Maker[:], v)
			case 3:
				return fixed(s.Signer[:], v)
			case 4:
				return fixed(s.Taker[:], v)
			case 5:
				return fixed(o.TokenID[:], v)
			case 13:
				return fixed(s.Signature[:], v)
			case 14:
				s.ScopeID = v
			}
			return true
		}
		if typ != varintT {
			return true
		}
		switch num {
		case 1:
			s.Salt = x
		case 6:
			o.MakerAmount = x
		case 7:
			o.TakerAmount = x
		case 8:
			o.Expiration = x
		case 9:
			s.Nonce = x
		case 10:
			o.FeeRateBps = uint32(x)
		case 11:
			o.Side = machine.Side(enum8(x))
		case 12:
			s.SignatureType = uint32(x)
			o.SignatureType = enum8(x)
		}
		return true
	})
}

// decodeCancel reads CancelOrder (order_id) and CancelOrders (order_ids):
// both have the account as field 1 and ids as field 2.
func decodeCancel(c *Cmd, b []byte) (bool, error) {
	return walk(b, func(num protowire.Number, typ protowire.Type, v []byte, _ uint64) bool {
		if typ != bytesT {
			return true
		}
		switch num {
		case 1:
			return fixed(c.Command.Account[:], v)
		case 2:
			var id machine.Hash
			c.Command.OrderIDs = append(c.Command.OrderIDs, id)
			return fixed(c.Command.OrderIDs[len(c.Command.OrderIDs)-1][:], v)
		}
		return true
	})
}

func decodeCancelMarket(c *Cmd, b []byte) (bool, error) {
	c.Command.Args = &c.args
	return walk(b, func(num protowire.Number, typ protowire.Type, v []byte, _ uint64) bool {
		if typ != bytesT {
			return true
		}
		switch num {
		case 1:
			return fixed(c.Command.Account[:], v)
		case 2:
			return fixed(c.args.Market[:], v)
		case 3:
			return fixed(c.args.Token[:], v)
		}
		return true
	})
}

func decodeAccount(c *Cmd, b []byte) (bool, error) {
	return walk(b, func(num protowire.Number, typ protowire.Type, v []byte, _ uint64) bool {
		if num == 1 && typ == bytesT {
			return fixed(c.Command.Account[:], v)
		}
		return true
	})
}

func decodeHeartbeat(c *Cmd, b []byte) (bool, error) {
	return walk(b, func(num protowire.Number, typ protowire.Type, v []byte, _ uint64) bool {
		if num == 1 && typ == bytesT {
			return fixed(c.Command.Owner[:], v)
		}
		return true
	})
}

// decodeFunds reads Deposit, Withdraw, Faucet, WithdrawalObserved and
// WithdrawalReleased: account, amount and (not Faucet) token_id. Args is
// set only for a token, so moving collateral stays allocation-free.
func decodeFunds(c *Cmd, b []byte) (bool, error) {
	return walk(b, func(num protowire.Number, typ protowire.Type, v []byte, x uint64) bool {
		switch {
		case num == 1 && typ == bytesT:
			return fixed(c.Command.Account[:], v)
		case num == 2 && typ == varintT:
			c.Command.Amount = x
		case num == 3 && typ == bytesT && len(v) > 0 && c.Command.Kind != machine.KindFaucet:
			c.Command.Args = &c.args
			return fixed(c.args.Token[:], v)
		}
		return true
	})
}

// decodeApproval reads CollateralApproval (account, exchange, amount,
// unlimited) and SharesApproval (account, exchange, approved): the flag,
// field 4 of the one and 3 of the other, goes to Args.Approved.
func decodeApproval(c *Cmd, b []byte) (bool, error) {
	c.Command.Args = &c.args
	flag := protowire.Number(3)
	if c.Command.Kind == machine.KindCollateralApproval {
		flag = 4
	}
	return walk(b, func(num protowire.Number, typ protowire.Type, v []byte, x uint64) bool {
		switch {
		case num == 1 && typ == bytesT:
			return fixed(c.Command.Account[:], v)
		case num == 2 && typ == varintT:
			c.args.Exchange = machine.Exchange(enum8(x))
		case num == 3 && typ == varintT && c.Command.Kind == machine.KindCollateralApproval:
			c.Command.Amount = x
		case num == flag && typ == varintT:
			c.args.Approved = x != 0
		}
		return true
	})
}

// decodeWalletDeployed reads the wallet into Account; the owner is checked
// for its length only (the settler derived the wallet from it).
func decodeWalletDeployed(c *Cmd, b []byte) (bool, error) {
	return walk(b, func(num protowire.Number, typ protowire.Type, v []byte, _ uint64) bool {
		if typ != bytesT {
			return true
		}
		switch num {
		case 1:
			var owner machine.Address
			return fixed(owner[:], v)
		case 2:
			return fixed(c.Command.Account[:], v)
		}
		return true
	})
}

func decodeMarketOnly(c *Cmd, b []byte) (bool, error) {
	c.Command.Args = &c.args
	return walk(b, func(num protowire.Number, typ protowire.Type, v []byte, _ uint64) bool {
		if num == 1 && typ == bytesT {
			return fixed(c.args.Market[:], v)
		}
		return true
	})
}

func decodeCreateMarket(c *Cmd, b []byte) (bool, error) {
	c.Command.Args = &c.args
	var inner error
	ok, err := walk(b, func(num protowire.Number, typ protowire.Type, v []byte, _ uint64) bool {
		if typ != bytesT {
			return true
		}
		switch num {
		case 1:
			return fixed(c.args.Market[:], v)
		case 2:
			return fixed(c.args.Tokens[0][:], v)
		case 3:
			return fixed(c.args.Tokens[1][:], v)
		case 4:
			var ok bool
			ok, inner = decodeParams(&c.args.Params, v)
			return ok
		}
		return true
	})
	if err == nil {
		err = inner
	}
	return ok, err
}

func decodeConfigureMarket(c *Cmd, b []byte) (bool, error) {
	c.Command.Args = &c.args
	var inner error
	ok, err := walk(b, func(num protowire.Number, typ protowire.Type, v []byte, _ uint64) bool {
		switch {
		case num == 1 && typ == bytesT:
			return fixed(c.args.Market[:], v)
		case num == 2 && typ == bytesT:
			var ok bool
			ok, inner = decodeParams(&c.args.Params, v)
			return ok
		}
		return true
	})
	if err == nil {
		err = inner
	}
	return ok, err
}

func decodeParams(p *machine.MarketParams, b []byte) (bool, error) {
	return walk(b, func(num protowire.Number, typ protowire.Type, _ []byte, x uint64) bool {
		if typ != varintT {
			return true
		}
		switch num {
		case 1:
			p.TickSize = x
		case 2:
			p.MinSize = x
		case 3:
			p.MaxSize = x
		case 4:
			p.FeeRateBps = uint32(x)
		case 5:
			p.NegRisk = x != 0
		}
		return true
	})
}

// decodeResolve accepts the payout numerators packed or one by one, as
// the generated decoder does.
func decodeResolve(c *Cmd, b []byte) (bool, error) {
	c.Command.Args = &c.args
	var inner error
	ok, err := walk(b, func(num protowire.Number, typ protowire.Type, v []byte, x uint64) bool {
		switch {
		case num == 1 && typ == bytesT:
			return fixed(c.args.Market[:], v)
		case num == 2 && typ == varintT:
			c.args.Payout = append(c.args.Payout, uint32(x))
		case num == 2 && typ == bytesT:
			for len(v) > 0 {
				x, n := protowire.ConsumeVarint(v)
				if n < 0 {
					inner = ErrMalformed
					return false
				}
				c.args.Payout = append(c.args.Payout, uint32(x))
				v = v[n:]
			}
		}
		return true
	})
	if err == nil {
		err = inner
	}
	return ok, err
}

// decodeTradeStatus reads trade_ids packed or not, as decodeResolve its
// payout, into the slice the Cmd keeps from one payload to the next (no
// allocation once it has grown). The core bounds the list
// (rules.TradeStatusTradesMax); the payload's size bounds what is read.
func decodeTradeStatus(c *Cmd, b []byte) (bool, error) {
	c.Command.Args = &c.args
	var inner error
	ok, err := walk(b, func(num protowire.Number, typ protowire.Type, v []byte, x uint64) bool {
		switch {
		case num == 1 && typ == varintT:
			c.args.TradeID = x
		case num == 2 && typ == varintT:
			c.args.TradeStatus = machine.TradeStatus(enum8(x))
		case num == 3 && typ == bytesT:
			return fixed(c.args.TxHash[:], v)
		case num == 4 && typ == varintT:
			c.args.TradeIDs = append(c.args.TradeIDs, x)
		case num == 4 && typ == bytesT:
			for len(v) > 0 {
				x, n := protowire.ConsumeVarint(v)
				if n < 0 {
					inner = ErrMalformed
					return false
				}
				c.args.TradeIDs = append(c.args.TradeIDs, x)
				v = v[n:]
			}
		}
		return true
	})
	if err == nil {
		err = inner
	}
	return ok, err
}
