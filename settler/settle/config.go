package settle

import (
	"errors"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/nats-io/nats.go"
	"github.com/prometheus/client_golang/prometheus"

	"pred.dev/proto/chain/deploy"
	"pred.dev/proto/rules"
)

// Config tunes a Settler.
type Config struct {
	// Deployment gives the chain id and the two exchanges.
	Deployment *deploy.Deployment
	// Store is the NATS connection holding the settlement's own state:
	// the settler's bucket and the relayer's queue and records (where the
	// relayer's worker runs). Nil: the engine's connection given to New.
	// A deployment may keep it on a server apart from the engine's log,
	// so that the settlement's bookkeeping is served by a server (and a
	// disk) of its own, not the log's.
	Store *nats.Conn
	// Chain reads balances and approvals when a trade FAILED, to find the
	// party whose funds were missing. Nil skips that (no order cancelled).
	Chain bind.ContractCaller
	// MakersMax is the most maker orders per match: the contract's
	// MAX_MAKER_ORDERS.
	MakersMax int
	// MatchesMax and FillsMax bound one call: the matches of one segment
	// on one exchange go together in one matchOrdersBatch (the contract
	// takes at most MAX_BATCH_MATCHES, 32), at most MatchesMax of them
	// with at most FillsMax fills in all, so that a call's gas stays
	// within a transaction's (2^24 since Osaka): at the devnet's worst,
	// every holder new, 12 matches of 45 fills take about 16.05 M. A
	// call that needs more is refused by the relayer and split, each
	// match on its own. FillsMax is three full matches: a call's fixed
	// costs (the worker's run and records, the settler's, a status
	// each) weigh on the fills a third as much as at one; in the
	// settlement benchmark 45 settled about 30% more a second than 24.
	MatchesMax, FillsMax int
	// GatherWindow bounds, in engine time, the EVT messages whose matches
	// go into one segment (the calls cut from it): a message this much
	// later than the segment's first starts the next one (see gatherer).
	//
	// MatchesMax, FillsMax and GatherWindow may change at any restart, a
	// crash included: the cursor record keeps the ones that cut what
	// follows it, and new ones take effect only at segments opened past
	// the EVT stream's last message at the start (cursorRecord), so what
	// the last run cut is cut again the same way. A settler whose cursor
	// is an older settler's plain sequence reads it with that settler's
	// defaults (12, 24, 250 ms): an upgrade from one run with other flags
	// needs a clean stop.
	GatherWindow time.Duration
	// AttemptsMax is how many relayer transactions a settlement gets
	// before its trades are FAILED.
	AttemptsMax uint32
	// RetryBackoff is the wait before the second attempt; it doubles with
	// every attempt after.
	RetryBackoff time.Duration
	// OpenMax bounds the settlements not yet final; reading the event
	// stream waits beyond it (the engine does not: EVT keeps the backlog).
	OpenMax int
	// QueryParallel bounds the order queries in flight at once.
	QueryParallel int
	// OrderCacheMax bounds the signed orders kept in memory (a resting
	// order filled by many takers is read once).
	OrderCacheMax int
	// QueryTimeout bounds one order query.
	QueryTimeout time.Duration
	// SweepAfter: a settlement not heard of for this long has its relayer
	// transaction read again (and queued again if the queue lost it).
	SweepAfter time.Duration
	// GasHintBase (per match) and GasHintPerMaker (per fill) bound a
	// call's gas, generously (on the devnet's chain, where a new storage
	// slot costs about 110,000 gas, a match of new holders takes up to
	// about 400,000 and each fill up to about 250,000): the
	// relayer's worker uses the bound as the gas limit when one run of
	// the call fits in it, and estimates the gas otherwise, so a bound too
	// low costs an estimate, never a failed trade. Zero for both sends no
	// bound.
	GasHintBase, GasHintPerMaker uint64
	// CursorEvery bounds how often the EVT cursor is written.
	CursorEvery time.Duration
	// Replicas of the settler's bucket: 1 on one node, 3 in a cluster.
	Replicas int
	// Registerer takes the metrics (none if nil).
	Registerer prometheus.Registerer
	// Now replaces time.Now (tests).
	Now func() time.Time
	// Crash, when set, is called at each named step (the Crash* points);
	// returning true stops the settler there with ErrCrashed, writing
	// nothing more, as a killed process would (tests).
	Crash func(point string) bool
}

// Steps a test may crash the settler at.
const (
	CrashRecorded = "recorded" // a settlement's record written, its call not queued
	CrashQueued   = "queued"   // its call queued, the EVT cursor not written
	CrashReported = "reported" // a status appended to the log, the record not updated
	CrashRetry    = "retry"    // a new attempt recorded, not yet queued
)

// ErrCrashed: a test's Crash hook stopped the settler.
var ErrCrashed = errors.New("settle: crashed (test)")

// Defaults of Config.
const (
	DefaultMakersMax       = 15
	DefaultMatchesMax      = 12
	DefaultFillsMax        = 45
	DefaultAttemptsMax     = 5
	DefaultRetryBackoff    = time.Second
	DefaultOpenMax         = 4096
	DefaultQueryParallel   = 16
	DefaultOrderCacheMax   = 65536
	DefaultQueryTimeout    = 5 * time.Second
	DefaultSweepAfter      = 10 * time.Second
	DefaultCursorEvery     = 200 * time.Millisecond
	DefaultGasHintBase     = 600_000
	DefaultGasHintPerMaker = 300_000
	// AppendWindow is the group-commit window of the settler's publisher
	// (publish.Config.Window): the statuses of every call that changes
	// within it go to the log in one message. The log fsyncs each message
	// and takes them one at a time, so a status a message took a slot
	// beside the gateways' order batches: in the CLOB bench, with the 1 ms
	// default the exchange kept 84-86% of its order rate beside
	// settlement, with this window 91-96%. A status is at most this much
	// later for it.
	AppendWindow = 50 * time.Millisecond
)

func (c Config) withDefaults() (Config, error) {
	if c.Deployment == nil {
		return c, errors.New("settle: no deployment")
	}
	if c.MakersMax <= 0 || c.MakersMax > DefaultMakersMax {
		c.MakersMax = DefaultMakersMax
	}
	if c.MatchesMax <= 0 || c.MatchesMax > 32 {
		c.MatchesMax = DefaultMatchesMax
	}
	if c.FillsMax <= 0 {
		c.FillsMax = DefaultFillsMax
	}
	if c.GatherWindow <= 0 {
		c.GatherWindow = DefaultGatherWindow
	}
	// One call's trades are reported in one SetTradeStatus per status.
	c.FillsMax = min(max(c.FillsMax, c.MakersMax), rules.TradeStatusTradesMax)
	if c.AttemptsMax == 0 {
		c.AttemptsMax = DefaultAttemptsMax
	}
	if c.RetryBackoff <= 0 {
		c.RetryBackoff = DefaultRetryBackoff
	}
	if c.OpenMax <= 0 {
		c.OpenMax = DefaultOpenMax
	}
	if c.QueryParallel <= 0 {
		c.QueryParallel = DefaultQueryParallel
	}
	if c.OrderCacheMax <= 0 {
		c.OrderCacheMax = DefaultOrderCacheMax
	}
	if c.QueryTimeout <= 0 {
		c.QueryTimeout = DefaultQueryTimeout
	}
	if c.SweepAfter <= 0 {
		c.SweepAfter = DefaultSweepAfter
	}
	if c.GasHintBase == 0 && c.GasHintPerMaker == 0 {
		c.GasHintBase, c.GasHintPerMaker = DefaultGasHintBase, DefaultGasHintPerMaker
	}
	if c.CursorEvery <= 0 {
		c.CursorEvery = DefaultCursorEvery
	}
	if c.Replicas <= 0 {
		c.Replicas = 1
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	return c, nil
}
