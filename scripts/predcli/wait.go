package predcli

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/errcode"
)

// Waiting until final: a trade is final once CONFIRMED on chain, FAILED
// (settlement abandoned) or SYNTHETIC (never goes on chain); an order
// once it no longer rests on the book. --wait bounds each wait.

// waitPoll is how often a wait reads the trades or the order again: the
// devnet settles a trade in a second or two.
const waitPoll = 250 * time.Millisecond

// finalTrade reports a trade status nothing follows.
func finalTrade(status string) bool {
	return status == "CONFIRMED" || status == "FAILED" || status == "SYNTHETIC"
}

// waitTrades reads the trades of p until every one that sel picks is
// final, writing a line on stderr at each change of a trade's status,
// and returns them all (those sel picks). A trade that ends FAILED makes
// the command fail once it has printed them.
func (inv *invocation) waitTrades(ctx context.Context, c *client.Client, p client.TradeParams, sel func(clobapi.Trade) bool) ([]clobapi.Trade, error) {
	wctx, cancel := context.WithTimeout(ctx, inv.opts.wait)
	defer cancel()
	seen := map[string]string{}
	for {
		all, err := c.AllTrades(wctx, p)
		if err != nil && !retryRead(err) {
			return nil, inv.waitErr(ctx, err, "the trades")
		}
		pending := -1 // not read this time: wait, and read again
		if err == nil {
			var ts []clobapi.Trade
			if ts, pending = inv.noteTrades(all, sel, seen); pending == 0 {
				inv.afterWait = failedTrades(ts)
				return ts, nil
			}
		}
		select {
		case <-wctx.Done():
			what := "the trades"
			if pending > 0 {
				what = fmt.Sprintf("%d trades", pending)
			}
			return nil, inv.waitErr(ctx, wctx.Err(), what)
		case <-time.After(waitPoll):
		}
	}
}

// noteTrades picks the trades sel takes, writes a line on stderr for each
// whose status changed since seen, and counts those not final.
func (inv *invocation) noteTrades(all []clobapi.Trade, sel func(clobapi.Trade) bool, seen map[string]string) (ts []clobapi.Trade, pending int) {
	for _, t := range all {
		if !sel(t) {
			continue
		}
		ts = append(ts, t)
		if seen[t.ID] != t.Status {
			seen[t.ID] = t.Status
			what := t.Status
			if t.TransactionHash != "" {
				what += " " + t.TransactionHash
			}
			inv.progressf("pred: trade %s: %s", t.ID, what)
		}
		if !finalTrade(t.Status) {
			pending++
		}
	}
	return ts, pending
}

// failedTrades is the error of trades that ended FAILED, nil if none.
func failedTrades(ts []clobapi.Trade) error {
	var ids []string
	for _, t := range ts {
		if t.Status == "FAILED" {
			ids = append(ids, t.ID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	return fmt.Errorf("trades %s FAILED on chain: the CLOB's OpenAPI document says what that means for balances and orders", strings.Join(ids, ", "))
}

// retryRead reports whether a wait's read may simply be made again at
// its next poll: the gateway answered ENGINE_UNAVAILABLE (its engine is
// behind the caller's last write, or changing leader), an answer that
// says to retry. Ending the wait there failed a cluster's onboarding
// while its machine was loaded.
func retryRead(err error) bool { return errors.Is(err, errcode.EngineUnavailable) }

// waitErr says that a wait ran out, and how to go on; other errors pass.
func (inv *invocation) waitErr(ctx context.Context, err error, what string) error {
	if errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
		return fmt.Errorf("%s are not final after --wait=%s; run the command again to go on waiting", what, inv.opts.wait)
	}
	return err
}

// OrderShown is the JSON of `pred order show`: the order and, with
// --wait, its trades as they ended.
type OrderShown struct {
	clobapi.OpenOrder
	Trades []clobapi.Trade `json:"trades,omitempty"`
}

// orderShow prints one of the caller's orders; with --wait it first
// waits until the order no longer rests on the book and its trades are
// final.
func orderShow(ctx context.Context, inv *invocation) error {
	c, err := inv.client(ctx, trader)
	if err != nil {
		return err
	}
	id := inv.args[0]
	o, err := c.GetOrder(ctx, id)
	if err != nil {
		return err
	}
	out := OrderShown{OpenOrder: o}
	if inv.opts.wait > 0 {
		wctx, cancel := context.WithTimeout(ctx, inv.opts.wait)
		for (o.Status == "LIVE" && err == nil) || retryRead(err) {
			select {
			case <-wctx.Done():
				err = wctx.Err()
			case <-time.After(waitPoll):
				var next clobapi.OpenOrder
				if next, err = c.GetOrder(wctx, id); err == nil {
					o = next
				}
			}
		}
		cancel()
		if err != nil {
			return inv.waitErr(ctx, err, "the order")
		}
		out.OpenOrder = o
		if len(o.AssociateTrades) > 0 {
			if out.Trades, err = inv.waitTrades(ctx, c, client.TradeParams{AssetID: o.AssetID}, func(t clobapi.Trade) bool {
				return slices.Contains(o.AssociateTrades, t.ID)
			}); err != nil {
				return err
			}
		}
	}
	if inv.g.json {
		return inv.emitJSON(out)
	}
	kv := []string{"order_id", o.ID, "status", o.Status, "side", o.Side, "outcome", o.Outcome, "price", o.Price,
		"size", o.OriginalSize, "matched", o.SizeMatched, "type", o.OrderType, "market", o.Market, "token", o.AssetID,
		"trade_ids", orEmpty(strings.Join(o.AssociateTrades, ",")), "cancel_reason", orEmpty(o.CancelReason)}
	if err := inv.fields(append(kv, makerFields(o)...)...); err != nil {
		return err
	}
	if len(out.Trades) > 0 {
		fmt.Fprintln(inv.env.Stdout)
		return inv.tradeTable(out.Trades)
	}
	return nil
}
