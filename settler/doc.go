// Package settler keeps the chain and the engine's ledger together. Its
// packages: settle turns the engine's trades into matchOrders calls (sent
// through the relayer's worker) and reports each trade's status back to
// the log; chainwatch appends deposits, withdrawals and wallet
// deployments seen on chain to the log, so the engine stays the one
// ledger; reconcile holds the chain's balances against the ledger's;
// redeem pays resolved markets out on chain; server assembles them into
// a process (cmd/settler's, and the devnet's); cmd/settler is the
// settlement's main, parsing its flags only.
//
// They read the engine's events with pred.dev/proto/runtime/follow from
// the EVT sequence they last handled, append commands with
// pred.dev/proto/runtime/publish, and run on
// pred.dev/proto/runtime/daemon; the contracts' bindings are
// pred.dev/proto/chain's. deps_test.go states what they may import.
package settler
