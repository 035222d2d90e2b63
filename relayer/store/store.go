// Package store is the relayer's durable state in NATS JetStream, shared
// by every API replica and the one worker:
//
//   - the stream RELAYER_SUBMIT (subjects relayer.submit.<transaction id>)
//     is the queue of accepted submissions. A submission is published
//     with "no earlier message on this subject" as its condition, so each
//     transaction id is queued once across replicas; the message is the
//     transaction while it is NEW.
//   - the KV bucket relayer_txs holds a transaction's record from the
//     moment the worker decides it (tx.<id>), and an index of each owner's
//     transactions (own.<address>.<id>, its time).
//   - the KV bucket relayer_keys holds relayer keys (key.<apiKey>) and each
//     address's list of them (addr.<address>, compare-and-set, which caps
//     them).
//   - the KV bucket relayer_worker holds the worker's write-ahead state:
//     one nonce.<n> per hot-key nonce in flight, created (once) before its
//     transaction is broadcast, and the queue position (cursor) below
//     which every submission is decided.
//
// Every record write that can race is a compare-and-set. Every read of a
// record, a key or a queued submission goes to its stream's leader
// (pred.dev/proto/runtime/leaderread): what one replica acknowledged is
// what the other reads next, and a worker taking over reads the cursor
// and nonces its predecessor wrote. The owner listing (Recent) and the
// worker's nonce listing read through consumers, which may trail.
package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/journal"
	"pred.dev/proto/jwtauth"
	"pred.dev/proto/runtime/leaderread"
	"pred.dev/proto/runtime/natscheck"
)

// Names of the streams and buckets.
const (
	SubmitStream  = journal.RelayerQueueStream
	SubmitSubject = journal.RelayerQueueSubjectPrefix
	TxBucket      = journal.RelayerTxBucket
	KeyBucket     = journal.RelayerKeyBucket
	WorkerBucket  = journal.RelayerWorkerBucket
	// RefreshedBucket is the Gamma login's record of refreshed tokens
	// (gateway-gamma/login): key "j.<jti>". The relayer only reads it.
	RefreshedBucket = journal.GammaRefreshedBucket
)

// casAttemptsMax bounds the retries of a compare-and-set under contention.
const casAttemptsMax = 32

// Errors of the store.
var (
	ErrNotFound  = errors.New("store: not found")
	ErrQueued    = errors.New("store: a submission with this id is queued already")
	ErrExists    = errors.New("store: exists already")
	ErrConflict  = errors.New("store: changed by another writer")
	ErrKeyLimit  = errors.New("store: the address has as many keys as it may")
	ErrContended = errors.New("store: too many concurrent writers")
)

// Config sizes the store.
type Config struct {
	// Replicas of the stream and buckets: 1 on one node, 3 in a cluster.
	Replicas int
	// Retention is how long the queue keeps submissions and the bucket
	// keeps transaction records (30 days if zero).
	Retention time.Duration
}

// DefaultRetention keeps transactions for 30 days.
const DefaultRetention = 30 * 24 * time.Hour

// Store is the relayer's state. It is safe for concurrent use.
type Store struct {
	js     jetstream.JetStream
	stream jetstream.Stream
	txs    jetstream.KeyValue
	keys   jetstream.KeyValue
	worker jetstream.KeyValue

	refreshed jetstream.KeyValue
}

// Open creates or updates the stream and the buckets.
func Open(ctx context.Context, js jetstream.JetStream, cfg Config) (*Store, error) {
	if cfg.Retention <= 0 {
		cfg.Retention = DefaultRetention
	}
	replicas := max(cfg.Replicas, 1)
	s := &Store{js: js}
	var err error
	s.stream, err = natscheck.CreateOrUpdateStream(ctx, js, natscheck.KVReplicasFlag, jetstream.StreamConfig{
		Name:        SubmitStream,
		Description: "Accepted relayer submissions, one subject per transaction id; the worker reads them in order.",
		Subjects:    []string{SubmitSubject + "*"},
		Retention:   jetstream.LimitsPolicy,
		MaxAge:      cfg.Retention,
		Storage:     jetstream.FileStorage,
		Replicas:    replicas,
		Discard:     jetstream.DiscardOld,
		AllowDirect: true,
	})
	if err != nil {
		return nil, fmt.Errorf("store: stream %s: %w", SubmitStream, err)
	}
	// Gamma's record of refreshed tokens: bound, or created with Gamma's
	// settings if the relayer starts first (Gamma's start then applies
	// its own token lifetime to it).
	s.refreshed, err = js.KeyValue(ctx, RefreshedBucket)
	if errors.Is(err, jetstream.ErrBucketNotFound) {
		s.refreshed, err = js.CreateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: RefreshedBucket,
			Description: "jti of bearer tokens already refreshed", History: 1, TTL: jwtauth.DefaultLifetime + 2*jwtauth.Leeway,
			Storage: jetstream.FileStorage, Replicas: replicas})
		if errors.Is(err, jetstream.ErrBucketExists) {
			s.refreshed, err = js.KeyValue(ctx, RefreshedBucket)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("store: bucket %s: %w", RefreshedBucket, err)
	}
	for _, b := range []struct {
		kv   *jetstream.KeyValue
		name string
		desc string
		age  time.Duration
	}{
		{&s.txs, TxBucket, "Relayer transactions (tx.<id>) and each owner's ids (own.<address>.<id>).", cfg.Retention},
		{&s.keys, KeyBucket, "Relayer API keys (key.<apiKey>) and each address's keys (addr.<address>).", 0},
		{&s.worker, WorkerBucket, "The relayer worker's hot-key nonces in flight (nonce.<n>) and queue cursor.", 0},
	} {
		kv, err := natscheck.CreateOrUpdateKeyValue(ctx, js, natscheck.KVReplicasFlag, jetstream.KeyValueConfig{Bucket: b.name, Description: b.desc, History: 1,
			TTL: b.age, Storage: jetstream.FileStorage, Replicas: replicas})
		if err != nil {
			return nil, fmt.Errorf("store: bucket %s: %w", b.name, err)
		}
		*b.kv = leaderread.WrapKV(js, kv)
	}
	s.refreshed = leaderread.WrapKV(js, s.refreshed)
	return s, nil
}

// JetStream returns the JetStream context.
func (s *Store) JetStream() jetstream.JetStream { return s.js }
