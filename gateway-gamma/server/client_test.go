package server_test

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"

	"pred.dev/proto/client/gamma"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/errcode"
)

// TestGoClient drives every call of the Go SDK against a gateway with
// the real engine; each request and response is checked against the
// OpenAPI document.
func TestGoClient(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.startEngine()
	ctx := context.Background()
	key := newKey(t)
	op := gamma.New(h.url(0), gamma.WithHTTPClient(h.httpClient(true)), gamma.WithOperatorKey(testOperatorKey))
	ev, err := op.CreateEvent(ctx, gammaapi.EventInput{Title: "Weather", Slug: "weather", EventType: "standard", Category: "weather",
		StartDate: day, EndDate: day.Add(24 * time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	m, err := op.CreateMarket(ctx, gammaapi.MarketInput{EventID: ev.ID, Slug: "rain", Question: "Will it rain?", FeeRateBps: 100})
	if err != nil {
		t.Fatal(err)
	}
	archived := true
	if _, err := op.UpdateEvent(ctx, ev.ID, gammaapi.EventPatch{Title: ptr("Weather today")}); err != nil {
		t.Fatal(err)
	}
	if _, err := op.UpdateMarket(ctx, m.ID, gammaapi.MarketPatch{FeeRateBps: ptr[uint32](50)}); err != nil {
		t.Fatal(err)
	}
	g, err := op.CreateGame(ctx, gammaapi.GameInput{SportType: "nba", HomeTeam: gammaapi.Team{Name: "Lakers"}, AwayTeam: gammaapi.Team{Name: "Celtics"},
		ScheduledAt: day, PrimaryEventID: ev.ID})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := op.UpdateGame(ctx, g.ID, gammaapi.GamePatch{GameStatus: ptr("live")}); err != nil {
		t.Fatal(err)
	}
	if _, err := op.PutScores(ctx, g.ID, gammaapi.ScoresInput{Consistency: "ok", LastFetchedAt: day, LastUpdatedAt: day, LatestStatus: "live"}); err != nil {
		t.Fatal(err)
	}

	c := gamma.New(h.url(0), gamma.WithHTTPClient(h.httpClient(true)), gamma.WithPrivateKey(key))
	got, err := c.EventBySlug(ctx, "weather")
	if err != nil || got.Title != "Weather today" || len(got.Markets) != 1 || got.Markets[0].YesToken() != m.ClobTokenIDs[0] {
		t.Fatalf("event %+v %v", got, err)
	}
	if _, err := c.Event(ctx, ev.ID); err != nil {
		t.Fatal(err)
	}
	if list, err := c.Events(ctx, url.Values{"limit": {"5"}}); err != nil || len(list) != 1 {
		t.Fatalf("events %v %v", list, err)
	}
	if all, err := c.AllEvents(ctx, url.Values{"limit": {"1"}}); err != nil || len(all) != 1 {
		t.Fatalf("all events %v %v", all, err)
	}
	if all, err := c.AllMarkets(ctx, nil); err != nil || len(all) != 1 {
		t.Fatalf("all markets %v %v", all, err)
	}
	if ms, err := c.Markets(ctx, url.Values{"clob_token_ids": {m.NoToken()}}); err != nil || len(ms) != 1 {
		t.Fatalf("markets %v %v", ms, err)
	}
	if mk, err := c.MarketBySlug(ctx, "rain"); err != nil || mk.ConditionID != m.ConditionID {
		t.Fatalf("market %+v %v", mk, err)
	}
	if _, err := c.Market(ctx, m.ID); err != nil {
		t.Fatal(err)
	}
	if gs, err := c.Games(ctx, url.Values{"status": {"live"}}); err != nil || len(gs) != 1 {
		t.Fatalf("games %v %v", gs, err)
	}
	if _, err := c.Game(ctx, g.ID); err != nil {
		t.Fatal(err)
	}
	if sc, err := c.GameScores(ctx, g.ID); err != nil || sc.LatestStatus != "live" {
		t.Fatalf("scores %+v %v", sc, err)
	}
	if st, err := c.SportTypes(ctx); err != nil || len(st) == 0 {
		t.Fatalf("sport types %v %v", st, err)
	}
	if pi, err := c.PublicInfo(ctx); err != nil || pi.Chain[0].ChainID != testChainID {
		t.Fatalf("public info %+v %v", pi, err)
	}
	if _, err := c.Login(ctx); err != nil {
		t.Fatal(err)
	}
	old := c.Token()
	if _, err := c.Refresh(ctx); err != nil || c.Token() == old {
		t.Fatalf("refresh: %v", err)
	}
	p, err := c.UpdateProfile(ctx, gammaapi.ProfileRequest{Name: ptr("Alice")})
	if err != nil || p.Name != "Alice" {
		t.Fatalf("profile %+v %v", p, err)
	}
	addr := strings.ToLower(crypto.PubkeyToAddress(key.PublicKey).Hex())
	if p, err := c.Profile(ctx, addr); err != nil || p.Name != "Alice" {
		t.Fatalf("read profile %+v %v", p, err)
	}
	_, err = c.Market(ctx, "999")
	var ae *gamma.APIError
	if !errors.Is(err, errcode.MarketNotFound) || !errors.As(err, &ae) || ae.Status != 404 {
		t.Fatalf("unknown market: %v", err)
	}
	if _, err := op.UpdateEvent(ctx, ev.ID, gammaapi.EventPatch{Archived: &archived}); err != nil {
		t.Fatal(err)
	}
	if list, _ := c.Events(ctx, nil); len(list) != 0 {
		t.Fatalf("an archived event is listed: %v", list)
	}
	trader := gamma.New(h.url(0), gamma.WithHTTPClient(h.httpClient(true)), gamma.WithToken(c.Token()), gamma.WithOperatorKey("x"))
	if _, err := trader.CreateEvent(ctx, gammaapi.EventInput{Title: "x", Slug: "x", StartDate: day, EndDate: day}); !errors.Is(err, errcode.OperatorUnauthorized) {
		t.Fatalf("a trader on /admin: %v", err)
	}
}

func ptr[T any](v T) *T { return &v }
