package journal

// The settler's names in NATS, shared by its replicas: one settles while
// the others wait for the lease, then carry on from this state.
const (
	// SettlerBucket holds the settler's EVT cursor and its settlements
	// not yet final.
	SettlerBucket = "settler_settle"
	// SettlerChainwatchBucket holds the chain watcher's cursor: the last
	// block whose logs became commands.
	SettlerChainwatchBucket = "SETTLER_CHAINWATCH"
	// SettlerLeaseBucket and SettlerLeaseKey name the lease that lets one
	// settler at a time settle.
	SettlerLeaseBucket = "settler_lease"
	SettlerLeaseKey    = "settle"
)

// The settler's markets service: the chain side of listing and resolving
// markets (and of the devnet faucet), served over core-NATS request/reply
// by the one settler that holds its lease, because the operator key's
// nonces have one sender. Requests and answers are the pb messages of
// settler.proto; a request nobody answers is SETTLER_UNAVAILABLE.
const (
	// SettlerPrepareMarketSubject prepares a market's condition and
	// registers its tokens (pb.PrepareMarketRequest).
	SettlerPrepareMarketSubject = "settler.markets.prepare"
	// SettlerReportPayoutsSubject reports a resolved market's payouts as
	// its oracle (pb.ReportPayoutsRequest).
	SettlerReportPayoutsSubject = "settler.markets.report"
	// SettlerFundSubject funds an address from the devnet faucet
	// (pb.FundRequest).
	SettlerFundSubject = "settler.markets.fund"
	// SettlerMarketsLeaseBucket and SettlerMarketsLeaseKey name the lease
	// of the markets service: a bucket apart from the settlement's (a
	// bucket has one TTL), so that each may have its own and run in its
	// own process.
	SettlerMarketsLeaseBucket = "settler_markets_lease"
	SettlerMarketsLeaseKey    = "markets_onchain"
)
