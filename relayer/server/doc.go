// Package server assembles the relayer: the Relayer HTTP API and its
// transaction worker. The relayer deploys users' proxy wallets and
// executes the Safe transactions their owners sign, paying the gas from
// one hot key, for calls to this exchange's own contracts only, and
// tracks each transaction from NEW to CONFIRMED, FAILED or INVALID.
//
// New(cfg, nc, chain, log) builds one relayer process on a NATS
// connection and a chain client; Serve runs its API, Run its worker. API
// replicas are stateless: submissions go to a durable JetStream queue
// (package store), and one worker at a time (a lease,
// pred.dev/proto/runtime/lease) owns the hot key and works the queue
// (package worker). Package request checks submissions, package onchain
// reads the chain, package internal/api answers HTTP. Its wire types are pred.dev/proto/client/relayerapi and
// its Go client pred.dev/proto/client/relayer; cmd/relayer is its main.
// deps_test.go states what it may import.
package server
