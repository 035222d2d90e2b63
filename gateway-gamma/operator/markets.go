package operator

import (
	"context"
	"slices"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/gateway-gamma/catalog"
	"pred.dev/proto/chain/ctfid"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/fixed"
	"pred.dev/proto/pb"
)

// defaultMaxSize is a market's orderMaxSize when the operator gives none.
const defaultMaxSize = 100_000 * fixed.One

// params checks the trading parameters and returns them for the engine.
func params(tick, minSize, maxSize gammaapi.Num, fee uint32, negRisk bool) (*pb.MarketParams, error) {
	if !fixed.TickSize(tick).Valid() {
		return nil, invalid("orderPriceMinTickSize must be 0.1, 0.01, 0.001 or 0.0001, got %s", tick)
	}
	if minSize == 0 || uint64(minSize)%fixed.LotUnits != 0 || maxSize < minSize || uint64(maxSize)%fixed.LotUnits != 0 {
		return nil, invalid("orderMinSize and orderMaxSize must be positive multiples of 0.01 share with orderMinSize <= orderMaxSize")
	}
	if fee > feeRateMaxBps {
		return nil, invalid("feeRateBps must be at most %d", feeRateMaxBps)
	}
	return &pb.MarketParams{TickSize: uint64(tick), MinSize: uint64(minSize), MaxSize: uint64(maxSize), FeeRateBps: fee, NegRisk: negRisk}, nil
}

// QuestionID derives a market's question id.
func QuestionID(oracle common.Address, question, slug string) common.Hash {
	return crypto.Keccak256Hash([]byte("q: " + question + ",slug: " + slug + ",initializer: " + strings.ToLower(oracle.Hex()[2:])))
}

// CreateMarket derives the market's ids, registers it in the engine and
// writes it to the catalogue, in that order.
func (o *Operator) CreateMarket(ctx context.Context, in gammaapi.MarketInput) (*catalog.MarketRecord, error) {
	ev, ok := o.view.Event(in.EventID)
	if !ok {
		return nil, errcode.Errorf(errcode.EventNotFound, "eventId %q: no such event; create it first", in.EventID)
	}
	p, err := checkMarketInput(&in, ev.NegRisk)
	if err != nil {
		return nil, err
	}
	start, end := ev.StartDate, ev.EndDate
	setp(&start, in.StartDate)
	setp(&end, in.EndDate)
	if end.Before(start) {
		return nil, errcode.Errorf(errcode.InvalidDate, "endDate is before startDate")
	}
	qid, ids, err := o.newMarketIDs(in.Question, in.Slug)
	if err != nil {
		return nil, err
	}
	id, err := o.reserve(ctx, "market", in.Slug, func(id string) bool { _, ok := o.view.Market(id); return ok })
	if err != nil {
		return nil, err
	}
	if err := o.prepare(ctx, qid, ids, ev.NegRisk); err != nil {
		return nil, err
	}
	if err := o.register(ctx, ids, p); err != nil {
		return nil, err
	}
	now := o.now().UTC()
	r := &catalog.MarketRecord{ID: id, EventID: ev.ID, Slug: in.Slug, Question: in.Question, QuestionID: qid.Hex(),
		ConditionID: hexutil.Encode(ids.ConditionID[:]), Outcomes: in.Outcomes, TokenIDs: [2]string{ids.Yes.String(), ids.No.String()},
		StartDate: start.UTC(), EndDate: end.UTC(), Active: in.Active == nil || *in.Active,
		OrderBook: in.EnableOrderBook == nil || *in.EnableOrderBook, NegRisk: ev.NegRisk,
		MinSize: p.MinSize, MaxSize: p.MaxSize, TickSize: p.TickSize, FeeRateBps: p.FeeRateBps,
		AcceptDuringPlay: in.AcceptOrdersDuringPlay, SportsRule: in.SportsRule, CreatedAt: now, UpdatedAt: now}
	rev, err := o.store.CreateMarket(ctx, r)
	if err != nil {
		return nil, err
	}
	return r, o.wait(ctx, rev)
}

// checkMarketInput checks a new market's question, slug, outcomes and
// rule, fills in the defaults and returns its trading parameters.
func checkMarketInput(in *gammaapi.MarketInput, negRisk bool) (*pb.MarketParams, error) {
	if err := checkText("question", in.Question, titleBytesMax, true); err != nil {
		return nil, err
	}
	if !catalog.ValidSlug(in.Slug) {
		return nil, errcode.Errorf(errcode.InvalidSlug, "slug %q: use 1 to 128 lowercase letters, digits and single dashes", in.Slug)
	}
	if in.Outcomes == nil {
		in.Outcomes = []string{"Yes", "No"}
	}
	if len(in.Outcomes) != 2 || slices.ContainsFunc(in.Outcomes, func(s string) bool { return checkText("outcome", s, labelBytesMax, true) != nil }) {
		return nil, invalid("outcomes must be two labels, YES first")
	}
	if in.TickSize == 0 {
		in.TickSize = gammaapi.Num(fixed.One / 100)
	}
	if in.MinSize == 0 {
		in.MinSize = gammaapi.Num(5 * fixed.One)
	}
	if in.MaxSize == 0 {
		in.MaxSize = gammaapi.Num(defaultMaxSize)
	}
	p, err := params(in.TickSize, in.MinSize, in.MaxSize, in.FeeRateBps, negRisk)
	if err != nil {
		return nil, err
	}
	return p, checkRule(in.SportsRule)
}

// newMarketIDs derives a new market's question id and chain ids, refusing
// a slug or condition another market has.
func (o *Operator) newMarketIDs(question, slug string) (common.Hash, ctfid.Market, error) {
	if m, ok := o.view.MarketBySlug(slug); ok {
		return common.Hash{}, ctfid.Market{}, errcode.Errorf(errcode.SlugTaken, "the market slug %q is taken by market %s", slug, m.ID)
	}
	qid := QuestionID(o.oracle, question, slug)
	ids := ctfid.BinaryMarket(o.collateral, o.oracle, qid)
	if m, ok := o.view.MarketByCondition(hexutil.Encode(ids.ConditionID[:])); ok {
		return common.Hash{}, ctfid.Market{}, errcode.Errorf(errcode.Conflict, "market %s already has this condition id", m.ID)
	}
	return qid, ids, nil
}

// prepare has the chain, if one is configured, prepare the market. The
// ids it reports must be the ones derived here: a preparer with another
// oracle or collateral would list a market nobody can settle.
func (o *Operator) prepare(ctx context.Context, qid common.Hash, ids ctfid.Market, negRisk bool) error {
	if o.chain == nil {
		return nil
	}
	got, err := o.chain.PrepareMarket(ctx, qid, negRisk)
	if err != nil {
		return chainError("preparing the market on chain", err)
	}
	if got.ConditionID != ids.ConditionID || got.Yes.Cmp(ids.Yes) != 0 || got.No.Cmp(ids.No) != 0 {
		return errcode.Errorf(errcode.InternalError, "the chain prepared condition %s, not %s: the settler's operator key is not the oracle %s "+
			"(or its collateral is not %s) this gateway derives ids from; start gateway-gamma with -oracle set to the settler's key's address, "+
			"or the settler with the key of %s", hexutil.Encode(got.ConditionID[:]), hexutil.Encode(ids.ConditionID[:]), o.oracle.Hex(),
			o.collateral.Hex(), o.oracle.Hex())
	}
	return nil
}

// register appends CreateMarket and reads the engine's answer; a market
// the engine has already (a retried creation) is accepted.
func (o *Operator) register(ctx context.Context, ids ctfid.Market, p *pb.MarketParams) error {
	var yes, no [32]byte
	ids.Yes.FillBytes(yes[:])
	ids.No.FillBytes(no[:])
	cmd := &pb.Command{Id: ids.ConditionID[:16], Body: &pb.Command_CreateMarket{CreateMarket: &pb.CreateMarket{
		Market: ids.ConditionID[:], YesTokenId: yes[:], NoTokenId: no[:], Params: p}}}
	return o.submit(ctx, cmd, pb.RejectReason_REJECT_REASON_MARKET_EXISTS)
}

// UpdateMarket applies a patch: the engine's part first (parameters,
// halt or resume, close), then the catalogue's.
func (o *Operator) UpdateMarket(ctx context.Context, id string, p gammaapi.MarketPatch) (*catalog.MarketRecord, error) {
	cur, ok := o.view.Market(id)
	if !ok {
		return nil, errcode.Errorf(errcode.MarketNotFound, "market not found: no market has id %s", id)
	}
	params, err := checkMarketPatch(cur, &p)
	if err != nil {
		return nil, err
	}
	if err := o.patchEngine(ctx, cur, &p, params); err != nil {
		return nil, err
	}
	r, rev, err := o.store.UpdateMarket(ctx, id, func(m *catalog.MarketRecord) error {
		setp(&m.StartDate, p.StartDate)
		setp(&m.EndDate, p.EndDate)
		if m.EndDate.Before(m.StartDate) {
			return errcode.Errorf(errcode.InvalidDate, "endDate is before startDate")
		}
		setp(&m.Active, p.Active)
		setp(&m.Archived, p.Archived)
		setp(&m.OrderBook, p.EnableOrderBook)
		m.TickSize, m.MinSize, m.MaxSize, m.FeeRateBps = params.TickSize, params.MinSize, params.MaxSize, params.FeeRateBps
		m.UpdatedAt = o.now().UTC()
		return nil
	})
	if err != nil {
		return nil, err
	}
	return r, o.wait(ctx, rev)
}

// checkMarketPatch checks a patch of market cur and returns the trading
// parameters it leaves. A market is archived only once adjudicated, and a
// closed one never reopens.
func checkMarketPatch(cur *catalog.MarketRecord, p *gammaapi.MarketPatch) (*pb.MarketParams, error) {
	tick, minS, maxS, fee := gammaapi.Num(cur.TickSize), gammaapi.Num(cur.MinSize), gammaapi.Num(cur.MaxSize), cur.FeeRateBps
	setp(&tick, p.TickSize)
	setp(&minS, p.MinSize)
	setp(&maxS, p.MaxSize)
	setp(&fee, p.FeeRateBps)
	params, err := params(tick, minS, maxS, fee, cur.NegRisk)
	if err != nil {
		return nil, err
	}
	if p.Archived != nil && *p.Archived && !final(phaseOf(cur)) {
		return nil, errcode.Errorf(errcode.MarketNotResolved, "market %s is not resolved or canceled: archive it after its adjudication completes", cur.ID)
	}
	if p.Closed != nil && !*p.Closed && cur.Closed {
		return nil, errcode.Errorf(errcode.MarketClosedForGood, "market %s is closed: a closed market does not reopen", cur.ID)
	}
	return params, nil
}

// patchEngine appends the engine's share of a market patch: new trading
// parameters, a halt or resume, a close.
func (o *Operator) patchEngine(ctx context.Context, cur *catalog.MarketRecord, p *gammaapi.MarketPatch, params *pb.MarketParams) error {
	if params.TickSize != cur.TickSize || params.MinSize != cur.MinSize || params.MaxSize != cur.MaxSize || params.FeeRateBps != cur.FeeRateBps {
		if err := o.submit(ctx, &pb.Command{Body: &pb.Command_ConfigureMarket{ConfigureMarket: &pb.ConfigureMarket{
			Market: cond(cur), Params: params}}}, pb.RejectReason_REJECT_REASON_UNSPECIFIED); err != nil {
			return err
		}
	}
	if p.Active != nil && *p.Active != cur.Active && !cur.Closed {
		// An inactive market takes no orders in the engine either.
		cmd := &pb.Command{Body: &pb.Command_HaltMarket{HaltMarket: &pb.HaltMarket{Market: cond(cur)}}}
		if *p.Active {
			cmd = &pb.Command{Body: &pb.Command_ResumeMarket{ResumeMarket: &pb.ResumeMarket{Market: cond(cur)}}}
		}
		if err := o.marketCommand(ctx, cur, cmd); err != nil {
			return err
		}
	}
	if p.Closed != nil && *p.Closed && !cur.Closed {
		if _, err := o.close(ctx, cur.ID); err != nil {
			return err
		}
	}
	return nil
}

// chainError is a failure of the chain side (the settler's markets
// service): its own code (SETTLER_UNAVAILABLE, a 503 to retry) when it
// has one, else INTERNAL_ERROR.
func chainError(what string, err error) error {
	return errcode.Errorf(errcode.CodeOf(err), "%s: %v", what, err)
}
