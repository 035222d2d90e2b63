// Package relayer will hold the Relayer HTTP API and its transaction
// worker: it deploys users' proxy wallets and submits their gasless
// transactions with the one hot key that pays gas, for calls to this
// exchange's own contracts only, and tracks each transaction from NEW to
// CONFIRMED, FAILED or INVALID.
//
// API replicas are stateless; accepted submissions go to a durable
// JetStream queue, and one worker at a time owns the hot key through
// pred.dev/proto/runtime/lease. Its main runs on
// pred.dev/proto/runtime/daemon; its JSON types belong beside the CLOB
// API's in pred.dev/proto/client; the contracts' bindings are
// pred.dev/proto/chain's. deps_test.go states what it may import.
package relayer
