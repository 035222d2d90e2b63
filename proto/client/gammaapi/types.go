package gammaapi

import (
	"time"

	"pred.dev/proto/fixed"
)

// Num is a non-negative amount in base units of 1e-6 that JSON writes as
// an exact decimal number (12.5), for the spec's number fields. It reads
// a JSON number or a decimal string with at most 6 decimals.
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

// Event is the spec's Event.
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
	// Tags are the event's, set by the operator; its markets carry them.
	Tags    []Tag    `json:"tags"`
	Markets []Market `json:"markets"`
}

// Market is the spec's Market. outcomes, outcomePrices and clobTokenIds
// are arrays; index 0 is YES, index 1 NO.
type Market struct {
	ID               string    `json:"id"`
	Slug             string    `json:"slug"`
	Question         string    `json:"question"`
	QuestionID       string    `json:"questionID"`
	ConditionID      string    `json:"conditionId"`
	Outcomes         []string  `json:"outcomes"`
	OutcomePrices    []string  `json:"outcomePrices"`
	ClobTokenIDs     []string  `json:"clobTokenIds"`
	BestBid          string    `json:"bestBid"`
	BestAsk          string    `json:"bestAsk"`
	Volume           Num       `json:"volume"`
	Volume24hr       Num       `json:"volume24hr"`
	Liquidity        Num       `json:"liquidity"`
	OpenInterest     Num       `json:"openInterest"`
	StartDate        time.Time `json:"startDate"`
	EndDate          time.Time `json:"endDate"`
	Active           bool      `json:"active"`
	Closed           bool      `json:"closed"`
	Archived         bool      `json:"archived"`
	AcceptingOrders  bool      `json:"acceptingOrders"`
	EnableOrderBook  bool      `json:"enableOrderBook"`
	NegRiskAugmented bool      `json:"negRiskAugmented"`
	OrderMinSize     Num       `json:"orderMinSize"`
	OrderMaxSize     Num       `json:"orderMaxSize"`
	OrderTickSize    Num       `json:"orderPriceMinTickSize"`
	// AcceptOrdersDuringPlay says whether a sports market takes new
	// orders while its game is live (false: the book closes at the start).
	AcceptOrdersDuringPlay bool          `json:"acceptOrdersDuringPlay"`
	Adjudication           *Adjudication `json:"adjudication"`
	// Tags are the market's event's: a market inherits them.
	Tags []Tag `json:"tags"`
}

// YesToken and NoToken are the market's CLOB token ids.
func (m *Market) YesToken() string { return m.ClobTokenIDs[0] }

// NoToken is the NO token id.
func (m *Market) NoToken() string { return m.ClobTokenIDs[1] }

// Adjudication tracks a market's resolution. Outcomes are outcome labels,
// or "50-50" for a split. payoutVector is set once the market settles
// (resolved or canceled); while a proposal is pending livenessEndsAt
// says when it settles unless challenged.
type Adjudication struct {
	CurrentPhase    string     `json:"currentPhase"`
	ProposedOutcome *string    `json:"proposedOutcome"`
	SettledOutcome  *string    `json:"settledOutcome"`
	PayoutVector    []int      `json:"payoutVector"`
	ProposedAt      *time.Time `json:"proposedAt"`
	LivenessEndsAt  *time.Time `json:"livenessEndsAt"`
	ChallengedAt    *time.Time `json:"challengedAt"`
	ResolvedAt      *time.Time `json:"resolvedAt"`
	NextSteps       []string   `json:"nextSteps"`
}

// Outcome50 is the outcome label of a [1,1] payout (50-50, canceled).
const Outcome50 = "50-50"

// SportsRule says how the platform proposes a sports market's outcome
// from the final score. Type "winner": YES if Team ("home" or "away")
// has more points, NO if fewer, 50-50 on a draw. Type "total": YES if
// the sum of the scores is above Line (a half point, 220.5), NO if below.
type SportsRule struct {
	Type string `json:"type"`
	Team string `json:"team,omitempty"`
	Line Num    `json:"line,omitempty"`
}

// Sports rule types and teams.
const (
	RuleWinner = "winner"
	RuleTotal  = "total"
	TeamHome   = "home"
	TeamAway   = "away"
)

// ProposeInput is the body of POST /admin/markets/{id}/propose and
// /arbitrate: the payout vector, [1,0] (YES), [0,1] (NO) or [1,1]
// (50-50).
type ProposeInput struct {
	PayoutVector []int `json:"payoutVector"`
}

// ChallengeInput is the body of POST /admin/markets/{id}/challenge.
type ChallengeInput struct {
	Reason string `json:"reason,omitempty"`
}

// ScoreReport is the body of POST /admin/games/{id}/scores: one report
// of a score feed, applied as the feed's own reports are (a pre-game game
// going live clears its markets' books, a finished one has its outcome
// proposed). latestStatus is the source's own word for the status
// (InProgress, Final); empty takes gameStatus.
type ScoreReport struct {
	GameStatus   string `json:"gameStatus"`
	HomeScore    int    `json:"homeScore"`
	AwayScore    int    `json:"awayScore"`
	LatestStatus string `json:"latestStatus,omitempty"`
}

// Score feed consistency values (GameScores.consistency).
const (
	// ConsistencyNone: no feed has reported the game yet.
	ConsistencyNone = "none"
	// ConsistencyOK: the last fetch succeeded and agreed with the game.
	ConsistencyOK = "ok"
	// ConsistencyInconsistent: the source's last report contradicted what
	// the platform holds (a finished game live again) and was ignored.
	ConsistencyInconsistent = "inconsistent"
	// ConsistencyStale: the last fetch failed; the scores are as of
	// lastUpdatedAt.
	ConsistencyStale = "stale"
)

// Adjudication phases (the spec's enum).
const (
	PhaseProposed   = "proposed"
	PhaseChallenged = "challenged"
	PhaseArbitrated = "arbitrated"
	PhaseResolved   = "resolved"
	PhaseCanceled   = "canceled"
)

// Team is one side of a game.
type Team struct {
	Name         string `json:"name"`
	Abbreviation string `json:"abbreviation,omitempty"`
}

// Game is the spec's PredictGameFixture.
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

// GameScores is the spec's GameScoresResponse.
type GameScores struct {
	FixtureID     string    `json:"fixtureId"`
	Consistency   string    `json:"consistency"`
	LastFetchedAt time.Time `json:"lastFetchedAt"`
	LastUpdatedAt time.Time `json:"lastUpdatedAt"`
	LatestStatus  string    `json:"latestStatus"`
}

// Profile is a wallet's public profile; proxyWallet is derived from the
// address.
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

// ProfileRequest is the body of POST /profiles; absent fields keep their
// value.
type ProfileRequest struct {
	Name                  *string `json:"name,omitempty"`
	Pseudonym             *string `json:"pseudonym,omitempty"`
	Bio                   *string `json:"bio,omitempty"`
	ProfileImage          *string `json:"profileImage,omitempty"`
	DisplayUsernamePublic *bool   `json:"displayUsernamePublic,omitempty"`
}

// SportType is one entry of GET /config/sport-types.
type SportType struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// PublicInfo is the spec's publicInfoResponse, with the deployment's
// adjudication timing.
type PublicInfo struct {
	Chain     []ChainInfo `json:"chain"`
	Contracts Contracts   `json:"contracts"`
	// Adjudication says, before any proposal, how long a market takes
	// to resolve once an outcome is proposed.
	Adjudication AdjudicationTiming `json:"adjudication"`
}

// AdjudicationTiming is how long resolution takes on this deployment.
// An unchallenged proposal made at proposedAt settles (resolved, or
// canceled) at livenessEndsAt = proposedAt + LivenessSeconds, and the
// market shows resolved at most SettleDelaySeconds after that, plus the
// time the chain takes to mine the oracle's report of the payouts.
type AdjudicationTiming struct {
	// LivenessSeconds is how long a proposal can be challenged.
	LivenessSeconds int64 `json:"livenessSeconds"`
	// SettleDelaySeconds bounds the wait from livenessEndsAt to the
	// settlement: a grace for replicas' clocks and the interval at which
	// a replica looks for proposals past their liveness.
	SettleDelaySeconds int64 `json:"settleDelaySeconds"`
}

// ChainInfo is one chain the exchange's contracts are on.
type ChainInfo struct {
	ChainID     uint64 `json:"chainId"`
	RPCURL      string `json:"rpcUrl"`
	ExplorerURL string `json:"explorerUrl"`
}

// Contracts are the deployment's addresses (0x hex, EIP-55) and the
// init-code hash of the Safe factory's proxies: a trader's proxy wallet is
// the CREATE2 address of safeFactory, the owner's salt and
// safeInitCodeHash (pred.dev/proto/wallet.ProxyAddress).
type Contracts struct {
	ConditionalTokens string `json:"conditionalTokens"`
	Exchange          string `json:"exchange"`
	NegRiskExchange   string `json:"negRiskExchange"`
	SafeFactory       string `json:"safeFactory"`
	SafeInitCodeHash  string `json:"safeInitCodeHash"`
	Collateral        string `json:"collateral"`
	// Stablecoin is the dollar stablecoin under USDW: USDW's wrap and
	// wrapTo take it in, unwrap and unwrapTo pay it out. Empty for a
	// gateway run without a deployment record and without -stablecoin.
	Stablecoin string `json:"stablecoin,omitempty"`
	// MultiSendCallOnly is Safe 1.4.1's MultiSendCallOnly, which a
	// wallet's onboarding delegate-calls to approve both exchanges in one
	// Safe transaction through the relayer; empty for a deployment made
	// before it was deployed.
	MultiSendCallOnly string `json:"multiSendCallOnly,omitempty"`
}

// EventsPage is the body of GET /events/keyset.
type EventsPage struct {
	Events     []Event `json:"events"`
	NextCursor string  `json:"next_cursor"`
}

// MarketsPage is the body of GET /markets/keyset.
type MarketsPage struct {
	Markets    []Market `json:"markets"`
	NextCursor string   `json:"next_cursor"`
}

// NonceResponse is the spec's nonceResponse.
type NonceResponse struct {
	Nonce     string `json:"nonce"`
	ScopeID   string `json:"scopeId"`
	IssuedAt  string `json:"issuedAt"`
	ChainID   uint64 `json:"chainId"`
	Statement string `json:"statement"`
}

// MessageParams are the signed Login message's fields as the client
// sends them back: the nonce response, and optionally the address.
type MessageParams struct {
	Nonce     string `json:"nonce"`
	ScopeID   string `json:"scopeId"`
	IssuedAt  string `json:"issuedAt"`
	ChainID   uint64 `json:"chainId"`
	Statement string `json:"statement"`
	Address   string `json:"address,omitempty"`
}

// LoginRequest is the spec's loginRequest.
type LoginRequest struct {
	Signature     string        `json:"signature"`
	MessageParams MessageParams `json:"messageParams"`
}

// TokenResponse is the spec's docTokenResponse, with the expiry.
type TokenResponse struct {
	Token     string    `json:"token"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// ErrorBody is every error response.
type ErrorBody struct {
	Error string `json:"error"`
	Code  string `json:"code"`
}

// Health is the body of /livez and /readyz.
type Health struct {
	Status string            `json:"status"`
	Checks map[string]string `json:"checks,omitempty"`
}

// EventInput is the body of POST /admin/events.
type EventInput struct {
	Title     string    `json:"title"`
	Slug      string    `json:"slug"`
	EventType string    `json:"eventType,omitempty"`
	Category  string    `json:"category,omitempty"`
	StartDate time.Time `json:"startDate"`
	EndDate   time.Time `json:"endDate"`
	NegRisk   bool      `json:"negRisk,omitempty"`
	Active    *bool     `json:"active,omitempty"`
	// TagIDs are ids of existing tags (POST /admin/tags).
	TagIDs []string `json:"tagIds,omitempty"`
}

// EventPatch is the body of PATCH /admin/events/{id}; absent fields keep
// their value.
type EventPatch struct {
	Title     *string    `json:"title,omitempty"`
	EventType *string    `json:"eventType,omitempty"`
	Category  *string    `json:"category,omitempty"`
	StartDate *time.Time `json:"startDate,omitempty"`
	EndDate   *time.Time `json:"endDate,omitempty"`
	Active    *bool      `json:"active,omitempty"`
	Closed    *bool      `json:"closed,omitempty"`
	Archived  *bool      `json:"archived,omitempty"`
	// TagIDs, when present, replace the event's tags ([] removes them).
	TagIDs *[]string `json:"tagIds,omitempty"`
}

// MarketInput is the body of POST /admin/markets. Zero sizes and tick
// take the defaults (5 and 100000 shares, tick 0.01).
type MarketInput struct {
	EventID         string     `json:"eventId"`
	Slug            string     `json:"slug"`
	Question        string     `json:"question"`
	Outcomes        []string   `json:"outcomes,omitempty"`
	StartDate       *time.Time `json:"startDate,omitempty"`
	EndDate         *time.Time `json:"endDate,omitempty"`
	TickSize        Num        `json:"orderPriceMinTickSize,omitempty"`
	MinSize         Num        `json:"orderMinSize,omitempty"`
	MaxSize         Num        `json:"orderMaxSize,omitempty"`
	FeeRateBps      uint32     `json:"feeRateBps,omitempty"`
	EnableOrderBook *bool      `json:"enableOrderBook,omitempty"`
	Active          *bool      `json:"active,omitempty"`
	// AcceptOrdersDuringPlay keeps the book open while the market's game
	// is live (default false: the book closes when the game starts).
	AcceptOrdersDuringPlay bool `json:"acceptOrdersDuringPlay,omitempty"`
	// SportsRule lets the platform propose the outcome from the final
	// score of the event's game.
	SportsRule *SportsRule `json:"sportsRule,omitempty"`
}

// MarketPatch is the body of PATCH /admin/markets/{id}.
type MarketPatch struct {
	StartDate       *time.Time `json:"startDate,omitempty"`
	EndDate         *time.Time `json:"endDate,omitempty"`
	Active          *bool      `json:"active,omitempty"`
	Closed          *bool      `json:"closed,omitempty"`
	Archived        *bool      `json:"archived,omitempty"`
	EnableOrderBook *bool      `json:"enableOrderBook,omitempty"`
	TickSize        *Num       `json:"orderPriceMinTickSize,omitempty"`
	MinSize         *Num       `json:"orderMinSize,omitempty"`
	MaxSize         *Num       `json:"orderMaxSize,omitempty"`
	FeeRateBps      *uint32    `json:"feeRateBps,omitempty"`
}

// GameInput is the body of POST /admin/games.
type GameInput struct {
	SportType      string    `json:"sportType"`
	HomeTeam       Team      `json:"homeTeam"`
	AwayTeam       Team      `json:"awayTeam"`
	ScheduledAt    time.Time `json:"scheduledAt"`
	Venue          string    `json:"venue,omitempty"`
	PrimaryEventID string    `json:"primaryEventId,omitempty"`
	LinkedEventIDs []string  `json:"linkedEventIds,omitempty"`
}

// GamePatch is the body of PATCH /admin/games/{id}.
type GamePatch struct {
	ScheduledAt    *time.Time `json:"scheduledAt,omitempty"`
	GameStatus     *string    `json:"gameStatus,omitempty"`
	HomeScore      *int       `json:"homeScore,omitempty"`
	AwayScore      *int       `json:"awayScore,omitempty"`
	Venue          *string    `json:"venue,omitempty"`
	PrimaryEventID *string    `json:"primaryEventId,omitempty"`
	LinkedEventIDs []string   `json:"linkedEventIds,omitempty"`
}

// ScoresInput is the body of PUT /admin/games/{id}/scores.
type ScoresInput struct {
	Consistency   string    `json:"consistency"`
	LastFetchedAt time.Time `json:"lastFetchedAt"`
	LastUpdatedAt time.Time `json:"lastUpdatedAt"`
	LatestStatus  string    `json:"latestStatus"`
}
