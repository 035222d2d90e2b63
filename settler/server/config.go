package server

import (
	"time"

	"pred.dev/settler/settle"
)

// DefaultLeaseTTL is the settler's leases' TTL: a dead holder is
// replaced this long after.
const DefaultLeaseTTL = 3 * time.Second

// Config is what a settler process runs with. cmd/settler fills it from
// its flags; Settle.Deployment is required.
type Config struct {
	// NATSURL is the engine's log and events; StoreNATSURL the
	// settlement's own state (its bucket and lease, the relayer's queue
	// and records), "" or NATSURL for the same server.
	NATSURL, StoreNATSURL string
	// RPCURL is the chain's JSON-RPC URL; "" takes the deployment
	// record's.
	RPCURL string
	// RPCTimeout bounds one call to the chain (deploy.Deployment.Dial).
	RPCTimeout time.Duration
	// AdminAddr serves metrics, /livez and /readyz.
	AdminAddr string
	// Settle is the settlement's configuration; Chain, Store and
	// Registerer are set by Run.
	Settle settle.Config
	// LeaseTTL is the settler's lease: of several settlers one settles,
	// and a dead one is replaced this long after; 0 settles without one.
	// Holder is this process's name in the lease ("" host/pid).
	LeaseTTL time.Duration
	Holder   string
	// Watch configures the chain watcher and the reconciliation.
	Watch WatchConfig
	// Markets configures the markets service (MarketsConfig).
	Markets MarketsConfig
	// RedeemKey is the hex private key that sends the redemptions of
	// resolved markets; "" redeems nothing (holders redeem themselves).
	RedeemKey string
}
