package predcli

import (
	"context"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"pred.dev/proto/client/gammaapi"
)

// Every trade command names a token by its id (a 77-digit decimal) or by
// its market and outcome, `will-it-rain-in-lisbon-tomorrow yes`: a market
// is its slug, its Gamma id or its condition id, and an outcome is yes or
// no (the index 0 and 1 of the market's clobTokenIds) or one of the
// market's outcome names (Lakers, Celtics).

// tokenIDDigitsMin tells a token id from a Gamma id on the command line:
// a token id is a keccak256 hash written in decimal (70 digits or more
// but for a chance of 1 in 10^50), a Gamma id a counter.
const tokenIDDigitsMin = 30

var (
	decimalRe     = regexp.MustCompile(`^[0-9]+$`)
	conditionIDRe = regexp.MustCompile(`^0x[0-9a-fA-F]{64}$`)
)

// isTokenID reports whether s is written as a token id.
func isTokenID(s string) bool { return len(s) >= tokenIDDigitsMin && decimalRe.MatchString(s) }

// tokenRef is a token named on the command line.
type tokenRef struct {
	id string
	// market and outcome are set when the token was named by them.
	market  *gammaapi.Market
	outcome string
}

// tokenArgs resolves a token given as one argument (its id) or two (a
// market and an outcome).
func (inv *invocation) tokenArgs(ctx context.Context, args []string) (tokenRef, error) {
	switch len(args) {
	case 1:
		if !isTokenID(args[0]) {
			return tokenRef{}, usagef("%q is not a token id (a decimal of %d digits or more): name a market's token with its outcome, as in 'pred %s %s yes'",
				args[0], tokenIDDigitsMin, inv.cmd.name(), args[0])
		}
		return tokenRef{id: args[0]}, nil
	case 2:
		m, err := inv.findMarket(ctx, args[0])
		if err != nil {
			return tokenRef{}, err
		}
		return outcomeToken(m, args[1])
	}
	return tokenRef{}, usagef("usage: %s", inv.cmd.synopsis())
}

// outcomeToken is the token of a market's outcome: yes or no (index 0 or
// 1), or an outcome's name, in any case.
func outcomeToken(m gammaapi.Market, outcome string) (tokenRef, error) {
	if len(m.ClobTokenIDs) != 2 {
		return tokenRef{}, fmt.Errorf("market %s has %d clobTokenIds, want 2", m.ID, len(m.ClobTokenIDs))
	}
	names := []string{"yes", "no"}
	i := -1
	switch o := strings.ToLower(outcome); o {
	case "yes":
		i = 0
	case "no":
		i = 1
	default:
		for j, name := range m.Outcomes {
			if strings.EqualFold(name, outcome) {
				i = j
			}
		}
	}
	for _, name := range m.Outcomes {
		if !strings.EqualFold(name, "yes") && !strings.EqualFold(name, "no") {
			names = append(names, strings.ToLower(name))
		}
	}
	if i < 0 || i > 1 {
		return tokenRef{}, usagef("market %s has no outcome %q: use %s", m.Slug, outcome, strings.Join(names, ", "))
	}
	name := strings.ToLower(outcome)
	if len(m.Outcomes) == 2 {
		name = m.Outcomes[i]
	}
	return tokenRef{id: m.ClobTokenIDs[i], market: &m, outcome: name}, nil
}

// findMarket finds a market by its slug, its Gamma id or its condition
// id.
func (inv *invocation) findMarket(ctx context.Context, s string) (gammaapi.Market, error) {
	g := inv.gamma()
	switch {
	case conditionIDRe.MatchString(s):
		ms, err := g.Markets(ctx, url.Values{"condition_ids": {strings.ToLower(s)}})
		if err != nil {
			return gammaapi.Market{}, err
		}
		if len(ms) == 0 {
			return gammaapi.Market{}, fmt.Errorf("the Gamma API at %s lists no market of condition id %s", inv.g.gammaURL, s)
		}
		return ms[0], nil
	case isID(s):
		return g.Market(ctx, s)
	}
	return g.MarketBySlug(ctx, s)
}

// conditionID is the condition id of a market named by its slug, its
// Gamma id or its condition id (which needs no call).
func (inv *invocation) conditionID(ctx context.Context, s string) (string, error) {
	if conditionIDRe.MatchString(s) {
		return strings.ToLower(s), nil
	}
	m, err := inv.findMarket(ctx, s)
	if err != nil {
		return "", err
	}
	return m.ConditionID, nil
}

// filter is what --market, --token and --outcome narrow a list to: a
// condition id, a token id, or both empty.
func (inv *invocation) filter(ctx context.Context) (market, token string, err error) {
	o := inv.opts
	switch {
	case o.outcome != "" && o.market == "":
		return "", "", usagef("--outcome needs --market: --market <slug> --outcome %s", o.outcome)
	case o.outcome != "" && o.token != "":
		return "", "", usagef("give --token, or --market and --outcome, not both")
	case o.token != "" && !isTokenID(o.token):
		return "", "", usagef("--token %q is not a token id; name a market's token with --market <slug> --outcome yes", o.token)
	case o.outcome != "":
		m, err := inv.findMarket(ctx, o.market)
		if err != nil {
			return "", "", err
		}
		t, err := outcomeToken(m, o.outcome)
		if err != nil {
			return "", "", err
		}
		return m.ConditionID, t.id, nil
	case o.market != "":
		cid, err := inv.conditionID(ctx, o.market)
		return cid, o.token, err
	}
	return "", o.token, nil
}

// completionMarketsMax bounds the market slugs a completion offers.
const completionMarketsMax = 100

// completeToken offers what names a token: an open market's slug first,
// then that market's outcomes. A completion that cannot reach the Gamma
// API offers nothing.
func completeToken(ctx context.Context, inv *invocation, args []string, prefix string) []string {
	var out []string
	switch len(args) {
	case 0:
		ms, err := inv.gamma().Markets(ctx, url.Values{"closed": {"false"}, "limit": {fmt.Sprint(completionMarketsMax)}})
		if err != nil {
			return nil
		}
		for _, m := range ms {
			if strings.HasPrefix(m.Slug, prefix) {
				out = append(out, m.Slug)
			}
		}
	case 1:
		if isTokenID(args[0]) {
			return nil
		}
		m, err := inv.findMarket(ctx, args[0])
		if err != nil {
			return nil
		}
		for _, o := range append([]string{"yes", "no"}, m.Outcomes...) {
			if o = strings.ToLower(o); strings.HasPrefix(o, strings.ToLower(prefix)) && !slices.Contains(out, o) {
				out = append(out, o)
			}
		}
	}
	return out
}
