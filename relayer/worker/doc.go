// Package worker is the relayer's transaction worker: the one process at
// a time (a lease) that owns the hot key, takes accepted submissions from
// the queue in order, checks each once more against the chain, pays for
// the ones that pass, and follows them to CONFIRMED or FAILED.
//
// States (relayerapi.State): a submission is NEW in the queue. The worker
// refuses it as INVALID, with the reason, when a check fails: its
// signature or call (request.Parse again), the wallet's deployment, the
// Safe nonce (it must be the wallet's next one), or the simulation (the
// gas estimate of the exact call from the hot key; a revert is decoded).
// Nothing is spent on an INVALID one. Otherwise it gets the hot key's next
// nonce, is signed and broadcast (EXECUTED, its hash known), is mined
// (MINED, or FAILED if it reverted or its nonce was taken by another
// transaction) and, Confirmations blocks later, CONFIRMED.
//
// Durability. Before a transaction is broadcast, the record of its hot-key
// nonce (store.Nonce, with the signed bytes) is created in KV; creation is
// exclusive, so a nonce carries one submission and a second worker that
// tries the same nonce learns it is not alone and stops (fencing). A
// re-priced replacement is added to that record, by compare-and-set,
// before it is broadcast. After a crash the worker reloads every nonce
// record, rebroadcasts what may not have reached the chain (the same
// bytes, so the same hash), and reads the queue again from its cursor,
// below which everything is decided; a submission that already has a
// nonce or a record is not taken twice. Nonces are assigned in order with
// no gap: the next one is past the highest recorded and the chain's
// pending nonce, and a nonce whose transaction the chain refuses for good
// is spent by a no-op transfer.
//
// One wallet's transactions run one at a time: a submission for a wallet
// whose previous one is not yet mined waits (so a deployment and the Safe
// transaction behind it can be sent together, and the Safe nonce and the
// simulation are checked against the state they will run on).
package worker
