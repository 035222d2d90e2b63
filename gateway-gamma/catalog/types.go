package catalog

import (
	"regexp"
	"strconv"
	"time"

	"pred.dev/proto/client/gammaapi"
)

// Records are what the KV bucket stores: the catalogue as operators and
// users wrote it, without statistics. GET answers the wire types of
// pred.dev/proto/client/gammaapi: a record joined with the live
// statistics of the engine's event stream. Games, scores, profiles, tags
// and adjudications are stored as gammaapi types, as they are answered.

// EventRecord is one event as stored (key event.<id>).
type EventRecord struct {
	ID        string    `json:"id"`
	Title     string    `json:"title"`
	Slug      string    `json:"slug"`
	EventType string    `json:"eventType"`
	Category  string    `json:"category"`
	StartDate time.Time `json:"startDate"`
	EndDate   time.Time `json:"endDate"`
	Active    bool      `json:"active"`
	Closed    bool      `json:"closed"`
	Archived  bool      `json:"archived"`
	NegRisk   bool      `json:"negRisk"`
	// TagIDs are the event's tags, ids of tag records, in the order the
	// operator gave them; the event's markets inherit them.
	TagIDs    []string  `json:"tagIds,omitempty"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// MarketRecord is one market as stored (key market.<id>). Sizes and the
// tick are in base units of 1e-6 (shares and USDW).
type MarketRecord struct {
	ID          string                 `json:"id"`
	EventID     string                 `json:"eventId"`
	Slug        string                 `json:"slug"`
	Question    string                 `json:"question"`
	QuestionID  string                 `json:"questionID"`
	ConditionID string                 `json:"conditionId"`
	Outcomes    []string               `json:"outcomes"`
	TokenIDs    [2]string              `json:"clobTokenIds"` // YES, NO
	StartDate   time.Time              `json:"startDate"`
	EndDate     time.Time              `json:"endDate"`
	Active      bool                   `json:"active"`
	Closed      bool                   `json:"closed"`
	Archived    bool                   `json:"archived"`
	OrderBook   bool                   `json:"enableOrderBook"`
	NegRisk     bool                   `json:"negRisk"`
	MinSize     uint64                 `json:"minSize"`
	MaxSize     uint64                 `json:"maxSize"`
	TickSize    uint64                 `json:"tickSize"`
	FeeRateBps  uint32                 `json:"feeRateBps"`
	Adjudicate  *gammaapi.Adjudication `json:"adjudication,omitempty"`
	// AcceptDuringPlay keeps the book open while the game is live.
	AcceptDuringPlay bool `json:"acceptOrdersDuringPlay,omitempty"`
	// SportsRule, if set, proposes the outcome from the final score.
	SportsRule *gammaapi.SportsRule `json:"sportsRule,omitempty"`
	// ProposedPayout is the pending proposal's payout vector (the API
	// shows payoutVector only once settled), and Challenges counts the
	// challenges so far: the second sends the market to arbitration.
	ProposedPayout []int     `json:"proposedPayout,omitempty"`
	Challenges     int       `json:"challenges,omitempty"`
	CreatedAt      time.Time `json:"createdAt"`
	UpdatedAt      time.Time `json:"updatedAt"`
}

// Adjudication phases (the spec's enum).
const (
	PhaseProposed   = gammaapi.PhaseProposed
	PhaseChallenged = gammaapi.PhaseChallenged
	PhaseArbitrated = gammaapi.PhaseArbitrated
	PhaseResolved   = gammaapi.PhaseResolved
	PhaseCanceled   = gammaapi.PhaseCanceled
)

// Phases lists the valid phases.
var Phases = []string{PhaseProposed, PhaseChallenged, PhaseArbitrated, PhaseResolved, PhaseCanceled}

// Game statuses (the spec's enum).
const (
	GamePreGame  = gammaapi.GamePreGame
	GameLive     = gammaapi.GameLive
	GameFinished = gammaapi.GameFinished
)

// GameStatuses lists the valid game statuses.
var GameStatuses = []string{GamePreGame, GameLive, GameFinished}

// idLess orders numeric ids (decimal strings without leading zeros).
func idLess(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

// validID reports whether s is a catalogue id: a positive decimal integer
// without leading zeros, at most 18 digits.
func validID(s string) bool {
	if s == "" || len(s) > 18 || s[0] == '0' {
		return false
	}
	_, err := strconv.ParseUint(s, 10, 64)
	return err == nil
}

// ValidID is validID for the API layer.
func ValidID(s string) bool { return validID(s) }

// slugPattern is the form of every slug.
var slugPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// SlugBytesMax bounds a slug.
const SlugBytesMax = 128

// ValidSlug reports whether s is a well-formed slug.
func ValidSlug(s string) bool { return len(s) <= SlugBytesMax && slugPattern.MatchString(s) }
