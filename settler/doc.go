// Package settler will turn the engine's trades into on-chain match
// transactions (sent through the relayer's worker), report their status
// back to the log, watch the chain for deposits, withdrawals and wallet
// deployments (appended to the log as commands, so the engine stays the
// one ledger), and execute resolution payouts.
//
// It reads the engine's events with pred.dev/proto/runtime/follow from
// the EVT sequence it last handled, appends commands with
// pred.dev/proto/runtime/publish, and runs on
// pred.dev/proto/runtime/daemon; the contracts' bindings are
// pred.dev/proto/chain's. deps_test.go states what it may import.
package settler
