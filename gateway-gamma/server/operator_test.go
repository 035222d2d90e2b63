package server_test

import (
	"context"
	"encoding/json"
	"math/big"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"pred.dev/gateway-gamma/catalog"
	"pred.dev/gateway-gamma/operator"
	"pred.dev/proto/chain/ctfid"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/pb"
)

func operatorHeader() http.Header { return http.Header{"PRED_OPERATOR_KEY": {testOperatorKey}} }

// admin sends an operator request to gateway 0 and decodes a 2xx answer.
func (h *harness) admin(method, path string, body, out any) (*http.Response, []byte) {
	h.t.Helper()
	var b []byte // a nil body is sent as none: null is not a JSON body the API takes
	if body != nil {
		b, _ = json.Marshal(body)
	}
	hdr := operatorHeader()
	hdr.Set("Content-Type", "application/json")
	resp, data := h.do(0, method, path, b, hdr)
	if out != nil && resp.StatusCode < 300 {
		if err := json.Unmarshal(data, out); err != nil {
			h.t.Fatal(err)
		}
	}
	return resp, data
}

func (h *harness) mustAdmin(method, path string, body, out any) {
	h.t.Helper()
	if resp, data := h.admin(method, path, body, out); resp.StatusCode >= 300 {
		h.t.Fatalf("%s %s: %d %s", method, path, resp.StatusCode, data)
	}
}

func eventBody(slug string, negRisk bool) map[string]any {
	return map[string]any{"title": "T " + slug, "slug": slug, "eventType": "standard", "category": "test",
		"startDate": day.Format(time.RFC3339), "endDate": day.Add(48 * time.Hour).Format(time.RFC3339), "negRisk": negRisk}
}

// TestOperatorAuth: the operator key and nothing else opens /admin.
func TestOperatorAuth(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	tok := h.login(0, newKey(t))
	body, _ := json.Marshal(eventBody("auth-event", false))
	for name, hdr := range map[string]http.Header{
		"no credential":   {},
		"wrong key":       {"PRED_OPERATOR_KEY": {"operator-key-of-the-tests-0123456788"}},
		"trader JWT":      bearerHeader(tok),
		"JWT as the key":  {"PRED_OPERATOR_KEY": {tok}},
		"key as a bearer": bearerHeader(testOperatorKey),
	} {
		hdr.Set("Content-Type", "application/json")
		resp, data := h.do(0, http.MethodPost, "/admin/events", body, hdr)
		expectCode(t, name, resp, data, errcode.OperatorUnauthorized)
	}
	var e gammaapi.Event
	h.mustAdmin(http.MethodPost, "/admin/events", eventBody("auth-event", false), &e)
	if e.Slug != "auth-event" || !e.Active || len(e.Markets) != 0 {
		t.Fatalf("event %+v", e)
	}
	resp, data := h.admin(http.MethodPost, "/admin/events", eventBody("auth-event", false), nil)
	expectCode(t, "same slug", resp, data, errcode.SlugTaken)
}

// TestCreateMarketRegistersItInTheEngine: the ids are the chain's, the
// engine has the market with its parameters, and a negRisk event groups
// negRisk markets.
func TestCreateMarketRegistersItInTheEngine(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.startEngine()
	var ev gammaapi.Event
	h.mustAdmin(http.MethodPost, "/admin/events", eventBody("who-wins", true), &ev)
	var ms []gammaapi.Market
	for _, name := range []string{"ana", "bruno", "carla"} {
		var m gammaapi.Market
		h.mustAdmin(http.MethodPost, "/admin/markets", map[string]any{"eventId": ev.ID, "slug": "who-wins-" + name,
			"question": "Will " + name + " win?", "orderPriceMinTickSize": "0.001", "orderMinSize": 2, "orderMaxSize": "500.5",
			"feeRateBps": 50}, &m)
		ms = append(ms, m)
	}
	for i, m := range ms {
		qid := operator.QuestionID(testOracle, m.Question, m.Slug)
		ids := ctfid.BinaryMarket(testCollateral, testOracle, qid)
		if m.QuestionID != qid.Hex() || m.ConditionID != ctfid.BinaryConditionID(testOracle, qid).Hex() ||
			common.HexToHash(m.ConditionID) != ids.ConditionID || m.ClobTokenIDs[0] != ids.Yes.String() || m.ClobTokenIDs[1] != ids.No.String() ||
			!m.NegRiskAugmented || m.OrderTickSize != 1000 || m.OrderMinSize != 2_000_000 || m.OrderMaxSize != 500_500_000 || !m.AcceptingOrders {
			t.Fatalf("market %d: %+v", i, m)
		}
		info := h.query(&pb.QueryRequest{Query: &pb.QueryRequest_Market{Market: &pb.MarketQuery{Market: ids.ConditionID[:]}}}).GetMarket()
		p := info.GetParams()
		if new(big.Int).SetBytes(info.GetYesTokenId()).Cmp(ids.Yes) != 0 || new(big.Int).SetBytes(info.GetNoTokenId()).Cmp(ids.No) != 0 ||
			p.GetTickSize() != 1000 || p.GetMinSize() != 2_000_000 || p.GetMaxSize() != 500_500_000 || p.GetFeeRateBps() != 50 || !p.GetNegRisk() ||
			info.GetStatus() != pb.MarketStatus_MARKET_STATUS_ACTIVE {
			t.Fatalf("engine market %d: %+v", i, info)
		}
	}
	var got gammaapi.Event
	h.get(0, "/events/"+ev.ID, &got)
	if !got.NegRisk || len(got.Markets) != 3 {
		t.Fatalf("the negRisk event groups %d markets", len(got.Markets))
	}
	// Trading parameters reach the engine before the catalogue.
	var m gammaapi.Market
	h.mustAdmin(http.MethodPatch, "/admin/markets/"+ms[0].ID, map[string]any{"orderPriceMinTickSize": "0.01", "active": false}, &m)
	cond := common.HexToHash(ms[0].ConditionID)
	info := h.query(&pb.QueryRequest{Query: &pb.QueryRequest_Market{Market: &pb.MarketQuery{Market: cond[:]}}}).GetMarket()
	if m.OrderTickSize != 10_000 || info.GetParams().GetTickSize() != 10_000 || m.Active || m.AcceptingOrders ||
		info.GetStatus() != pb.MarketStatus_MARKET_STATUS_HALTED {
		t.Fatalf("patched market %+v, engine tick %d", m, info.GetParams().GetTickSize())
	}
	for name, body := range map[string]map[string]any{
		"tick":         {"orderPriceMinTickSize": "0.05"},
		"min size":     {"orderMinSize": "0.005"},
		"fee":          {"feeRateBps": 1001},
		"adjudication": {"adjudication": map[string]any{"currentPhase": "resolved", "payoutVector": []int{1, 0}}},
		"slug change":  {"slug": "other"},
	} {
		resp, data := h.admin(http.MethodPatch, "/admin/markets/"+ms[1].ID, body, nil)
		expectCode(t, name, resp, data, errcode.InvalidPayload)
	}
	resp, data := h.admin(http.MethodPost, "/admin/markets", map[string]any{"eventId": "999", "slug": "x", "question": "x?"}, nil)
	expectCode(t, "unknown event", resp, data, errcode.EventNotFound)
	resp, data = h.admin(http.MethodPost, "/admin/markets", map[string]any{"eventId": ev.ID, "slug": "who-wins-ana", "question": "again?"}, nil)
	expectCode(t, "taken slug", resp, data, errcode.SlugTaken)
}

// TestHalfDoneCreationCompletes: a slug reserved by a creation that
// never wrote its record is completed by the retry, with the same id,
// and the engine's "market exists" is accepted.
func TestHalfDoneCreationCompletes(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.startEngine()
	var ev gammaapi.Event
	h.mustAdmin(http.MethodPost, "/admin/events", eventBody("half", false), &ev)
	ctx := context.Background()
	id, _ := h.store().NextID(ctx, "market")
	if err := h.store().ReserveSlug(ctx, "market", "half-market", id); err != nil {
		t.Fatal(err)
	}
	body := map[string]any{"eventId": ev.ID, "slug": "half-market", "question": "Half?"}
	// The engine got the market in the first attempt.
	qid := operator.QuestionID(testOracle, "Half?", "half-market")
	ids := ctfid.BinaryMarket(testCollateral, testOracle, qid)
	var yes, no [32]byte
	ids.Yes.FillBytes(yes[:])
	ids.No.FillBytes(no[:])
	h.submit(&pb.Command{Body: &pb.Command_CreateMarket{CreateMarket: &pb.CreateMarket{Market: ids.ConditionID[:], YesTokenId: yes[:],
		NoTokenId: no[:], Params: &pb.MarketParams{TickSize: 10_000, MinSize: 5_000_000, MaxSize: 100_000_000_000}}}})
	var m gammaapi.Market
	h.mustAdmin(http.MethodPost, "/admin/markets", body, &m)
	if m.ID != id || m.ConditionID != ids.ConditionID.Hex() {
		t.Fatalf("completed market %+v, want id %s", m, id)
	}
}

func TestOperatorGames(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	var ev gammaapi.Event
	h.mustAdmin(http.MethodPost, "/admin/events", eventBody("game-event", false), &ev)
	var g gammaapi.Game
	h.mustAdmin(http.MethodPost, "/admin/games", map[string]any{"sportType": "nba", "homeTeam": map[string]any{"name": "Lakers"},
		"awayTeam": map[string]any{"name": "Celtics", "abbreviation": "BOS"}, "scheduledAt": day.Format(time.RFC3339),
		"venue": "Arena", "primaryEventId": ev.ID}, &g)
	if g.GameStatus != catalog.GamePreGame || g.PrimaryEventID != ev.ID || g.LinkedEventIDs == nil {
		t.Fatalf("game %+v", g)
	}
	h.mustAdmin(http.MethodPatch, "/admin/games/"+g.ID, map[string]any{"gameStatus": "live", "homeScore": 3}, &g)
	if g.GameStatus != catalog.GameLive || g.HomeScore != 3 {
		t.Fatalf("live game %+v", g)
	}
	resp, data := h.admin(http.MethodPatch, "/admin/games/"+g.ID, map[string]any{"gameStatus": "pre-game"}, nil)
	expectCode(t, "backwards", resp, data, errcode.GameStatusRegression)
	var sc gammaapi.GameScores
	h.mustAdmin(http.MethodPut, "/admin/games/"+g.ID+"/scores", map[string]any{"consistency": "ok", "lastFetchedAt": day.Add(time.Minute).Format(time.RFC3339),
		"lastUpdatedAt": day.Format(time.RFC3339), "latestStatus": "InProgress"}, &sc)
	var read gammaapi.GameScores
	h.get(0, "/games/"+g.ID+"/scores", &read)
	if read != sc || read.LatestStatus != "InProgress" {
		t.Fatalf("scores %+v, wrote %+v", read, sc)
	}
	for name, body := range map[string]map[string]any{
		"sport":   {"sportType": "curling", "homeTeam": map[string]any{"name": "a"}, "awayTeam": map[string]any{"name": "b"}, "scheduledAt": day.Format(time.RFC3339)},
		"no team": {"sportType": "nba", "homeTeam": map[string]any{"name": ""}, "awayTeam": map[string]any{"name": "b"}, "scheduledAt": day.Format(time.RFC3339)},
		"unknown": {"sportType": "nba", "color": "red"},
	} {
		resp, data := h.admin(http.MethodPost, "/admin/games", body, nil)
		expectCode(t, name, resp, data, errcode.InvalidPayload)
	}
}

// TestSeedDemo: the devnet's catalogue, created once, found again.
func TestSeedDemo(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.startEngine()
	ctx := context.Background()
	first, err := operator.SeedDemo(ctx, h.gws[0].Operator())
	if err != nil {
		t.Fatal(err)
	}
	again, err := operator.SeedDemo(ctx, h.gws[0].Operator())
	if err != nil {
		t.Fatal(err)
	}
	if len(first.Events) != 3 || len(first.Markets) != 7 || len(first.Games) != 1 || len(again.Markets) != 7 || len(again.Games) != 1 {
		t.Fatalf("demo %d events %d markets %d games; again %d markets %d games", len(first.Events), len(first.Markets), len(first.Games),
			len(again.Markets), len(again.Games))
	}
	for i := range first.Markets {
		if first.Markets[i].ID != again.Markets[i].ID || first.Markets[i].ConditionID != again.Markets[i].ConditionID {
			t.Fatalf("market %d changed: %+v %+v", i, first.Markets[i], again.Markets[i])
		}
	}
	var events []gammaapi.Event
	h.get(0, "/events", &events)
	if len(events) != 3 || !events[1].NegRisk || len(events[1].Markets) != 4 {
		t.Fatalf("events %+v", events)
	}
	var games []gammaapi.Game
	h.get(0, "/games?sport_type=nba", &games)
	if len(games) != 1 || games[0].PrimaryEventID != events[2].ID {
		t.Fatalf("games %+v", games)
	}
	for _, m := range first.Markets {
		cond := common.HexToHash(m.ConditionID)
		if info := h.query(&pb.QueryRequest{Query: &pb.QueryRequest_Market{Market: &pb.MarketQuery{Market: cond[:]}}}).GetMarket(); info == nil {
			t.Fatalf("the engine lacks %s", m.Slug)
		}
	}

	// The demo's tags: on the events, filtering them, and given back to a
	// demo event that lost them (as one listed before tags existed).
	if len(first.Tags) != 6 || len(again.Tags) != 6 || first.Tags[0].ID != again.Tags[0].ID {
		t.Fatalf("demo tags %+v, again %+v", first.Tags, again.Tags)
	}
	if got := tagSlugs(events[0].Tags); !slices.Equal(got, []string{"weather", "lisbon"}) {
		t.Errorf("the weather event's tags: %v", got)
	}
	var lisbon []gammaapi.Event
	h.get(0, "/events?tag_slug=lisbon", &lisbon)
	var nba []gammaapi.Market
	h.get(0, "/markets?tag_slug=nba", &nba)
	if len(lisbon) != 2 || len(nba) != 2 {
		t.Errorf("tagged lisbon: %d events; nba: %d markets", len(lisbon), len(nba))
	}
	h.mustAdmin(http.MethodPatch, "/admin/events/"+events[0].ID, map[string]any{"tagIds": []string{}}, nil)
	if _, err := operator.SeedDemo(ctx, h.gws[0].Operator()); err != nil {
		t.Fatal(err)
	}
	var ev gammaapi.Event
	h.get(0, "/events/"+events[0].ID, &ev)
	if got := tagSlugs(ev.Tags); !slices.Equal(got, []string{"weather", "lisbon"}) {
		t.Errorf("the weather event's tags after a new seed: %v", got)
	}
}
