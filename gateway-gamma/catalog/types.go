package catalog

import (
	"strconv"
	"time"

	"pred.dev/proto/fixed"
)

// Records are what the KV bucket stores: the catalogue as operators and
// users wrote it, without statistics. The API types further down are what
// GET answers: a record joined with the live statistics of the engine's
// event stream.

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
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// MarketRecord is one market as stored (key market.<id>). Sizes and the
// tick are in base units of 1e-6 (shares and USDW).
type MarketRecord struct {
	ID          string        `json:"id"`
	EventID     string        `json:"eventId"`
	Slug        string        `json:"slug"`
	Question    string        `json:"question"`
	QuestionID  string        `json:"questionID"`
	ConditionID string        `json:"conditionId"`
	Outcomes    []string      `json:"outcomes"`
	TokenIDs    [2]string     `json:"clobTokenIds"` // YES, NO
	StartDate   time.Time     `json:"startDate"`
	EndDate     time.Time     `json:"endDate"`
	Active      bool          `json:"active"`
	Closed      bool          `json:"closed"`
	Archived    bool          `json:"archived"`
	OrderBook   bool          `json:"enableOrderBook"`
	NegRisk     bool          `json:"negRisk"`
	MinSize     uint64        `json:"minSize"`
	MaxSize     uint64        `json:"maxSize"`
	TickSize    uint64        `json:"tickSize"`
	FeeRateBps  uint32        `json:"feeRateBps"`
	Adjudicate  *Adjudication `json:"adjudication,omitempty"`
	CreatedAt   time.Time     `json:"createdAt"`
	UpdatedAt   time.Time     `json:"updatedAt"`
}

// Adjudication tracks a market's resolution (the spec's Adjudication).
// Outcomes are the outcome labels ("Yes", "No"), or "50-50" for a split.
type Adjudication struct {
	CurrentPhase    string     `json:"currentPhase"`
	ProposedOutcome *string    `json:"proposedOutcome"`
	SettledOutcome  *string    `json:"settledOutcome"`
	PayoutVector    []int      `json:"payoutVector"`
	ProposedAt      *time.Time `json:"proposedAt"`
	ResolvedAt      *time.Time `json:"resolvedAt"`
	NextSteps       []string   `json:"nextSteps"`
}

// Adjudication phases (the spec's enum).
const (
	PhaseProposed   = "proposed"
	PhaseChallenged = "challenged"
	PhaseArbitrated = "arbitrated"
	PhaseResolved   = "resolved"
	PhaseCanceled   = "canceled"
)

// Phases lists the valid phases.
var Phases = []string{PhaseProposed, PhaseChallenged, PhaseArbitrated, PhaseResolved, PhaseCanceled}

// Team is one side of a game.
type Team struct {
	Name         string `json:"name"`
	Abbreviation string `json:"abbreviation,omitempty"`
}

// Game is a sports fixture (the spec's PredictGameFixture), stored as is
// (key game.<id>).
type Game struct {
	ID             string    `json:"id"`
	SportType      string    `json:"sportType"`
	HomeTeam       Team      `json:"homeTeam"`
	AwayTeam       Team      `json:"awayTeam"`
	ScheduledAt    time.Time `json:"scheduledAt"`
	GameStatus     string    `json:"gameStatus"`
	HomeScore      int       `json:"homeScore"`
	AwayScore      int       `json:"awayScore"`
	Venue          string    `json:"venue"`
	PrimaryEventID string    `json:"primaryEventId"`
	LinkedEventIDs []string  `json:"linkedEventIds"`
}

// Game statuses (the spec's enum).
const (
	GamePreGame  = "pre-game"
	GameLive     = "live"
	GameFinished = "finished"
)

// GameStatuses lists the valid game statuses.
var GameStatuses = []string{GamePreGame, GameLive, GameFinished}

// GameScores is the score feed's view of a game (the spec's
// GameScoresResponse), stored under scores.<game id>.
type GameScores struct {
	FixtureID     string    `json:"fixtureId"`
	Consistency   string    `json:"consistency"`
	LastFetchedAt time.Time `json:"lastFetchedAt"`
	LastUpdatedAt time.Time `json:"lastUpdatedAt"`
	LatestStatus  string    `json:"latestStatus"`
}

// Profile is a user's public profile, stored under profile.<address>
// (lowercase). The proxy wallet is derived from the address.
type Profile struct {
	Address               string    `json:"address"`
	ProxyWallet           string    `json:"proxyWallet"`
	Name                  string    `json:"name"`
	Pseudonym             string    `json:"pseudonym"`
	Bio                   string    `json:"bio"`
	ProfileImage          string    `json:"profileImage"`
	DisplayUsernamePublic bool      `json:"displayUsernamePublic"`
	CreatedAt             time.Time `json:"createdAt"`
	UpdatedAt             time.Time `json:"updatedAt"`
}

// Num is a non-negative amount in base units of 1e-6 that JSON writes as
// an exact decimal number (12.5), for the spec's number fields.
type Num uint64

// MarshalJSON writes the exact decimal.
func (n Num) MarshalJSON() ([]byte, error) { return fixed.AppendUnits(nil, uint64(n)), nil }

// UnmarshalJSON reads a JSON number or string with at most 6 decimals.
func (n *Num) UnmarshalJSON(b []byte) error {
	s := string(b)
	if len(s) >= 2 && s[0] == '"' {
		s = s[1 : len(s)-1]
	}
	v, err := fixed.ParseUnits(s)
	if err != nil {
		return err
	}
	*n = Num(v)
	return nil
}

func (n Num) String() string { return fixed.FormatUnits(uint64(n)) }

// Event is the spec's Event as the API answers it.
type Event struct {
	ID           string    `json:"id"`
	Title        string    `json:"title"`
	Slug         string    `json:"slug"`
	EventType    string    `json:"eventType"`
	Category     string    `json:"category"`
	StartDate    time.Time `json:"startDate"`
	EndDate      time.Time `json:"endDate"`
	Active       bool      `json:"active"`
	Closed       bool      `json:"closed"`
	Archived     bool      `json:"archived"`
	NegRisk      bool      `json:"negRisk"`
	Volume       Num       `json:"volume"`
	Volume24hr   Num       `json:"volume24hr"`
	Liquidity    Num       `json:"liquidity"`
	OpenInterest Num       `json:"openInterest"`
	Markets      []Market  `json:"markets"`
}

// Market is the spec's Market as the API answers it. outcomes,
// outcomePrices and clobTokenIds are JSON arrays (not JSON-encoded strings
// as in the reference); index 0 is YES, index 1 NO.
type Market struct {
	ID               string        `json:"id"`
	Slug             string        `json:"slug"`
	Question         string        `json:"question"`
	QuestionID       string        `json:"questionID"`
	ConditionID      string        `json:"conditionId"`
	Outcomes         []string      `json:"outcomes"`
	OutcomePrices    []string      `json:"outcomePrices"`
	ClobTokenIDs     []string      `json:"clobTokenIds"`
	BestBid          string        `json:"bestBid"`
	BestAsk          string        `json:"bestAsk"`
	Volume           Num           `json:"volume"`
	Volume24hr       Num           `json:"volume24hr"`
	Liquidity        Num           `json:"liquidity"`
	OpenInterest     Num           `json:"openInterest"`
	StartDate        time.Time     `json:"startDate"`
	EndDate          time.Time     `json:"endDate"`
	Active           bool          `json:"active"`
	Closed           bool          `json:"closed"`
	Archived         bool          `json:"archived"`
	AcceptingOrders  bool          `json:"acceptingOrders"`
	EnableOrderBook  bool          `json:"enableOrderBook"`
	NegRiskAugmented bool          `json:"negRiskAugmented"`
	OrderMinSize     Num           `json:"orderMinSize"`
	OrderMaxSize     Num           `json:"orderMaxSize"`
	OrderTickSize    Num           `json:"orderPriceMinTickSize"`
	Adjudication     *Adjudication `json:"adjudication"`
}

// SportType is one entry of GET /config/sport-types.
type SportType struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

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
