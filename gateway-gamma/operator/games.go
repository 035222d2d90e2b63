package operator

import (
	"context"
	"slices"
	"time"

	"go.uber.org/zap"

	"pred.dev/gateway-gamma/catalog"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/pb"
)

// Report is one score feed's word on a game: its status, its scores, the
// source's own status label and when the source's data last changed.
type Report struct {
	Status       string
	Home, Away   int
	SourceStatus string
	// UpdatedAt is when the source's data last changed; zero means the
	// source does not say: the time it is applied if it changes the game,
	// else the time the platform last saw a change.
	UpdatedAt time.Time
}

// scoresMax bounds a score: no sport scores a million.
const scoresMax = 999_999

func statusRank(s string) int { return slices.Index(catalog.GameStatuses, s) }

func checkReport(r *Report) error {
	if statusRank(r.Status) < 0 || r.Home < 0 || r.Away < 0 || r.Home > scoresMax || r.Away > scoresMax {
		return errcode.Errorf(errcode.InvalidScoreReport, "gameStatus must be pre-game, live or finished and scores 0 to %d, got %q %d-%d",
			scoresMax, r.Status, r.Home, r.Away)
	}
	if err := checkText("latestStatus", r.SourceStatus, labelBytesMax, false); err != nil {
		return err
	}
	return nil
}

// checkProgress refuses a report that would move game g backwards.
func checkProgress(g *gammaapi.Game, status string) error {
	if statusRank(status) < statusRank(g.GameStatus) {
		return errcode.Errorf(errcode.GameStatusRegression, "game %s is %s: a report of %s is refused", g.ID, g.GameStatus, status)
	}
	return nil
}

// reportRecord is a report's status and scores on the record of game g.
func reportRecord(g *gammaapi.Game, status string, home, away int) error {
	if err := checkProgress(g, status); err != nil {
		return err
	}
	g.GameStatus, g.HomeScore, g.AwayScore = status, home, away
	return nil
}

// ApplyReport applies a score report to a game, from the score feed or
// the operator (POST /admin/games/{id}/scores): the game's status and
// scores, the feed's state (GET /games/{id}/scores), and the transitions
// the status change makes (see enterStatus). A report that would move
// the game backwards is refused with GAME_STATUS_REGRESSION and changes
// nothing.
func (o *Operator) ApplyReport(ctx context.Context, id string, r Report) (*gammaapi.Game, error) {
	if err := checkReport(&r); err != nil {
		return nil, err
	}
	g, ok := o.view.Game(id)
	if !ok {
		return nil, errcode.Errorf(errcode.GameNotFound, "game %s: no such game; the score report was not applied", id)
	}
	if err := checkProgress(g, r.Status); err != nil {
		return nil, err
	}
	now := o.now().UTC()
	if r.UpdatedAt.IsZero() {
		r.UpdatedAt = now
	}
	if r.SourceStatus == "" {
		r.SourceStatus = r.Status
	}
	if err := o.enterStatus(ctx, g, r.Status, r.Home, r.Away); err != nil {
		return nil, err
	}
	home, away, status := r.Home, r.Away, r.Status
	ng, rev, err := o.store.UpdateGame(ctx, id, func(g *gammaapi.Game) error {
		return reportRecord(g, status, home, away)
	})
	if err != nil {
		return nil, err
	}
	if err := o.wait(ctx, rev); err != nil {
		return nil, err
	}
	if err := o.putFeedState(ctx, id, gammaapi.ConsistencyOK, now, r.UpdatedAt.UTC(), r.SourceStatus); err != nil {
		return nil, err
	}
	return ng, nil
}

// gameMarkets lists the markets of a game's primary and linked events.
func (o *Operator) gameMarkets(g *gammaapi.Game) []*catalog.MarketRecord {
	var out []*catalog.MarketRecord
	for _, ev := range append([]string{g.PrimaryEventID}, g.LinkedEventIDs...) {
		if ev != "" {
			out = append(out, o.view.EventMarkets(ev)...)
		}
	}
	return out
}

// statusSteps are what a game's move to status does to its markets
// (those of its events), in order. The Operator runs them before the game
// record shows the move, so that a failure leaves the game where it was
// and a retry runs them again (each step is safe to repeat):
//
//   - pre-game -> live: each market whose book closes during play
//     (acceptOrdersDuringPlay false, the default) is halted, so no order
//     arrives after the clear; then every open order of every market is
//     cancelled (ClearMarketOrders: status CANCELED). Each is one command
//     in the log, so every replica of the engine cancels the same orders
//     at the same position.
//   - live -> finished: every market closes (CloseMarket) and, where the
//     market has a sports rule, the platform proposes the outcome from
//     the final score; the adjudication's liveness period starts.
//
// A game reported finished straight from pre-game goes through both.
func statusSteps(g *gammaapi.Game, status string, home, away int, markets []*catalog.MarketRecord) []gameStep {
	var out []gameStep
	from := statusRank(g.GameStatus)
	if from < statusRank(catalog.GameLive) && statusRank(status) >= statusRank(catalog.GameLive) {
		for _, m := range markets {
			if m.Closed {
				continue
			}
			if !m.AcceptDuringPlay {
				out = append(out, gameStep{kind: stepHalt, market: m})
			}
			out = append(out, gameStep{kind: stepClear, market: m})
		}
	}
	if from < statusRank(catalog.GameFinished) && status == catalog.GameFinished {
		for _, m := range markets {
			out = append(out, gameStep{kind: stepClose, market: m})
			if m.SportsRule != nil {
				out = append(out, gameStep{kind: stepPropose, market: m, payout: ruleOutcome(m.SportsRule, home, away)})
			}
		}
	}
	return out
}

// gameStep is one step of a game's status change on one market.
type gameStep struct {
	kind   stepKind
	market *catalog.MarketRecord
	payout []int // stepPropose's
}

type stepKind int

// The steps of a status change: HaltMarket, ClearMarketOrders,
// CloseMarket in the engine, and the platform's proposal from the score.
const (
	stepHalt stepKind = iota
	stepClear
	stepClose
	stepPropose
)

// platformMayLeave says whether the platform's proposal from the score
// may fail without failing the game's move: a proposal the negRisk rules
// refuse (a draw on a negRisk market, a second YES) is the operator's to
// make, and must not keep the game from finishing.
func platformMayLeave(err error) bool {
	c := errcode.CodeOf(err)
	return c == errcode.NegRiskNoSplit || c == errcode.NegRiskAlreadyResolved
}

// enterStatus runs the statusSteps of game g's move to status.
func (o *Operator) enterStatus(ctx context.Context, g *gammaapi.Game, status string, home, away int) error {
	markets := o.gameMarkets(g)
	for _, st := range statusSteps(g, status, home, away, markets) {
		if err := o.runStep(ctx, st); err != nil {
			return err
		}
	}
	if statusRank(g.GameStatus) < statusRank(catalog.GameLive) && statusRank(status) >= statusRank(catalog.GameLive) {
		o.log.Info("game live: books cleared", zap.String("game", g.ID), zap.Int("markets", len(markets)))
	}
	if statusRank(g.GameStatus) < statusRank(catalog.GameFinished) && status == catalog.GameFinished {
		o.log.Info("game finished: markets closed, outcomes proposed", zap.String("game", g.ID), zap.Int("home", home), zap.Int("away", away))
	}
	return nil
}

// runStep runs one step of a game's status change.
func (o *Operator) runStep(ctx context.Context, st gameStep) error {
	m := st.market
	switch st.kind {
	case stepHalt:
		return o.marketCommand(ctx, m, &pb.Command{Body: &pb.Command_HaltMarket{HaltMarket: &pb.HaltMarket{Market: cond(m)}}})
	case stepClear:
		return o.marketCommand(ctx, m, &pb.Command{Body: &pb.Command_ClearMarketOrders{ClearMarketOrders: &pb.ClearMarketOrders{Market: cond(m)}}})
	case stepClose:
		_, err := o.close(ctx, m.ID)
		return err
	}
	if _, err := o.propose(ctx, m.ID, st.payout, true); err != nil {
		if !platformMayLeave(err) {
			return err
		}
		o.log.Warn("the platform's proposal from the score is refused; the operator proposes", zap.String("market", m.ID), zap.Error(err))
	}
	return nil
}

// ruleOutcome is the payout vector a sports rule gives a final score.
func ruleOutcome(r *gammaapi.SportsRule, home, away int) []int {
	switch r.Type {
	case gammaapi.RuleWinner:
		us, them := home, away
		if r.Team == gammaapi.TeamAway {
			us, them = away, home
		}
		switch {
		case us > them:
			return []int{1, 0}
		case us < them:
			return []int{0, 1}
		}
		return []int{1, 1}
	default: // total; the line is a half point, so never equal
		if uint64(home+away)*1_000_000 > uint64(r.Line) {
			return []int{1, 0}
		}
		return []int{0, 1}
	}
}

func checkRule(r *gammaapi.SportsRule) error {
	if r == nil {
		return nil
	}
	switch {
	case r.Type == gammaapi.RuleWinner && (r.Team == gammaapi.TeamHome || r.Team == gammaapi.TeamAway) && r.Line == 0:
		return nil
	case r.Type == gammaapi.RuleTotal && r.Team == "" && r.Line%1_000_000 == 500_000:
		return nil
	}
	return invalid(`sportsRule must be {"type":"winner","team":"home" or "away"} or {"type":"total","line":<a half point such as 220.5>}`)
}
