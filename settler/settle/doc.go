// Package settle turns the engine's fills into matchOrders transactions
// and reports each trade's progress on chain back to the command log.
//
// # Where it runs
//
// In its own process (or goroutines of the devnet's), never on the
// engine's: it follows the EVT stream like any other reader
// (pred.dev/proto/runtime/follow), reads the signed orders from the
// engine's queries, hands the calls to the relayer's worker through its
// queue, and appends SetTradeStatus (one per call and status, naming the
// call's trades; and, for a failed trade, CancelAll) commands through the
// group-commit publisher. The matcher never waits on
// it: a slow chain only lengthens the settler's own backlog, bounded by
// Config.OpenMax.
//
// # The signed orders
//
// A Trade event names its two orders; their signed structs are in the
// PlaceOrder commands of the command log, and the engine's read model
// keeps them with each order (OrderRecord.signed, "for settlement"). The
// settler asks for them with an OrderQuery whose min_seq is the trade's
// command sequence, so the answer always holds the order, from a leader
// or a read replica, off the apply goroutine. The alternatives were worse:
// following CMD as well would mean keeping an index of every resting
// order's command (orders rest for days) in a second store; putting the
// signed orders into Trade events would grow every event batch by two
// orders per fill and the engine's core state by every resting order's
// signature, all for one reader.
//
// # One settlement
//
// The trades one taker order made in one command are one match: up to
// Config.MakersMax (the contract's MAX_MAKER_ORDERS, 15) maker orders,
// more matches beyond; fill amounts are the trades' sizes in shares, the
// taker's fill their sum. The matches of a segment of consecutive event
// batches (below) on one exchange go together in one call (matchOrders
// for one, matchOrdersBatch for several, at most Config.MatchesMax
// matches and Config.FillsMax fills), so that under load, and in a
// backlog, many matches share a transaction. The calls are queued, and
// run on chain, in the engine's order for every wallet: a match goes
// into the first call on its exchange with room that does not run
// before an earlier match of one of its wallets (a trader may spend what
// an earlier match gave it), so matches of wallets that trade on one
// exchange only share a call across the other exchange's matches (cut at
// every change of exchange, a segment of both exchanges' markets made
// calls of one or two matches). The match time is
// the earliest trade's engine time in seconds (the contract checks
// expirations against it). The exchange is the one whose EIP-712 domain
// gives the order's id (negRisk markets' orders are signed for the
// negRisk exchange), so an order the settler rebuilt wrongly is never
// sent. A settlement is named by its first trade id ("t<id>"); its
// relayer transaction is "settle-<first trade>-<attempt>", and it carries
// a bound on its gas from its size. The worker runs every attempt before
// sending it, at the bound if it fits there, else with the chain's
// estimate, so a Safe callback that needs more gas than the bound leaves
// it costs an estimate, never a reverted transaction or the trade.
//
// What goes into a settlement is a function of the event stream alone
// (the groups of one segment, cut at the limits), never of timing, so
// reading a message again after a crash makes the same settlements,
// whose records are then found rather than made twice. (Gathering the
// matches of several messages for a while, by the clock, was tried and
// refused by the kill tests: a replay cut them differently and settled
// a match twice or never.) A segment is a run of consecutive EVT
// messages cut by what they hold, never by when they arrive: it ends
// when full (MatchesMax matches or FillsMax fills), before a message
// that would take it past either, and before a message
// Config.GatherWindow or more later in engine time (EventBatch.TimeMs)
// than its first; a message too large for one call is a segment alone.
// So a segment not full waits for the next message, which the engine's
// Tick makes every TickInterval even when nobody trades. The cursor is
// written only between segments, so a restart re-reads an unfinished
// segment whole and starts a segment where the last run started one
// (TestGatherIsAFunctionOfTheStream restarts from every cursor).
//
// For the same reason the parameters that cut (MatchesMax, FillsMax and
// GatherWindow) are kept in the cursor record, and a change of them
// takes effect at a place in the stream, never at a restart. A settler
// started with other parameters than the record's schedules a switch to
// them after the EVT stream's last message at its start, and writes it
// into the record before it reads on: the run before, even one that
// crashed, cannot have cut a segment past that message, so every segment
// it recorded and queued is cut again with the parameters it had, and
// found rather than made twice; the gatherer takes the switch at the
// first segment it opens past that message, and a segment's calls are
// cut with the parameters the segment was. The cursor written later
// keeps the parameters in use and the switches not yet taken, so a
// restart from it cuts as the run that wrote it did; a second change
// before the first took effect goes after it
// (TestGatherSwitchAfterACrash, TestGatherTwoSwitches). So
// -matches-max, -fills-max and -gather-window may change at any
// restart, a crash included. An older settler's cursor, a plain
// sequence, holds no parameters and is read with that settler's
// defaults (12 matches, 24 fills, 250 ms), so the upgrade to today's
// (45 fills) schedules a switch like any change; only an older settler
// run with other flags needs a clean stop to upgrade, which writes the
// cursor past everything settled.
//
// One message a segment was the rule before: the engine makes an EVT message
// of every few commands, so a backlog's calls held about three fills
// each, and the relayer's worker, at a fixed cost per submission,
// settled 110 to 160 trades a second.
//
// A batch is all or nothing on chain: if one of its matches cannot
// settle, the batch ends without effect, and the settler splits it, each
// match a settlement of its own, so the others settle whatever that one
// does.
//
// # Exactly once
//
//   - A settlement's record (KV bucket settler_settle, "s.<id>") is
//     created before its call is queued, and the call is queued under a
//     deterministic transaction id on a subject that takes one message,
//     so reading an event batch again after a crash neither makes a
//     second settlement nor queues a second call.
//   - The EVT cursor ("cursor") is written only after the batches below it
//     are recorded and queued, with the parameters that cut what follows
//     it.
//   - The relayer's worker executes a transaction id once (write-ahead
//     nonce records); a new attempt, or the split of a batch, is queued
//     only after the previous one ended FAILED (reverted or dropped: it
//     did nothing) or INVALID (refused before broadcast). A split writes
//     the new matches' records before the batch's record becomes its
//     first match, so a crash in between splits it again, the same way.
//   - The exchange's per-order filled amount refuses a fill beyond the
//     order's size: the last guard, never the first.
//
// # Trade status
//
// Each change of a settlement's relayer transaction is reported for every
// trade of it: EXECUTED → SUBMITTED (with the hash), MINED → MINED,
// CONFIRMED → CONFIRMED; a reverted or dropped attempt → RETRYING and a
// new attempt after a back-off; after Config.AttemptsMax attempts →
// FAILED. A reorganization that takes the block of a mined transaction
// shows too: the worker records the transaction EXECUTED again with one
// more reorg (relayerapi.Transaction.Reorgs; the settler's record keeps
// the count it has reported, Record.Reorgs), the trades go RETRYING
// (from SUBMITTED or MINED), and as the same transaction (the same
// attempt: nothing is queued again) is mined again, SUBMITTED, MINED and
// CONFIRMED follow once more; settler_reorgs_total counts it. The
// statuses reported after a reorganization carry its count in their
// command ids, so none repeats an earlier report's id. Intermediate statuses a crash skipped are reported on the way,
// so the engine's transition rules always hold, and a status reported
// twice is a no-op in the engine. A record is removed once its trades are
// final; none stays SUBMITTED: the relayer ends every transaction, and a
// sweep re-reads, and re-queues, what it has not heard of for a while.
//
// # FAILED
//
// A FAILED trade is reversed in the engine, in the SetTradeStatus command
// that makes it FAILED (engine/machine/reversal.go): each party gets back
// what the fill took and gives back what it got, so both ledgers say again
// what the chain holds and the honest party is whole; what a party no
// longer holds is kept as its debt, which blocks its orders until paid.
// Because the engine only accepts orders whose makers approved the
// exchange and only promises what the chain holds, a fill fails on chain
// only when a party moved funds around the exchange between the match and
// the settlement (for example paid its own Safe's gas from its USDW). The
// settler finds that party by reading the chain (balance and approval of
// what each order of the match gives) and cancels all its open orders
// (CancelAll), so that it cannot make a second failed trade before the
// chain watcher's report of its transfer reaches the engine; the other
// party's orders stay. Each FAILED trade counts in
// settler_trades_failed_total and is logged with the relayer's reason and
// the wallets at fault.
package settle
