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
