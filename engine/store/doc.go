// Package store is the engine's Pebble database: the core's state records,
// the position in the command log they reflect, and the read model that
// queries are answered from.
//
// # Writing
//
// The apply goroutine owns one Batch. For every command it applies it calls
// Record with the command and the events it produced, passes the core's
// Changes straight to SetState, and at the end of a batch of CMD messages
// calls SetApplied and Commit. Everything goes to Pebble in one atomic
// batch, so the stored read model, the core's state and the applied log
// position always agree; a batch lost in a crash is simply applied again
// from the log.
//
// The write path never reads Pebble. Every key it writes is computed from
// the events alone, and what changes several times within a batch (an
// order's state, a balance, the last trade of a market, the price history
// point of the current minute) is kept in small per-batch tables and
// written once, with its final value, at Commit. Records are fixed
// little-endian layouts that start with a version byte.
//
// # Keyspace
//
// Integers in keys are big-endian so that keys sort numerically; ^n is the
// bitwise complement of n, used where a listing runs newest first. addr is a
// 20-byte wallet, id a 32-byte order id, token a 32-byte token id, mkt the
// 4-byte market index of the core (indexes are never reused, and a market's
// record maps it back to its id). ∅ marks a key-only index entry.
//
//	key                                  value
//	's' core key                         core state record (machine.Changes / machine.Load)
//	'a'                                  applied CMD seq, its time, next transfer seq
//	'o' id                               order body, with its state at the end of its first batch
//	'p' id                               order state, when it changed in a later batch
//	'g' ^seq id                          ∅ every order, newest first
//	'w' addr ^seq id                     ∅ a wallet's orders, newest first
//	'n' addr mkt id                      seq, outcome: a wallet's open (LIVE) orders
//	'x' id tradeID                       ∅ an order's trades, oldest first
//	'z' id                               size (u64) of an order decreased (DecreaseOrder): its signed size less what decreases took off
//	't' ^tradeID                         trade
//	'u' tradeID                          trade's on-chain status, when reported
//	'v' addr ^tradeID                    ∅ a wallet's trades (taker or maker), newest first
//	'T' ^transferSeq                     transfer
//	'U' addr ^transferSeq                ∅ a wallet's transfers, newest first
//	'b' addr 0x00                        collateral balance and lock
//	'b' addr 0x01 token                  token balance and lock
//	'A' addr exchange                    what the wallet lets that exchange move
//	'm' mkt                              market: id, tokens, params, status, payout, pairs
//	'j' market id                        mkt
//	'k' token                            mkt, outcome
//	'l' mkt                              last trade: YES price, taker side in YES terms, time
//	'h' mkt minute                       YES price of the last trade in that minute
//
// A place the engine refused (for any reason but a duplicate id or an
// unknown token) is filed as an INVALID order: its 'o' record alone, with
// the reject reason where a cancel cause would be, found by id and in no
// listing. Refused ids are not spent, so if the same order is accepted
// later its 'o' record is simply written again.
//
// Over its life an order costs its body and two listing entries; one that
// outlives the batch it arrived in also costs its open entry, that entry's
// removal, and a state record for each later batch in which it changed. A
// trade costs its record, two wallet entries and two order entries.
//
// How often to commit is the caller's choice and matters: an order that
// arrives and leaves between two commits costs its body and two listing
// entries and nothing else. The live engine commits once per fetch of CMD
// messages (about 5 keys per command on an exchange-core mix, a third of
// them the core's); a replay that commits every 100,000 commands writes
// about 2.3 (BenchmarkRecord). A replay opens the database for a bulk
// load, which sorts each batch itself and ingests it as a table rather
// than writing it through Pebble's batch and memtable (bulk.go).
//
// # Reading
//
// Query answers every query of pred.v1.QueryRequest on one Pebble snapshot,
// so each answer is a consistent view at one log position, which it
// reports. Lists are pages, newest first, except markets, oldest first. A
// cursor is the unpadded base64url encoding of the 8-byte big-endian
// sequence (order seq, trade id or transfer seq; for markets the market
// index plus one) of the first item of the next page: opaque to clients,
// stable across restarts and replays, since the sequences are the log's.
package store
