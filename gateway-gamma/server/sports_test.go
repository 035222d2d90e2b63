package server_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"pred.dev/gateway-gamma/server"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/client/stream"
	"pred.dev/proto/errcode"
	rtapitest "pred.dev/proto/runtime/apitest"
	"pred.dev/proto/runtime/eventually"
)

// createGame creates an event and its pre-game game through the
// operator API.
func (h *harness) createGame(slug, home, away string) gammaapi.Game {
	h.t.Helper()
	var ev gammaapi.Event
	h.mustAdmin(http.MethodPost, "/admin/events", eventBody(slug, false), &ev)
	var g gammaapi.Game
	h.mustAdmin(http.MethodPost, "/admin/games", map[string]any{"sportType": "nba", "homeTeam": map[string]any{"name": home},
		"awayTeam": map[string]any{"name": away}, "scheduledAt": day.Format(time.RFC3339), "primaryEventId": ev.ID}, &g)
	return g
}

// patchGame changes a game through the operator API.
func (h *harness) patchGame(id string, patch map[string]any) {
	h.t.Helper()
	h.mustAdmin(http.MethodPatch, "/admin/games/"+id, patch, nil)
}

// nextResult reads the stream's next sport_result, within waitMax.
func nextResult(t *testing.T, s *stream.Stream) *gammaapi.SportResult {
	t.Helper()
	timeout := time.NewTimer(waitMax)
	defer timeout.Stop()
	for {
		select {
		case m, ok := <-s.Messages():
			if !ok {
				t.Fatalf("the stream ended: %v", s.Err())
			}
			if r, isResult := m.(*gammaapi.SportResult); isResult {
				return r
			}
			t.Fatalf("an unexpected message %#v", m)
		case <-timeout.C:
			t.Fatalf("no sport_result within %v (status %+v)", waitMax, s.Status())
		}
	}
}

// TestSportsGameGoesLive: a connected client gets the snapshot of every
// game, then the game going live and each score change, at increasing
// positions, in Polymarket's sport_result shape.
func TestSportsGameGoesLive(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	g := h.createGame("lakers-celtics", "Lakers", "Celtics")
	other := h.createGame("knicks-nets", "Knicks", "Nets")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := stream.Sports(ctx, h.url(0))
	defer s.Close()

	first, second := nextResult(t, s), nextResult(t, s)
	if first.GameID != g.ID || second.GameID != other.ID || first.Position != second.Position || first.Position == 0 {
		t.Fatalf("snapshot %+v, %+v: want games %s and %s at one position", first, second, g.ID, other.ID)
	}
	if first.Status != gammaapi.GamePreGame || first.Live || first.Ended || first.Score != "0-0" || first.HomeTeam != "Lakers" ||
		first.AwayTeam != "Celtics" || first.Slug != "lakers-celtics" || first.LeagueAbbreviation != "nba" {
		t.Fatalf("pre-game state %+v", first)
	}
	last := first.Position

	h.patchGame(g.ID, map[string]any{"gameStatus": "live"})
	r := nextResult(t, s)
	if r.GameID != g.ID || r.Status != gammaapi.GameLive || !r.Live || r.Position <= last {
		t.Fatalf("after going live: %+v (last position %d)", r, last)
	}
	last = r.Position
	for _, score := range []struct {
		home, away int
		want       string
	}{{1, 0, "1-0"}, {1, 2, "1-2"}} {
		h.patchGame(g.ID, map[string]any{"homeScore": score.home, "awayScore": score.away})
		r = nextResult(t, s)
		if r.GameID != g.ID || r.Score != score.want || r.HomeScore != score.home || r.AwayScore != score.away || r.Position <= last {
			t.Fatalf("after the score %s: %+v (last position %d)", score.want, r, last)
		}
		last = r.Position
	}
	h.patchGame(g.ID, map[string]any{"gameStatus": "finished"})
	if r = nextResult(t, s); !r.Ended || r.Live || r.Status != gammaapi.GameFinished {
		t.Fatalf("finished: %+v", r)
	}
	if st := s.Status(); st.Position != r.Position || st.Connects != 1 {
		t.Fatalf("status %+v, want position %d on one connection", st, r.Position)
	}
}

// TestSportsResume: a client that comes back with from gets the current
// state of exactly the games changed after it (a game changed twice
// once), on any replica, then the changes.
func TestSportsResume(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	a, b, c := h.createGame("a-b", "A", "B"), h.createGame("c-d", "C", "D"), h.createGame("e-f", "E", "F")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := stream.Sports(ctx, h.url(0))
	for range 3 {
		nextResult(t, s)
	}
	from := s.Status().Position
	s.Close()

	h.patchGame(a.ID, map[string]any{"gameStatus": "live"})
	h.patchGame(c.ID, map[string]any{"gameStatus": "live"})
	h.patchGame(a.ID, map[string]any{"homeScore": 4})
	second := h.addGateway()
	resumed := stream.Sports(ctx, h.url(second), stream.WithFrom(from))
	defer resumed.Close()
	ra, rc := nextResult(t, resumed), nextResult(t, resumed)
	if ra.GameID != a.ID || ra.Score != "4-0" || !ra.Live || rc.GameID != c.ID || !rc.Live || ra.Position != rc.Position || ra.Position <= from {
		t.Fatalf("resumed after %d: %+v, %+v; want %s live 4-0 and %s live at one later position", from, ra, rc, a.ID, c.ID)
	}
	// Had the resume sent b, or a twice, it would come before this.
	h.patchGame(b.ID, map[string]any{"awayScore": 1})
	if rb := nextResult(t, resumed); rb.GameID != b.ID || rb.Score != "0-1" || rb.Position <= ra.Position {
		t.Fatalf("after the resume: %+v, want %s at 0-1", rb, b.ID)
	}
}

// upgradeHeader is a WebSocket handshake's headers.
var upgradeHeader = http.Header{"Connection": {"Upgrade"}, "Upgrade": {"websocket"}, "Sec-Websocket-Version": {"13"},
	"Sec-Websocket-Key": {"dGhlIHNhbXBsZSBub25jZQ=="}}

// TestSportsRefusals: what is refused before the upgrade is an HTTP
// answer with the error table's code: a from that is not a position, a
// request that is not a handshake, one over the connections per IP.
func TestSportsRefusals(t *testing.T) {
	t.Parallel()
	h := newHarness(t, func(c *server.Config) { c.Stream.ConnsPerIP = 1 })
	for _, c := range []struct {
		query  string
		header http.Header
		status int
		code   errcode.Code
	}{
		{"?from=x", upgradeHeader, http.StatusBadRequest, errcode.StreamInvalidRequest},
		{"", nil, http.StatusUpgradeRequired, errcode.StreamUpgradeRequired},
	} {
		resp, data := h.do(0, http.MethodGet, gammaapi.SportsPath+c.query, nil, c.header)
		if resp.StatusCode != c.status || errorCode(t, data) != string(c.code) {
			t.Errorf("GET %s%s: %d %s, want %d %s", gammaapi.SportsPath, c.query, resp.StatusCode, data, c.status, c.code)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := stream.Sports(ctx, h.url(0))
	defer s.Close()
	eventually.True(t, "the first stream is connected", func() bool { return s.Status().Connected })
	resp, data := h.do(0, http.MethodGet, gammaapi.SportsPath, nil, upgradeHeader)
	if resp.StatusCode != http.StatusTooManyRequests || errorCode(t, data) != string(errcode.StreamTooManyConnections) {
		t.Errorf("a second connection from the IP: %d %s", resp.StatusCode, data)
	}
}

// TestSportsSDKResumesAfterACut: the SDK's stream, its connection cut and
// the server unreachable while games change, dials again by itself and
// resumes from the last position it processed: it gets the changed games
// once, not the snapshot again, then the live changes.
func TestSportsSDKResumesAfterACut(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	a, b, c := h.createGame("a-b", "A", "B"), h.createGame("c-d", "C", "D"), h.createGame("e-f", "E", "F")
	r := rtapitest.NewRelay(t, h.url(0))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := stream.Sports(ctx, r.URL, stream.WithBackoff(10*time.Millisecond, 50*time.Millisecond))
	defer s.Close()
	for range 3 {
		nextResult(t, s)
	}

	r.SetDown(true)
	eventually.True(t, "the stream sees its connection cut", func() bool { return !s.Status().Connected })
	h.patchGame(a.ID, map[string]any{"gameStatus": "live"})
	h.patchGame(c.ID, map[string]any{"gameStatus": "live", "homeScore": 2})
	r.SetDown(false)

	ra, rc := nextResult(t, s), nextResult(t, s)
	if ra.GameID != a.ID || !ra.Live || rc.GameID != c.ID || rc.Score != "2-0" {
		t.Fatalf("after the cut: %+v, %+v; want %s live and %s at 2-0", ra, rc, a.ID, c.ID)
	}
	h.patchGame(b.ID, map[string]any{"gameStatus": "live"})
	if rb := nextResult(t, s); rb.GameID != b.ID || !rb.Live {
		t.Fatalf("then: %+v, want %s live (the snapshot again would come first)", rb, b.ID)
	}
	if st := s.Status(); st.Connects < 2 {
		t.Fatalf("status %+v: want two connections or more", st)
	}
}
