package predcli

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"

	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
)

func trades(ctx context.Context, inv *invocation) error {
	c, err := inv.client(ctx, trader)
	if err != nil {
		return err
	}
	market, token, err := inv.filter(ctx)
	if err != nil {
		return err
	}
	p := client.TradeParams{Market: market, AssetID: token}
	var ts []clobapi.Trade
	if inv.opts.wait > 0 {
		ts, err = inv.waitTrades(ctx, c, p, func(clobapi.Trade) bool { return true })
	} else {
		ts, err = c.AllTrades(ctx, p)
	}
	if err != nil {
		return err
	}
	if ts == nil {
		ts = []clobapi.Trade{}
	}
	if inv.g.json {
		return inv.emitJSON(ts)
	}
	return inv.tradeTable(ts)
}

// tradeTable lists trades, one per row. TX is the settlement's chain
// transaction, from SUBMITTED on.
func (inv *invocation) tradeTable(ts []clobapi.Trade) error {
	rows := [][]string{{"TRADE", "TIME", "ROLE", "SIDE", "PRICE", "SIZE", "FEE", "MATCH", "STATUS", "TX", "TOKEN"}}
	for _, t := range ts {
		sec, _ := strconv.ParseInt(t.MatchTime, 10, 64)
		rows = append(rows, []string{t.ID, unixTime(sec), t.TraderSide, t.Side, t.Price, t.Size, t.Fee,
			t.MatchType, t.Status, orEmpty(short(t.TransactionHash)), short(t.AssetID)})
	}
	return inv.table(rows)
}

// Balance is the JSON of `pred balance`: the asset ("USDW" or the token
// id) with the API's balance fields.
type Balance struct {
	Asset string `json:"asset"`
	clobapi.BalanceAllowance
}

func balance(ctx context.Context, inv *invocation) error {
	c, err := inv.client(ctx, trader)
	if err != nil {
		return err
	}
	p := client.BalanceParams{}
	var t tokenRef
	if len(inv.args) > 0 {
		if t, err = inv.tokenArgs(ctx, inv.args); err != nil {
			return err
		}
		p.TokenID = t.id
	}
	ba, err := c.GetBalanceAllowance(ctx, p)
	if err != nil {
		return err
	}
	b := Balance{Asset: "USDW", BalanceAllowance: ba}
	if p.TokenID != "" {
		b.Asset = p.TokenID
	}
	if inv.g.json {
		return inv.emitJSON(b)
	}
	kv := []string{"asset", b.Asset}
	if t.market != nil {
		kv = append(kv, "market", t.market.Slug, "outcome", t.outcome)
	}
	kv = append(kv, "balance", ba.Balance, "locked", ba.Locked, "available", ba.VirtualAvailable)
	if len(ba.ExchangeAllowances) > 0 {
		// What each exchange may move of the asset, read on chain: trades
		// settle only with both allowances set (pred wallet approve).
		ci, err := inv.chain(ctx)
		if err != nil {
			return err
		}
		kv = append(kv, "allowance", allowance(ba.ExchangeAllowances[ci.exchange.Hex()])+" (exchange)",
			"", allowance(ba.ExchangeAllowances[ci.negRiskExchange.Hex()])+" (negRisk exchange)")
	}
	if len(ba.ExchangeApprovals) > 0 {
		// What the exchange itself has seen approved (after the chain
		// watcher's confirmations): orders need it.
		ci, err := inv.chain(ctx)
		if err != nil {
			return err
		}
		kv = append(kv, "approved", approved(ba.ExchangeApprovals[ci.exchange.Hex()])+" (exchange)",
			"", approved(ba.ExchangeApprovals[ci.negRiskExchange.Hex()])+" (negRisk exchange)")
	}
	return inv.fields(kv...)
}

// allowance writes an allowance for people: "unlimited" for one of at
// least 2^255 base units (what approve(max) and an operator approval
// show), "none" for a missing one.
func allowance(v string) string {
	switch {
	case v == "":
		return "none"
	case len(strings.SplitN(v, ".", 2)[0]) >= 71:
		return "unlimited"
	}
	return v
}

// approved writes what the exchange counts as approved for people.
func approved(a clobapi.ExchangeApproval) string {
	shares := "no"
	if a.Shares {
		shares = "yes"
	}
	return "USDW " + allowance(a.Collateral) + ", shares " + shares
}

func faucet(ctx context.Context, inv *invocation) error {
	addr, amount := "", inv.args[len(inv.args)-1]
	if len(inv.args) == 2 {
		addr = inv.args[0]
	}
	need := public
	if addr == "" {
		need = wallet
	}
	c, err := inv.client(ctx, need)
	if err != nil {
		return err
	}
	if addr == "" {
		addr = c.Funder().Hex() // the proxy wallet, unless --eoa
	} else if !common.IsHexAddress(addr) {
		return usagef("the address %q is not 0x followed by 40 hex digits", addr)
	}
	r, err := c.Faucet(ctx, addr, amount)
	if err != nil {
		return err
	}
	if inv.g.json {
		return inv.emitJSON(r)
	}
	return inv.fields("address", r.Address, "credited", r.Amount+" USDW", "balance", r.Balance+" USDW")
}

// unixTime formats Unix seconds for a table.
func unixTime(sec int64) string {
	if sec <= 0 {
		return "-"
	}
	return time.Unix(sec, 0).UTC().Format(time.RFC3339)
}
