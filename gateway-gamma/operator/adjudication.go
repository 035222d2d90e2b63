package operator

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"go.uber.org/zap"

	"pred.dev/gateway-gamma/catalog"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/pb"
)

// DefaultLiveness is how long a proposal can be challenged before it
// settles: the reference oracle's default (UMA's 2 hours).
const DefaultLiveness = 2 * time.Hour

// SettleGrace is how long after livenessEndsAt SettleDue waits (GET
// /public-info publishes it within adjudication.settleDelaySeconds): a
// challenge accepted by a replica whose clock runs a little behind must
// land before the settlement reads the record, or the engine would pay out
// a proposal the catalogue shows challenged.
const SettleGrace = 5 * time.Second

// The adjudication state machine (Market.adjudication), after the
// reference's optimistic oracle (shared/reference/gamma-relayer.md §4):
//
//	(none) --propose--> proposed --liveness ends--> resolved
//	proposed --challenge (1st, before livenessEndsAt)--> challenged --propose--> proposed
//	proposed --challenge (2nd)--> arbitrated --arbitrate--> resolved
//	                                         --cancel-----> canceled ([1,1])
//
// Any phase before resolved or canceled may also be canceled by the
// operator (a game called off). Proposing closes the market first (its
// open orders are cancelled); resolving appends ResolveMarket, so the
// engine pays every share out in the ledger and cancels what is still
// open with CANCELED_MARKET_RESOLVED. Challenges and arbitration change
// no trading and stay in the catalogue. Every step reads and writes the
// market record with compare-and-set, and every engine command is safe
// to repeat, so a step interrupted half way completes when it is retried.

var (
	payoutYes   = []int{1, 0}
	payoutNo    = []int{0, 1}
	payoutSplit = []int{1, 1}
)

func checkVector(v []int) error {
	if slices.Equal(v, payoutYes) || slices.Equal(v, payoutNo) || slices.Equal(v, payoutSplit) {
		return nil
	}
	return errcode.Errorf(errcode.InvalidPayoutVector, "payoutVector %v: use [1,0] (YES), [0,1] (NO) or [1,1] (50-50)", v)
}

// outcomeLabel names the outcome of a payout vector with the market's
// labels.
func outcomeLabel(m *catalog.MarketRecord, v []int) string {
	switch {
	case slices.Equal(v, payoutYes):
		return m.Outcomes[0]
	case slices.Equal(v, payoutNo):
		return m.Outcomes[1]
	}
	return gammaapi.Outcome50
}

func phaseOf(m *catalog.MarketRecord) string {
	if m.Adjudicate == nil {
		return ""
	}
	return m.Adjudicate.CurrentPhase
}

func final(phase string) bool {
	return phase == catalog.PhaseResolved || phase == catalog.PhaseCanceled
}

func nextSteps(phase, id string) []string {
	switch phase {
	case catalog.PhaseProposed:
		return []string{
			"Trading is closed and the proposed outcome settles at livenessEndsAt unless it is challenged before then.",
			"To dispute the proposal, challenge it before livenessEndsAt (operator: POST /admin/markets/" + id + "/challenge).",
		}
	case catalog.PhaseChallenged:
		return []string{
			"The proposal was challenged; a new proposal follows (operator: POST /admin/markets/" + id + "/propose).",
			"A challenge of the new proposal sends the market to arbitration.",
		}
	case catalog.PhaseArbitrated:
		return []string{
			"Challenged twice: the arbitrator resolves the market (POST /admin/markets/" + id + "/arbitrate) or cancels it at 50-50 (POST /admin/markets/" + id + "/cancel).",
		}
	case catalog.PhaseResolved:
		return []string{
			"Resolved: each winning share pays 1 USDW (0.5 each at 50-50), credited to the holder's balance and redeemed on chain into the holder's own wallet automatically; there is nothing to claim.",
		}
	case catalog.PhaseCanceled:
		return []string{
			"Canceled: every YES and NO share pays 0.5 USDW, credited to the holder's balance and redeemed on chain automatically; there is nothing to claim.",
		}
	}
	return nil
}

func phaseError(m *catalog.MarketRecord, step string) error {
	p := phaseOf(m)
	if p == "" {
		p = "none (no proposal yet)"
	}
	return errcode.Errorf(errcode.AdjudicationPhase, "market %s: cannot %s in phase %s", m.ID, step, p)
}

func (o *Operator) market(id string) (*catalog.MarketRecord, error) {
	m, ok := o.view.Market(id)
	if !ok {
		return nil, errcode.Errorf(errcode.MarketNotFound, "market not found: no market has id %s", id)
	}
	return m, nil
}

// checkNegRisk enforces the negRisk rules for settling market m at v: no
// 50-50, and YES only if no other market of the event (siblings, m may be
// among them) has resolved YES or has a YES proposal pending.
func checkNegRisk(m *catalog.MarketRecord, v []int, siblings []*catalog.MarketRecord) error {
	if !m.NegRisk {
		return nil
	}
	if slices.Equal(v, payoutSplit) {
		return errcode.Errorf(errcode.NegRiskNoSplit, "market %s is in a negRisk event: it resolves YES or NO, never 50-50", m.ID)
	}
	if !slices.Equal(v, payoutYes) {
		return nil
	}
	for _, s := range siblings {
		if s.ID == m.ID || s.Adjudicate == nil {
			continue
		}
		switch {
		case s.Adjudicate.CurrentPhase == catalog.PhaseResolved && slices.Equal(s.Adjudicate.PayoutVector, payoutYes):
			return errcode.Errorf(errcode.NegRiskAlreadyResolved, "market %s of the same negRisk event resolved YES", s.ID)
		case s.Adjudicate.CurrentPhase == catalog.PhaseProposed && slices.Equal(s.ProposedPayout, payoutYes):
			return errcode.Errorf(errcode.NegRiskAlreadyResolved, "market %s of the same negRisk event has a YES proposal pending", s.ID)
		}
	}
	return nil
}

// Close stops trading on a market for good: CloseMarket in the engine
// (every open order cancelled, new ones refused), then closed in the
// catalogue; the event closes with its last open market.
func (o *Operator) Close(ctx context.Context, id string) (*catalog.MarketRecord, error) {
	return o.close(ctx, id)
}

func (o *Operator) close(ctx context.Context, id string) (*catalog.MarketRecord, error) {
	m, err := o.market(id)
	if err != nil {
		return nil, err
	}
	if m.Closed {
		return m, nil
	}
	if err := o.marketCommand(ctx, m, &pb.Command{Body: &pb.Command_CloseMarket{CloseMarket: &pb.CloseMarket{Market: cond(m)}}}); err != nil {
		return nil, err
	}
	r, rev, err := o.store.UpdateMarket(ctx, id, func(m *catalog.MarketRecord) error {
		m.Closed, m.UpdatedAt = true, o.now().UTC()
		return nil
	})
	if err != nil {
		return nil, err
	}
	if err := o.wait(ctx, rev); err != nil {
		return nil, err
	}
	return r, o.closeEventIfDone(ctx, r.EventID)
}

// closeEventIfDone marks an event closed once every market of it is.
func (o *Operator) closeEventIfDone(ctx context.Context, eventID string) error {
	e, ok := o.view.Event(eventID)
	if !ok || e.Closed {
		return nil
	}
	for _, m := range o.view.EventMarkets(eventID) {
		if !m.Closed {
			return nil
		}
	}
	_, rev, err := o.store.UpdateEvent(ctx, eventID, func(e *catalog.EventRecord) error {
		e.Closed, e.UpdatedAt = true, o.now().UTC()
		return nil
	})
	if err != nil {
		return err
	}
	return o.wait(ctx, rev)
}

// Propose proposes a market's outcome (the operator's proposal, for any
// market): from no adjudication or after a challenge. It closes the market
// first. The proposal settles when its liveness period ends, unless
// challenged.
func (o *Operator) Propose(ctx context.Context, id string, v []int) (*catalog.MarketRecord, error) {
	return o.propose(ctx, id, v, false)
}

// propose is Propose; platform marks the platform's own proposal from a
// final score, which is skipped (not an error) when the market already
// has an adjudication, so that a retried game finish does not fail on
// the markets it already proposed.
func (o *Operator) propose(ctx context.Context, id string, v []int, platform bool) (*catalog.MarketRecord, error) {
	if err := checkVector(v); err != nil {
		return nil, err
	}
	m, err := o.market(id)
	if err != nil {
		return nil, err
	}
	if err := canPropose(m); err != nil {
		if platform {
			return m, nil
		}
		return nil, err
	}
	if err := checkNegRisk(m, v, o.view.EventMarkets(m.EventID)); err != nil {
		return nil, err
	}
	if _, err := o.close(ctx, id); err != nil {
		return nil, err
	}
	r, rev, err := o.store.UpdateMarket(ctx, id, func(m *catalog.MarketRecord) error {
		return proposeRecord(m, v, o.now().UTC(), o.liveness)
	})
	if err != nil {
		return nil, err
	}
	o.log.Info("outcome proposed", zap.String("market", id), zap.Ints("payout", v), zap.Bool("platform", platform),
		zap.Time("livenessEndsAt", *r.Adjudicate.LivenessEndsAt))
	return r, o.wait(ctx, rev)
}

// canPropose says whether market m takes a proposal: none yet, or the
// last one challenged.
func canPropose(m *catalog.MarketRecord) error {
	if p := phaseOf(m); p != "" && p != catalog.PhaseChallenged {
		return phaseError(m, "propose")
	}
	return nil
}

// proposeRecord is a proposal of v at now on the record of market m; its
// liveness period starts.
func proposeRecord(m *catalog.MarketRecord, v []int, now time.Time, liveness time.Duration) error {
	if err := canPropose(m); err != nil {
		return err
	}
	ends := now.Add(liveness)
	label := outcomeLabel(m, v)
	a := &gammaapi.Adjudication{CurrentPhase: catalog.PhaseProposed, ProposedOutcome: &label, ProposedAt: &now,
		LivenessEndsAt: &ends, NextSteps: nextSteps(catalog.PhaseProposed, m.ID)}
	if m.Adjudicate != nil {
		a.ChallengedAt = m.Adjudicate.ChallengedAt
	}
	m.Adjudicate, m.ProposedPayout, m.UpdatedAt = a, slices.Clone(v), now
	return nil
}

// Challenge disputes a pending proposal before its liveness period ends.
// The first challenge voids the proposal (challenged: a new one follows);
// a second sends the market to arbitration.
func (o *Operator) Challenge(ctx context.Context, id, reason string) (*catalog.MarketRecord, error) {
	if err := checkText("reason", reason, titleBytesMax, false); err != nil {
		return nil, err
	}
	r, rev, err := o.store.UpdateMarket(ctx, id, func(m *catalog.MarketRecord) error {
		return challengeRecord(m, o.now().UTC())
	})
	if err != nil {
		return nil, err
	}
	o.log.Info("proposal challenged", zap.String("market", id), zap.String("phase", r.Adjudicate.CurrentPhase), zap.String("reason", reason))
	return r, o.wait(ctx, rev)
}

// challengeRecord is a challenge at now on the record of market m: the
// first voids the proposal, the second sends the market to arbitration.
func challengeRecord(m *catalog.MarketRecord, now time.Time) error {
	if phaseOf(m) != catalog.PhaseProposed {
		return phaseError(m, "challenge")
	}
	if !now.Before(*m.Adjudicate.LivenessEndsAt) {
		return errcode.Errorf(errcode.LivenessOver, "market %s: the proposal's liveness ended at %s", m.ID, m.Adjudicate.LivenessEndsAt.Format(time.RFC3339))
	}
	a := *m.Adjudicate
	m.Challenges++
	a.CurrentPhase = catalog.PhaseChallenged
	if m.Challenges > 1 {
		a.CurrentPhase = catalog.PhaseArbitrated
	}
	a.ChallengedAt, a.LivenessEndsAt = &now, nil
	a.NextSteps = nextSteps(a.CurrentPhase, m.ID)
	m.Adjudicate, m.ProposedPayout, m.UpdatedAt = &a, nil, now
	return nil
}

// The phases arbitration and cancellation settle from.
var (
	arbitrable = []string{catalog.PhaseArbitrated}
	cancelable = []string{"", catalog.PhaseProposed, catalog.PhaseChallenged, catalog.PhaseArbitrated}
)

// canArbitrate says whether market m is in arbitration.
func canArbitrate(m *catalog.MarketRecord) error {
	if phaseOf(m) != catalog.PhaseArbitrated {
		return phaseError(m, "arbitrate")
	}
	return nil
}

// canCancel says whether market m is not settled yet.
func canCancel(m *catalog.MarketRecord) error {
	if final(phaseOf(m)) {
		return phaseError(m, "cancel")
	}
	return nil
}

// Arbitrate settles a market in arbitration at v.
func (o *Operator) Arbitrate(ctx context.Context, id string, v []int) (*catalog.MarketRecord, error) {
	if err := checkVector(v); err != nil {
		return nil, err
	}
	m, err := o.market(id)
	if err != nil {
		return nil, err
	}
	if err := canArbitrate(m); err != nil {
		return nil, err
	}
	return o.settle(ctx, m, v, arbitrable, catalog.PhaseResolved)
}

// Cancel settles a market at 50-50 ([1,1]): canceled. Any phase before
// resolved or canceled; never on a negRisk market.
func (o *Operator) Cancel(ctx context.Context, id string) (*catalog.MarketRecord, error) {
	m, err := o.market(id)
	if err != nil {
		return nil, err
	}
	if err := canCancel(m); err != nil {
		return nil, err
	}
	return o.settle(ctx, m, payoutSplit, cancelable, catalog.PhaseCanceled)
}

// SettleDue resolves every proposal whose liveness period has ended and
// returns how many it resolved. The gateway runs it periodically; it is
// safe on any number of replicas at once (the record's compare-and-set
// and the engine's refusal of a second ResolveMarket make a repeat a
// no-op).
func (o *Operator) SettleDue(ctx context.Context) (int, error) {
	now := o.now()
	n := 0
	for _, m := range o.view.Markets() {
		if !settleDue(m, now) {
			continue
		}
		if _, err := o.settle(ctx, m, m.ProposedPayout, []string{catalog.PhaseProposed}, catalog.PhaseResolved); err != nil {
			return n, fmt.Errorf("settle market %s: %w", m.ID, err)
		}
		n++
	}
	return n, nil
}

// settleDue says whether market m has a proposal whose liveness period
// ended, SettleGrace included, at now.
func settleDue(m *catalog.MarketRecord, now time.Time) bool {
	return phaseOf(m) == catalog.PhaseProposed && m.Adjudicate.LivenessEndsAt != nil && !now.Before(m.Adjudicate.LivenessEndsAt.Add(SettleGrace))
}

// settle resolves market m at v in the engine and the catalogue, from one
// of the phases in from, to phase (resolved or canceled).
func (o *Operator) settle(ctx context.Context, m *catalog.MarketRecord, v []int, from []string, phase string) (*catalog.MarketRecord, error) {
	if err := checkNegRisk(m, v, o.view.EventMarkets(m.EventID)); err != nil {
		return nil, err
	}
	if _, err := o.close(ctx, m.ID); err != nil {
		return nil, err
	}
	if o.resolver != nil {
		if err := o.resolver.ReportPayouts(ctx, common.HexToHash(m.QuestionID), m.NegRisk, v); err != nil {
			return nil, chainError("reporting the payouts on chain", err)
		}
	}
	payout := []uint32{uint32(v[0]), uint32(v[1])}
	if err := o.marketCommand(ctx, m, &pb.Command{Body: &pb.Command_ResolveMarket{ResolveMarket: &pb.ResolveMarket{Market: cond(m), Payout: payout}}}); err != nil {
		return nil, err
	}
	r, rev, err := o.store.UpdateMarket(ctx, m.ID, func(m *catalog.MarketRecord) error {
		return settleRecord(m, v, from, phase, o.now().UTC())
	})
	if err != nil {
		return nil, err
	}
	o.log.Info("market settled", zap.String("market", m.ID), zap.String("phase", phase), zap.Ints("payout", v))
	if err := o.wait(ctx, rev); err != nil {
		return nil, err
	}
	if err := o.proposeSiblingsNo(ctx, m, v); err != nil {
		return nil, err
	}
	return r, nil
}

// settleRecord is the settlement of market m at v, from one of the
// phases in from, to phase, on its record; a repeat changes nothing.
func settleRecord(m *catalog.MarketRecord, v []int, from []string, phase string, now time.Time) error {
	p := phaseOf(m)
	if p == phase && m.Adjudicate.PayoutVector != nil && slices.Equal(m.Adjudicate.PayoutVector, v) {
		return nil // a repeat
	}
	if !slices.Contains(from, p) {
		return phaseError(m, "settle")
	}
	a := &gammaapi.Adjudication{}
	if m.Adjudicate != nil {
		*a = *m.Adjudicate
	}
	label := outcomeLabel(m, v)
	a.CurrentPhase, a.SettledOutcome, a.PayoutVector, a.ResolvedAt = phase, &label, slices.Clone(v), &now
	a.NextSteps = nextSteps(phase, m.ID)
	m.Adjudicate, m.ProposedPayout, m.UpdatedAt = a, nil, now
	return nil
}

// proposeSiblingsNo proposes NO for the markets proposeNoAfter names
// once market yes settled at v.
func (o *Operator) proposeSiblingsNo(ctx context.Context, yes *catalog.MarketRecord, v []int) error {
	for _, s := range proposeNoAfter(yes, v, o.view.EventMarkets(yes.EventID)) {
		if _, err := o.propose(ctx, s.ID, payoutNo, true); err != nil {
			return fmt.Errorf("proposing NO for market %s after market %s resolved YES: %w", s.ID, yes.ID, err)
		}
	}
	return nil
}

// proposeNoAfter lists the markets of a negRisk event that the platform
// proposes NO for once market yes of it resolved YES (v): the outcomes
// are mutually exclusive, so the others lost. Each proposal runs its
// liveness and can be challenged like any other; markets already in
// adjudication are left to it.
func proposeNoAfter(yes *catalog.MarketRecord, v []int, siblings []*catalog.MarketRecord) []*catalog.MarketRecord {
	if !yes.NegRisk || !slices.Equal(v, payoutYes) {
		return nil
	}
	var out []*catalog.MarketRecord
	for _, s := range siblings {
		if s.ID != yes.ID && s.Adjudicate == nil {
			out = append(out, s)
		}
	}
	return out
}
