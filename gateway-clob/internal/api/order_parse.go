package api

import (
	"context"
	"errors"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/holiman/uint256"

	"pred.dev/gateway-clob/internal/auth"
	"pred.dev/gateway-clob/internal/market"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/eip712"
	"pred.dev/proto/errcode"
	"pred.dev/proto/fixed"
	"pred.dev/proto/pb"
	"pred.dev/proto/rules"
	"pred.dev/proto/signedorder"
)

// This file is the CLOB's one parse of a signed order. A body is decoded
// once into orderEnvelope; parseOrder then turns it into the command the
// engine takes, applying every rule once, in the order the answers
// promise: the envelope, the signed fields' syntax, the binding to the
// API key, the expiration, the market's rules, the taker and, last
// because it costs most, the signature. A refused order is answered here
// with a precise code and never reaches the log.

// placement is a parsed order, ready for the log.
type placement struct {
	id    [32]byte
	cmd   *pb.PlaceOrder
	side  fixed.Side
	price uint64
}

// orderID returns the wire form of the order id.
func (p *placement) orderID() string { return hash32(p.id[:]) }

// orderEnvelope is the POST /order body as decoded: orderType and taker
// are pointers so that an absent orderType (GTC) or taker (the zero
// address) and an empty one (refused) differ. The outer fields shadow the
// embedded ones.
type orderEnvelope struct {
	clobapi.PostOrderRequest
	Order               signedOrderJSON `json:"order"`
	OrderType           *string         `json:"orderType"`
	SelfTradePrevention *string         `json:"selfTradePrevention"`
}

type signedOrderJSON struct {
	clobapi.SignedOrder
	Taker *string `json:"taker"`
}

// parseOrder parses a decoded envelope into the engine's command.
func (a *API) parseOrder(ctx context.Context, id auth.Identity, env *orderEnvelope) (*placement, error) {
	orderType, err := parseEnvelope(id, env)
	if err != nil {
		return nil, err
	}
	selfTrade, err := parseSelfTrade(env.SelfTradePrevention)
	if err != nil {
		return nil, err
	}
	o, sig, err := parseSignedFields(&env.Order)
	if err != nil {
		return nil, err
	}
	if err := a.checkSigner(id, o); err != nil {
		return nil, err
	}
	if err := checkExpiration(orderType, o.Expiration.Uint64(), a.now().Unix()); err != nil {
		return nil, err
	}
	mk, err := a.markets.Get(ctx, o.TokenID.Bytes32())
	if err != nil {
		return nil, err
	}
	side, price, _, err := checkAgainstMarket(mk, o)
	if err != nil {
		return nil, err
	}
	sep, exchange := a.exchangeSep, a.cfg.Exchange
	if mk.NegRisk {
		sep, exchange = a.negRiskSep, a.cfg.NegRiskExchange
	}
	if o.Taker != (common.Address{}) && o.Taker != exchange {
		return nil, errcode.Errorf(errcode.InvalidOrderTaker,
			"invalid taker %s: use the zero address or this market's exchange contract %s", o.Taker.Hex(), exchange.Hex())
	}
	hash, err := eip712.VerifyOrder(sep, o, sig)
	if err != nil {
		return nil, errcode.Wrap(errcode.InvalidSignature, err)
	}
	// parseSignedFields bounded every field to the log's integers, so the
	// conversion cannot refuse: an error here is a bug, answered as one.
	so, err := signedorder.ToPB(o, sig)
	if err != nil {
		return nil, err
	}
	cmd := &pb.PlaceOrder{Order: so, OrderType: orderType, PostOnly: env.PostOnly, Owner: id.KeyID[:],
		SelfTrade: selfTrade, CancelOnHalt: env.CancelOnHalt, Group: env.OrderGroupID}
	return &placement{id: hash, cmd: cmd, side: side, price: price}, nil
}

// parseSelfTrade reads selfTradePrevention: one of the three names, or
// absent for the default (cancel the resting order). An empty string is
// refused, as an empty orderType is: it is more likely a client's bug
// than a choice.
func parseSelfTrade(s *string) (pb.SelfTradePrevention, error) {
	if s == nil {
		return pb.SelfTradePrevention_SELF_TRADE_PREVENTION_UNSPECIFIED, nil
	}
	switch *s {
	case clobapi.SelfTradeCancelResting:
		return pb.SelfTradePrevention_SELF_TRADE_PREVENTION_UNSPECIFIED, nil
	case clobapi.SelfTradeCancelTaker:
		return pb.SelfTradePrevention_SELF_TRADE_PREVENTION_CANCEL_INCOMING, nil
	case clobapi.SelfTradeCancelBoth:
		return pb.SelfTradePrevention_SELF_TRADE_PREVENTION_CANCEL_BOTH, nil
	}
	return 0, errcode.Errorf(errcode.InvalidOrderSelfTrade,
		"invalid selfTradePrevention %q: use %q (the default: cancel your resting order), %q (cancel the rest of this order) or %q, or leave it out",
		clipStr(*s), clobapi.SelfTradeCancelResting, clobapi.SelfTradeCancelTaker, clobapi.SelfTradeCancelBoth)
}

// parseEnvelope checks the fields around the signed order, and that the
// signed scope is the API key's: an order signs its scopeId (empty for
// standard users), so it can only be placed in the scope it was signed
// for. An empty taker or orderType is refused before anything else.
func parseEnvelope(id auth.Identity, env *orderEnvelope) (pb.OrderType, error) {
	if t := env.Order.Taker; t != nil && *t == "" {
		return 0, errcode.Errorf(errcode.InvalidOrderPayload, "invalid order taker \"\": send the zero address 0x0000000000000000000000000000000000000000 (or the market's exchange), or leave taker out")
	}
	var orderType string
	if env.OrderType != nil {
		if *env.OrderType == "" {
			return 0, errcode.Errorf(errcode.InvalidOrderType, "invalid orderType \"\": use GTC, GTD, FOK or FAK, or leave orderType out for GTC")
		}
		orderType = *env.OrderType
	}
	if env.Owner != id.KeyID.String() {
		return 0, errcode.Errorf(errcode.InvalidOrderOwner,
			"the order owner has to be the API key: \"owner\" is %q but the request is signed with API key %s", clipStr(env.Owner), id.KeyID)
	}
	if env.Order.ScopeID != id.Scope {
		return 0, errcode.Errorf(errcode.ScopeMismatch,
			"the order's signed scopeId %q is not the API key's scope %q: sign the order with scopeId equal to the key's scope (empty for standard users)", clipStr(env.Order.ScopeID), id.Scope)
	}
	t, ok := parseOrderType(orderType)
	if !ok {
		return 0, errcode.Errorf(errcode.InvalidOrderType, "invalid orderType %q: use GTC, GTD, FOK or FAK (upper case), or leave orderType out for GTC", clipStr(orderType))
	}
	if env.PostOnly && t != pb.OrderType_ORDER_TYPE_GTC && t != pb.OrderType_ORDER_TYPE_GTD {
		return 0, errcode.New(errcode.InvalidPostOnlyOrderType)
	}
	return t, nil
}

// parseOrderType accepts the four names exactly; "" is an absent
// orderType, which means GTC.
func parseOrderType(s string) (pb.OrderType, bool) {
	switch s {
	case "", "GTC":
		return pb.OrderType_ORDER_TYPE_GTC, true
	case "GTD":
		return pb.OrderType_ORDER_TYPE_GTD, true
	case "FOK":
		return pb.OrderType_ORDER_TYPE_FOK, true
	case "FAK":
		return pb.OrderType_ORDER_TYPE_FAK, true
	}
	return 0, false
}

// parseSignedFields turns the JSON order into the EIP-712 struct. Every
// uint256 field must also fit the log's integer (uint64, the fee rate
// uint32), since the engine keeps them so; an absent taker is the zero
// address.
func parseSignedFields(j *signedOrderJSON) (*eip712.Order, []byte, error) {
	o := &eip712.Order{ScopeID: j.ScopeID}
	o.Salt.SetUint64(uint64(j.Salt))
	var err error
	if o.Maker, err = orderAddress(j.Maker, "maker"); err != nil {
		return nil, nil, err
	}
	if o.Signer, err = orderAddress(j.Signer, "signer"); err != nil {
		return nil, nil, err
	}
	if j.Taker != nil {
		if o.Taker, err = orderAddress(*j.Taker, "taker"); err != nil {
			return nil, nil, err
		}
	}
	tok, err := parseTokenID(j.TokenID)
	if err != nil {
		return nil, nil, err
	}
	o.TokenID.SetBytes32(tok[:])
	if err := parseUintFields(&j.SignedOrder, o); err != nil {
		return nil, nil, err
	}
	if o.Side, err = parseOrderSide(j.Side); err != nil {
		return nil, nil, err
	}
	if j.SignatureType > 255 {
		return nil, nil, errcode.New(errcode.InvalidSignatureType)
	}
	o.SignatureType = eip712.SignatureType(j.SignatureType)
	sig, err := hexutil.Decode(j.Signature)
	if err != nil || len(sig) != eip712.SignatureLen {
		return nil, nil, errcode.Errorf(errcode.InvalidSignature, "invalid signature: send 0x followed by 130 hex digits (r, s, v)")
	}
	return o, sig, nil
}

func orderAddress(s, field string) (common.Address, error) {
	addr, err := parseAddress(s, field)
	if err != nil {
		return addr, errcode.Errorf(errcode.InvalidOrderPayload, "invalid order %s %q: send 0x followed by 40 hex digits", field, clipStr(s))
	}
	return addr, nil
}

func parseUintFields(j *clobapi.SignedOrder, o *eip712.Order) error {
	fields := []struct {
		name, val string
		dst       *uint256.Int
		max       uint64
	}{
		{"makerAmount", j.MakerAmount, &o.MakerAmount, ^uint64(0)},
		{"takerAmount", j.TakerAmount, &o.TakerAmount, ^uint64(0)},
		{"expiration", j.Expiration, &o.Expiration, ^uint64(0)},
		{"nonce", j.Nonce, &o.Nonce, ^uint64(0)},
		{"feeRateBps", j.FeeRateBps, &o.FeeRateBps, 1<<32 - 1},
	}
	for _, f := range fields {
		v, ok := fixed.ParseCanonicalUint(f.val)
		if !ok || v > f.max {
			return errcode.Errorf(errcode.InvalidOrderPayload,
				"invalid order %s %q: send a decimal integer string without sign or leading zeros (amounts in base units of 1e-6) that fits in %d bits",
				f.name, clipStr(f.val), bitsOf(f.max))
		}
		f.dst.SetUint64(v)
	}
	return nil
}

func bitsOf(max uint64) int {
	if max == ^uint64(0) {
		return 64
	}
	return 32
}

func parseOrderSide(s string) (eip712.Side, error) {
	switch s {
	case "BUY":
		return eip712.SideBuy, nil
	case "SELL":
		return eip712.SideSell, nil
	}
	return 0, errcode.Errorf(errcode.InvalidOrderSide, "invalid side %q: use \"BUY\" or \"SELL\"", clipStr(s))
}

// checkSigner binds the order to the API key: the signer is the key's
// wallet and the maker is the signer (EOA) or its proxy wallet. The taker
// depends on the market, so parseOrder checks it.
func (a *API) checkSigner(id auth.Identity, o *eip712.Order) error {
	if o.Signer != id.Address {
		return errcode.Errorf(errcode.InvalidOrderSigner,
			"the order signer address has to be the address of the API key: signer is %s, the key belongs to %s", o.Signer.Hex(), id.Address.Hex())
	}
	switch o.SignatureType {
	case eip712.SignatureEOA:
		if o.Maker != o.Signer {
			return errcode.Errorf(errcode.InvalidOrderMaker,
				"invalid maker: with signatureType 0 (EOA) the maker must equal the signer %s, got %s; for a proxy wallet use signatureType 2", o.Signer.Hex(), o.Maker.Hex())
		}
	case eip712.SignaturePolyGnosisSafe:
		proxy, ok := a.proxyOf(o.Signer)
		if !ok {
			return errcode.Errorf(errcode.InvalidSignatureType, "signatureType 2 is disabled: this deployment has no proxy wallet factory; use signatureType 0")
		}
		if o.Maker != proxy {
			return errcode.Errorf(errcode.InvalidOrderMaker,
				"invalid maker: with signatureType 2 the maker must be the signer's proxy wallet %s, got %s", proxy.Hex(), o.Maker.Hex())
		}
	default:
		return errcode.New(errcode.InvalidSignatureType)
	}
	return nil
}

// checkExpiration: only GTD orders expire, and a GTD order's expiration
// must not have passed. The engine takes it off the book at its
// expiration exactly, on the log's clock.
func checkExpiration(t pb.OrderType, expiration uint64, nowSec int64) error {
	if t != pb.OrderType_ORDER_TYPE_GTD {
		if expiration != 0 {
			return errcode.Errorf(errcode.InvalidOrderExpiration,
				"invalid expiration: only GTD orders may set one; send expiration \"0\" for %s", orderTypeString(t))
		}
		return nil
	}
	if expiration <= uint64(nowSec) {
		return errcode.Errorf(errcode.InvalidOrderExpiration,
			"invalid expiration: %d is not in the future (server time %d); a GTD order's expiration is the Unix second it leaves the book", expiration, nowSec)
	}
	return nil
}

// checkAgainstMarket applies the market's rules: accepting orders, tick
// grid and range, exact amounts, size bounds and fee rate.
func checkAgainstMarket(mk *market.Info, o *eip712.Order) (fixed.Side, uint64, uint64, error) {
	if !mk.Accepting() {
		return 0, 0, 0, errcode.New(errcode.MarketNotReady)
	}
	side, _ := o.Side.Fixed()
	price, size, err := fixed.OrderPrice(side, o.MakerAmount.Uint64(), o.TakerAmount.Uint64(), fixed.TickSize(mk.TickSize))
	if err != nil {
		return 0, 0, 0, amountError(err, fixed.TickSize(mk.TickSize))
	}
	switch {
	case size < mk.MinSize:
		return 0, 0, 0, errcode.Errorf(errcode.InvalidOrderMinSize,
			"order is invalid: size (%s) lower than the minimum: %s shares", units(size), units(mk.MinSize))
	case mk.MaxSize > 0 && size > mk.MaxSize:
		return 0, 0, 0, errcode.Errorf(errcode.InvalidOrderMaxSize,
			"order is invalid: size (%s) higher than the maximum: %s shares", units(size), units(mk.MaxSize))
	}
	fee := o.FeeRateBps.Uint64()
	switch {
	case fee < uint64(mk.FeeRateBps):
		return 0, 0, 0, errcode.Errorf(errcode.InvalidOrderFeeRateTooLow,
			"feeRateBps %d is below the market's fee rate %d: sign feeRateBps >= %d", fee, mk.FeeRateBps, mk.FeeRateBps)
	case fee > rules.FeeRateMaxBps:
		return 0, 0, 0, errcode.Errorf(errcode.InvalidOrderFeeRateTooHigh,
			"feeRateBps %d is above the maximum %d: sign the market's fee rate %d", fee, rules.FeeRateMaxBps, mk.FeeRateBps)
	}
	return side, price, size, nil
}

// amountError maps a fixed.OrderPrice error to its code, keeping the
// package's message, which names the amounts and what to change.
func amountError(err error, tick fixed.TickSize) error {
	detail := strings.TrimPrefix(err.Error(), "fixed: ")
	switch {
	case errors.Is(err, fixed.ErrPriceOffTick):
		return errcode.Errorf(errcode.InvalidOrderMinTickSize, "order is invalid: price breaks minimum tick size rule %s: %s", tick, detail)
	case errors.Is(err, fixed.ErrPriceOutOfRange):
		return errcode.Errorf(errcode.InvalidOrderPrice, "order is invalid: %s", detail)
	}
	return errcode.Errorf(errcode.InvalidOrderAmounts, "order is invalid: %s", detail)
}
