package predcli

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/fixed"
)

// The market makers' tools: pred replace, pred decrease, pred queue and
// pred group set|reset|delete|list, and the request options of pred order buy
// and sell (--self-trade, --cancel-on-halt, --group).

func makerCommands() []*command {
	return []*command{
		{noun: "replace", args: "<order id> <price> [<size>]", minArgs: 2, maxArgs: 3,
			help: "move one of your live orders to a new price (and size): cancel it and place the new order in one step, both or neither", long: replaceLong, run: replaceCmd},
		{noun: "decrease", args: "<order id>", minArgs: 1, maxArgs: 1, flags: decreaseFlags,
			help: "lower a live order's remaining size by (--by) or to (--to) a number of shares, keeping its place in the queue", run: decreaseCmd},
		{noun: "queue", args: "<order id>", minArgs: 1, maxArgs: 1,
			help: "show where one of your live orders stands at its price: the shares ahead of it and the level's total", run: queueCmd},
		{noun: "group", verb: "set", args: "<group id> <limit>", minArgs: 2, maxArgs: 2, flags: groupFlags,
			help: "create or update an order group: when its orders fill <limit> shares within --window seconds, all of them are cancelled and it takes no orders until reset", run: groupSet},
		{noun: "group", verb: "reset", args: "<group id>", minArgs: 1, maxArgs: 1,
			help: "re-arm an order group whose fills reached its limit: it takes orders again", run: groupReset},
		{noun: "group", verb: "delete", args: "<group id>", minArgs: 1, maxArgs: 1,
			help: "delete an order group: cancel its live orders and remove it, freeing its place among your 32; the id can be set again, fresh", run: groupDelete},
		{noun: "group", verb: "list", help: "list your order groups: limit, window, fills in the window, tripped", run: groupList},
	}
}

// replaceLong is the help page of pred replace.
const replaceLong = `The new order keeps the old one's token, side, type, expiration and
options, and takes <price> and <size> (by default what the old order has
left to fill); it is signed at the old order's fee rate. The old order is
cancelled only if the new one is placed: if the new order is refused, the
old one stays as it was. The new order has its own id and no priority of
the old.

  pred replace 0x1f...c4 0.41
  pred replace 0x1f...c4 0.41 25`

// makerOrderFlags are the options of a place for market makers.
func makerOrderFlags(fs *pflag.FlagSet, o *cmdOpts) {
	fs.StringVar(&o.selfTrade, "self-trade", "", "on meeting a resting order of your own: cancel_resting (the default), cancel_taker (cancel the rest of this order) or cancel_both")
	fs.BoolVar(&o.cancelOnHalt, "cancel-on-halt", false, "cancel the order if its market is halted, rather than keep it")
	fs.Uint32Var(&o.group, "group", 0, "count the order in this order group of yours (pred group set); 0 for none")
}

func decreaseFlags(fs *pflag.FlagSet, o *cmdOpts) {
	fs.StringVar(&o.reduceBy, "by", "", "shares to take off the remaining size")
	fs.StringVar(&o.reduceTo, "to", "", "the remaining size wanted, in shares (0 cancels the order)")
}

func groupFlags(fs *pflag.FlagSet, o *cmdOpts) {
	fs.Uint32Var(&o.window, "window", 0, "the rolling window in seconds, 1 to 60 (default 15)")
}

// ReplacedOrder is pred replace's JSON output.
type ReplacedOrder struct {
	clobapi.ReplaceOrderResponse
	Side  string `json:"side"`
	Price string `json:"price"`
	Size  string `json:"size"`
}

func replaceCmd(ctx context.Context, inv *invocation) error {
	c, err := inv.client(ctx, signer)
	if err != nil {
		return err
	}
	old, err := c.GetOrder(ctx, inv.args[0])
	if err != nil {
		return err
	}
	if old.Status != "LIVE" {
		return fmt.Errorf("order %s is %s: only a live order can be replaced (place a new one with pred order buy or sell)", old.ID, old.Status)
	}
	price, size := inv.args[1], remainingOf(old)
	if len(inv.args) == 3 {
		size = inv.args[2]
	}
	args, err := replacementArgs(ctx, c, old, price, size)
	if err != nil {
		return err
	}
	req, _, err := c.BuildOrder(args)
	if err != nil {
		return err
	}
	r, err := c.ReplaceOrder(ctx, old.ID, req)
	if err != nil {
		return err
	}
	out := ReplacedOrder{ReplaceOrderResponse: r, Side: args.Side, Price: price, Size: size}
	switch {
	case inv.g.json:
		return inv.emitJSON(out)
	case inv.g.quiet:
		_, err := fmt.Fprintln(inv.env.Stdout, r.OrderID)
		return err
	}
	return inv.fields("order_id", r.OrderID, "replaced", r.ReplacedOrderID, "status", r.Status,
		"order", fmt.Sprintf("%s %s shares at %s", args.Side, size, price), "trade_ids", orEmpty(strings.Join(r.TradeIDs, ",")))
}

// remainingOf is what a live order has left to fill: its size now (after
// decreases) less what filled.
func remainingOf(o clobapi.OpenOrder) string {
	size := o.CurrentSize
	if size == "" {
		size = o.OriginalSize // a server from before decreases
	}
	s, err1 := fixed.ParseUnits(size)
	m, err2 := fixed.ParseUnits(o.SizeMatched)
	if err1 != nil || err2 != nil || m > s {
		return size
	}
	return fixed.FormatUnits(s - m)
}

// replacementArgs is the old order with a new price and size: its token,
// side, type, expiration, fee rate and options, signed for the exchange
// its market settles on.
func replacementArgs(ctx context.Context, c *client.Client, old clobapi.OpenOrder, price, size string) (client.OrderArgs, error) {
	a := client.OrderArgs{TokenID: old.AssetID, Side: old.Side, Price: price, Size: size, OrderType: old.OrderType,
		PostOnly: old.PostOnly, SelfTradePrevention: old.SelfTradePrevention, CancelOnHalt: old.CancelOnHalt, OrderGroupID: old.OrderGroupID}
	if a.SelfTradePrevention == clobapi.SelfTradeCancelResting {
		a.SelfTradePrevention = "" // the default: send nothing
	}
	fee, err := strconv.ParseUint(old.FeeRateBps, 10, 32)
	if err != nil {
		return a, fmt.Errorf("order %s has fee rate %q, not a number", old.ID, old.FeeRateBps)
	}
	a.FeeRateBps = uint32(fee)
	if old.OrderType == "GTD" {
		if a.Expiration, err = strconv.ParseInt(old.Expiration, 10, 64); err != nil {
			return a, fmt.Errorf("order %s has expiration %q, not a number", old.ID, old.Expiration)
		}
	}
	b, err := c.GetBook(ctx, a.TokenID)
	if err != nil {
		return a, err
	}
	a.NegRisk = b.NegRisk
	return a, nil
}

func decreaseCmd(ctx context.Context, inv *invocation) error {
	o := inv.opts
	if (o.reduceBy == "") == (o.reduceTo == "") {
		return usagef("give exactly one of --by <shares> and --to <shares>")
	}
	c, err := inv.client(ctx, trader)
	if err != nil {
		return err
	}
	r, err := c.DecreaseOrder(ctx, clobapi.DecreaseOrderRequest{OrderID: inv.args[0], ReduceBy: o.reduceBy, ReduceTo: o.reduceTo})
	if err != nil {
		return err
	}
	if inv.g.json {
		return inv.emitJSON(r)
	}
	kv := []string{"order_id", r.OrderID, "status", r.Status}
	if r.Size != "" {
		kv = append(kv, "size", r.Size)
	}
	return inv.fields(append(kv, "remaining", r.Remaining)...)
}

func queueCmd(ctx context.Context, inv *invocation) error {
	c, err := inv.client(ctx, trader)
	if err != nil {
		return err
	}
	q, err := c.QueuePosition(ctx, inv.args[0])
	if err != nil {
		return err
	}
	if inv.g.json {
		return inv.emitJSON(q)
	}
	return inv.fields("order_id", q.OrderID, "shares_ahead", q.SharesAhead, "level_size", q.LevelSize)
}

// groupID reads a group id argument: 1 to 4294967295.
func groupID(s string) (uint32, error) {
	v, err := strconv.ParseUint(s, 10, 32)
	if err != nil || v == 0 {
		return 0, usagef("group id %q: give a whole number from 1 to 4294967295", s)
	}
	return uint32(v), nil
}

func groupSet(ctx context.Context, inv *invocation) error {
	id, err := groupID(inv.args[0])
	if err != nil {
		return err
	}
	c, err := inv.client(ctx, trader)
	if err != nil {
		return err
	}
	g, err := c.SetOrderGroup(ctx, id, inv.args[1], inv.opts.window)
	if err != nil {
		return err
	}
	if inv.g.json {
		return inv.emitJSON(g)
	}
	return inv.groups([]clobapi.OrderGroup{g})
}

func groupReset(ctx context.Context, inv *invocation) error {
	id, err := groupID(inv.args[0])
	if err != nil {
		return err
	}
	c, err := inv.client(ctx, trader)
	if err != nil {
		return err
	}
	g, err := c.ResetOrderGroup(ctx, id)
	if err != nil {
		return err
	}
	if inv.g.json {
		return inv.emitJSON(g)
	}
	return inv.groups([]clobapi.OrderGroup{g})
}

// groupDelete prints the group deleted and the orders it cancelled.
func groupDelete(ctx context.Context, inv *invocation) error {
	id, err := groupID(inv.args[0])
	if err != nil {
		return err
	}
	c, err := inv.client(ctx, trader)
	if err != nil {
		return err
	}
	d, err := c.DeleteOrderGroup(ctx, id)
	if err != nil {
		return err
	}
	if d.Canceled == nil {
		d.Canceled = []string{}
	}
	if inv.g.json {
		return inv.emitJSON(d)
	}
	orders := "orders"
	if len(d.Canceled) == 1 {
		orders = "order"
	}
	if _, err := fmt.Fprintf(inv.env.Stdout, "group %d deleted, %d %s canceled\n", d.ID, len(d.Canceled), orders); err != nil {
		return err
	}
	if len(d.Canceled) == 0 {
		return nil
	}
	rows := [][]string{{"ORDER ID", "RESULT"}}
	for _, oid := range d.Canceled {
		rows = append(rows, []string{oid, "canceled"})
	}
	return inv.table(rows)
}

func groupList(ctx context.Context, inv *invocation) error {
	c, err := inv.client(ctx, trader)
	if err != nil {
		return err
	}
	gs, err := c.OrderGroups(ctx)
	if err != nil {
		return err
	}
	if gs == nil {
		gs = []clobapi.OrderGroup{}
	}
	switch {
	case inv.g.json:
		return inv.emitJSON(gs)
	case len(gs) == 0:
		inv.hint("no order groups: create one with pred group set <group id> <limit>")
		return nil
	}
	return inv.groups(gs)
}

// groups prints order groups as a table.
func (inv *invocation) groups(gs []clobapi.OrderGroup) error {
	rows := [][]string{{"GROUP", "LIMIT", "WINDOW", "FILLED", "TRIPPED"}}
	for _, g := range gs {
		rows = append(rows, []string{strconv.FormatUint(uint64(g.ID), 10), g.Limit, strconv.FormatUint(uint64(g.WindowSec), 10) + "s",
			g.Filled, strconv.FormatBool(g.Tripped)})
	}
	return inv.table(rows)
}

// makerFields are the lines pred order show adds for an order that was
// decreased or placed with the makers' options; none for a plain order.
func makerFields(o clobapi.OpenOrder) []string {
	var kv []string
	if o.CurrentSize != "" && o.CurrentSize != o.OriginalSize {
		kv = append(kv, "size_now", o.CurrentSize+" (decreased)")
	}
	if o.SelfTradePrevention != "" && o.SelfTradePrevention != clobapi.SelfTradeCancelResting {
		kv = append(kv, "self_trade", o.SelfTradePrevention)
	}
	if o.CancelOnHalt {
		kv = append(kv, "cancel_on_halt", "true")
	}
	if o.OrderGroupID != 0 {
		kv = append(kv, "group", strconv.FormatUint(uint64(o.OrderGroupID), 10))
	}
	return kv
}
