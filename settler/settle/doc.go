// Package settle turns the engine's fills into matchOrders transactions
// and reports each trade's progress on chain back to the command log.
//
// It follows EVT from its cursor, gathers consecutive event batches into
// segments (gather.go) and their matches into calls, records and queues
// each call for the relayer's worker (build.go), and steps every
// settlement as the relayer's record of its transaction moves (work.go
// executes plan.go's pure decisions), reporting each trade's statuses in
// order (report.go). Its state lives in NATS (store.go), so a restart
// goes on where the last run was.
//
// Why it is built this way (where it runs, the signed orders, segments
// and calls, restarts, failures and reorganizations) is in the settler's
// README (settler/README.md, "Design of settle").
package settle
