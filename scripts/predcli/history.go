package predcli

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	client "pred.dev/proto/client/clob"
	"pred.dev/proto/client/clobapi"
	"pred.dev/proto/fixed"
)

// History is the JSON of `pred history`: the token and the API's points.
type History struct {
	TokenID  string               `json:"token_id"`
	Market   string               `json:"market,omitempty"`
	Outcome  string               `json:"outcome,omitempty"`
	Interval string               `json:"interval"`
	Fidelity int                  `json:"fidelity"`
	History  []clobapi.PricePoint `json:"history"`
}

// historySpansMin is the span of each --interval in minutes, which sets
// the default fidelity: about chartWidthMax points over the span.
var historySpansMin = map[string]int{"1h": 60, "6h": 360, "1d": 1440, "1w": 10080, "1m": 43200, "max": 525600}

// The chart: chartRows rows of text, each eight steps high (the block
// elements), and at most chartWidthMax columns, one per point.
const (
	chartRows     = 8
	chartWidthMax = 60
)

// history prints a token's price history from the CLOB's GET
// /prices-history, with a chart.
func history(ctx context.Context, inv *invocation) error {
	args := inv.args
	if len(args) == 1 && !isTokenID(args[0]) {
		args = append(args, "yes") // a market alone: its first outcome
	}
	t, err := inv.tokenArgs(ctx, args)
	if err != nil {
		return err
	}
	interval := strings.ToLower(inv.opts.interval)
	span, ok := historySpansMin[interval]
	if !ok {
		return usagef("--interval is one of 1h, 6h, 1d, 1w, 1m or max, not %q", inv.opts.interval)
	}
	fidelity := inv.opts.fidelity
	if fidelity <= 0 {
		fidelity = max(1, span/chartWidthMax)
	}
	c, err := inv.client(ctx, public)
	if err != nil {
		return err
	}
	h, err := c.GetPriceHistory(ctx, client.PriceHistoryParams{TokenID: t.id, Interval: interval, Fidelity: fidelity})
	if err != nil {
		return err
	}
	out := History{TokenID: t.id, Interval: interval, Fidelity: fidelity, History: h.History}
	if out.History == nil {
		out.History = []clobapi.PricePoint{}
	}
	if t.market != nil {
		out.Market, out.Outcome = t.market.Slug, t.outcome
	}
	if inv.g.json {
		return inv.emitJSON(out)
	}
	kv := []string{}
	if t.market != nil {
		kv = append(kv, "market", t.market.Slug, "outcome", t.outcome)
	}
	kv = append(kv, "token", t.id, "interval", fmt.Sprintf("%s, a point per %d min with a trade", interval, fidelity))
	prices := make([]uint64, 0, len(h.History))
	for _, p := range h.History {
		v, err := fixed.ParseUnits(p.P.String())
		if err != nil {
			return fmt.Errorf("the price history has a price %q: %w", p.P, err)
		}
		prices = append(prices, v)
	}
	if len(prices) == 0 {
		if err := inv.fields(append(kv, "points", "0")...); err != nil {
			return err
		}
		inv.hint("no trade in this interval: try --interval max")
		return nil
	}
	lo, hi := prices[0], prices[0]
	for _, v := range prices {
		lo, hi = min(lo, v), max(hi, v)
	}
	kv = append(kv, "points", fmt.Sprint(len(prices)), "first", fixed.FormatUnits(prices[0]), "last", fixed.FormatUnits(prices[len(prices)-1]),
		"low", fixed.FormatUnits(lo), "high", fixed.FormatUnits(hi))
	if err := inv.fields(kv...); err != nil {
		return err
	}
	fmt.Fprintln(inv.env.Stdout)
	first, last := h.History[0].T, h.History[len(h.History)-1].T
	_, err = io.WriteString(inv.env.Stdout, chart(prices, time.Unix(first, 0), time.Unix(last, 0)))
	return err
}

// blocks are the eight steps of a chart cell, from empty to full.
var blocks = []rune(" ▁▂▃▄▅▆▇█")

// chart draws prices (base units) as columns of block elements, the
// highest price at the top left label and the lowest at the bottom one,
// the first and last times under them. More points than chartWidthMax
// are sampled: each column shows the last point of its share.
func chart(prices []uint64, from, to time.Time) string {
	cols := prices
	if len(prices) > chartWidthMax {
		cols = make([]uint64, chartWidthMax)
		for i := range cols {
			cols[i] = prices[(i+1)*len(prices)/chartWidthMax-1]
		}
	}
	lo, hi := cols[0], cols[0]
	for _, v := range cols {
		lo, hi = min(lo, v), max(hi, v)
	}
	// A flat line sits in the middle, a cent either side.
	if hi == lo {
		const cent = fixed.One / 100
		lo, hi = lo-min(lo, cent), hi+cent
	}
	steps := uint64(chartRows * (len(blocks) - 1))
	heights := make([]uint64, len(cols))
	for i, v := range cols {
		// At least one step, so that the lowest price shows.
		heights[i] = max(1, (v-lo)*steps/(hi-lo))
	}
	label := func(row int) string {
		switch row {
		case chartRows - 1:
			return fixed.FormatUnits(hi)
		case 0:
			return fixed.FormatUnits(lo)
		}
		return ""
	}
	var b strings.Builder
	for row := chartRows - 1; row >= 0; row-- {
		fmt.Fprintf(&b, "%8s ┤", label(row))
		for _, h := range heights {
			level := min(uint64(len(blocks)-1), int64ToU(int64(h)-int64(row*(len(blocks)-1))))
			b.WriteRune(blocks[level])
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "%8s └%s\n", "", strings.Repeat("─", len(heights)))
	layout := "2006-01-02 15:04"
	fmt.Fprintf(&b, "%8s  %s … %s UTC\n", "", from.UTC().Format(layout), to.UTC().Format(layout))
	return b.String()
}

// int64ToU clamps a signed step count at 0.
func int64ToU(v int64) uint64 {
	if v < 0 {
		return 0
	}
	return uint64(v)
}
