// Package sports is Gamma's sports channel, GET /ws/sports: every game's
// status and score, streamed from the replica's view of the catalogue
// (gammaapi/stream.go is the contract). A position is a revision of the
// catalogue's KV bucket. On connect a client gets every game (the
// snapshot), then, whenever the view applies a revision that wrote games,
// those games; with ?from=P, the games written after P instead of the
// snapshot.
//
// The bucket keeps each key's last value only, so the channel sends
// states, not events: a resume gets each changed game's current state,
// and two writes of one game between two looks at the view show as one.
// The WebSocket plumbing (limits, queue, pings, metrics) is wsfeed's.
package sports

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"pred.dev/gateway-gamma/catalog"
	"pred.dev/proto/client/gammaapi"
	"pred.dev/proto/errcode"
	"pred.dev/proto/runtime/wsfeed"
)

// ChannelName labels the channel's metrics.
const ChannelName = "sports"

// DefaultAheadWait bounds how long a connection whose from is ahead of
// this replica's view (another replica served it) waits for the view to
// reach it before it is closed with STREAM_POSITION_AHEAD.
const DefaultAheadWait = 5 * time.Second

// Channel serves /ws/sports from a view.
type Channel struct {
	View *catalog.View
	Feed *wsfeed.Server
	// AheadWait is DefaultAheadWait if zero.
	AheadWait time.Duration
}

// Serve upgrades the request and streams games until the connection
// ends. A refusal (a bad from, a refused upgrade) is returned for the
// API's error renderer.
func (c *Channel) Serve(ctx context.Context, w http.ResponseWriter, r *http.Request, ip string) error {
	from, err := parseFrom(r)
	if err != nil {
		return err
	}
	conn, err := c.Feed.Accept(w, r, ChannelName, ip)
	if err != nil {
		return err
	}
	if from > 0 {
		c.Feed.Metrics().ResumeReplays.WithLabelValues(ChannelName).Inc()
	}
	go c.stream(ctx, conn, from)
	conn.Run(ctx, func(_ context.Context, _ []byte) {
		conn.SendError("", errcode.Errorf(errcode.StreamUnknownRequest, "the sports channel takes no requests but {\"type\":\"ping\"}"))
	})
	return nil
}

// parseFrom reads ?from=, 0 when absent.
func parseFrom(r *http.Request) (uint64, error) {
	s := r.URL.Query().Get(gammaapi.SportsFromParam)
	if s == "" {
		return 0, nil
	}
	from, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0, errcode.Errorf(errcode.StreamInvalidRequest, "from must be a position (a decimal revision), not %q", s)
	}
	return from, nil
}

// stream sends the games changed after from, then after each revision
// sent, whenever the view changes, until the connection ends.
func (c *Channel) stream(ctx context.Context, conn *wsfeed.Conn, from uint64) {
	if !c.reach(ctx, conn, from) {
		return
	}
	sent := from
	for {
		changed := c.View.Changed() // before the read, so no change is missed
		states, at := c.View.GamesChangedAfter(sent)
		if len(states) > 0 {
			frame, err := encode(states, at)
			if err != nil {
				conn.Fail(errcode.Wrap(errcode.InternalError, err))
				return
			}
			if !conn.Send(at, frame) {
				return
			}
			sent = at
		}
		select {
		case <-changed:
		case <-conn.Done():
			return
		case <-ctx.Done():
			return
		}
	}
}

// reach waits until the view has applied from, bounded by AheadWait.
func (c *Channel) reach(ctx context.Context, conn *wsfeed.Conn, from uint64) bool {
	if c.View.Revision() >= from {
		return true
	}
	wait := c.AheadWait
	if wait <= 0 {
		wait = DefaultAheadWait
	}
	wctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	if err := c.View.WaitFor(wctx, from); err != nil {
		conn.Fail(errcode.Errorf(errcode.StreamPositionAhead, "from %d is ahead of this server's catalogue (revision %d)", from, c.View.Revision()))
		return false
	}
	return true
}

// encode writes a frame of games at position at.
func encode(states []catalog.GameState, at uint64) ([]byte, error) {
	out := make([]gammaapi.SportResult, len(states))
	for i, st := range states {
		out[i] = Result(st, at)
	}
	b, err := json.Marshal(out)
	if err != nil {
		return nil, fmt.Errorf("sports: encode a frame: %w", err)
	}
	return b, nil
}

// Result is a game's sport_result message at position at.
func Result(st catalog.GameState, at uint64) gammaapi.SportResult {
	g := st.Game
	r := gammaapi.SportResult{
		SportsHeader: gammaapi.SportsHeader{Type: gammaapi.MsgSportResult, Position: at},
		GameID:       g.ID, LeagueAbbreviation: g.SportType, Slug: st.Slug,
		HomeTeam: g.HomeTeam.Name, AwayTeam: g.AwayTeam.Name, Status: g.GameStatus,
		Score: fmt.Sprintf("%d-%d", g.HomeScore, g.AwayScore), HomeScore: g.HomeScore, AwayScore: g.AwayScore,
		Live: g.GameStatus == gammaapi.GameLive, Ended: g.GameStatus == gammaapi.GameFinished,
		ScheduledAt: g.ScheduledAt.UTC(), EventID: g.PrimaryEventID,
	}
	if r.Ended && st.Scores != nil && !st.Scores.LastUpdatedAt.IsZero() {
		t := st.Scores.LastUpdatedAt.UTC()
		r.FinishedTimestamp = &t
	}
	return r
}
