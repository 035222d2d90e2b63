package operator

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"pred.dev/gateway-gamma/catalog"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/errcode"
	scenariofile "pred.dev/proto/runtime/scenario"
)

// Scenario files in testdata/scenarios describe the operator's rules
// outside the engine, the adjudication of markets and the transitions of
// games, as scripts: blocks of commands, a "----" line, and what they must
// produce (the engine commands the step appends, the records it leaves,
// the errors it answers). The script drives the pure step functions in
// the order the Operator calls them, without NATS or an engine, so each
// rule is read and checked in one place. After changing a rule on
// purpose, run `go test ./operator -run TestScenarios -rewrite` and read
// the diff before committing it.

func TestScenarios(t *testing.T) {
	t.Parallel()
	scenariofile.Run(t, "testdata/scenarios/*.txt", scenariofile.Options{},
		func(t *testing.T, _ string, blocks []scenariofile.Block) []string { return runScenario(t, blocks) })
}

// scenarioEpoch is the time "at 0s" stands for.
var scenarioEpoch = time.Date(2026, 11, 21, 18, 0, 0, 0, time.UTC)

// scenario interprets script lines. Markets and games are named; a
// market's name is its id, and its event is its event= option (its own
// event without one).
type scenario struct {
	t       *testing.T
	now     time.Time
	markets map[string]*catalog.MarketRecord
	games   map[string]*gammaapi.Game
	w       *strings.Builder
}

func runScenario(t *testing.T, blocks []scenariofile.Block) []string {
	s := &scenario{t: t, now: scenarioEpoch, markets: map[string]*catalog.MarketRecord{}, games: map[string]*gammaapi.Game{}}
	got := make([]string, len(blocks))
	for i, b := range blocks {
		var sb strings.Builder
		s.w = &sb
		for _, line := range b.Commands {
			s.exec(line)
		}
		got[i] = sb.String()
	}
	return got
}

func (s *scenario) printf(format string, args ...any) { fmt.Fprintf(s.w, format+"\n", args...) }

// exec runs one script line.
func (s *scenario) exec(line string) {
	f := strings.Fields(line)
	args, opts := f[1:], map[string]string{}
	for i := len(args) - 1; i >= 0; i-- {
		if k, v, ok := strings.Cut(args[i], "="); ok {
			opts[k] = v
			args = slices.Delete(args, i, i+1)
		} else if args[i] == "negrisk" || args[i] == "during-play" || args[i] == "closed" {
			opts[args[i]] = "true"
			args = slices.Delete(args, i, i+1)
		}
	}
	switch f[0] {
	case "at":
		d, err := time.ParseDuration(args[0])
		if err != nil {
			s.t.Fatalf("at %q: %v", args[0], err)
		}
		s.now = scenarioEpoch.Add(d)
	case "market":
		s.newMarket(args[0], opts)
	case "game":
		s.newGame(args[0], args[1:])
	case "propose":
		s.report(s.propose(s.market(args[0]), s.vector(args[1]), false))
	case "challenge":
		s.report(s.challenge(s.market(args[0])))
	case "arbitrate":
		s.report(s.arbitrate(s.market(args[0]), s.vector(args[1])))
	case "cancel":
		s.report(s.cancel(s.market(args[0])))
	case "settle-due":
		s.settleDue()
	case "report":
		s.gameReport(args)
	case "show":
		s.show(s.market(args[0]))
	default:
		s.t.Fatalf("unknown command %q", line)
	}
}

func (s *scenario) newMarket(name string, opts map[string]string) {
	ev := opts["event"]
	if ev == "" {
		ev = "event-" + name
	}
	m := &catalog.MarketRecord{ID: name, EventID: ev, Slug: name, Outcomes: []string{"Yes", "No"},
		NegRisk: opts["negrisk"] != "", Closed: opts["closed"] != "", AcceptDuringPlay: opts["during-play"] != "", Active: true}
	if r := opts["rule"]; r != "" {
		kind, arg, _ := strings.Cut(r, ":")
		rule := &gammaapi.SportsRule{Type: kind}
		if kind == gammaapi.RuleWinner {
			rule.Team = arg
		} else {
			line, err := strconv.ParseFloat(arg, 64)
			if err != nil {
				s.t.Fatalf("rule %q: %v", r, err)
			}
			rule.Line = gammaapi.Num(line * 1_000_000)
		}
		if err := checkRule(rule); err != nil {
			s.t.Fatalf("rule %q: %v", r, err)
		}
		m.SportsRule = rule
	}
	s.markets[name] = m
}

// newGame makes a pre-game game whose events are those of the markets
// named.
func (s *scenario) newGame(name string, markets []string) {
	g := &gammaapi.Game{ID: name, GameStatus: catalog.GamePreGame, LinkedEventIDs: []string{}}
	for _, m := range markets {
		ev := s.market(m).EventID
		if g.PrimaryEventID == "" {
			g.PrimaryEventID = ev
		} else if ev != g.PrimaryEventID && !slices.Contains(g.LinkedEventIDs, ev) {
			g.LinkedEventIDs = append(g.LinkedEventIDs, ev)
		}
	}
	s.games[name] = g
}

func (s *scenario) market(name string) *catalog.MarketRecord {
	m, ok := s.markets[name]
	if !ok {
		s.t.Fatalf("no market %q", name)
	}
	return m
}

func (s *scenario) vector(v string) []int {
	switch v {
	case "yes":
		return []int{1, 0}
	case "no":
		return []int{0, 1}
	case "split":
		return []int{1, 1}
	}
	var out []int
	for _, x := range strings.Split(strings.Trim(v, "[]"), ",") {
		n, err := strconv.Atoi(x)
		if err != nil {
			s.t.Fatalf("vector %q", v)
		}
		out = append(out, n)
	}
	return out
}

// siblings are the markets of m's event, m included, by name.
func (s *scenario) siblings(eventID string) []*catalog.MarketRecord {
	var out []*catalog.MarketRecord
	for _, name := range s.names() {
		if m := s.markets[name]; m.EventID == eventID {
			out = append(out, m)
		}
	}
	return out
}

func (s *scenario) names() []string {
	names := make([]string, 0, len(s.markets))
	for n := range s.markets {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// report prints a step's error, or the market it leaves.
func (s *scenario) report(m *catalog.MarketRecord, err error) {
	if err != nil {
		s.printf("error %s", describe(err))
		return
	}
	s.show(m)
}

func describe(err error) string {
	var ce *errcode.Error
	if errors.As(err, &ce) {
		return string(ce.Code) + ": " + ce.Message
	}
	return err.Error()
}

// show prints a market's trading state and adjudication.
func (s *scenario) show(m *catalog.MarketRecord) {
	var b strings.Builder
	fmt.Fprintf(&b, "market %s", m.ID)
	if m.Closed {
		b.WriteString(" closed")
	}
	a := m.Adjudicate
	if a == nil {
		s.printf("%s adjudication=none", b.String())
		return
	}
	fmt.Fprintf(&b, " %s", a.CurrentPhase)
	if a.ProposedOutcome != nil {
		fmt.Fprintf(&b, " proposed=%s", *a.ProposedOutcome)
	}
	if m.ProposedPayout != nil {
		fmt.Fprintf(&b, " payout=%v", m.ProposedPayout)
	}
	for _, t := range []struct {
		name string
		at   *time.Time
	}{{"proposedAt", a.ProposedAt}, {"livenessEndsAt", a.LivenessEndsAt}, {"challengedAt", a.ChallengedAt}, {"resolvedAt", a.ResolvedAt}} {
		if t.at != nil {
			fmt.Fprintf(&b, " %s=%s", t.name, t.at.Sub(scenarioEpoch))
		}
	}
	if m.Challenges > 0 {
		fmt.Fprintf(&b, " challenges=%d", m.Challenges)
	}
	if a.SettledOutcome != nil {
		fmt.Fprintf(&b, " settled=%s vector=%v", *a.SettledOutcome, a.PayoutVector)
	}
	s.printf("%s", b.String())
	for _, step := range a.NextSteps {
		s.printf("  next: %s", step)
	}
}

// closeMarket is Operator.close: CloseMarket in the engine, once.
func (s *scenario) closeMarket(m *catalog.MarketRecord) {
	if !m.Closed {
		s.printf("engine close %s", m.ID)
		m.Closed = true
	}
}

// update is the store's compare-and-set update: f works on a copy, which
// replaces the record only if f succeeds.
func (s *scenario) update(m *catalog.MarketRecord, f func(m *catalog.MarketRecord) error) (*catalog.MarketRecord, error) {
	c := *m
	if err := f(&c); err != nil {
		return nil, err
	}
	*m = c
	return m, nil
}

// propose is Operator.propose.
func (s *scenario) propose(m *catalog.MarketRecord, v []int, platform bool) (*catalog.MarketRecord, error) {
	if err := checkVector(v); err != nil {
		return nil, err
	}
	if err := canPropose(m); err != nil {
		if platform {
			return m, nil
		}
		return nil, err
	}
	if err := checkNegRisk(m, v, s.siblings(m.EventID)); err != nil {
		return nil, err
	}
	s.closeMarket(m)
	return s.update(m, func(m *catalog.MarketRecord) error { return proposeRecord(m, v, s.now, DefaultLiveness) })
}

// challenge is Operator.Challenge.
func (s *scenario) challenge(m *catalog.MarketRecord) (*catalog.MarketRecord, error) {
	return s.update(m, func(m *catalog.MarketRecord) error { return challengeRecord(m, s.now) })
}

// arbitrate is Operator.Arbitrate.
func (s *scenario) arbitrate(m *catalog.MarketRecord, v []int) (*catalog.MarketRecord, error) {
	if err := checkVector(v); err != nil {
		return nil, err
	}
	if err := canArbitrate(m); err != nil {
		return nil, err
	}
	return s.settle(m, v, arbitrable, catalog.PhaseResolved)
}

// cancel is Operator.Cancel.
func (s *scenario) cancel(m *catalog.MarketRecord) (*catalog.MarketRecord, error) {
	if err := canCancel(m); err != nil {
		return nil, err
	}
	return s.settle(m, payoutSplit, cancelable, catalog.PhaseCanceled)
}

// settleDue is Operator.SettleDue: it prints each market it settles.
func (s *scenario) settleDue() {
	for _, name := range s.names() {
		m := s.markets[name]
		if !settleDue(m, s.now) {
			continue
		}
		s.report(s.settle(m, m.ProposedPayout, []string{catalog.PhaseProposed}, catalog.PhaseResolved))
	}
}

// settle is Operator.settle.
func (s *scenario) settle(m *catalog.MarketRecord, v []int, from []string, phase string) (*catalog.MarketRecord, error) {
	if err := checkNegRisk(m, v, s.siblings(m.EventID)); err != nil {
		return nil, err
	}
	s.closeMarket(m)
	s.printf("engine resolve %s %v", m.ID, v)
	r, err := s.update(m, func(m *catalog.MarketRecord) error { return settleRecord(m, v, from, phase, s.now) })
	if err != nil {
		return nil, err
	}
	for _, sib := range proposeNoAfter(r, v, s.siblings(r.EventID)) {
		s.printf("platform proposes NO for %s", sib.ID)
		s.report(s.propose(sib, payoutNo, true))
	}
	return r, nil
}

// gameReport is Operator.ApplyReport: report <game> <status> <home> <away>.
func (s *scenario) gameReport(args []string) {
	g, ok := s.games[args[0]]
	if !ok {
		s.t.Fatalf("no game %q", args[0])
	}
	home, _ := strconv.Atoi(args[2])
	away, _ := strconv.Atoi(args[3])
	r := Report{Status: args[1], Home: home, Away: away}
	if err := checkReport(&r); err != nil {
		s.printf("error %s", describe(err))
		return
	}
	if err := checkProgress(g, r.Status); err != nil {
		s.printf("error %s", describe(err))
		return
	}
	var markets []*catalog.MarketRecord
	for _, ev := range append([]string{g.PrimaryEventID}, g.LinkedEventIDs...) {
		markets = append(markets, s.siblings(ev)...)
	}
	for _, st := range statusSteps(g, r.Status, r.Home, r.Away, markets) {
		m := st.market
		switch st.kind {
		case stepHalt:
			s.printf("engine halt %s", m.ID)
		case stepClear:
			s.printf("engine clear %s", m.ID)
		case stepClose:
			s.closeMarket(m)
		case stepPropose:
			s.printf("platform proposes %v for %s", st.payout, m.ID)
			if _, err := s.propose(m, st.payout, true); err != nil {
				if !platformMayLeave(err) {
					s.printf("error %s", describe(err))
					return
				}
				s.printf("refused, left to the operator: %s", describe(err))
				continue
			}
			s.show(m)
		}
	}
	if err := reportRecord(g, r.Status, r.Home, r.Away); err != nil {
		s.printf("error %s", describe(err))
		return
	}
	s.printf("game %s %s %d-%d", g.ID, g.GameStatus, g.HomeScore, g.AwayScore)
}
