package predcli

import (
	"context"
	"fmt"
	"slices"
	"strings"

	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/fixed"
)

func book(ctx context.Context, inv *invocation) error {
	c, err := inv.client(ctx, public)
	if err != nil {
		return err
	}
	t, err := inv.tokenArgs(ctx, inv.args)
	if err != nil {
		return err
	}
	b, err := c.GetBook(ctx, t.id)
	if err != nil {
		return err
	}
	if inv.g.json {
		return inv.emitJSON(b)
	}
	kv := []string{"market", b.Market}
	if t.market != nil {
		kv = append(kv, "slug", t.market.Slug, "outcome", t.outcome)
	}
	if err := inv.fields(append(kv, "token", b.AssetID, "tick_size", b.TickSize,
		"min_size", b.MinOrderSize, "last_trade", b.LastTradePrice)...); err != nil {
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

// PlacedOrder is the JSON of `pred order buy` and `pred order sell`: the
// API's answer, the order as it was signed, and with --wait the trades it
// made as they ended.
type PlacedOrder struct {
	clobapi.OrderResponse
	TokenID string          `json:"token_id"`
	Side    string          `json:"side"`
	Price   string          `json:"price"`
	Size    string          `json:"size"`
	Trades  []clobapi.Trade `json:"trades,omitempty"`
}

func orderPlace(ctx context.Context, inv *invocation) error {
	if inv.opts.game != "" && (inv.opts.expiration != 0 || !strings.EqualFold(inv.opts.orderType, "GTC") && !strings.EqualFold(inv.opts.orderType, "GTD")) {
		return usagef("--game sets the order type (GTD) and the expiration; leave out --type and --expiration")
	}
	c, err := inv.client(ctx, signer)
	if err != nil {
		return err
	}
	n := len(inv.args)
	t, err := inv.tokenArgs(ctx, inv.args[:n-2])
	if err != nil {
		return err
	}
	price, size := inv.args[n-2], inv.args[n-1]
	if inv.opts.game != "" {
		if err := inv.gameExpiration(ctx, t.id); err != nil {
			return err
		}
	}
	args, err := inv.orderArgs(ctx, c, t.id, price, size)
	if err != nil {
		return err
	}
	resp, err := inv.placeOrder(ctx, c, args)
	if err != nil {
		return err
	}
	out := PlacedOrder{OrderResponse: resp, TokenID: t.id, Side: args.Side, Price: price, Size: size}
	if inv.opts.wait > 0 && len(resp.TradeIDs) > 0 {
		out.Trades, err = inv.waitTrades(ctx, c, client.TradeParams{AssetID: t.id}, func(tr clobapi.Trade) bool {
			return slices.Contains(resp.TradeIDs, tr.ID)
		})
		if err != nil {
			return err
		}
	}
	switch {
	case inv.g.json:
		return inv.emitJSON(out)
	case inv.g.quiet:
		_, err := fmt.Fprintln(inv.env.Stdout, resp.OrderID)
		return err
	}
	if err := inv.fields(placedFields(out, t)...); err != nil {
		return err
	}
	if len(out.Trades) > 0 {
		fmt.Fprintln(inv.env.Stdout)
		return inv.tradeTable(out.Trades)
	}
	return nil
}

// placedFields say what happened to an order on entry. The API's
// makingAmount and takingAmount are what its fills on entry exchanged,
// so a resting order's are 0; pred prints the order and its fill in
// shares and USDW instead, and what rests on the book.
func placedFields(o PlacedOrder, t tokenRef) []string {
	kv := []string{"order_id", o.OrderID, "status", o.Status}
	if t.market != nil {
		kv = append(kv, "market", t.market.Slug, "outcome", t.outcome)
	}
	kv = append(kv, "order", fmt.Sprintf("%s %s shares at %s", o.Side, o.Size, o.Price))
	shares, usdw := o.TakingAmount, o.MakingAmount
	verb := "bought"
	if o.Side == "SELL" {
		shares, usdw, verb = o.MakingAmount, o.TakingAmount, "sold"
	}
	filled, _ := fixed.ParseUnits(shares)
	size, _ := fixed.ParseUnits(o.Size)
	if filled == 0 {
		kv = append(kv, "filled", "nothing yet")
	} else {
		kv = append(kv, "filled", fmt.Sprintf("%s %s shares for %s USDW", verb, shares, usdw))
	}
	switch {
	case o.Status == clobapi.InsertStatusLive && size > filled:
		kv = append(kv, "resting", fixed.FormatUnits(size-filled)+" shares on the book")
	case o.Status == clobapi.InsertStatusMatched && size > filled:
		kv = append(kv, "resting", "none: the rest was cancelled")
	}
	return append(kv, "trade_ids", orEmpty(strings.Join(o.TradeIDs, ",")))
}

// orderArgs builds the order. The fee rate and the exchange to sign for
// (neg-risk or not) are the market's, read from the API, unless
// --fee-rate-bps says otherwise.
func (inv *invocation) orderArgs(ctx context.Context, c *client.Client, token, price, size string) (client.OrderArgs, error) {
	o := inv.opts
	a := client.OrderArgs{TokenID: token, Side: strings.ToUpper(inv.cmd.verb), Price: price, Size: size,
		OrderType: strings.ToUpper(o.orderType), Expiration: o.expiration, PostOnly: o.postOnly,
		SelfTradePrevention: o.selfTrade, CancelOnHalt: o.cancelOnHalt, OrderGroupID: o.group}
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
	market, token, err := inv.filter(ctx)
	if err != nil {
		return err
	}
	orders, err := c.AllOrders(ctx, client.OrderParams{Market: market, AssetID: token, IncludeClosed: inv.opts.all})
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
		return usagef("give order ids, --all or --market <market> (exactly one of them)")
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
		var cid string
		if cid, err = inv.conditionID(ctx, inv.opts.market); err != nil {
			return err
		}
		r, err = c.CancelMarketOrders(ctx, cid, "")
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
