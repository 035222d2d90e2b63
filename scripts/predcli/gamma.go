package predcli

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/proto/client/gamma"
	"pred.dev/proto/client/gammaapi"
)

// The Gamma verbs: what a trader reads before trading (events, markets
// and their clobTokenIds, games) and the login that gives a JWT. They
// use the Go SDK pred.dev/proto/client/gamma against --gamma-url.

// isID reports whether a command argument is a catalogue id (digits)
// rather than a slug.
func isID(s string) bool {
	_, err := strconv.ParseUint(s, 10, 64)
	return err == nil
}

// listQuery is the query of a list command: --limit, and --all to
// include closed markets and events.
func (inv *invocation) listQuery() url.Values {
	q := url.Values{"limit": {strconv.Itoa(inv.opts.limit)}}
	if !inv.opts.all {
		q.Set("closed", "false")
	}
	return q
}

func events(ctx context.Context, inv *invocation) error {
	g := inv.gamma()
	if len(inv.args) == 1 {
		var ev gammaapi.Event
		var err error
		if isID(inv.args[0]) {
			ev, err = g.Event(ctx, inv.args[0])
		} else {
			ev, err = g.EventBySlug(ctx, inv.args[0])
		}
		if err != nil {
			return err
		}
		if inv.g.json {
			return inv.emitJSON(ev)
		}
		if err := inv.fields("id", ev.ID, "slug", ev.Slug, "title", ev.Title, "type", orEmpty(ev.EventType),
			"category", orEmpty(ev.Category), "neg_risk", strconv.FormatBool(ev.NegRisk), "start", ev.StartDate.Format(time.RFC3339),
			"end", ev.EndDate.Format(time.RFC3339), "volume", ev.Volume.String(), "liquidity", ev.Liquidity.String()); err != nil {
			return err
		}
		fmt.Fprintln(inv.env.Stdout)
		return inv.marketTable(ev.Markets)
	}
	evs, err := g.Events(ctx, inv.listQuery())
	if err != nil {
		return err
	}
	if evs == nil {
		evs = []gammaapi.Event{}
	}
	if inv.g.json {
		return inv.emitJSON(evs)
	}
	rows := [][]string{{"ID", "SLUG", "TYPE", "NEGRISK", "MARKETS", "VOLUME", "TITLE"}}
	for _, e := range evs {
		rows = append(rows, []string{e.ID, e.Slug, orEmpty(e.EventType), strconv.FormatBool(e.NegRisk),
			strconv.Itoa(len(e.Markets)), e.Volume.String(), e.Title})
	}
	return inv.table(rows)
}

// marketTable lists markets, one per row, with the prices of YES.
func (inv *invocation) marketTable(ms []gammaapi.Market) error {
	rows := [][]string{{"ID", "SLUG", "BID", "ASK", "VOLUME", "QUESTION"}}
	for _, m := range ms {
		rows = append(rows, []string{m.ID, m.Slug, orEmpty(m.BestBid), orEmpty(m.BestAsk), m.Volume.String(), m.Question})
	}
	if len(rows) == 1 {
		inv.hint("no markets")
		return nil
	}
	return inv.table(rows)
}

// OutcomeToken is the JSON of `pred markets <market> --outcome <o>`.
type OutcomeToken struct {
	Market  string `json:"market"`
	Outcome string `json:"outcome"`
	TokenID string `json:"token_id"`
}

func markets(ctx context.Context, inv *invocation) error {
	g := inv.gamma()
	if len(inv.args) == 0 {
		if inv.opts.outcome != "" {
			return usagef("--outcome needs a market: pred markets <slug or id> --outcome yes")
		}
		ms, err := g.Markets(ctx, inv.listQuery())
		if err != nil {
			return err
		}
		if ms == nil {
			ms = []gammaapi.Market{}
		}
		if inv.g.json {
			return inv.emitJSON(ms)
		}
		return inv.marketTable(ms)
	}
	m, err := inv.findMarket(ctx, inv.args[0])
	if err != nil {
		return err
	}
	if len(m.ClobTokenIDs) != 2 {
		return fmt.Errorf("market %s has %d clobTokenIds, want 2", m.ID, len(m.ClobTokenIDs))
	}
	if inv.opts.outcome != "" {
		t, err := outcomeToken(m, inv.opts.outcome)
		if err != nil {
			return err
		}
		out := OutcomeToken{Market: m.Slug, Outcome: t.outcome, TokenID: t.id}
		switch {
		case inv.g.json:
			return inv.emitJSON(out)
		case inv.g.quiet:
			_, err := fmt.Fprintln(inv.env.Stdout, t.id)
			return err
		}
		return inv.fields("market", out.Market, "outcome", out.Outcome, "token", out.TokenID)
	}
	switch {
	case inv.g.quiet:
		_, err := fmt.Fprintf(inv.env.Stdout, "%s\n%s\n", m.YesToken(), m.NoToken())
		return err
	case inv.g.json:
		return inv.emitJSON(m)
	}
	return inv.showMarket(m)
}

// showMarket prints a market's fields, its adjudication included.
func (inv *invocation) showMarket(m gammaapi.Market) error {
	if inv.g.json {
		return inv.emitJSON(m)
	}
	names := [2]string{"yes", "no"}
	if len(m.Outcomes) == 2 {
		names = [2]string{strings.ToLower(m.Outcomes[0]), strings.ToLower(m.Outcomes[1])}
	}
	kv := []string{"id", m.ID, "slug", m.Slug, "question", m.Question, "condition_id", m.ConditionID,
		names[0] + "_token", m.YesToken(), names[1] + "_token", m.NoToken(),
		"tick_size", m.OrderTickSize.String(), "min_size", m.OrderMinSize.String(), "max_size", m.OrderMaxSize.String(),
		"best_bid", orEmpty(m.BestBid), "best_ask", orEmpty(m.BestAsk), "volume", m.Volume.String(),
		"accepting_orders", strconv.FormatBool(m.AcceptingOrders), "closed", strconv.FormatBool(m.Closed), "end", m.EndDate.Format(time.RFC3339)}
	return inv.fields(append(kv, adjudicationFields(m.Adjudication)...)...)
}

// adjudicationFields are the market's resolution, when it has one: the
// phase, the outcomes, the payout vector and the times that matter.
func adjudicationFields(a *gammaapi.Adjudication) []string {
	if a == nil {
		return nil
	}
	str := func(p *string) string {
		if p == nil {
			return "-"
		}
		return *p
	}
	at := func(t *time.Time) string {
		if t == nil {
			return "-"
		}
		return t.UTC().Format(time.RFC3339)
	}
	vec := "-"
	if a.PayoutVector != nil {
		vec = fmt.Sprint(a.PayoutVector)
	}
	return []string{"phase", a.CurrentPhase, "proposed_outcome", str(a.ProposedOutcome), "liveness_ends", at(a.LivenessEndsAt),
		"settled_outcome", str(a.SettledOutcome), "payout_vector", vec, "resolved_at", at(a.ResolvedAt)}
}

func games(ctx context.Context, inv *invocation) error {
	g := inv.gamma()
	var gs []gammaapi.Game
	if len(inv.args) == 1 {
		game, err := inv.findGame(ctx, inv.args[0])
		if err != nil {
			return err
		}
		if inv.g.json {
			return inv.emitJSON(game)
		}
		gs = []gammaapi.Game{game}
	} else {
		var err error
		if gs, err = g.Games(ctx, url.Values{"limit": {strconv.Itoa(inv.opts.limit)}}); err != nil {
			return err
		}
		if gs == nil {
			gs = []gammaapi.Game{}
		}
		if inv.g.json {
			return inv.emitJSON(gs)
		}
	}
	rows := [][]string{{"ID", "SPORT", "HOME", "AWAY", "SCHEDULED", "STATUS", "SCORE", "EVENT"}}
	for _, x := range gs {
		rows = append(rows, []string{x.ID, x.SportType, x.HomeTeam.Name, x.AwayTeam.Name, x.ScheduledAt.UTC().Format(time.RFC3339),
			x.GameStatus, fmt.Sprintf("%d-%d", x.HomeScore, x.AwayScore), orEmpty(x.PrimaryEventID)})
	}
	if len(rows) == 1 {
		inv.hint("no games")
		return nil
	}
	return inv.table(rows)
}

// Game lookups by event slug page through GET /games, which has no
// event filter: gamesPageSize a page, at most gamesPagesMax pages.
const (
	gamesPageSize = 100
	gamesPagesMax = 100
)

// findGame finds a game by its id, or by the slug of its primary or a
// linked event.
func (inv *invocation) findGame(ctx context.Context, s string) (gammaapi.Game, error) {
	g := inv.gamma()
	if isID(s) {
		return g.Game(ctx, s)
	}
	ev, err := g.EventBySlug(ctx, s)
	if err != nil {
		return gammaapi.Game{}, err
	}
	for page := 1; page <= gamesPagesMax; page++ {
		gs, err := g.Games(ctx, url.Values{"page": {strconv.Itoa(page)}, "page_size": {strconv.Itoa(gamesPageSize)}})
		if err != nil {
			return gammaapi.Game{}, err
		}
		for _, game := range gs {
			if game.PrimaryEventID == ev.ID || slices.Contains(game.LinkedEventIDs, ev.ID) {
				return game, nil
			}
		}
		if len(gs) < gamesPageSize {
			break
		}
	}
	return gammaapi.Game{}, fmt.Errorf("event %s (%s) has no game", ev.Slug, ev.ID)
}

// LoginResult is the JSON of `pred login`.
type LoginResult struct {
	Address string `json:"address"`
	gammaapi.TokenResponse
}

// login signs the Gamma API's EIP-712 Login message with the private key
// and prints the JWT, which it also caches (pred/tokens in the user's
// cache directory) for the Gamma calls that need a bearer token.
func login(ctx context.Context, inv *invocation) error {
	if inv.g.privateKey == "" {
		return usagef("this command needs your wallet: set PRED_PRIVATE_KEY or --private-key (make one with 'pred wallet new')")
	}
	key, err := parseKey(inv.g.privateKey)
	if err != nil {
		return err
	}
	c := inv.gamma(gamma.WithPrivateKey(key))
	tr, err := c.Login(ctx)
	if err != nil {
		return err
	}
	addr := crypto.PubkeyToAddress(key.PublicKey)
	res := LoginResult{Address: addr.Hex(), TokenResponse: tr}
	if err := (tokenCache{dir: inv.env.CacheDir}).store(inv.g.gammaURL, addr, tr); err != nil {
		inv.hint("pred: could not cache the token (%v)", err)
	}
	switch {
	case inv.g.json:
		return inv.emitJSON(res)
	case inv.g.quiet:
		_, err := fmt.Fprintln(inv.env.Stdout, tr.Token)
		return err
	}
	return inv.fields("address", res.Address, "token", tr.Token, "expires", tr.ExpiresAt.UTC().Format(time.RFC3339))
}

// gameCancelLead is how long before a game's scheduled start the spec
// asks traders to be out of its books: 15 minutes (900 s).
const gameCancelLead = 900 * time.Second

// gameExpiration makes the order a GTD that expires gameCancelLead before
// the game's scheduledAt, after checking that the token trades on a
// market of the game's events and that the game has not started: the
// platform cancels every resting order when the game goes live, which can
// be early, and the expiration is the safety net if the trader is not
// watching.
func (inv *invocation) gameExpiration(ctx context.Context, token string) error {
	g := inv.gamma()
	game, err := inv.findGame(ctx, inv.opts.game)
	if err != nil {
		return err
	}
	if game.GameStatus != gammaapi.GamePreGame {
		return fmt.Errorf("game %s is %s: its markets' books closed when it started", game.ID, game.GameStatus)
	}
	found := false
	for _, id := range append([]string{game.PrimaryEventID}, game.LinkedEventIDs...) {
		if id == "" {
			continue
		}
		ev, err := g.Event(ctx, id)
		if err != nil {
			return err
		}
		for _, m := range ev.Markets {
			found = found || slices.Contains(m.ClobTokenIDs, token)
		}
	}
	if !found {
		return fmt.Errorf("token %s is not traded on a market of game %s (%s vs. %s)", token, game.ID, game.HomeTeam.Name, game.AwayTeam.Name)
	}
	exp := game.ScheduledAt.Add(-gameCancelLead)
	if !exp.After(time.Now().Add(time.Minute)) {
		return fmt.Errorf("game %s starts at %s: an order expiring 15 minutes before that would be gone at once; the spec asks traders to be out by then",
			game.ID, game.ScheduledAt.Format(time.RFC3339))
	}
	inv.opts.orderType, inv.opts.expiration = "GTD", exp.Unix()
	return nil
}
