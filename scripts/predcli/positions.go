package predcli

import (
	"context"
	"fmt"
	"math/big"
	"net/url"

	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/fixed"
)

// Position is one row of `pred positions` (and its --json): the shares
// of one outcome the wallet holds in the exchange's ledger, what they
// are worth, and how far the market and the wallet's trades in it have
// come.
type Position struct {
	Market      string `json:"market"`
	ConditionID string `json:"condition_id"`
	Outcome     string `json:"outcome"`
	TokenID     string `json:"token_id"`
	// Size counts the shares, Locked those a resting sell order holds.
	Size   string `json:"size"`
	Locked string `json:"locked"`
	// Price values a share: the mid of the book's best bid and ask, the
	// last trade when one side is empty, the payout once resolved; empty
	// when there is none. PriceSource says which ("mid", "last",
	// "payout").
	Price       string `json:"price"`
	PriceSource string `json:"price_source"`
	Value       string `json:"value"`
	// State is the market's: trading, closed, or its adjudication phase
	// (proposed, challenged, resolved, ...).
	State string `json:"state"`
	// Unsettled counts this token's trades not yet final on chain;
	// Settlement says "settled" or how many are on their way.
	Unsettled  int    `json:"unsettled"`
	Settlement string `json:"settlement"`
}

// positions walks every market of the Gamma API (archived ones with
// --all), reads the wallet's balance of both its tokens, and values each
// one held. The CLOB has no list of a wallet's assets, and shares can
// arrive without a trade (a transfer into the wallet), so every market
// is asked: two calls per market, which a devnet's catalogue affords.
func positions(ctx context.Context, inv *invocation) error {
	c, err := inv.client(ctx, trader)
	if err != nil {
		return err
	}
	ms, err := inv.gamma().AllMarkets(ctx, url.Values{})
	if err != nil {
		return err
	}
	if inv.opts.all {
		archived, err := inv.gamma().AllMarkets(ctx, url.Values{"archived": {"true"}})
		if err != nil {
			return err
		}
		ms = append(ms, archived...)
	}
	trades, err := c.AllTrades(ctx, client.TradeParams{})
	if err != nil {
		return err
	}
	unsettled := map[string]int{}
	for _, t := range trades {
		if !finalTrade(t.Status) {
			unsettled[t.AssetID]++
		}
	}
	out := []Position{}
	var total uint64
	for _, m := range ms {
		for i, token := range m.ClobTokenIDs {
			ba, err := c.GetBalanceAllowance(ctx, client.BalanceParams{TokenID: token})
			if err != nil {
				return err
			}
			size, _ := fixed.ParseUnits(ba.Balance)
			if size == 0 {
				continue
			}
			p := Position{Market: m.Slug, ConditionID: m.ConditionID, Outcome: outcomeName(m, i), TokenID: token,
				Size: ba.Balance, Locked: ba.Locked, State: marketState(m), Unsettled: unsettled[token]}
			price, source, err := inv.sharePrice(ctx, c, m, i, token)
			if err != nil {
				return err
			}
			if source != "" {
				v := value(size, price)
				total += v
				p.Price, p.PriceSource, p.Value = fixed.FormatUnits(price), source, fixed.FormatUnits(v)
			}
			p.Settlement = "settled"
			if p.Unsettled > 0 {
				p.Settlement = fmt.Sprintf("%d trades settling", p.Unsettled)
			}
			out = append(out, p)
		}
	}
	if inv.g.json {
		return inv.emitJSON(out)
	}
	if len(out) == 0 {
		inv.hint("no positions: buy shares with pred order buy <market> <outcome> <price> <size>")
		return nil
	}
	rows := [][]string{{"MARKET", "OUTCOME", "SHARES", "LOCKED", "PRICE", "VALUE", "STATE", "ON CHAIN"}}
	for _, p := range out {
		price := "-"
		if p.PriceSource != "" {
			price = p.Price + " (" + p.PriceSource + ")"
		}
		rows = append(rows, []string{p.Market, p.Outcome, p.Size, p.Locked, price, orEmpty(p.Value), p.State, p.Settlement})
	}
	rows = append(rows, []string{"total", "", "", "", "", fixed.FormatUnits(total), "", ""})
	return inv.table(rows)
}

// outcomeName is the name of a market's outcome i: its label, or
// yes/no.
func outcomeName(m gammaapi.Market, i int) string {
	if len(m.Outcomes) == len(m.ClobTokenIDs) {
		return m.Outcomes[i]
	}
	return [2]string{"Yes", "No"}[i%2]
}

// marketState is where a market is: its adjudication phase once it has
// one, else closed or trading.
func marketState(m gammaapi.Market) string {
	switch {
	case m.Adjudication != nil && m.Adjudication.CurrentPhase != "":
		s := m.Adjudication.CurrentPhase
		if o := m.Adjudication.SettledOutcome; o != nil {
			s += " " + *o
		} else if o := m.Adjudication.ProposedOutcome; o != nil {
			s += " " + *o
		}
		return s
	case m.Closed:
		return "closed"
	case m.AcceptingOrders:
		return "trading"
	}
	return "not accepting orders"
}

// sharePrice values a share of a market's outcome i: the payout once
// the market settled, else the book's mid, else its last trade; source
// is empty when there is none.
func (inv *invocation) sharePrice(ctx context.Context, c *client.Client, m gammaapi.Market, i int, token string) (price uint64, source string, err error) {
	if a := m.Adjudication; a != nil && len(a.PayoutVector) == 2 {
		sum := a.PayoutVector[0] + a.PayoutVector[1]
		if sum > 0 {
			return uint64(a.PayoutVector[i]) * fixed.One / uint64(sum), "payout", nil
		}
	}
	b, err := c.GetBook(ctx, token)
	if err != nil {
		return 0, "", err
	}
	if mid, ok := midpoint(b); ok {
		return mid, "mid", nil
	}
	if last, err := fixed.ParseUnits(b.LastTradePrice); err == nil && last > 0 {
		return last, "last", nil
	}
	return 0, "", nil
}

// midpoint is the mean of the best bid and the best ask, when the book
// has both. The API lists each side with the best price last.
func midpoint(b clobapi.OrderBookSummary) (uint64, bool) {
	if len(b.Bids) == 0 || len(b.Asks) == 0 {
		return 0, false
	}
	bid, err1 := fixed.ParseUnits(b.Bids[len(b.Bids)-1].Price)
	ask, err2 := fixed.ParseUnits(b.Asks[len(b.Asks)-1].Price)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return (bid + ask) / 2, true
}

// value is size shares at price, both in base units, in base units
// (rounded down).
func value(size, price uint64) uint64 {
	v := new(big.Int).Mul(new(big.Int).SetUint64(size), new(big.Int).SetUint64(price))
	return v.Quo(v, new(big.Int).SetUint64(fixed.One)).Uint64()
}
