package gammaapi

import "time"

// Gamma's sports channel: GET /ws/sports (WebSocket, no auth), every
// game's status and score, as Polymarket's sports channel sends them
// (sport_result), with a position to resume from.
//
// Frames. The server sends one JSON array per text frame: the games of
// one position, or one control message (ping, pong, error). The client
// may send {"type":"ping"} (answered by a pong); it needs to send nothing
// else: the channel has no subscription.
//
// Positions. The catalogue is a NATS KV bucket and a position is its
// revision. On connect the server sends every game's state at its
// current position (a snapshot), then, at each later revision that
// changed games, those games' states. With ?from=P it sends instead the
// state of every game changed after P, then the changes.
//
// States, not events. The bucket keeps each game's last state only (a
// history of one), so a resume gets each game's current state, not every
// score it went through while the client was away; a live client can
// also see two quick changes of one game as one. A score is a state, so
// nothing a client needs is lost: it never sees an older state after a
// newer one.

// SportsPath is the sports channel's path below Gamma's base URL.
const SportsPath = "/ws/sports"

// SportsFromParam is the query parameter that resumes after a position.
const SportsFromParam = "from"

// Sports message types (SportsHeader.Type).
const (
	MsgSportResult = "sport_result"
	MsgSportsPing  = "ping"
	MsgSportsPong  = "pong"
	MsgSportsError = "error"
)

// SportsHeader is the part every message has; decode it first to tell
// the message's type.
type SportsHeader struct {
	Type string `json:"type"`
	// Position is the catalogue revision the message reflects: every
	// game changed after it comes in a later frame. A ping carries the
	// last position sent on the connection.
	Position uint64 `json:"position"`
}

// SportResult is one game's state: Polymarket's sport_result fields,
// then this exchange's own (its ids, the numeric scores, when the game
// is scheduled).
type SportResult struct {
	SportsHeader
	GameID string `json:"gameId"`
	// LeagueAbbreviation is the game's sport type (nba, soccer, ...).
	LeagueAbbreviation string `json:"leagueAbbreviation"`
	// Slug is the game's primary event's slug ("" without one).
	Slug     string `json:"slug"`
	HomeTeam string `json:"homeTeam"`
	AwayTeam string `json:"awayTeam"`
	// Status is the game's status: GamePreGame, GameLive, GameFinished.
	Status string `json:"status"`
	// Score is "home-away" ("3-16").
	Score string `json:"score"`
	// Period and Elapsed are what the score feed reports; this exchange's
	// feeds report neither yet, so they are "".
	Period  string `json:"period"`
	Elapsed string `json:"elapsed"`
	Live    bool   `json:"live"`
	Ended   bool   `json:"ended"`
	// FinishedTimestamp is when the game was seen finished (the score
	// record's last update), on a finished game only.
	FinishedTimestamp *time.Time `json:"finished_timestamp,omitempty"`
	// HomeScore and AwayScore are Score's numbers.
	HomeScore   int       `json:"homeScore"`
	AwayScore   int       `json:"awayScore"`
	ScheduledAt time.Time `json:"scheduledAt"`
	// EventID is the game's primary event ("" without one).
	EventID string `json:"eventId,omitempty"`
}

// SportsError refuses a request or says why the server closes the
// connection; Code is a stable code of the error table, as in REST.
type SportsError struct {
	SportsHeader
	Code    string `json:"code"`
	Message string `json:"message"`
}

// SportsRequest is what a client may send: {"type":"ping"}.
type SportsRequest struct {
	Type string `json:"type"`
}
