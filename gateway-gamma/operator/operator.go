// Package operator lists events, markets and games: what the operator API
// does over HTTP and the devnet does in Go (SeedDemo).
//
// Creating a market derives its on-chain identifiers with the chain's own
// functions (proto/chain/ctfid) and registers it in the engine through the
// command log before the catalogue shows it:
//
//	questionID  = keccak256("q: " + question + ",slug: " + slug + ",initializer: " + oracle as lowercase hex without 0x)
//	conditionId = keccak256(oracle ‖ questionID ‖ uint256(2))
//	clobTokenIds = [position id of index set 1 (YES), of index set 2 (NO)], parent collection 0, collateral USDW
//
// Everything is derived from the slug and question, so a creation that
// failed half way (a crash between the engine and the catalogue) is
// completed by retrying the same request: the slug's reserved id is
// reused and the engine's MARKET_EXISTS answer is accepted.
package operator

import (
	"context"
	"crypto/rand"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"go.uber.org/zap"

	"pred.dev/gateway-gamma/catalog"
	"pred.dev/proto/chain/ctfid"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/fixed"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/publish"
)

// Bounds of operator input.
const (
	titleBytesMax  = 300
	labelBytesMax  = 64
	feeRateMaxBps  = 1000 // the exchange contract's MAX_FEE_RATE_BIPS
	linkedMax      = 20
	eventTagsMax   = 20
	writeWaitMax   = 10 * time.Second
	defaultMaxSize = 100_000 * fixed.One
)

// Submitter appends a command and returns the engine's result
// (publish.Publisher).
type Submitter interface {
	Submit(ctx context.Context, cmd *pb.Command) (*publish.Result, error)
}

// Preparer makes a market tradeable on chain: it prepares the market's
// condition (questionID, with the oracle as oracle, two outcomes) on the
// conditional tokens and registers its YES and NO tokens on the standard
// or the negRisk exchange, skipping what the chain already has, and
// returns the market's ids. The devnet provides one over
// proto/chain/deploy.PrepareMarket; without one, markets are listed and
// traded in the engine only.
type Preparer interface {
	PrepareMarket(ctx context.Context, questionID common.Hash, negRisk bool) (ctfid.Market, error)
}

// Resolver reports a market's payouts on chain: the oracle's
// reportPayouts(questionID, payouts) on the conditional tokens, skipped
// when the condition already has them (a retry). The devnet provides one
// over its chain; without one, markets resolve in the engine only.
type Resolver interface {
	ReportPayouts(ctx context.Context, questionID common.Hash, negRisk bool, payouts []int) error
}

// Operator writes the catalogue.
type Operator struct {
	store      *catalog.Store
	view       *catalog.View
	engine     Submitter
	chain      Preparer
	resolver   Resolver
	oracle     common.Address
	collateral common.Address
	sports     []string
	now        func() time.Time
	liveness   time.Duration
	log        *zap.Logger
}

// Config are the chain addresses ids derive from and the known sports.
type Config struct {
	// Oracle reports the payouts of every market's condition.
	Oracle common.Address
	// Collateral is USDW, the collateral of the outcome tokens.
	Collateral common.Address
	SportTypes []string
	Now        func() time.Time
	// Chain, if set, prepares every new market on chain before the engine
	// hears of it.
	Chain Preparer
	// Resolver, if set, reports every resolution's payouts on chain
	// before the engine pays them out.
	Resolver Resolver
	// Liveness is how long a proposal can be challenged (DefaultLiveness
	// if zero).
	Liveness time.Duration
	Log      *zap.Logger
}

// New returns an operator.
func New(cfg Config, store *catalog.Store, view *catalog.View, engine Submitter) (*Operator, error) {
	if cfg.Oracle == (common.Address{}) || cfg.Collateral == (common.Address{}) {
		return nil, errors.New("operator: the oracle and collateral addresses are required")
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Liveness <= 0 {
		cfg.Liveness = DefaultLiveness
	}
	if cfg.Log == nil {
		cfg.Log = zap.NewNop()
	}
	return &Operator{store: store, view: view, engine: engine, chain: cfg.Chain, resolver: cfg.Resolver, oracle: cfg.Oracle,
		collateral: cfg.Collateral, sports: cfg.SportTypes, now: cfg.Now, liveness: cfg.Liveness, log: cfg.Log}, nil
}

func invalid(format string, args ...any) error {
	return errcode.Errorf(errcode.InvalidPayload, format, args...)
}

func checkText(field, s string, max int, required bool) error {
	if required && strings.TrimSpace(s) == "" {
		return invalid("%s is required", field)
	}
	if len(s) > max || strings.ContainsAny(s, "\n\r\t") {
		return invalid("%s must be one line of at most %d bytes", field, max)
	}
	return nil
}

func (o *Operator) wait(ctx context.Context, rev uint64) error {
	return o.view.WaitFor(ctx, rev)
}

func validateEvent(in *gammaapi.EventInput) error {
	if err := checkText("title", in.Title, titleBytesMax, true); err != nil {
		return err
	}
	if !catalog.ValidSlug(in.Slug) {
		return errcode.Errorf(errcode.InvalidSlug, "slug %q: use 1 to 128 lowercase letters, digits and single dashes", in.Slug)
	}
	if err := checkText("eventType", in.EventType, labelBytesMax, false); err != nil {
		return err
	}
	if err := checkText("category", in.Category, labelBytesMax, false); err != nil {
		return err
	}
	if in.StartDate.IsZero() || in.EndDate.IsZero() || in.EndDate.Before(in.StartDate) {
		return errcode.Errorf(errcode.InvalidDate, "startDate and endDate are required, with endDate not before startDate")
	}
	return nil
}

// checkTags checks an event's tag ids: existing tags, each once.
func (o *Operator) checkTags(ids []string) error {
	if len(ids) > eventTagsMax {
		return invalid("at most %d tagIds", eventTagsMax)
	}
	for i, id := range ids {
		if !catalog.ValidID(id) {
			return errcode.Errorf(errcode.InvalidID, "tagIds[%d] %q: tag ids are positive decimal integers", i, id)
		}
		if _, ok := o.view.Tag(id); !ok {
			return errcode.Errorf(errcode.TagNotFound, "tagIds[%d]: no tag has id %s; create it with POST /admin/tags", i, id)
		}
		if slices.Contains(ids[:i], id) {
			return invalid("tagIds names tag %s twice", id)
		}
	}
	return nil
}

// CreateEvent writes a new event. A retry with the same slug returns the
// event created the first time.
func (o *Operator) CreateEvent(ctx context.Context, in gammaapi.EventInput) (*catalog.EventRecord, error) {
	if err := validateEvent(&in); err != nil {
		return nil, err
	}
	if err := o.checkTags(in.TagIDs); err != nil {
		return nil, err
	}
	if e, ok := o.view.EventBySlug(in.Slug); ok {
		return nil, errcode.Errorf(errcode.SlugTaken, "the event slug %q is taken by event %s", in.Slug, e.ID)
	}
	id, err := o.reserve(ctx, "event", in.Slug, func(id string) bool { _, ok := o.view.Event(id); return ok })
	if err != nil {
		return nil, err
	}
	now := o.now().UTC()
	r := &catalog.EventRecord{ID: id, Title: in.Title, Slug: in.Slug, EventType: in.EventType, Category: in.Category,
		StartDate: in.StartDate.UTC(), EndDate: in.EndDate.UTC(), Active: in.Active == nil || *in.Active, NegRisk: in.NegRisk,
		TagIDs: in.TagIDs, CreatedAt: now, UpdatedAt: now}
	rev, err := o.store.CreateEvent(ctx, r)
	if err != nil {
		return nil, err
	}
	return r, o.wait(ctx, rev)
}

// reserve allocates an id and claims the slug for it, or reuses the id a
// slug was claimed for by a creation that never finished (exists says
// whether the record of an id exists).
func (o *Operator) reserve(ctx context.Context, kind, slug string, exists func(id string) bool) (string, error) {
	if owner, ok, err := o.store.SlugOwner(ctx, kind, slug); err != nil {
		return "", err
	} else if ok {
		if exists(owner) {
			return "", errcode.Errorf(errcode.SlugTaken, "the %s slug %q is taken by %s %s", kind, slug, kind, owner)
		}
		return owner, nil // complete the unfinished creation
	}
	id, err := o.store.NextID(ctx, kind)
	if err != nil {
		return "", err
	}
	if err := o.store.ReserveSlug(ctx, kind, slug, id); err != nil {
		return "", err
	}
	return id, nil
}

// UpdateEvent applies a patch.
func (o *Operator) UpdateEvent(ctx context.Context, id string, p gammaapi.EventPatch) (*catalog.EventRecord, error) {
	if p.TagIDs != nil {
		if err := o.checkTags(*p.TagIDs); err != nil {
			return nil, err
		}
	}
	r, rev, err := o.store.UpdateEvent(ctx, id, func(e *catalog.EventRecord) error {
		in := gammaapi.EventInput{Title: e.Title, Slug: e.Slug, EventType: e.EventType, Category: e.Category, StartDate: e.StartDate, EndDate: e.EndDate}
		setp(&in.Title, p.Title)
		setp(&in.EventType, p.EventType)
		setp(&in.Category, p.Category)
		setp(&in.StartDate, p.StartDate)
		setp(&in.EndDate, p.EndDate)
		if err := validateEvent(&in); err != nil {
			return err
		}
		e.Title, e.EventType, e.Category, e.StartDate, e.EndDate = in.Title, in.EventType, in.Category, in.StartDate.UTC(), in.EndDate.UTC()
		setp(&e.Active, p.Active)
		setp(&e.Closed, p.Closed)
		setp(&e.Archived, p.Archived)
		if p.TagIDs != nil {
			e.TagIDs = slices.Clone(*p.TagIDs)
		}
		e.UpdatedAt = o.now().UTC()
		return nil
	})
	if err != nil {
		return nil, err
	}
	return r, o.wait(ctx, rev)
}

func setp[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}

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
	p, err := params(in.TickSize, in.MinSize, in.MaxSize, in.FeeRateBps, ev.NegRisk)
	if err != nil {
		return nil, err
	}
	if err := checkRule(in.SportsRule); err != nil {
		return nil, err
	}
	start, end := ev.StartDate, ev.EndDate
	setp(&start, in.StartDate)
	setp(&end, in.EndDate)
	if end.Before(start) {
		return nil, errcode.Errorf(errcode.InvalidDate, "endDate is before startDate")
	}
	if m, ok := o.view.MarketBySlug(in.Slug); ok {
		return nil, errcode.Errorf(errcode.SlugTaken, "the market slug %q is taken by market %s", in.Slug, m.ID)
	}
	qid := QuestionID(o.oracle, in.Question, in.Slug)
	ids := ctfid.BinaryMarket(o.collateral, o.oracle, qid)
	cond := hexutil.Encode(ids.ConditionID[:])
	if m, ok := o.view.MarketByCondition(cond); ok {
		return nil, errcode.Errorf(errcode.Conflict, "market %s already has this condition id", m.ID)
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
		ConditionID: cond, Outcomes: in.Outcomes, TokenIDs: [2]string{ids.Yes.String(), ids.No.String()},
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

// prepare has the chain, if one is configured, prepare the market. The
// ids it reports must be the ones derived here: a preparer with another
// oracle or collateral would list a market nobody can settle.
func (o *Operator) prepare(ctx context.Context, qid common.Hash, ids ctfid.Market, negRisk bool) error {
	if o.chain == nil {
		return nil
	}
	got, err := o.chain.PrepareMarket(ctx, qid, negRisk)
	if err != nil {
		return errcode.Errorf(errcode.InternalError, "preparing the market on chain: %v", err)
	}
	if got.ConditionID != ids.ConditionID || got.Yes.Cmp(ids.Yes) != 0 || got.No.Cmp(ids.No) != 0 {
		return errcode.Errorf(errcode.InternalError, "the chain prepared condition %s, not %s: its oracle or collateral differs from the gateway's",
			hexutil.Encode(got.ConditionID[:]), hexutil.Encode(ids.ConditionID[:]))
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

// submit appends a command and maps the engine's answer; ok is a
// rejection that counts as success.
func (o *Operator) submit(ctx context.Context, cmd *pb.Command, ok pb.RejectReason) error {
	if len(cmd.Id) == 0 {
		cmd.Id = randomID()
	}
	res, err := o.engine.Submit(ctx, cmd)
	if err != nil {
		return errcode.Wrap(errcode.EngineUnavailable, err)
	}
	for _, e := range res.Events {
		r := e.GetCommandRejected()
		if r == nil {
			continue
		}
		if r.GetReason() == ok {
			return nil
		}
		if r.GetReason() == pb.RejectReason_REJECT_REASON_DUPLICATE_COMMAND {
			return nil // the same command id was applied before: a retry
		}
		return errcode.Errorf(errcode.FromReject(r.GetReason()), "the engine refused %T: %s", cmd.GetBody(), r.GetReason())
	}
	return nil
}

// UpdateMarket applies a patch.
func (o *Operator) UpdateMarket(ctx context.Context, id string, p gammaapi.MarketPatch) (*catalog.MarketRecord, error) {
	cur, ok := o.view.Market(id)
	if !ok {
		return nil, errcode.Errorf(errcode.MarketNotFound, "market not found: no market has id %s", id)
	}
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
		return nil, errcode.Errorf(errcode.MarketNotResolved, "market %s is not resolved or canceled: archive it after its adjudication completes", id)
	}
	if p.Closed != nil && !*p.Closed && cur.Closed {
		return nil, errcode.Errorf(errcode.MarketClosedForGood, "market %s is closed: a closed market does not reopen", id)
	}
	if params.TickSize != cur.TickSize || params.MinSize != cur.MinSize || params.MaxSize != cur.MaxSize || params.FeeRateBps != cur.FeeRateBps {
		cond := common.HexToHash(cur.ConditionID)
		if err := o.submit(ctx, &pb.Command{Body: &pb.Command_ConfigureMarket{ConfigureMarket: &pb.ConfigureMarket{
			Market: cond[:], Params: params}}}, pb.RejectReason_REJECT_REASON_UNSPECIFIED); err != nil {
			return nil, err
		}
	}
	if p.Active != nil && *p.Active != cur.Active && !cur.Closed {
		// An inactive market takes no orders in the engine either.
		cmd := &pb.Command{Body: &pb.Command_HaltMarket{HaltMarket: &pb.HaltMarket{Market: cond(cur)}}}
		if *p.Active {
			cmd = &pb.Command{Body: &pb.Command_ResumeMarket{ResumeMarket: &pb.ResumeMarket{Market: cond(cur)}}}
		}
		if err := o.marketCommand(ctx, cur, cmd); err != nil {
			return nil, err
		}
	}
	if p.Closed != nil && *p.Closed && !cur.Closed {
		if _, err := o.close(ctx, id); err != nil {
			return nil, err
		}
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

func (o *Operator) checkGame(g *gammaapi.Game) error {
	if !slices.Contains(o.sports, g.SportType) {
		return invalid("sportType %q: use one of %s (GET /config/sport-types)", g.SportType, strings.Join(o.sports, ", "))
	}
	for _, t := range []gammaapi.Team{g.HomeTeam, g.AwayTeam} {
		if err := checkText("team name", t.Name, labelBytesMax, true); err != nil {
			return err
		}
		if err := checkText("team abbreviation", t.Abbreviation, 8, false); err != nil {
			return err
		}
	}
	if g.ScheduledAt.IsZero() {
		return errcode.Errorf(errcode.InvalidDate, "scheduledAt is required")
	}
	if err := checkText("venue", g.Venue, titleBytesMax, false); err != nil {
		return err
	}
	if !slices.Contains(catalog.GameStatuses, g.GameStatus) {
		return invalid("gameStatus must be one of %s", strings.Join(catalog.GameStatuses, ", "))
	}
	if g.HomeScore < 0 || g.AwayScore < 0 {
		return invalid("scores are not negative")
	}
	if len(g.LinkedEventIDs) > linkedMax {
		return invalid("at most %d linkedEventIds", linkedMax)
	}
	for _, id := range append([]string{g.PrimaryEventID}, g.LinkedEventIDs...) {
		if id == "" {
			continue
		}
		if _, ok := o.view.Event(id); !ok {
			return errcode.Errorf(errcode.EventNotFound, "event %q of the game does not exist", id)
		}
	}
	return nil
}

// CreateGame writes a new game, pre-game.
func (o *Operator) CreateGame(ctx context.Context, in gammaapi.GameInput) (*gammaapi.Game, error) {
	g := &gammaapi.Game{SportType: in.SportType, HomeTeam: in.HomeTeam, AwayTeam: in.AwayTeam, ScheduledAt: in.ScheduledAt.UTC(),
		GameStatus: catalog.GamePreGame, Venue: in.Venue, PrimaryEventID: in.PrimaryEventID, LinkedEventIDs: in.LinkedEventIDs}
	if g.LinkedEventIDs == nil {
		g.LinkedEventIDs = []string{}
	}
	if err := o.checkGame(g); err != nil {
		return nil, err
	}
	id, err := o.store.NextID(ctx, "game")
	if err != nil {
		return nil, err
	}
	g.ID = id
	rev, err := o.store.CreateGame(ctx, g)
	if err != nil {
		return nil, err
	}
	return g, o.wait(ctx, rev)
}

// UpdateGame applies a patch. A game never goes back to an earlier
// status (pre-game, live, finished).
func (o *Operator) UpdateGame(ctx context.Context, id string, p gammaapi.GamePatch) (*gammaapi.Game, error) {
	cur, ok := o.view.Game(id)
	if !ok {
		return nil, errcode.New(errcode.GameNotFound)
	}
	if p.GameStatus != nil && *p.GameStatus != cur.GameStatus {
		// A status change is a score report: it runs the transitions.
		if statusRank(*p.GameStatus) < 0 {
			return nil, invalid("gameStatus must be one of %s", strings.Join(catalog.GameStatuses, ", "))
		}
		r := Report{Status: *p.GameStatus, Home: cur.HomeScore, Away: cur.AwayScore}
		setp(&r.Home, p.HomeScore)
		setp(&r.Away, p.AwayScore)
		if _, err := o.ApplyReport(ctx, id, r); err != nil {
			return nil, err
		}
		p.GameStatus, p.HomeScore, p.AwayScore = nil, nil, nil
	}
	g, rev, err := o.store.UpdateGame(ctx, id, func(g *gammaapi.Game) error {
		before := slices.Index(catalog.GameStatuses, g.GameStatus)
		setp(&g.ScheduledAt, p.ScheduledAt)
		setp(&g.GameStatus, p.GameStatus)
		setp(&g.HomeScore, p.HomeScore)
		setp(&g.AwayScore, p.AwayScore)
		setp(&g.Venue, p.Venue)
		setp(&g.PrimaryEventID, p.PrimaryEventID)
		if p.LinkedEventIDs != nil {
			g.LinkedEventIDs = p.LinkedEventIDs
		}
		g.ScheduledAt = g.ScheduledAt.UTC()
		if err := o.checkGame(g); err != nil {
			return err
		}
		if slices.Index(catalog.GameStatuses, g.GameStatus) < before {
			return errcode.Errorf(errcode.GameStatusRegression, "gameStatus moves forward only: pre-game, live, finished")
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return g, o.wait(ctx, rev)
}

// PutScores records the score feed's state of a game.
func (o *Operator) PutScores(ctx context.Context, id string, in gammaapi.ScoresInput) (*gammaapi.GameScores, error) {
	if _, ok := o.view.Game(id); !ok {
		return nil, errcode.New(errcode.GameNotFound)
	}
	if !slices.Contains([]string{gammaapi.ConsistencyOK, gammaapi.ConsistencyStale, gammaapi.ConsistencyInconsistent, gammaapi.ConsistencyNone}, in.Consistency) {
		return nil, invalid("consistency must be ok, stale, inconsistent or none")
	}
	if err := checkText("latestStatus", in.LatestStatus, labelBytesMax, true); err != nil {
		return nil, err
	}
	if in.LastFetchedAt.IsZero() || in.LastUpdatedAt.IsZero() {
		return nil, errcode.Errorf(errcode.InvalidDate, "lastFetchedAt and lastUpdatedAt are required")
	}
	s := &gammaapi.GameScores{FixtureID: id, Consistency: in.Consistency, LastFetchedAt: in.LastFetchedAt.UTC(),
		LastUpdatedAt: in.LastUpdatedAt.UTC(), LatestStatus: in.LatestStatus}
	rev, err := o.store.PutScores(ctx, s)
	if err != nil {
		return nil, err
	}
	return s, o.wait(ctx, rev)
}

// WriteTimeout bounds one operator write, the engine's answer included.
func WriteTimeout() time.Duration { return writeWaitMax }

func randomID() []byte {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return b
}
