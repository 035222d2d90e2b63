package predcli

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"pred.dev/proto/client/gamma"
	"pred.dev/proto/client/gammaapi"
)

// The operator's commands (pred admin ...) drive a market's lifecycle
// through the Gamma API's /admin endpoints with the operator key
// (--operator-key, PRED_OPERATOR_KEY; the devnet's is public): push a
// game's score report, propose, challenge, arbitrate or cancel an
// outcome, close or archive a market. They exist so that a walkthrough
// can play the operator's part; traders never need them.

func (inv *invocation) operator() (*gamma.Client, error) {
	if inv.g.operatorKey == "" {
		return nil, usagef("this command needs the operator key: set PRED_OPERATOR_KEY or --operator-key (the devnet's is printed by make run)")
	}
	return inv.gamma(gamma.WithOperatorKey(inv.g.operatorKey)), nil
}

// marketID resolves a market's slug or id to its id.
func (inv *invocation) marketID(ctx context.Context, g *gamma.Client, s string) (string, error) {
	if isID(s) {
		return s, nil
	}
	m, err := g.MarketBySlug(ctx, s)
	if err != nil {
		return "", err
	}
	return m.ID, nil
}

// payout reads an outcome: yes, no or 50-50.
func payout(s string) ([]int, error) {
	switch strings.ToLower(s) {
	case "yes":
		return []int{1, 0}, nil
	case "no":
		return []int{0, 1}, nil
	case "50-50":
		return []int{1, 1}, nil
	}
	return nil, usagef("the outcome is yes, no or 50-50, not %q", s)
}

func adminScores(ctx context.Context, inv *invocation) error {
	g, err := inv.operator()
	if err != nil {
		return err
	}
	r := gammaapi.ScoreReport{GameStatus: inv.args[1]}
	if len(inv.args) == 4 {
		if r.HomeScore, err = strconv.Atoi(inv.args[2]); err != nil {
			return usagef("the home score %q is not a number", inv.args[2])
		}
		if r.AwayScore, err = strconv.Atoi(inv.args[3]); err != nil {
			return usagef("the away score %q is not a number", inv.args[3])
		}
	} else if len(inv.args) != 2 {
		return usagef("usage: %s", inv.cmd.synopsis())
	}
	target, err := inv.findGame(ctx, inv.args[0])
	if err != nil {
		return err
	}
	game, err := g.PushScores(ctx, target.ID, r)
	if err != nil {
		return err
	}
	if inv.g.json {
		return inv.emitJSON(game)
	}
	return inv.fields("id", game.ID, "status", game.GameStatus, "score", fmt.Sprintf("%d-%d", game.HomeScore, game.AwayScore),
		"scheduled", game.ScheduledAt.UTC().Format(time.RFC3339))
}

// adminMarketStep runs one step on the market named by the first
// argument and shows the market after it.
func adminMarketStep(step func(ctx context.Context, g *gamma.Client, id string, inv *invocation) (gammaapi.Market, error)) func(context.Context, *invocation) error {
	return func(ctx context.Context, inv *invocation) error {
		g, err := inv.operator()
		if err != nil {
			return err
		}
		id, err := inv.marketID(ctx, g, inv.args[0])
		if err != nil {
			return err
		}
		m, err := step(ctx, g, id, inv)
		if err != nil {
			return err
		}
		return inv.showMarket(m)
	}
}

func adminCommands() []*command {
	outcomeStep := func(f func(g *gamma.Client) func(context.Context, string, []int) (gammaapi.Market, error)) func(context.Context, *invocation) error {
		return adminMarketStep(func(ctx context.Context, g *gamma.Client, id string, inv *invocation) (gammaapi.Market, error) {
			v, err := payout(inv.args[1])
			if err != nil {
				return gammaapi.Market{}, err
			}
			return f(g)(ctx, id, v)
		})
	}
	return []*command{
		{noun: "admin", verb: "demo-game", flags: demoGameFlags,
			help: "operator: schedule a fresh copy of the devnet's demo game (Lakers vs. Celtics, its event and two markets, two days ahead) so that the sports walkthrough can run again; -q prints its event's slug, which names the game too",
			run:  adminDemoGame},
		{noun: "admin", verb: "scores", args: "<game id or event slug> <pre-game|live|finished> [<home> <away>]", minArgs: 2, maxArgs: 4,
			help: "operator: push a game's score report, as the score feed would (live clears its markets' books; finished closes them and proposes outcomes)",
			run:  adminScores},
		{noun: "admin", verb: "propose", args: "<market> <yes|no|50-50>", minArgs: 2, maxArgs: 2,
			help: "operator: propose a market's outcome (closes the market; the liveness period starts)",
			run:  outcomeStep(func(g *gamma.Client) func(context.Context, string, []int) (gammaapi.Market, error) { return g.Propose })},
		{noun: "admin", verb: "challenge", args: "<market>", minArgs: 1, maxArgs: 1,
			help: "operator: challenge the pending proposal before its liveness ends (a second challenge sends it to arbitration)",
			run: adminMarketStep(func(ctx context.Context, g *gamma.Client, id string, _ *invocation) (gammaapi.Market, error) {
				return g.Challenge(ctx, id, "")
			})},
		{noun: "admin", verb: "arbitrate", args: "<market> <yes|no|50-50>", minArgs: 2, maxArgs: 2,
			help: "operator: resolve a market in arbitration",
			run: outcomeStep(func(g *gamma.Client) func(context.Context, string, []int) (gammaapi.Market, error) {
				return g.Arbitrate
			})},
		{noun: "admin", verb: "cancel", args: "<market>", minArgs: 1, maxArgs: 1,
			help: "operator: settle a market at 50-50, every share paying 0.5 USDW",
			run: adminMarketStep(func(ctx context.Context, g *gamma.Client, id string, _ *invocation) (gammaapi.Market, error) {
				return g.CancelMarket(ctx, id)
			})},
		{noun: "admin", verb: "close", args: "<market>", minArgs: 1, maxArgs: 1,
			help: "operator: close a market for trading (its open orders are cancelled)",
			run: adminMarketStep(func(ctx context.Context, g *gamma.Client, id string, _ *invocation) (gammaapi.Market, error) {
				return g.CloseMarket(ctx, id)
			})},
		{noun: "admin", verb: "archive", args: "<market>", minArgs: 1, maxArgs: 1,
			help: "operator: archive a resolved market (out of default listings, still readable)",
			run: adminMarketStep(func(ctx context.Context, g *gamma.Client, id string, _ *invocation) (gammaapi.Market, error) {
				t := true
				return g.UpdateMarket(ctx, id, gammaapi.MarketPatch{Archived: &t})
			})},
	}
}
