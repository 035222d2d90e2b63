package predcli

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"pred.dev/proto/client"
	"pred.dev/proto/client/clobapi"
)

func book(ctx context.Context, inv *invocation) error {
	c, err := inv.client(ctx, public)
	if err != nil {
		return err
	}
	b, err := c.GetBook(ctx, inv.args[0])
	if err != nil {
		return err
	}
	if inv.g.json {
		return inv.emitJSON(b)
	}
	if err := inv.fields("market", b.Market, "token", b.AssetID, "tick_size", b.TickSize,
		"min_size", b.MinOrderSize, "last_trade", b.LastTradePrice); err != nil {
		return err
	}
	fmt.Fprintln(inv.env.Stdout)
	return inv.table(ladder(b))
}

// ladder lays a book out top to bottom: asks from the highest price down
// to the best, then bids from the best down. The API lists both sides
// with the best price last.
func ladder(b clobapi.OrderBookSummary) [][]string {
	rows := [][]string{{"SIDE", "PRICE", "SIZE"}}
	for _, l := range b.Asks {
		rows = append(rows, []string{"ask", l.Price, l.Size})
	}
	bids := slices.Clone(b.Bids)
	slices.Reverse(bids)
	for _, l := range bids {
		rows = append(rows, []string{"bid", l.Price, l.Size})
	}
	if len(rows) == 1 {
		rows = append(rows, []string{"-", "(empty book)", "-"})
	}
	return rows
}

func orderPlace(ctx context.Context, inv *invocation) error {
	c, err := inv.client(ctx, signer)
	if err != nil {
		return err
	}
	if inv.opts.game != "" {
		if err := inv.gameExpiration(ctx); err != nil {
			return err
		}
	}
	args, err := inv.orderArgs(ctx, c)
	if err != nil {
		return err
	}
	resp, err := inv.placeOrder(ctx, c, args)
	if err != nil {
		return err
	}
	switch {
	case inv.g.json:
		return inv.emitJSON(resp)
	case inv.g.quiet:
		_, err := fmt.Fprintln(inv.env.Stdout, resp.OrderID)
		return err
	}
	return inv.fields("order_id", resp.OrderID, "status", resp.Status, "making_amount", resp.MakingAmount,
		"taking_amount", resp.TakingAmount, "trade_ids", orEmpty(strings.Join(resp.TradeIDs, ",")))
}

// orderArgs builds the order from the arguments and flags. The fee rate
// and the exchange to sign for (neg-risk or not) are the market's, read
// from the API, unless --fee-rate-bps says otherwise.
func (inv *invocation) orderArgs(ctx context.Context, c *client.Client) (client.OrderArgs, error) {
	o := inv.opts
	a := client.OrderArgs{TokenID: inv.args[0], Side: strings.ToUpper(inv.cmd.verb), Price: inv.args[1], Size: inv.args[2],
		OrderType: strings.ToUpper(o.orderType), Expiration: o.expiration, PostOnly: o.postOnly}
	b, err := c.GetBook(ctx, a.TokenID)
	if err != nil {
		return a, err
	}
	a.NegRisk = b.NegRisk
	if o.feeRateBps >= 0 {
		a.FeeRateBps = uint32(o.feeRateBps)
		return a, nil
	}
	if a.FeeRateBps, err = c.GetFeeRate(ctx, a.TokenID); err != nil {
		return a, err
	}
	return a, nil
}

func ordersList(ctx context.Context, inv *invocation) error {
	c, err := inv.client(ctx, trader)
	if err != nil {
		return err
	}
	orders, err := c.AllOrders(ctx, client.OrderParams{Market: inv.opts.market, AssetID: inv.opts.token, IncludeClosed: inv.opts.all})
	if err != nil {
		return err
	}
	if orders == nil {
		orders = []clobapi.OpenOrder{}
	}
	if inv.g.json {
		return inv.emitJSON(orders)
	}
	rows := [][]string{{"ORDER ID", "STATUS", "SIDE", "OUTCOME", "PRICE", "SIZE", "MATCHED", "TYPE", "MARKET"}}
	for _, o := range orders {
		rows = append(rows, []string{o.ID, o.Status, o.Side, o.Outcome, o.Price, o.OriginalSize, o.SizeMatched, o.OrderType, short(o.Market)})
	}
	return inv.table(rows)
}

func ordersCancel(ctx context.Context, inv *invocation) error {
	modes := btoi(len(inv.args) > 0) + btoi(inv.opts.all) + btoi(inv.opts.market != "")
	if modes != 1 {
		return usagef("give order ids, --all or --market <condition id> (exactly one of them)")
	}
	c, err := inv.client(ctx, trader)
	if err != nil {
		return err
	}
	var r clobapi.CancelResponse
	switch {
	case inv.opts.all:
		r, err = c.CancelAll(ctx)
	case inv.opts.market != "":
		r, err = c.CancelMarketOrders(ctx, inv.opts.market, "")
	case len(inv.args) == 1:
		r, err = c.CancelOrder(ctx, inv.args[0])
	default:
		r, err = c.CancelOrders(ctx, inv.args)
	}
	if err != nil {
		return err
	}
	return inv.cancelled(r)
}

// cancelled prints a cancel's outcome. An order that was named but not
// cancelled makes the exit status 1, so scripts notice.
func (inv *invocation) cancelled(r clobapi.CancelResponse) error {
	if r.Canceled == nil {
		r.Canceled = []string{}
	}
	if r.NotCanceled == nil {
		r.NotCanceled = map[string]string{}
	}
	if len(r.NotCanceled) > 0 {
		inv.exit = ExitError
	}
	if inv.g.json {
		return inv.emitJSON(r)
	}
	rows := [][]string{{"ORDER ID", "RESULT"}}
	for _, id := range r.Canceled {
		rows = append(rows, []string{id, "canceled"})
	}
	for _, id := range sortedKeys(r.NotCanceled) {
		rows = append(rows, []string{id, "not canceled: " + r.NotCanceled[id]})
	}
	if len(rows) == 1 {
		inv.hint("no open orders to cancel")
		return nil
	}
	return inv.table(rows)
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
