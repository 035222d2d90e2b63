package server_test

import (
	"context"
	"math/big"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"pred.dev/gateway-gamma/catalog"
	"pred.dev/gateway-gamma/feed"
	"pred.dev/gateway-gamma/operator"
	"pred.dev/gateway-gamma/server"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/fixed"
	"pred.dev/proto/pb"
	"pred.dev/proto/runtime/eventually"
)

// testLiveness is the proposals' liveness in these tests.
const testLiveness = 10 * time.Minute

// lifecycleHarness is a gateway with the engine, a short liveness and a
// fast settle loop.
func lifecycleHarness(t *testing.T) *harness {
	h := newHarness(t, func(c *server.Config) {
		c.Liveness = testLiveness
		c.SettleInterval = 20 * time.Millisecond
	})
	h.startEngine()
	return h
}

// lcMarket is a market the operator created through the API, with its
// engine ids.
type lcMarket struct {
	gammaapi.Market
	cond    [32]byte
	yes, no [32]byte
}

func (h *harness) createMarket(eventID, slug string, extra map[string]any) lcMarket {
	h.t.Helper()
	body := map[string]any{"eventId": eventID, "slug": slug, "question": "Q " + slug + "?", "orderMinSize": 1}
	for k, v := range extra {
		body[k] = v
	}
	var m lcMarket
	h.mustAdmin(http.MethodPost, "/admin/markets", body, &m.Market)
	m.cond = common.HexToHash(m.ConditionID)
	m.yes = tokenBytes(h.t, m.ClobTokenIDs[0])
	m.no = tokenBytes(h.t, m.ClobTokenIDs[1])
	return m
}

func tokenBytes(t testing.TB, s string) [32]byte {
	t.Helper()
	b, ok := new(big.Int).SetString(s, 10)
	if !ok {
		t.Fatalf("token id %q", s)
	}
	var out [32]byte
	b.FillBytes(out[:])
	return out
}

// fund credits a wallet and lets both exchanges move its USDW and shares,
// what a trader's deposit and approval transaction give it.
func (h *harness) fund(a common.Address, units uint64) {
	h.t.Helper()
	h.submit(&pb.Command{Body: &pb.Command_Faucet{Faucet: &pb.Faucet{Account: a[:], Amount: units}}})
	h.approve(a)
}

// approve appends the approvals of both exchanges the chain watcher would
// append for a wallet's approval transaction.
func (h *harness) approve(a common.Address) {
	h.t.Helper()
	for _, x := range []pb.Exchange{pb.Exchange_EXCHANGE_STANDARD, pb.Exchange_EXCHANGE_NEG_RISK} {
		h.submit(&pb.Command{Body: &pb.Command_CollateralApproval{CollateralApproval: &pb.CollateralApproval{Account: a[:], Exchange: x, Unlimited: true}}})
		h.submit(&pb.Command{Body: &pb.Command_SharesApproval{SharesApproval: &pb.SharesApproval{Account: a[:], Exchange: x, Approved: true}}})
	}
}

func (h *harness) order(id []byte) *pb.OrderRecord {
	h.t.Helper()
	return h.query(&pb.QueryRequest{Query: &pb.QueryRequest_Order{Order: &pb.OrderQuery{OrderId: id}}}).GetOrder()
}

func (h *harness) engineMarket(cond [32]byte) *pb.MarketInfo {
	h.t.Helper()
	return h.query(&pb.QueryRequest{Query: &pb.QueryRequest_Market{Market: &pb.MarketQuery{Market: cond[:]}}}).GetMarket()
}

func (h *harness) collateral(a common.Address) uint64 {
	h.t.Helper()
	return h.query(&pb.QueryRequest{Query: &pb.QueryRequest_Balance{Balance: &pb.BalanceQuery{Account: a[:]}}}).GetBalance().GetBalance()
}

func (h *harness) shares(a common.Address, token [32]byte) uint64 {
	h.t.Helper()
	return h.query(&pb.QueryRequest{Query: &pb.QueryRequest_Balance{Balance: &pb.BalanceQuery{Account: a[:], TokenId: token[:]}}}).GetBalance().GetBalance()
}

func (h *harness) market(id string) gammaapi.Market {
	h.t.Helper()
	h.waitStats()
	var m gammaapi.Market
	h.get(0, "/markets/"+id, &m)
	return m
}

// placeRejected places an order and returns the engine's reject reason
// (UNSPECIFIED when accepted).
func (h *harness) placeReason(account common.Address, token [32]byte, side fixed.Side, price, size uint64) ([]byte, pb.RejectReason) {
	h.t.Helper()
	id := h.placeOrder(account, token, side, price, size)
	o := h.order(id)
	if o.GetStatus() == pb.OrderStatus_ORDER_STATUS_INVALID {
		return id, o.GetRejectReason()
	}
	return id, pb.RejectReason_REJECT_REASON_UNSPECIFIED
}

func gameBody(eventID string, linked []string, at time.Time) map[string]any {
	b := map[string]any{"sportType": "nba", "homeTeam": map[string]any{"name": "Lakers", "abbreviation": "LAL"},
		"awayTeam": map[string]any{"name": "Celtics", "abbreviation": "BOS"}, "scheduledAt": at.Format(time.RFC3339),
		"venue": "Arena", "primaryEventId": eventID}
	if linked != nil {
		b["linkedEventIds"] = linked
	}
	return b
}

// TestGameLifecycle: a game goes live before its scheduled time and every
// open order of every market of its events is cancelled at once (status
// CANCELED, in the engine's log); the book stays closed during play
// unless the market says otherwise; bad reports change nothing; the end
// of the game closes the markets and the platform proposes each outcome
// from the final score.
func TestGameLifecycle(t *testing.T) {
	t.Parallel()
	h := lifecycleHarness(t)
	var ev, linked gammaapi.Event
	h.mustAdmin(http.MethodPost, "/admin/events", eventBody("lal-bos", false), &ev)
	h.mustAdmin(http.MethodPost, "/admin/events", eventBody("lal-bos-props", false), &linked)
	winner := h.createMarket(ev.ID, "lal-bos-winner", map[string]any{"sportsRule": map[string]any{"type": "winner", "team": "home"}})
	total := h.createMarket(ev.ID, "lal-bos-total", map[string]any{"sportsRule": map[string]any{"type": "total", "line": "220.5"},
		"acceptOrdersDuringPlay": true})
	prop := h.createMarket(linked.ID, "lal-bos-first-basket", nil)
	start := h.clock.Now().Add(2 * time.Hour)
	var g gammaapi.Game
	h.mustAdmin(http.MethodPost, "/admin/games", gameBody(ev.ID, []string{linked.ID}, start), &g)

	alice, bob := common.HexToAddress("0xa11ce"), common.HexToAddress("0xb0b")
	h.fund(alice, 1000*fixed.One)
	h.fund(bob, 1000*fixed.One)
	var resting [][]byte
	for _, m := range []lcMarket{winner, total, prop} {
		resting = append(resting, h.placeOrder(alice, m.yes, fixed.Buy, 400_000, 10*fixed.One))
		resting = append(resting, h.placeOrder(bob, m.no, fixed.Buy, 500_000, 5*fixed.One))
	}
	for _, id := range resting {
		if o := h.order(id); o.GetStatus() != pb.OrderStatus_ORDER_STATUS_LIVE {
			t.Fatalf("order %x before the game: %s", id, o.GetStatus())
		}
	}

	// Bad input: nothing changes.
	resp, data := h.admin(http.MethodPost, "/admin/games/999/scores", map[string]any{"gameStatus": "live", "homeScore": 0, "awayScore": 0}, nil)
	expectCode(t, "unknown game", resp, data, errcode.GameNotFound)
	resp, data = h.admin(http.MethodPost, "/admin/games/"+g.ID+"/scores", map[string]any{"gameStatus": "halftime", "homeScore": 0, "awayScore": 0}, nil)
	if resp.StatusCode != http.StatusBadRequest {
		t.Fatalf("bad status: %d %s", resp.StatusCode, data)
	}
	resp, data = h.admin(http.MethodPost, "/admin/games/"+g.ID+"/scores", map[string]any{"gameStatus": "live", "homeScore": -1, "awayScore": 0}, nil)
	if resp.StatusCode != http.StatusBadRequest {
		t.Fatalf("negative score: %d %s", resp.StatusCode, data)
	}
	hdr := http.Header{"Content-Type": {"application/json"}}
	resp, data = h.do(0, http.MethodPost, "/admin/games/"+g.ID+"/scores", []byte(`{"gameStatus":"live","homeScore":0,"awayScore":0}`), hdr)
	expectCode(t, "no operator key", resp, data, errcode.OperatorUnauthorized)
	for _, id := range resting {
		if o := h.order(id); o.GetStatus() != pb.OrderStatus_ORDER_STATUS_LIVE {
			t.Fatalf("a refused report cancelled order %x: %s", id, o.GetStatus())
		}
	}

	// The game starts two hours early.
	var live gammaapi.Game
	h.mustAdmin(http.MethodPost, "/admin/games/"+g.ID+"/scores", map[string]any{"gameStatus": "live", "homeScore": 0, "awayScore": 0,
		"latestStatus": "InProgress"}, &live)
	if live.GameStatus != catalog.GameLive || !h.clock.Now().Before(live.ScheduledAt) {
		t.Fatalf("live game %+v", live)
	}
	for _, id := range resting {
		o := h.order(id)
		if o.GetStatus() != pb.OrderStatus_ORDER_STATUS_CANCELED || o.GetCancelCause() != pb.CancelCause_CANCEL_CAUSE_MARKET_CLEARED {
			t.Fatalf("order %x after the start: %s %s", id, o.GetStatus(), o.GetCancelCause())
		}
	}
	var sc gammaapi.GameScores
	h.get(0, "/games/"+g.ID+"/scores", &sc)
	if sc.Consistency != gammaapi.ConsistencyOK || sc.LatestStatus != "InProgress" || !sc.LastFetchedAt.Equal(h.clock.Now().UTC().Truncate(time.Second)) &&
		sc.LastFetchedAt.Sub(h.clock.Now()) > time.Second {
		t.Fatalf("scores %+v", sc)
	}
	// The default market's book is closed during play; the other one
	// takes orders.
	for _, m := range []lcMarket{winner, prop} {
		if s := h.engineMarket(m.cond).GetStatus(); s != pb.MarketStatus_MARKET_STATUS_HALTED {
			t.Fatalf("%s during play: %s", m.Slug, s)
		}
		if got := h.market(m.ID); got.AcceptingOrders || got.Closed {
			t.Fatalf("%s during play: %+v", m.Slug, got)
		}
		if _, r := h.placeReason(alice, m.yes, fixed.Buy, 300_000, fixed.One); r != pb.RejectReason_REJECT_REASON_MARKET_NOT_ACCEPTING {
			t.Fatalf("%s took an order during play: %s", m.Slug, r)
		}
	}
	inPlay, r := h.placeReason(alice, total.yes, fixed.Buy, 300_000, fixed.One)
	if r != pb.RejectReason_REJECT_REASON_UNSPECIFIED || !h.market(total.ID).AcceptingOrders {
		t.Fatalf("the in-play market refused an order: %s", r)
	}

	// A report that moves the game back changes nothing.
	resp, data = h.admin(http.MethodPost, "/admin/games/"+g.ID+"/scores", map[string]any{"gameStatus": "pre-game", "homeScore": 0, "awayScore": 0}, nil)
	expectCode(t, "back to pre-game", resp, data, errcode.GameStatusRegression)
	h.mustAdmin(http.MethodPost, "/admin/games/"+g.ID+"/scores", map[string]any{"gameStatus": "live", "homeScore": 55, "awayScore": 50}, &live)
	if live.HomeScore != 55 || h.order(inPlay).GetStatus() != pb.OrderStatus_ORDER_STATUS_LIVE {
		t.Fatalf("a score change: %+v", live)
	}

	// The game ends 110-100: the markets close and the platform proposes.
	var fin gammaapi.Game
	h.mustAdmin(http.MethodPost, "/admin/games/"+g.ID+"/scores", map[string]any{"gameStatus": "finished", "homeScore": 110, "awayScore": 100,
		"latestStatus": "Final"}, &fin)
	if fin.GameStatus != catalog.GameFinished || fin.HomeScore != 110 {
		t.Fatalf("finished game %+v", fin)
	}
	if o := h.order(inPlay); o.GetStatus() != pb.OrderStatus_ORDER_STATUS_CANCELED || o.GetCancelCause() != pb.CancelCause_CANCEL_CAUSE_MARKET_CLOSED {
		t.Fatalf("the in-play order at the end: %s %s", o.GetStatus(), o.GetCancelCause())
	}
	for _, c := range []struct {
		m       lcMarket
		outcome string
	}{{winner, "Yes"}, {total, "No"}, {prop, ""}} {
		got := h.market(c.m.ID)
		if !got.Closed || got.AcceptingOrders || h.engineMarket(c.m.cond).GetStatus() != pb.MarketStatus_MARKET_STATUS_CLOSED {
			t.Fatalf("%s after the game: %+v", c.m.Slug, got)
		}
		if c.outcome == "" {
			if got.Adjudication != nil {
				t.Fatalf("%s has no rule but was proposed: %+v", c.m.Slug, got.Adjudication)
			}
			continue
		}
		a := got.Adjudication
		if a == nil || a.CurrentPhase != catalog.PhaseProposed || *a.ProposedOutcome != c.outcome || a.PayoutVector != nil ||
			a.LivenessEndsAt == nil || a.LivenessEndsAt.Sub(*a.ProposedAt) != testLiveness || len(a.NextSteps) == 0 {
			t.Fatalf("%s adjudication %+v", c.m.Slug, a)
		}
	}
	var evNow gammaapi.Event
	h.get(0, "/events/"+ev.ID, &evNow)
	if !evNow.Closed {
		t.Fatal("the game's event is not closed with its markets")
	}
	// A finished game going live again is refused and changes nothing.
	resp, data = h.admin(http.MethodPost, "/admin/games/"+g.ID+"/scores", map[string]any{"gameStatus": "live", "homeScore": 0, "awayScore": 0}, nil)
	expectCode(t, "finished then live", resp, data, errcode.GameStatusRegression)
	resp, data = h.admin(http.MethodPatch, "/admin/games/"+g.ID, map[string]any{"gameStatus": "live"}, nil)
	expectCode(t, "finished then live (PATCH)", resp, data, errcode.GameStatusRegression)
	var after gammaapi.Game
	h.get(0, "/games/"+g.ID, &after)
	if after.GameStatus != catalog.GameFinished || after.HomeScore != 110 || after.AwayScore != 100 {
		t.Fatalf("the refused report changed the game: %+v", after)
	}
}

// TestAdjudication walks the state machine: propose, challenge,
// re-propose, liveness, resolution with payouts in the engine's ledger;
// two challenges to arbitration; cancel at 50-50; archival; and every
// refusal, which changes nothing.
func TestAdjudication(t *testing.T) {
	t.Parallel()
	h := lifecycleHarness(t)
	var ev gammaapi.Event
	h.mustAdmin(http.MethodPost, "/admin/events", eventBody("adj", false), &ev)
	a := h.createMarket(ev.ID, "adj-a", nil)
	b := h.createMarket(ev.ID, "adj-b", nil)
	c := h.createMarket(ev.ID, "adj-c", nil)
	alice, bob := common.HexToAddress("0xa11ce"), common.HexToAddress("0xb0b")
	h.fund(alice, 1000*fixed.One)
	h.fund(bob, 1000*fixed.One)
	// A mints 10 pairs in each market: alice YES at 0.40, bob NO at 0.60;
	// alice also leaves a bid resting.
	for _, m := range []lcMarket{a, b, c} {
		h.placeOrder(alice, m.yes, fixed.Buy, 400_000, 10*fixed.One)
		h.placeOrder(bob, m.no, fixed.Buy, 600_000, 10*fixed.One)
	}
	rest := h.placeOrder(alice, a.yes, fixed.Buy, 300_000, 5*fixed.One)
	aliceCash, bobCash := h.collateral(alice), h.collateral(bob)
	if aliceCash != 1000*fixed.One-12*fixed.One || bobCash != 1000*fixed.One-18*fixed.One {
		t.Fatalf("cash before: alice %d bob %d", aliceCash, bobCash)
	}
	path := func(m lcMarket, step string) string { return "/admin/markets/" + m.ID + "/" + step }

	// Refusals before any proposal.
	for name, tc := range map[string]struct {
		path string
		body any
		code errcode.Code
	}{
		"challenge nothing":     {path(a, "challenge"), map[string]any{}, errcode.AdjudicationPhase},
		"arbitrate nothing":     {path(a, "arbitrate"), map[string]any{"payoutVector": []int{1, 0}}, errcode.AdjudicationPhase},
		"vector [2,0]":          {path(a, "propose"), map[string]any{"payoutVector": []int{2, 0}}, errcode.InvalidPayoutVector},
		"vector [1,0,0]":        {path(a, "propose"), map[string]any{"payoutVector": []int{1, 0, 0}}, errcode.InvalidPayoutVector},
		"vector [0,0]":          {path(a, "propose"), map[string]any{"payoutVector": []int{0, 0}}, errcode.InvalidPayoutVector},
		"no vector":             {path(a, "propose"), map[string]any{}, errcode.InvalidPayoutVector},
		"unknown market":        {"/admin/markets/999/propose", map[string]any{"payoutVector": []int{1, 0}}, errcode.MarketNotFound},
		"archive a live market": {"/admin/markets/" + a.ID, map[string]any{"archived": true}, errcode.MarketNotResolved},
	} {
		method := http.MethodPost
		if name == "archive a live market" {
			method = http.MethodPatch
		}
		resp, data := h.admin(method, tc.path, tc.body, nil)
		expectCode(t, name, resp, data, tc.code)
	}
	resp, data := h.do(0, http.MethodPost, path(a, "propose"), []byte(`{"payoutVector":[1,0]}`), http.Header{"Content-Type": {"application/json"}})
	expectCode(t, "propose without the operator key", resp, data, errcode.OperatorUnauthorized)
	if got := h.market(a.ID); got.Adjudication != nil || got.Closed || h.order(rest).GetStatus() != pb.OrderStatus_ORDER_STATUS_LIVE {
		t.Fatalf("a refusal changed market a: %+v", got)
	}

	// a: proposed YES, challenged, re-proposed NO, liveness passes, resolved NO.
	var m gammaapi.Market
	h.mustAdmin(http.MethodPost, path(a, "propose"), map[string]any{"payoutVector": []int{1, 0}}, &m)
	if m.Adjudication.CurrentPhase != catalog.PhaseProposed || *m.Adjudication.ProposedOutcome != "Yes" || !m.Closed || m.AcceptingOrders {
		t.Fatalf("proposed: %+v", m)
	}
	if o := h.order(rest); o.GetStatus() != pb.OrderStatus_ORDER_STATUS_CANCELED || o.GetCancelCause() != pb.CancelCause_CANCEL_CAUSE_MARKET_CLOSED {
		t.Fatalf("the resting order at closure: %s %s", o.GetStatus(), o.GetCancelCause())
	}
	resp, data = h.admin(http.MethodPost, path(a, "propose"), map[string]any{"payoutVector": []int{0, 1}}, nil)
	expectCode(t, "propose twice", resp, data, errcode.AdjudicationPhase)
	h.clock.Advance(time.Minute)
	h.mustAdmin(http.MethodPost, path(a, "challenge"), map[string]any{"reason": "the source says otherwise"}, &m)
	if m.Adjudication.CurrentPhase != catalog.PhaseChallenged || m.Adjudication.ChallengedAt == nil || m.Adjudication.LivenessEndsAt != nil {
		t.Fatalf("challenged: %+v", m.Adjudication)
	}
	h.mustAdmin(http.MethodPost, path(a, "propose"), map[string]any{"payoutVector": []int{0, 1}}, &m)
	if m.Adjudication.CurrentPhase != catalog.PhaseProposed || *m.Adjudication.ProposedOutcome != "No" {
		t.Fatalf("re-proposed: %+v", m.Adjudication)
	}
	h.clock.Advance(testLiveness)
	resp, data = h.admin(http.MethodPost, path(a, "challenge"), map[string]any{}, nil)
	expectCode(t, "challenge after liveness", resp, data, errcode.LivenessOver)
	if got := h.market(a.ID); got.Adjudication.CurrentPhase != catalog.PhaseProposed {
		t.Fatalf("a late challenge changed the market: %+v", got.Adjudication)
	}
	h.clock.Advance(10 * time.Second) // past the settle grace
	resolved := h.waitPhase(a.ID, catalog.PhaseResolved)
	ad := resolved.Adjudication
	if !slices.Equal(ad.PayoutVector, []int{0, 1}) || *ad.SettledOutcome != "No" || ad.ResolvedAt == nil || !resolved.Closed {
		t.Fatalf("resolved: %+v", ad)
	}
	if s := h.engineMarket(a.cond).GetStatus(); s != pb.MarketStatus_MARKET_STATUS_RESOLVED {
		t.Fatalf("engine status %s", s)
	}
	// bob's 10 NO shares paid 10 USDW; alice's YES nothing.
	if got := h.collateral(bob); got != bobCash+10*fixed.One {
		t.Fatalf("bob after NO: %d, want %d", got, bobCash+10*fixed.One)
	}
	if h.shares(alice, a.yes) != 0 || h.shares(bob, a.no) != 0 {
		t.Fatal("shares remain after the payout")
	}
	resp, data = h.admin(http.MethodPost, path(a, "cancel"), map[string]any{}, nil)
	expectCode(t, "cancel a resolved market", resp, data, errcode.AdjudicationPhase)

	// b: two challenges send it to arbitration, which resolves YES.
	h.mustAdmin(http.MethodPost, path(b, "propose"), map[string]any{"payoutVector": []int{0, 1}}, nil)
	h.mustAdmin(http.MethodPost, path(b, "challenge"), nil, nil)
	h.mustAdmin(http.MethodPost, path(b, "propose"), map[string]any{"payoutVector": []int{0, 1}}, nil)
	h.mustAdmin(http.MethodPost, path(b, "challenge"), nil, &m)
	if m.Adjudication.CurrentPhase != catalog.PhaseArbitrated {
		t.Fatalf("two challenges: %+v", m.Adjudication)
	}
	resp, data = h.admin(http.MethodPost, path(b, "propose"), map[string]any{"payoutVector": []int{1, 0}}, nil)
	expectCode(t, "propose in arbitration", resp, data, errcode.AdjudicationPhase)
	aliceBefore := h.collateral(alice)
	h.mustAdmin(http.MethodPost, path(b, "arbitrate"), map[string]any{"payoutVector": []int{1, 0}}, &m)
	if m.Adjudication.CurrentPhase != catalog.PhaseResolved || !slices.Equal(m.Adjudication.PayoutVector, []int{1, 0}) || *m.Adjudication.SettledOutcome != "Yes" {
		t.Fatalf("arbitrated: %+v", m.Adjudication)
	}
	if got := h.collateral(alice); got != aliceBefore+10*fixed.One {
		t.Fatalf("alice after YES: %d, want %d", got, aliceBefore+10*fixed.One)
	}

	// c: canceled, 0.5 USDW a share to both.
	aliceBefore, bobBefore := h.collateral(alice), h.collateral(bob)
	h.mustAdmin(http.MethodPost, path(c, "propose"), map[string]any{"payoutVector": []int{1, 0}}, nil)
	h.mustAdmin(http.MethodPost, path(c, "cancel"), nil, &m)
	if m.Adjudication.CurrentPhase != catalog.PhaseCanceled || !slices.Equal(m.Adjudication.PayoutVector, []int{1, 1}) || *m.Adjudication.SettledOutcome != "50-50" {
		t.Fatalf("canceled: %+v", m.Adjudication)
	}
	if h.collateral(alice) != aliceBefore+5*fixed.One || h.collateral(bob) != bobBefore+5*fixed.One {
		t.Fatalf("50-50: alice %d bob %d", h.collateral(alice)-aliceBefore, h.collateral(bob)-bobBefore)
	}

	// Archival: out of the default listing, readable by id.
	h.mustAdmin(http.MethodPatch, "/admin/markets/"+a.ID, map[string]any{"archived": true}, &m)
	resp, data = h.admin(http.MethodPatch, "/admin/markets/"+a.ID, map[string]any{"closed": false}, nil)
	expectCode(t, "reopen", resp, data, errcode.MarketClosedForGood)
	var list []gammaapi.Market
	h.get(0, "/markets?limit=100", &list)
	for _, x := range list {
		if x.ID == a.ID {
			t.Fatal("an archived market is listed by default")
		}
	}
	if got := h.market(a.ID); !got.Archived || got.Adjudication.CurrentPhase != catalog.PhaseResolved {
		t.Fatalf("archived market: %+v", got)
	}
}

// waitPhase polls market id until its phase is phase (the settle loop
// runs every 20 ms).
func (h *harness) waitPhase(id, phase string) gammaapi.Market {
	h.t.Helper()
	return eventually.Value(h.t, "market "+id+" is "+phase, func() (gammaapi.Market, bool) {
		var m gammaapi.Market
		h.get(0, "/markets/"+id, &m)
		return m, m.Adjudication != nil && m.Adjudication.CurrentPhase == phase
	})
}

// TestNegRiskAdjudication: exactly one market of a negRisk event resolves
// YES; a second YES and a 50-50 are refused and change nothing.
func TestNegRiskAdjudication(t *testing.T) {
	t.Parallel()
	h := lifecycleHarness(t)
	var ev gammaapi.Event
	h.mustAdmin(http.MethodPost, "/admin/events", eventBody("mayor", true), &ev)
	ana := h.createMarket(ev.ID, "mayor-ana", nil)
	bruno := h.createMarket(ev.ID, "mayor-bruno", nil)
	carla := h.createMarket(ev.ID, "mayor-carla", nil)
	path := func(m lcMarket, step string) string { return "/admin/markets/" + m.ID + "/" + step }
	resp, data := h.admin(http.MethodPost, path(ana, "propose"), map[string]any{"payoutVector": []int{1, 1}}, nil)
	expectCode(t, "50-50", resp, data, errcode.NegRiskNoSplit)
	resp, data = h.admin(http.MethodPost, path(carla, "cancel"), nil, nil)
	expectCode(t, "cancel", resp, data, errcode.NegRiskNoSplit)
	if got := h.market(ana.ID); got.Adjudication != nil || got.Closed {
		t.Fatalf("a refused proposal closed the market: %+v", got)
	}
	h.mustAdmin(http.MethodPost, path(ana, "propose"), map[string]any{"payoutVector": []int{1, 0}}, nil)
	resp, data = h.admin(http.MethodPost, path(bruno, "propose"), map[string]any{"payoutVector": []int{1, 0}}, nil)
	expectCode(t, "second YES while one is pending", resp, data, errcode.NegRiskAlreadyResolved)
	if got := h.market(bruno.ID); got.Adjudication != nil || got.Closed {
		t.Fatalf("a refused proposal changed bruno: %+v", got)
	}
	h.mustAdmin(http.MethodPost, path(bruno, "propose"), map[string]any{"payoutVector": []int{0, 1}}, nil)
	h.clock.Advance(testLiveness + 10*time.Second)
	h.waitPhase(ana.ID, catalog.PhaseResolved)
	h.waitPhase(bruno.ID, catalog.PhaseResolved)
	// carla, which had no proposal, lost with ana's YES: the platform
	// proposes NO for it.
	if got := h.market(carla.ID); got.Adjudication == nil || got.Adjudication.CurrentPhase != catalog.PhaseProposed ||
		*got.Adjudication.ProposedOutcome != "No" || !got.Closed {
		t.Fatalf("carla after ana's YES: %+v", got.Adjudication)
	}
	dora := h.createMarket(ev.ID, "mayor-dora", nil)
	resp, data = h.admin(http.MethodPost, path(dora, "propose"), map[string]any{"payoutVector": []int{1, 0}}, nil)
	expectCode(t, "second YES after one resolved", resp, data, errcode.NegRiskAlreadyResolved)
	h.mustAdmin(http.MethodPost, path(dora, "propose"), map[string]any{"payoutVector": []int{0, 1}}, nil)
	if s := h.engineMarket(ana.cond); s.GetStatus() != pb.MarketStatus_MARKET_STATUS_RESOLVED || !slices.Equal(s.GetPayout(), []uint32{1, 0}) {
		t.Fatalf("engine: ana %s %v", s.GetStatus(), s.GetPayout())
	}
}

// failingSource is a feed whose fetches fail.
type failingSource struct{}

func (failingSource) Fetch(context.Context, *gammaapi.Game, string, time.Time) (operator.Report, bool, error) {
	return operator.Report{}, false, errTest
}

type testError string

func (e testError) Error() string { return string(e) }

const errTest = testError("the source is down")

// TestScriptedFeed: the scripted feed plays a game on the gateway's clock
// through the same path as the operator's reports; GameScoresResponse
// tells fetches from changes, and a failing source shows stale.
func TestScriptedFeed(t *testing.T) {
	t.Parallel()
	h := lifecycleHarness(t)
	var ev gammaapi.Event
	h.mustAdmin(http.MethodPost, "/admin/events", eventBody("scripted", false), &ev)
	m := h.createMarket(ev.ID, "scripted-winner", map[string]any{"sportsRule": map[string]any{"type": "winner", "team": "away"}})
	start := h.clock.Now().Add(time.Hour).Truncate(time.Second)
	var g gammaapi.Game
	h.mustAdmin(http.MethodPost, "/admin/games", gameBody(ev.ID, nil, start), &g)
	script, err := feed.ParseScript([]byte(`{"games":[{"game":"scripted","events":[
		{"at":"-10m","status":"live","source":"InProgress"},
		{"at":"5m","home":3,"away":7},
		{"at":"2h","status":"finished","home":99,"away":101,"source":"Final"}]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	alice := common.HexToAddress("0xa11ce")
	h.fund(alice, 100*fixed.One)
	rest := h.placeOrder(alice, m.yes, fixed.Buy, 400_000, 10*fixed.One)
	gw := h.gws[0]
	run := feed.NewRunner(gw.Operator(), gw.View(), script, h.clock.Now, 0, nil)
	ctx := context.Background()
	poll := func() gammaapi.Game {
		t.Helper()
		if err := run.Poll(ctx); err != nil {
			t.Fatal(err)
		}
		var got gammaapi.Game
		h.get(0, "/games/"+g.ID, &got)
		return got
	}
	if got := poll(); got.GameStatus != catalog.GamePreGame {
		t.Fatalf("before the script: %+v", got)
	}
	h.clock.Advance(time.Minute)
	poll() // nothing changed: lastUpdatedAt stays, lastFetchedAt moves
	var sc gammaapi.GameScores
	h.get(0, "/games/"+g.ID+"/scores", &sc)
	if sc.Consistency != gammaapi.ConsistencyOK || sc.LatestStatus != "Scheduled" || sc.LastFetchedAt.Sub(sc.LastUpdatedAt) != time.Minute {
		t.Fatalf("scores before the start: %+v", sc)
	}
	h.clock.Advance(50 * time.Minute) // 9 minutes before scheduledAt
	if got := poll(); got.GameStatus != catalog.GameLive {
		t.Fatalf("the script's early start: %+v", got)
	}
	if o := h.order(rest); o.GetStatus() != pb.OrderStatus_ORDER_STATUS_CANCELED {
		t.Fatalf("the resting order at the early start: %s", o.GetStatus())
	}
	h.get(0, "/games/"+g.ID+"/scores", &sc)
	if !sc.LastUpdatedAt.Equal(start.Add(-10*time.Minute)) || sc.LatestStatus != "InProgress" {
		t.Fatalf("scores at the start: %+v", sc)
	}
	h.clock.Advance(30 * time.Minute)
	if got := poll(); got.HomeScore != 3 || got.AwayScore != 7 {
		t.Fatalf("the score change: %+v", got)
	}
	h.clock.Advance(time.Minute)
	poll()
	h.get(0, "/games/"+g.ID+"/scores", &sc)
	if !sc.LastUpdatedAt.Equal(start.Add(5*time.Minute)) || sc.LastFetchedAt.Sub(sc.LastUpdatedAt) < 15*time.Minute {
		t.Fatalf("a fetch without change: %+v", sc)
	}
	h.clock.Advance(2 * time.Hour)
	if got := poll(); got.GameStatus != catalog.GameFinished || got.AwayScore != 101 {
		t.Fatalf("the end: %+v", got)
	}
	if got := h.market(m.ID); got.Adjudication == nil || *got.Adjudication.ProposedOutcome != "Yes" {
		t.Fatalf("the away team won: %+v", got.Adjudication)
	}

	// A failing source leaves the game as it was and says stale.
	var g2 gammaapi.Game
	h.mustAdmin(http.MethodPost, "/admin/games", gameBody(ev.ID, nil, start.Add(24*time.Hour)), &g2)
	down := feed.NewRunner(gw.Operator(), gw.View(), failingSource{}, h.clock.Now, 0, nil)
	if err := down.Poll(ctx); err == nil {
		t.Fatal("a failing source reported no error")
	}
	h.get(0, "/games/"+g2.ID+"/scores", &sc)
	var got2 gammaapi.Game
	h.get(0, "/games/"+g2.ID, &got2)
	if sc.Consistency != gammaapi.ConsistencyStale || got2.GameStatus != catalog.GamePreGame {
		t.Fatalf("stale feed: %+v %+v", sc, got2)
	}
}

// TestDrawOnNegRiskGame: a final score whose proposal the negRisk rules
// refuse (a draw is 50-50) still finishes the game and closes its
// markets; the proposal is left to the operator.
func TestDrawOnNegRiskGame(t *testing.T) {
	t.Parallel()
	h := lifecycleHarness(t)
	var ev gammaapi.Event
	h.mustAdmin(http.MethodPost, "/admin/events", eventBody("derby", true), &ev)
	m := h.createMarket(ev.ID, "derby-home", map[string]any{"sportsRule": map[string]any{"type": "winner", "team": "home"}})
	var g gammaapi.Game
	h.mustAdmin(http.MethodPost, "/admin/games", gameBody(ev.ID, nil, h.clock.Now().Add(time.Hour)), &g)
	h.mustAdmin(http.MethodPost, "/admin/games/"+g.ID+"/scores", map[string]any{"gameStatus": "finished", "homeScore": 1, "awayScore": 1}, &g)
	got := h.market(m.ID)
	if g.GameStatus != catalog.GameFinished || !got.Closed || got.Adjudication != nil {
		t.Fatalf("game %+v, market closed %v adjudication %+v", g, got.Closed, got.Adjudication)
	}
	h.mustAdmin(http.MethodPost, "/admin/markets/"+m.ID+"/propose", map[string]any{"payoutVector": []int{0, 1}}, nil)
}
