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
// Every record write that can race is a compare-and-set.
package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/nats-io/nats.go/jetstream"

	"pred.dev/proto/client/relayerapi"
	"pred.dev/proto/journal"
	"pred.dev/proto/jwtauth"
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

// RecentMax is how many transaction ids Recent returns.
const RecentMax = 100

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
	s.stream, err = js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
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
		kv, err := js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: b.name, Description: b.desc, History: 1,
			TTL: b.age, Storage: jetstream.FileStorage, Replicas: replicas})
		if err != nil {
			return nil, fmt.Errorf("store: bucket %s: %w", b.name, err)
		}
		*b.kv = kv
	}
	return s, nil
}

// Submission is a queued submission: the message on relayer.submit.<ID>.
type Submission struct {
	ID string `json:"id"`
	// Gen counts the earlier submissions of the same request that ended
	// INVALID or FAILED.
	Gen uint32 `json:"gen"`
	// Key is the request's idempotency key (0x hex).
	Key string `json:"key"`
	// Owner is the authenticated caller.
	Owner     string                   `json:"owner"`
	Request   relayerapi.SubmitRequest `json:"request"`
	CreatedAt time.Time                `json:"createdAt"`
	// Operator, when set, is an exchange operator call (the settler's
	// matchOrders, relayerapi.OperatorSubmission) instead of a user's
	// request: published to the queue by an internal service, never by
	// the API, which only ever fills Request.
	Operator *relayerapi.OperatorCall `json:"operator,omitempty"`
}

// Transaction is the submission as a NEW transaction.
func (s *Submission) Transaction() relayerapi.Transaction {
	if op := s.Operator; op != nil {
		return relayerapi.Transaction{TransactionID: s.ID, Type: relayerapi.TypeOperator, State: relayerapi.StateNew, To: op.To,
			Data: op.Data, Value: "0", Owner: s.Owner, Metadata: op.Ref, CreatedAt: s.CreatedAt, UpdatedAt: s.CreatedAt}
	}
	r := s.Request
	return relayerapi.Transaction{TransactionID: s.ID, Type: r.Type, State: relayerapi.StateNew, From: r.From, To: r.To,
		ProxyWallet: r.ProxyWallet, Data: r.Data, Nonce: r.Nonce, Value: "0", Signature: r.Signature, Owner: s.Owner,
		Metadata: r.Metadata, CreatedAt: s.CreatedAt, UpdatedAt: s.CreatedAt}
}

// Enqueue publishes a submission unless one with its id is queued:
// ErrQueued then.
func (s *Store) Enqueue(ctx context.Context, sub *Submission) (uint64, error) {
	b, err := json.Marshal(sub)
	if err != nil {
		return 0, err
	}
	ack, err := s.js.Publish(ctx, SubmitSubject+sub.ID, b, jetstream.WithExpectLastSequencePerSubject(0), jetstream.WithMsgID(sub.ID))
	if err != nil {
		if wrongLastSeq(err) {
			return 0, ErrQueued
		}
		return 0, fmt.Errorf("store: enqueue %s: %w", sub.ID, err)
	}
	if ack.Duplicate {
		return ack.Sequence, ErrQueued
	}
	return ack.Sequence, nil
}

func wrongLastSeq(err error) bool {
	var apiErr *jetstream.APIError
	return errors.As(err, &apiErr) && (apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequence ||
		apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequenceConstant)
}

// Queued returns the queued submission of id and its stream sequence.
func (s *Store) Queued(ctx context.Context, id string) (*Submission, uint64, error) {
	m, err := s.stream.GetLastMsgForSubject(ctx, SubmitSubject+id)
	if errors.Is(err, jetstream.ErrMsgNotFound) {
		return nil, 0, ErrNotFound
	}
	if err != nil {
		return nil, 0, fmt.Errorf("store: queued %s: %w", id, err)
	}
	sub, err := DecodeSubmission(m.Data)
	if err != nil {
		return nil, 0, err
	}
	return sub, m.Sequence, nil
}

// DecodeSubmission decodes a queue message.
func DecodeSubmission(b []byte) (*Submission, error) {
	var sub Submission
	if err := json.Unmarshal(b, &sub); err != nil {
		return nil, fmt.Errorf("store: a queue message does not decode: %w", err)
	}
	return &sub, nil
}

// Record is a transaction the worker has decided: the wire transaction
// and what the worker needs of it.
type Record struct {
	Tx relayerapi.Transaction `json:"tx"`
	// Seq is the queue message it came from.
	Seq uint64 `json:"seq"`
	// HotNonce is the hot key's nonce that carries it, once assigned.
	HotNonce *uint64 `json:"hotNonce,omitempty"`
	// BlockHash is the block that holds it, from MINED on.
	BlockHash string `json:"blockHash,omitempty"`
	// MinedAt is when the worker saw it mined.
	MinedAt time.Time `json:"minedAt,omitzero"`
}

func txKey(id string) string { return journal.RelayerTxKeyPrefix + id }

// Record returns the record of id and its revision.
func (s *Store) Record(ctx context.Context, id string) (*Record, uint64, error) {
	e, err := s.txs.Get(ctx, txKey(id))
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return nil, 0, ErrNotFound
	}
	if err != nil {
		return nil, 0, fmt.Errorf("store: record %s: %w", id, err)
	}
	var r Record
	if err := json.Unmarshal(e.Value(), &r); err != nil {
		return nil, 0, fmt.Errorf("store: record %s does not decode: %w", id, err)
	}
	return &r, e.Revision(), nil
}

// Lookup returns the transaction id, decided (its record) or queued
// (NEW), and its queue sequence (0 if unknown).
func (s *Store) Lookup(ctx context.Context, id string) (relayerapi.Transaction, error) {
	r, _, err := s.Record(ctx, id)
	if err == nil {
		return r.Tx, nil
	}
	if !errors.Is(err, ErrNotFound) {
		return relayerapi.Transaction{}, err
	}
	sub, _, err := s.Queued(ctx, id)
	if err != nil {
		return relayerapi.Transaction{}, err
	}
	return sub.Transaction(), nil
}

// Advance applies mutate to the record of id, creating it from zero when
// missing, with compare-and-set retries. mutate returns false to leave
// the record as it is (a state never moves back: see relayerapi.State.Rank).
func (s *Store) Advance(ctx context.Context, id string, mutate func(r *Record, exists bool) bool) (*Record, error) {
	for range casAttemptsMax {
		r, rev, err := s.Record(ctx, id)
		exists := err == nil
		switch {
		case errors.Is(err, ErrNotFound):
			r = &Record{}
		case err != nil:
			return nil, err
		}
		if !mutate(r, exists) {
			return r, nil
		}
		b, err := json.Marshal(r)
		if err != nil {
			return nil, err
		}
		if exists {
			_, err = s.txs.Update(ctx, txKey(id), b, rev)
		} else {
			_, err = s.txs.Create(ctx, txKey(id), b)
		}
		if err == nil {
			return r, nil
		}
		if !casConflict(err) {
			return nil, fmt.Errorf("store: write record %s: %w", id, err)
		}
	}
	return nil, ErrContended
}

func casConflict(err error) bool {
	return errors.Is(err, jetstream.ErrKeyExists) || errors.Is(err, jetstream.ErrKeyRevisionMismatch) || wrongLastSeq(err)
}

func ownKey(owner, id string) string { return "own." + strings.ToLower(owner) + "." + id }

// AddOwned records that owner submitted id at createdAt, for Recent. It
// does not wait for the write: the submission is queued already, and a
// lost index entry only leaves it out of GET /transactions. A failed write
// is reported to failed.
func (s *Store) AddOwned(owner, id string, createdAt time.Time, failed func(error)) {
	v := []byte(strconv.FormatInt(createdAt.UnixMilli(), 10))
	fut, err := s.js.PublishAsync("$KV."+TxBucket+"."+ownKey(owner, id), v)
	if err != nil {
		failed(err)
		return
	}
	go func() {
		select {
		case <-fut.Ok():
		case err := <-fut.Err():
			failed(err)
		}
	}()
}

// Recent returns owner's most recent transaction ids (at most RecentMax),
// newest first.
func (s *Store) Recent(ctx context.Context, owner string) ([]string, error) {
	prefix := "own." + strings.ToLower(owner) + "."
	w, err := s.txs.WatchFiltered(ctx, []string{prefix + "*"}, jetstream.IgnoreDeletes())
	if err != nil {
		return nil, fmt.Errorf("store: recent: %w", err)
	}
	defer func() { _ = w.Stop() }()
	type owned struct {
		id string
		at int64
	}
	var all []owned
	for {
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("store: recent: %w", ctx.Err())
		case e, ok := <-w.Updates():
			if !ok {
				return nil, errors.New("store: recent: the watch ended")
			}
			if e == nil {
				slices.SortFunc(all, func(a, b owned) int {
					if a.at != b.at {
						return int(b.at - a.at)
					}
					return strings.Compare(a.id, b.id)
				})
				ids := make([]string, 0, min(len(all), RecentMax))
				for _, o := range all[:min(len(all), RecentMax)] {
					ids = append(ids, o.id)
				}
				return ids, nil
			}
			at, _ := strconv.ParseInt(string(e.Value()), 10, 64)
			all = append(all, owned{strings.TrimPrefix(e.Key(), prefix), at})
		}
	}
}

// KeyRecord is a relayer key.
type KeyRecord = relayerapi.APIKey

func keyKey(apiKey string) string { return "key." + apiKey }
func addrKey(addr string) string  { return "addr." + strings.ToLower(addr) }

// CreateKey stores a new key unless its address has max keys already
// (ErrKeyLimit). The key record is written first and the address's list
// second, so a key is listed only once it authenticates.
func (s *Store) CreateKey(ctx context.Context, k KeyRecord, max int) error {
	b, _ := json.Marshal(k)
	if _, err := s.keys.Create(ctx, keyKey(k.APIKey), b); err != nil {
		return fmt.Errorf("store: create key: %w", err)
	}
	err := s.updateKeyList(ctx, k.Address, func(keys []string) ([]string, error) {
		if len(keys) >= max {
			return nil, ErrKeyLimit
		}
		return append(keys, k.APIKey), nil
	})
	if err != nil {
		_ = s.keys.Delete(ctx, keyKey(k.APIKey))
		return err
	}
	return nil
}

func (s *Store) updateKeyList(ctx context.Context, addr string, f func([]string) ([]string, error)) error {
	key := addrKey(addr)
	for range casAttemptsMax {
		var keys []string
		var rev uint64
		e, err := s.keys.Get(ctx, key)
		switch {
		case err == nil:
			rev = e.Revision()
			if err := json.Unmarshal(e.Value(), &keys); err != nil {
				return fmt.Errorf("store: %s does not decode: %w", key, err)
			}
		case !errors.Is(err, jetstream.ErrKeyNotFound):
			return fmt.Errorf("store: %s: %w", key, err)
		}
		next, err := f(keys)
		if err != nil {
			return err
		}
		b, _ := json.Marshal(next)
		if rev == 0 {
			_, err = s.keys.Create(ctx, key, b)
		} else {
			_, err = s.keys.Update(ctx, key, b, rev)
		}
		if err == nil {
			return nil
		}
		if !casConflict(err) {
			return fmt.Errorf("store: %s: %w", key, err)
		}
	}
	return ErrContended
}

// Key returns the key record of apiKey.
func (s *Store) Key(ctx context.Context, apiKey string) (*KeyRecord, error) {
	e, err := s.keys.Get(ctx, keyKey(apiKey))
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: key: %w", err)
	}
	var k KeyRecord
	if err := json.Unmarshal(e.Value(), &k); err != nil {
		return nil, fmt.Errorf("store: key does not decode: %w", err)
	}
	return &k, nil
}

// Keys returns addr's keys in creation order.
func (s *Store) Keys(ctx context.Context, addr string) ([]KeyRecord, error) {
	e, err := s.keys.Get(ctx, addrKey(addr))
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return []KeyRecord{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("store: keys: %w", err)
	}
	var ids []string
	if err := json.Unmarshal(e.Value(), &ids); err != nil {
		return nil, fmt.Errorf("store: keys do not decode: %w", err)
	}
	out := []KeyRecord{}
	for _, id := range ids {
		k, err := s.Key(ctx, id)
		if errors.Is(err, ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, err
		}
		out = append(out, *k)
	}
	return out, nil
}

// RevokeKey deletes one of addr's keys: ErrNotFound if addr has no such
// key. The key stops authenticating at once (its record goes first).
func (s *Store) RevokeKey(ctx context.Context, addr, apiKey string) error {
	k, err := s.Key(ctx, apiKey)
	if err != nil {
		return err
	}
	if !strings.EqualFold(k.Address, addr) {
		return ErrNotFound
	}
	if err := s.keys.Delete(ctx, keyKey(apiKey)); err != nil {
		return fmt.Errorf("store: revoke: %w", err)
	}
	return s.updateKeyList(ctx, addr, func(keys []string) ([]string, error) {
		return slices.DeleteFunc(keys, func(k string) bool { return k == apiKey }), nil
	})
}

// Refreshed reports whether Gamma has refreshed (and so retired) the
// token with this jti.
func (s *Store) Refreshed(ctx context.Context, jti string) (bool, error) {
	_, err := s.refreshed.Get(ctx, "j."+jti)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, jetstream.ErrKeyNotFound):
		return false, nil
	}
	return false, fmt.Errorf("store: %s: %w", RefreshedBucket, err)
}

// Attempt is one signed transaction for a hot-key nonce: the first, or a
// re-priced replacement.
type Attempt struct {
	Hash   string        `json:"hash"`
	Raw    hexutil.Bytes `json:"raw"`
	TipCap string        `json:"tipCap"`
	FeeCap string        `json:"feeCap"`
	At     time.Time     `json:"at"`
}

// Nonce is the write-ahead record of one hot-key nonce: the transaction it
// carries and every signed attempt, written before that attempt is
// broadcast.
type Nonce struct {
	Nonce    uint64    `json:"nonce"`
	TxID     string    `json:"txId"`
	Seq      uint64    `json:"seq"`
	Wallet   string    `json:"wallet"`
	Kind     string    `json:"kind"`
	Gas      uint64    `json:"gas"`
	Attempts []Attempt `json:"attempts"`
	// Noop marks a filler: a transfer of nothing to the hot key that
	// spends a nonce whose transaction could not be sent.
	Noop bool `json:"noop,omitempty"`
}

func nonceKey(n uint64) string { return "nonce." + strconv.FormatUint(n, 10) }

// CreateNonce writes the record of a nonce that has none: ErrExists if
// another worker assigned it (the caller is no longer the only worker).
func (s *Store) CreateNonce(ctx context.Context, n *Nonce) (uint64, error) {
	b, _ := json.Marshal(n)
	rev, err := s.worker.Create(ctx, nonceKey(n.Nonce), b)
	if err != nil {
		if casConflict(err) {
			return 0, ErrExists
		}
		return 0, fmt.Errorf("store: nonce %d: %w", n.Nonce, err)
	}
	return rev, nil
}

// UpdateNonce rewrites a nonce's record if it is still at rev: ErrConflict
// if another worker changed it.
func (s *Store) UpdateNonce(ctx context.Context, n *Nonce, rev uint64) (uint64, error) {
	b, _ := json.Marshal(n)
	next, err := s.worker.Update(ctx, nonceKey(n.Nonce), b, rev)
	if err != nil {
		if casConflict(err) {
			return 0, ErrConflict
		}
		return 0, fmt.Errorf("store: nonce %d: %w", n.Nonce, err)
	}
	return next, nil
}

// DeleteNonce removes a finished nonce's record.
func (s *Store) DeleteNonce(ctx context.Context, n uint64) error {
	if err := s.worker.Delete(ctx, nonceKey(n)); err != nil && !errors.Is(err, jetstream.ErrKeyNotFound) {
		return fmt.Errorf("store: delete nonce %d: %w", n, err)
	}
	return nil
}

// NonceEntry is a nonce record and its revision.
type NonceEntry struct {
	N   *Nonce
	Rev uint64
}

// Nonces returns every nonce record, in nonce order.
func (s *Store) Nonces(ctx context.Context) ([]NonceEntry, error) {
	lister, err := s.worker.ListKeysFiltered(ctx, "nonce.*")
	if err != nil {
		return nil, fmt.Errorf("store: list nonces: %w", err)
	}
	var keys []string
	for k := range lister.Keys() {
		keys = append(keys, k)
	}
	// The lister stops by itself after the last key; stopping it again
	// only reports that.
	_ = lister.Stop()
	var out []NonceEntry
	for _, k := range keys {
		e, err := s.worker.Get(ctx, k)
		if errors.Is(err, jetstream.ErrKeyNotFound) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("store: %s: %w", k, err)
		}
		var n Nonce
		if err := json.Unmarshal(e.Value(), &n); err != nil {
			return nil, fmt.Errorf("store: %s does not decode: %w", k, err)
		}
		out = append(out, NonceEntry{&n, e.Revision()})
	}
	slices.SortFunc(out, func(a, b NonceEntry) int {
		switch {
		case a.N.Nonce < b.N.Nonce:
			return -1
		case a.N.Nonce > b.N.Nonce:
			return 1
		}
		return 0
	})
	return out, nil
}

const cursorKey = "cursor"

// Cursor returns the queue sequence below which every submission is
// decided (1 at first).
func (s *Store) Cursor(ctx context.Context) (uint64, error) {
	e, err := s.worker.Get(ctx, cursorKey)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return 1, nil
	}
	if err != nil {
		return 0, fmt.Errorf("store: cursor: %w", err)
	}
	return strconv.ParseUint(string(e.Value()), 10, 64)
}

// SetCursor records the queue position.
func (s *Store) SetCursor(ctx context.Context, seq uint64) error {
	if _, err := s.worker.Put(ctx, cursorKey, []byte(strconv.FormatUint(seq, 10))); err != nil {
		return fmt.Errorf("store: cursor: %w", err)
	}
	return nil
}

// QueueLast is the queue's last sequence.
func (s *Store) QueueLast(ctx context.Context) (uint64, error) {
	info, err := s.stream.Info(ctx)
	if err != nil {
		return 0, err
	}
	return info.State.LastSeq, nil
}

// JetStream returns the JetStream context.
func (s *Store) JetStream() jetstream.JetStream { return s.js }
